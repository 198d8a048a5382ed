import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The Kakao SDK's 10 KB limit on a share message, applied to the
/// `template_msg` the validation API answered.
///
/// The iOS SDK serialises `{ak, av, lv, ti, p, c, ta?, extras?}` — app key, app version, link
/// version, template id, the message's `P` and `C`, the template arguments, and the extras (`KA`,
/// `lcba`) — with `JSONSerialization` and refuses the share when the UTF-8 length is 10 240 bytes
/// or more (`ShareApi.isExceededLimit`). This measures the same object the same way: compact,
/// `/` written as `\/` as `JSONSerialization` does, other characters as UTF-8.
package enum ShareMessageSize {
    /// Bytes at which the SDK refuses (iOS `>= 10240`; it was 24 KB up to SDK 2.9).
    package static let limit = 10 * 1024

    /// The measured object's UTF-8 length.
    package static func measure(
        templateMessage: JSONValue,
        templateID: Int64,
        templateArgs: [String: String],
        appKey: String,
        appVersion: String,
        extras: [String: String]
    ) -> Int {
        var members: [String: JSONValue] = [
            "ak": .string(appKey),
            "av": .string(appVersion),
            "lv": .string(ShareLinkVersion.current),
            "ti": .string(String(templateID)),
            "p": templateMessage["P"] ?? .null,
            "c": templateMessage["C"] ?? .null
        ]
        if !templateArgs.isEmpty { members["ta"] = .object(templateArgs.mapValues(JSONValue.string)) }
        if !extras.isEmpty { members["extras"] = .object(extras.mapValues(JSONValue.string)) }
        var out: [UInt8] = []
        write(.object(members), to: &out)
        return out.count
    }

    /// A violation when `size` is over the limit, nil when the message fits.
    package static func violation(size: Int) -> TemplateViolation? {
        guard size >= limit else { return nil }
        return TemplateViolation(path: "template_msg", .messageTooLarge(bytes: size, limit: limit))
    }

    /// `JSONSerialization`'s compact output.
    static func write(_ value: JSONValue, to out: inout [UInt8]) {
        switch value {
        case .null: out += Array("null".utf8)
        case .bool(let flag): out += Array((flag ? "true" : "false").utf8)
        case .number(let number):
            let text = number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
            out += Array(text.utf8)
        case .string(let text): writeString(text, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                write(item, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                writeString(key, to: &out)
                out.append(UInt8(ascii: ":"))
                write(members[key]!, to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    static func writeString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += Array("\\\"".utf8)
            case UInt8(ascii: "\\"): out += Array("\\\\".utf8)
            case UInt8(ascii: "/"): out += Array("\\/".utf8)
            case 0x0A: out += Array("\\n".utf8)
            case 0x0D: out += Array("\\r".utf8)
            case 0x09: out += Array("\\t".utf8)
            case 0x08: out += Array("\\b".utf8)
            case 0x0C: out += Array("\\f".utf8)
            case 0x00..<0x20:
                let hex = String(byte, radix: 16)
                out += Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

/// `link_ver` of the share APIs and URLs.
package enum ShareLinkVersion {
    package static let current = "4.0"
}
