import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The words for why an ID token was refused: the core's facts (`IDTokenRefusal`, one
/// `IDTokenError` per check of OIDC Core §3.1.3.7) as the sentence after "was refused:".
extension ErrorMessages {
    static func idTokenRefusal(_ refusal: IDTokenRefusal) -> String {
        switch refusal {
        case .noIssuerOrKeys: return "the provider names no issuer and key set to verify it with"
        case .invalid(let error): return idToken(error)
        case .anotherUser: return "the refreshed ID token names another user than the one of the login"
        }
    }

    /// What failed in an ID token, in one sentence.
    static func idToken(_ error: IDTokenError) -> String {
        switch error {
        case .malformed(let reason):
            return "the ID token is malformed: \(Self.words(reason))"
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
            let needed = JWSAlgorithm(rawValue: alg).map { Self.keyNeeded(by: $0) } ?? "another kind of key"
            return "the key \(Self.keyName(kid)) is of type \(kty), but an \(alg) signature needs \(needed)"
        case .unusableKey(let kid, let reason):
            return "the key \(Self.keyName(kid)) cannot verify the ID token's signature: \(Self.words(reason))"
        case .invalidSignature:
            return "the ID token's signature does not verify with the provider's key"
        case .wrongIssuer(let expected, let actual):
            return "the ID token's issuer is '\(actual)', not the expected '\(expected)'"
        case .wrongAudience(let clientID, let audiences):
            return
                "the ID token's audience does not include the client id '\(clientID)' (it is for \(Self.audiences(audiences)))"
        case .missingAuthorizedParty(let audiences):
            return
                "the ID token has several audiences (\(Self.audiences(audiences))) and no 'azp' claim naming the client"
        case .wrongAuthorizedParty(let clientID, let azp):
            return "the ID token's authorized party (azp) is '\(azp)', not the client id '\(clientID)'"
        case .missingClaim(let name):
            return "the ID token has no '\(name)' claim"
        case .invalidClaim(let name, let reason):
            return "the ID token's '\(name)' claim \(Self.words(reason))"
        case .expired(let expiresAt, let now):
            return "the ID token expired at \(Self.instant(expiresAt)) (the time here is \(Self.instant(now)))"
        case .issuedInFuture(let issuedAt, let now):
            return
                "the ID token was issued in the future, at \(Self.instant(issuedAt)) (the time here is \(Self.instant(now))); check this computer's clock"
        case .missingNonce:
            return "the ID token has no 'nonce', but one was sent with the login request"
        case .nonceMismatch:
            return "the ID token's 'nonce' is not the one sent with the login request"
        case .authenticationTooOld(let authTime, let maxAge):
            return
                "the login at \(Self.instant(authTime)) is older than the requested max_age of \(Int(maxAge)) seconds"
        }
    }

    private static func words(_ reason: MalformedToken) -> String {
        switch reason {
        case .encrypted: return "it is an encrypted token (JWE), which kauth does not accept"
        case .partCount(let count): return "a signed token has 3 dot-separated parts, this one has \(count)"
        case .notBase64URL(let part): return "the \(part) is not unpadded base64url"
        case .headerNotAnObject: return "the header is not a JSON object"
        case .noAlgorithm: return "the header has no 'alg'"
        case .keyIDNotAString: return "the header's 'kid' is not a string"
        case .criticalExtensions: return "the header marks extensions as critical ('crit'), and kauth supports none"
        case .payloadNotAnObject: return "the payload is not a JSON object"
        }
    }

    private static func words(_ reason: UnusableKeyReason) -> String {
        switch reason {
        case .notForSignatures(let use): return "it is for '\(use)', not for signatures"
        case .boundToAlgorithm(let alg, let wanted): return "it is for \(alg), not \(wanted)"
        case .badMember(let name): return "its '\(name)' member is missing or not base64url"
        case .refused(let text): return text
        }
    }

    private static func words(_ problem: ClaimProblem) -> String {
        switch problem {
        case .notAString: return "is not a string"
        case .notAStringOrArrayOfStrings: return "is not a string or an array of strings"
        case .emptyArray: return "is an empty array"
        case .notSecondsSince1970: return "is not a number of seconds since 1970"
        case .subjectLength: return "must be 1 to 255 characters long"
        }
    }

    /// The kind of key an algorithm needs ("an EC key on P-256").
    private static func keyNeeded(by algorithm: JWSAlgorithm) -> String {
        switch algorithm.family {
        case .rsaPKCS1, .rsaPSS: return "an RSA key"
        case .ecdsa(let curve, _): return "an EC key on \(curve)"
        case .edDSA: return "an OKP key on Ed25519"
        case .hmac: return "the client secret"
        }
    }

    private static func keyName(_ kid: String?) -> String {
        kid.map { "'\($0)'" } ?? "without a kid"
    }

    private static func audiences(_ audiences: [String]) -> String {
        audiences.isEmpty ? "no one" : audiences.map { "'\($0)'" }.joined(separator: ", ")
    }

    private static func instant(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle())
    }
}
