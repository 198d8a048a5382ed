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
    /// `alg` is something other than `RS256` (HS*, ES*, PS*, …).
    case unsupportedAlgorithm(String)
    /// The header's `kid` is not in the provider's JWK set (after one re-fetch, when a cache is
    /// used): the caller may re-fetch the set once (OIDC Core §10.1.1) and try again.
    case unknownKeyID(String)
    /// The header has no `kid` and the set does not have exactly one RSA signing key.
    case missingKeyID(rsaKeyCount: Int)
    /// The key the `kid` names is not an RSA key (`EC`, `oct`, …).
    case keyTypeMismatch(kid: String?, kty: String)
    /// An RSA key that cannot verify `RS256`: for encryption, for another `alg`, bad `n`/`e`, or
    /// a modulus under 2048 bits.
    case unusableKey(kid: String?, reason: String)
    /// The RS256 signature does not verify with the chosen key.
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
            return "the ID token is not signed (alg 'none'); kauth only accepts ID tokens signed with RS256"
        case .unsupportedAlgorithm(let alg):
            if alg.uppercased().hasPrefix("HS") {
                return "the ID token is signed with \(alg), a shared-secret MAC that a public client must not accept; kauth only accepts RS256"
            }
            return "the ID token is signed with \(alg); kauth only accepts RS256"
        case .unknownKeyID(let kid):
            return "the ID token is signed with key '\(kid)', which is not in the provider's JWK set"
        case .missingKeyID(let count):
            return "the ID token names no key ('kid') and the provider's JWK set has \(count) RSA signing keys, so none can be chosen"
        case .keyTypeMismatch(let kid, let kty):
            return "the key \(Self.name(kid)) is of type \(kty), but an RS256 signature needs an RSA key"
        case .unusableKey(let kid, let reason):
            return "the key \(Self.name(kid)) cannot verify an RS256 signature: \(reason)"
        case .invalidSignature:
            return "the ID token's signature does not verify with the provider's key"
        case .wrongIssuer(let expected, let actual):
            return "the ID token's issuer is '\(actual)', not the expected '\(expected)'"
        case .wrongAudience(let clientID, let audiences):
            return "the ID token's audience does not include the client id '\(clientID)' (it is for \(Self.list(audiences)))"
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
            return "the ID token was issued in the future, at \(Self.time(issuedAt)) (the time here is \(Self.time(now))); check this computer's clock"
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
