#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Hides secrets in anything kauth prints about HTTP traffic (`--verbose`, error messages).
/// Redaction is by field name, so a new secret field is one line here.
package enum Redaction {
    /// Names whose values are secrets: tokens, codes, verifiers, client secrets.
    package static let secretNames: Set<String> = [
        "access_token", "refresh_token", "id_token", "code", "code_verifier", "client_secret",
        "token", "password", "agt", "device_code", "assertion", "client_assertion",
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
        if lowered == "authorization" || lowered == "proxy-authorization" || lowered == "cookie" || lowered == "set-cookie" {
            let scheme = header.value.split(separator: " ").first.map { "\($0) " } ?? ""
            return "\(header.name): \(scheme)\(mask)"
        }
        return "\(header.name): \(header.value)"
    }

    /// A JSON body with secret members masked at any depth; non-JSON bodies are summarised.
    package static func body(_ data: Data, contentType: String?) -> String {
        if data.isEmpty { return "" }
        if let value = try? JSONDecoder().decode(JSONValue.self, from: data) {
            return redact(value).jsonText()
        }
        if contentType?.contains("x-www-form-urlencoded") == true {
            return form(String(decoding: data, as: UTF8.self))
        }
        if let text = String(data: data, encoding: .utf8), contentType?.hasPrefix("text/") == true {
            return text.count > 2000 ? String(text.prefix(2000)) + "…" : text
        }
        return "(\(data.count) bytes)"
    }

    static func redact(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members):
            return .object(members.reduce(into: [:]) { result, member in
                result[member.key] = secretNames.contains(member.key) ? .string(mask) : redact(member.value)
            })
        case .array(let items):
            return .array(items.map(redact))
        default:
            return value
        }
    }
}
