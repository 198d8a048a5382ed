import KAuthBasics
import KAuthCore
import KAuthSandbox

/// ID tokens with chosen claims and headers, for tests of the client's `IDTokenValidator` and
/// `JWKSCache`. Signing is the sandbox's (`KAuthSandbox.IDTokenSigner`); this wrapper is all of it
/// the client's tests see, so they need not depend on the sandbox themselves.
package struct TestIDTokenSigner: Sendable {
    private let signer: IDTokenSigner

    private init(_ signer: IDTokenSigner) {
        self.signer = signer
    }

    /// Signs with RFC 7515 Appendix A.2's published key: tokens are the same on every run.
    package static func rfc7515A2(kid: String) -> TestIDTokenSigner {
        TestIDTokenSigner(IDTokenSigner(key: RFC7515A2.privateKey, kid: kid))
    }

    /// Signs with a fresh 2048-bit key: a key no other signer has.
    package static func generate(kid: String) throws -> TestIDTokenSigner {
        TestIDTokenSigner(IDTokenSigner(key: try RSAPrivateKey.generate(bits: 2048), kid: kid))
    }

    package var kid: String { signer.kid }

    /// The public half, as a provider's `jwks_uri` serves it.
    package var jwks: JWKSet { signer.jwks }

    /// A compact RS256 JWS of `claims` (see `IDTokenSigner.sign`): `extraHeader` adds or replaces
    /// header members, and a `null` value leaves one out.
    package func sign(claims: JSONValue, extraHeader: [String: JSONValue] = [:]) throws -> String {
        try signer.sign(claims: claims, extraHeader: extraHeader)
    }
}
