#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension JSONValue {
    /// JSON text with sorted keys and unescaped slashes, compact or pretty, the same bytes
    /// JSONEncoder writes for this value (`JSONValueTextTests` compares them).
    ///
    /// Written by hand because this runs on every `docker-credential-kauth get` and
    /// `aws credential-process`: JSONEncoder's generic machinery was a measurable part of those
    /// starts. A number that is not a whole one below 10^15 is still JSONEncoder's, so its
    /// digits stay exactly JSONEncoder's.
    package func jsonText(pretty: Bool = false) -> String {
        var text = ""
        write(to: &text, pretty: pretty, indent: "")
        return text
    }

    private func write(to text: inout String, pretty: Bool, indent: String) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .number(let value): text += Self.number(value)
        case .string(let value): Self.quote(value, into: &text)
        case .array(let values):
            Self.container("[", "]", values.count, into: &text, pretty: pretty, indent: indent) { text, index, inner in
                values[index].write(to: &text, pretty: pretty, indent: inner)
            }
        case .object(let members):
            // JSONEncoder's sortedKeys order: by the keys' UTF-8 bytes.
            let keys = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            Self.container("{", "}", keys.count, into: &text, pretty: pretty, indent: indent) { text, index, inner in
                Self.quote(keys[index], into: &text)
                text += pretty ? " : " : ":"
                members[keys[index]]!.write(to: &text, pretty: pretty, indent: inner)
            }
        }
    }

    /// An array's or object's brackets around `count` elements; pretty, each on a line of its own
    /// one level in, and an empty one as JSONEncoder writes it (a blank line inside).
    private static func container(
        _ open: String, _ close: String, _ count: Int, into text: inout String, pretty: Bool, indent: String,
        element: (inout String, Int, String) -> Void
    ) {
        text += open
        guard pretty else {
            for index in 0..<count {
                if index > 0 { text += "," }
                element(&text, index, indent)
            }
            text += close
            return
        }
        let inner = indent + "  "
        text += "\n"
        for index in 0..<count {
            if index > 0 { text += ",\n" }
            text += inner
            element(&text, index, inner)
        }
        text += "\n" + indent + close
    }

    /// As `encode(to:)` writes it: a whole number below 10^15 as an integer, anything else in
    /// JSONEncoder's own digits.
    private static func number(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
        let encoder = JSONEncoder()
        guard let data = try? encoder.encode([value]) else { return "null" }
        return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
    }

    /// A JSON string: quote and backslash escaped, control characters as JSONEncoder escapes
    /// them, everything else (slashes, DEL, any other character) as it is.
    private static func quote(_ value: String, into text: inout String) {
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar.value {
            case 0x22: text += "\\\""
            case 0x5C: text += "\\\\"
            case 0x08: text += "\\b"
            case 0x09: text += "\\t"
            case 0x0A: text += "\\n"
            case 0x0C: text += "\\f"
            case 0x0D: text += "\\r"
            case 0x00..<0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
