import KAuthBasics

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reading claims of a JWT that was verified when it was stored. Never a substitute for
/// verification: only for tokens kauth itself checked before keeping them.
package enum JWTClaims {
    package static func unverifiedClaims(of token: String) -> JSONValue? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let payload = Base64URL.decode(String(parts[1])) else { return nil }
        return try? JSONDecoder().decode(JSONValue.self, from: Data(payload))
    }

    package static func unverifiedSubject(of token: String) -> String? {
        unverifiedClaims(of: token)?["sub"]?.stringValue
    }

    /// The `exp` of a token kauth verified when it stored it.
    package static func expiry(of token: String) -> Date? {
        guard case .number(let seconds)? = unverifiedClaims(of: token)?["exp"], seconds.isFinite else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }
}
