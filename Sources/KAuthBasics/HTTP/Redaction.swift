#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Hides secrets in anything kauth prints about HTTP traffic (`--verbose`, error messages).
/// Redaction is by field name, so a new secret field is one line here.
package enum Redaction {
    /// Names whose values are secrets: tokens, codes, verifiers, client secrets.
    static let secretNames: Set<String> = [
        "access_token", "refresh_token", "id_token", "code", "code_verifier", "client_secret",
        "token", "password", "agt", "device_code", "assertion", "client_assertion",
        // RFC 8693's tokens, and GitHub Actions' answer `{"value": "<JWT>"}`.
        "subject_token", "actor_token", "value",
        // AWS STS: the token traded, and the credentials it answers with (in XML elements).
        "WebIdentityToken", "SecretAccessKey", "SessionToken"
    ]

    package static let mask = "[redacted]"

    /// A form or query string with secret values masked.
    package static func form(_ text: String) -> String {
        FormURLEncoding.decode(text).map { name, value in
            "\(name)=\(secretNames.contains(name) ? mask : value)"
        }.joined(separator: "&")
    }

    /// Free text (a provider's error description) with `name=value` secrets masked: Kakao's
    /// KOE320 says "authorization code not found for code=…".
    package static func text(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let equals = rest.firstIndex(of: "=") {
            let before = rest[..<equals]
            let name = before.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            out += before
            rest = rest[rest.index(after: equals)...]
            out += "="
            if secretNames.contains(String(name.reversed())) {
                let value = rest.prefix { !$0.isWhitespace && $0 != "&" && $0 != "," && $0 != ")" }
                rest = rest.dropFirst(value.count)
                out += mask
            }
        }
        return out + rest
    }

    /// A URL with secret query values masked.
    package static func url(_ url: String) -> String {
        guard let mark = url.firstIndex(of: "?") else { return url }
        return String(url[..<mark]) + "?" + form(String(url[url.index(after: mark)...]))
    }

    /// A header value with credentials masked (`Authorization: Bearer [redacted]`).
    package static func header(_ header: HTTPHeader) -> String {
        let lowered = header.name.lowercased()
        if lowered == "authorization" || lowered == "proxy-authorization" || lowered == "cookie"
            || lowered == "set-cookie"
        {
            let scheme = header.value.split(separator: " ").first.map { "\($0) " } ?? ""
            return "\(header.name): \(scheme)\(mask)"
        }
        return "\(header.name): \(header.value)"
    }

    /// A body with its secrets masked by field name, whatever its content type claims: JSON
    /// members at any depth, form fields, `name=value` in text. A text that still has a secret
    /// field followed by a value after that (`"access_token": "…"` in a format of its own) is not
    /// shown at all; bodies that are not text are summarised.
    package static func body(_ data: Data, contentType: String?) -> String {
        if data.isEmpty { return "" }
        if let value = try? JSONDecoder().decode(JSONValue.self, from: data) {
            return redact(value).jsonText()
        }
        guard let text = String(validating: data, as: UTF8.self) else { return "(\(data.count) bytes)" }
        if looksLikeForm(text) { return form(text.trimmingWhitespace()) }
        if text.trimmingWhitespace().hasPrefix("<") {
            if let root = try? XMLReader().read(data) { return xml(root) }
            if namesASecretElement(text) {
                return "(\(data.count) bytes, not shown: XML that names secret fields and cannot be read)"
            }
        }
        let masked = Self.text(text)
        if namesASecretValue(masked) {
            return "(\(data.count) bytes, not shown: it names secret fields in a form kauth cannot mask)"
        }
        return masked.count > 2000 ? String(masked.prefix(2000)) + "…" : masked
    }

    /// An XML document written again, compactly, with the text of secret elements masked (STS's
    /// `<SecretAccessKey>`), whatever their namespace.
    static func xml(_ element: XMLElement) -> String {
        let attributes = element.attributes.sorted { $0.key < $1.key }.map {
            " \($0.key)=\"\(escapeXML($0.value))\""
        }.joined()
        let name = element.attributes.isEmpty ? element.name : element.name + attributes
        let inner =
            secretNames.contains(element.name)
            ? mask : escapeXML(element.text.trimmingWhitespace()) + element.children.map(xml).joined()
        return "<\(name)>\(inner)</\(element.name)>"
    }

    private static func escapeXML(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing("\"", with: "&quot;")
    }

    /// Whether `text` has an element named as a secret (`<SessionToken`, `<sts:SessionToken`).
    private static func namesASecretElement(_ text: String) -> Bool {
        secretNames.contains { name in
            text.contains("<\(name)") || text.contains(":\(name)>") || text.contains(":\(name) ")
        }
    }

    /// `a=1&b=2` with nothing but form characters: a form, whatever the content type says.
    private static func looksLikeForm(_ text: String) -> Bool {
        let trimmed = text.trimmingWhitespace()
        guard trimmed.contains("="), !trimmed.contains(" "), !trimmed.contains("\n") else { return false }
        return trimmed.split(separator: "&").allSatisfy { $0.contains("=") }
    }

    /// Whether a secret field's name is followed by `:` or `=` and something that is not the mask.
    private static func namesASecretValue(_ text: String) -> Bool {
        let bytes = Array(text.lowercased().utf8)
        let maskBytes = Array(mask.utf8)
        for name in secretNames {
            let needle = Array(name.lowercased().utf8)
            guard bytes.count >= needle.count else { continue }
            for start in 0...(bytes.count - needle.count)
            where bytes[start..<(start + needle.count)].elementsEqual(needle) {
                // A whole name: not the tail of a longer word (`error_code`, `postcode`).
                if start > 0, isNameByte(bytes[start - 1]) { continue }
                var index = start + needle.count
                if index < bytes.count, isNameByte(bytes[index]) { continue }
                while index < bytes.count,
                    bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'")
                        || bytes[index] == UInt8(ascii: " ")
                { index += 1 }
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") || bytes[index] == UInt8(ascii: "=") else {
                    continue
                }
                index += 1
                while index < bytes.count,
                    bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'")
                        || bytes[index] == UInt8(ascii: " ")
                { index += 1 }
                let rest = bytes[index...]
                if !rest.starts(with: maskBytes), let first = rest.first,
                    isNameByte(first) || first == UInt8(ascii: "-")
                {
                    return true
                }
            }
        }
        return false
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "_")
    }

    static func redact(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members):
            return .object(
                members.reduce(into: [:]) { result, member in
                    result[member.key] = secretNames.contains(member.key) ? .string(mask) : redact(member.value)
                })
        case .array(let items):
            return .array(items.map(redact))
        default:
            return value
        }
    }
}
