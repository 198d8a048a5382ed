import KAuthBasics

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Why an ID token was not accepted: one case per check of OIDC Core §3.1.3.7, with the facts
/// that name what failed (the command line words them).
package enum IDTokenError: Error, Sendable, Equatable {
    /// Not a compact JWS with a JSON header and a JSON object payload; the reason says which part.
    case malformed(MalformedToken)
    /// `alg` is `none`: an unsigned token (RFC 7515 Appendix A.5).
    case algorithmNone
    /// `alg` is not one kauth verifies (see `JWSAlgorithm`), e.g. `ES256K` or a misspelling.
    case unsupportedAlgorithm(String)
    /// `alg` is one kauth verifies, but not one the provider's discovery lists in
    /// `id_token_signing_alg_values_supported` (RS256 alone when it lists none).
    case algorithmNotOffered(String, offered: [String])
    /// `alg` is HS*, a MAC under the client secret, and no client secret is configured: a public
    /// client has no secret to check it with, and anyone could have made it.
    case secretRequired(String)
    /// The header's `kid` is not in the provider's JWK set (after one re-fetch, when a cache is
    /// used): the caller may re-fetch the set once (OIDC Core §10.1.1) and try again.
    case unknownKeyID(String)
    /// The header has no `kid` and the set does not have exactly one signing key of the type the
    /// algorithm needs.
    case missingKeyID(keyType: String, count: Int)
    /// The key the `kid` names is not of the type (or curve) the algorithm needs.
    case keyTypeMismatch(kid: String?, kty: String, algorithm: String)
    /// A key of the right type that cannot verify: for encryption, for another `alg`, members
    /// missing or malformed, an RSA modulus under 2048 bits, an EC point off its curve.
    case unusableKey(kid: String?, reason: UnusableKeyReason)
    /// The signature does not verify with the chosen key (or the client secret).
    case invalidSignature
    /// `iss` is not exactly the provider's issuer.
    case wrongIssuer(expected: String, actual: String)
    /// `aud` does not contain the client id.
    case wrongAudience(clientID: String, audiences: [String])
    /// Several audiences and no `azp` (OIDC Core §3.1.3.7 steps 3–4).
    case missingAuthorizedParty(audiences: [String])
    /// `azp` is present and is not the client id.
    case wrongAuthorizedParty(clientID: String, authorizedParty: String)
    /// A required claim is absent.
    case missingClaim(String)
    /// A claim has the wrong type or an impossible value.
    case invalidClaim(name: String, reason: ClaimProblem)
    /// `exp` is earlier than now minus the allowed skew.
    case expired(expiresAt: Date, now: Date)
    /// `iat` is later than now plus the allowed skew.
    case issuedInFuture(issuedAt: Date, now: Date)
    /// A nonce was sent with the authorization request and the token has none.
    case missingNonce
    /// The token's nonce is not the one sent.
    case nonceMismatch
    /// `max_age` was requested and `auth_time` is older than it allows.
    case authenticationTooOld(authTime: Date, maxAge: TimeInterval)
}

/// Why a login's (or a refresh's) ID token was refused, so that nothing was stored.
package enum IDTokenRefusal: Sendable, Equatable {
    /// The provider names no issuer and key set to verify it with.
    case noIssuerOrKeys
    /// A check of OIDC Core §3.1.3.7 failed.
    case invalid(IDTokenError)
    /// A refreshed ID token names another user than the one of the login (OIDC Core §12.2).
    case anotherUser
}

/// Why a key of the right type cannot verify a signature.
package enum UnusableKeyReason: Sendable, Equatable {
    /// Its `use` is not `sig` (the value it has, e.g. `enc`).
    case notForSignatures(use: String)
    /// Its `alg` binds it to another algorithm than the token's.
    case boundToAlgorithm(String, wanted: String)
    /// A member the key type needs (`n`, `e`, `x`, `y`) is absent or not base64url.
    case badMember(String)
    /// The crypto library refused the key material; its own text says why.
    case refused(String)
}

/// What is wrong with a claim that is present.
package enum ClaimProblem: Sendable, Equatable {
    case notAString
    case notAStringOrArrayOfStrings
    case emptyArray
    case notSecondsSince1970
    /// `sub` is empty or longer than 255 characters (OIDC Core §2).
    case subjectLength
}

/// Which part of a compact JWS is not as RFC 7515 wants it.
package enum MalformedToken: Sendable, Equatable {
    /// Five parts: an encrypted token (JWE), which kauth does not accept.
    case encrypted
    /// Not three dot-separated parts (the count it has).
    case partCount(Int)
    /// The named part (`header`, `payload`, `signature`) is not unpadded base64url.
    case notBase64URL(part: String)
    case headerNotAnObject
    case noAlgorithm
    case keyIDNotAString
    /// `crit` is present, and kauth understands no extension.
    case criticalExtensions
    case payloadNotAnObject
}
