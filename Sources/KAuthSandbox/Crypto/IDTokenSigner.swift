import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Signs ID tokens with RS256: the sandbox provider's side of what `IDTokenValidator` checks, and
/// (through `KAuthTestSupport`'s `TestIDTokenSigner`) the tests' source of tokens with chosen
/// claims. The client never signs, so this is not in `KAuthCore`.
package struct IDTokenSigner: Sendable {
    package let key: RSAPrivateKey
    /// The `kid` written into each header and into `jwks`.
    package let kid: String

    package init(key: RSAPrivateKey, kid: String) {
        self.key = key
        self.kid = kid
    }

    /// The public half as the provider's `jwks_uri` serves it.
    package var jwks: JWKSet {
        JWKSet(keys: [JWK(rsa: key.publicKey, kid: kid)])
    }

    /// `BASE64URL(header) '.' BASE64URL(claims) '.' BASE64URL(signature)` (RFC 7515 §7.1) with the
    /// header `{"alg":"RS256","kid":…,"typ":"JWT"}`.
    ///
    /// `claims` must be a JSON object; numbers that are whole (`exp`, `iat`) are written without a
    /// fraction. `extraHeader` adds header members or replaces `kid`/`typ`, and a `null` value
    /// leaves the member out (to build tokens without a `kid`); `alg` stays `RS256` because the
    /// signature is always RS256.
    package func sign(claims: JSONValue, extraHeader: [String: JSONValue] = [:]) throws -> String {
        guard case .object = claims else {
            throw CryptoError.invalidParameter("ID token claims must be a JSON object")
        }
        var header: [String: JSONValue] = [
            "alg": .string(JWSAlgorithm.rs256.rawValue), "kid": .string(kid), "typ": .string("JWT")
        ]
        header.merge(extraHeader) { _, new in new }
        header = header.filter { $0.value != .null }
        header["alg"] = .string(JWSAlgorithm.rs256.rawValue)
        let signingInput =
            Base64URL.encode(Array(JSONValue.object(header).jsonText().utf8))
            + "." + Base64URL.encode(Array(claims.jsonText().utf8))
        let signature = try key.signPKCS1SHA256(message: Array(signingInput.utf8))
        return signingInput + "." + Base64URL.encode(signature)
    }
}
