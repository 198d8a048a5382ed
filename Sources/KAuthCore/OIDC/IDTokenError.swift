import KAuthBasics

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Why an ID token was not accepted: one case per check of OIDC Core §3.1.3.7, each with a
/// `message` naming what failed.
package enum IDTokenError: Error, Sendable, Equatable {
    /// Not a compact JWS with a JSON header and a JSON object payload; the text says which part.
    case malformed(String)
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
    case unusableKey(kid: String?, reason: String)
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
    case invalidClaim(name: String, reason: String)
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

    /// What failed, in one sentence.
    package var message: String {
        switch self {
        case .malformed(let reason):
            return "the ID token is malformed: \(reason)"
        case .algorithmNone:
            return "the ID token is not signed (alg 'none'), and kauth never accepts an unsigned ID token"
        case .unsupportedAlgorithm(let alg):
            let known = JWSAlgorithm.allCases.map(\.rawValue).joined(separator: ", ")
            return "the ID token is signed with '\(alg)', which kauth does not verify (it verifies \(known))"
        case .algorithmNotOffered(let alg, let offered):
            return
                "the ID token is signed with \(alg), which the provider does not list for ID tokens (id_token_signing_alg_values_supported: \(offered.joined(separator: ", ")))"
        case .secretRequired(let alg):
            return
                "the ID token is signed with \(alg), a MAC under the client secret, and no client secret is configured to check it with; a public client must not accept it (set the client secret, or have the provider sign ID tokens with a public key)"
        case .unknownKeyID(let kid):
            return "the ID token is signed with key '\(kid)', which is not in the provider's JWK set"
        case .missingKeyID(let keyType, let count):
            return
                "the ID token names no key ('kid') and the provider's JWK set has \(count) \(keyType) signing keys, so none can be chosen"
        case .keyTypeMismatch(let kid, let kty, let alg):
            let needed = JWSAlgorithm(rawValue: alg)?.keyDescription ?? "another kind of key"
            return "the key \(Self.name(kid)) is of type \(kty), but an \(alg) signature needs \(needed)"
        case .unusableKey(let kid, let reason):
            return "the key \(Self.name(kid)) cannot verify the ID token's signature: \(reason)"
        case .invalidSignature:
            return "the ID token's signature does not verify with the provider's key"
        case .wrongIssuer(let expected, let actual):
            return "the ID token's issuer is '\(actual)', not the expected '\(expected)'"
        case .wrongAudience(let clientID, let audiences):
            return
                "the ID token's audience does not include the client id '\(clientID)' (it is for \(Self.list(audiences)))"
        case .missingAuthorizedParty(let audiences):
            return "the ID token has several audiences (\(Self.list(audiences))) and no 'azp' claim naming the client"
        case .wrongAuthorizedParty(let clientID, let azp):
            return "the ID token's authorized party (azp) is '\(azp)', not the client id '\(clientID)'"
        case .missingClaim(let name):
            return "the ID token has no '\(name)' claim"
        case .invalidClaim(let name, let reason):
            return "the ID token's '\(name)' claim \(reason)"
        case .expired(let expiresAt, let now):
            return "the ID token expired at \(Self.time(expiresAt)) (the time here is \(Self.time(now)))"
        case .issuedInFuture(let issuedAt, let now):
            return
                "the ID token was issued in the future, at \(Self.time(issuedAt)) (the time here is \(Self.time(now))); check this computer's clock"
        case .missingNonce:
            return "the ID token has no 'nonce', but one was sent with the login request"
        case .nonceMismatch:
            return "the ID token's 'nonce' is not the one sent with the login request"
        case .authenticationTooOld(let authTime, let maxAge):
            return "the login at \(Self.time(authTime)) is older than the requested max_age of \(Int(maxAge)) seconds"
        }
    }

    private static func name(_ kid: String?) -> String {
        kid.map { "'\($0)'" } ?? "without a kid"
    }

    private static func list(_ audiences: [String]) -> String {
        audiences.isEmpty ? "no one" : audiences.map { "'\($0)'" }.joined(separator: ", ")
    }

    private static func time(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle())
    }
}
