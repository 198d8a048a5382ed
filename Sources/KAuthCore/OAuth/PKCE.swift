import KAuthBasics

/// Proof Key for Code Exchange (RFC 7636), always with the `S256` method.
///
/// RFC 7636 §4.2: "If the client is capable of using S256, it MUST use S256", and §4.3 makes
/// `plain` the default when no method is sent, so kauth has no `plain` path at all and always sends
/// `code_challenge_method=S256`.
package enum PKCE {
    /// The `code_challenge_method` value sent with every authorization request.
    package static let method = "S256"

    /// Random octets behind a verifier: RFC 7636 §4.1 recommends 32, which base64url-encode to the
    /// 43-character minimum verifier length.
    static let recommendedOctetCount = 32

    /// The `code_verifier` for `octets` (RFC 7636 §4.1): their base64url encoding, no padding.
    ///
    /// The octets must come from a CSPRNG; 32 to 96 of them give the 43 to 128 characters RFC 7636 §4.1
    /// allows, and base64url only produces characters from the `unreserved` set it requires.
    static func codeVerifier(from octets: [UInt8]) -> String {
        precondition(
            (32...96).contains(octets.count), "a PKCE verifier needs 32 to 96 random octets (43 to 128 characters)")
        return Base64URL.encode(octets)
    }

    /// The `S256` `code_challenge` for `verifier`: BASE64URL(SHA256(ASCII(code_verifier))), RFC 7636 §4.2.
    package static func codeChallenge(for verifier: String) -> String {
        Base64URL.encode(SHA256.hash(Array(verifier.utf8)))
    }

    /// A fresh verifier from `random` and its challenge, one pair per authorization request.
    package static func generate(random: RandomSource) -> (verifier: String, challenge: String) {
        let verifier = codeVerifier(from: random.bytes(recommendedOctetCount))
        return (verifier, codeChallenge(for: verifier))
    }
}
