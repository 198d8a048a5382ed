import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Why an ID token was refused: the core's facts (`IDTokenRefusal`, one `IDTokenError` per check
/// of OIDC Core §3.1.3.7) as the sentence after "was refused:".
extension IDTokenRefusal: Message {
    var localized: Localized {
        switch self {
        case .noIssuerOrKeys:
            Localized(
                en: "the provider names no issuer and key set to verify it with",
                ko: "제공자가 ID 토큰을 검증할 issuer와 키 집합(JWK set)을 알려주지 않습니다")
        case .invalid(let error): error.localized
        case .anotherUser:
            Localized(
                en: "the refreshed ID token names another user than the one of the login",
                ko: "갱신된 ID 토큰이 로그인한 사용자와 다른 사용자를 가리킵니다")
        }
    }
}

/// What failed in an ID token, in one sentence.
extension IDTokenError: Message {
    var localized: Localized {
        switch self {
        case .malformed(let reason):
            return Localized(en: "the ID token is malformed: ", ko: "ID 토큰의 형식이 잘못되었습니다: ") + reason.localized
        case .algorithmNone:
            return Localized(
                en: "the ID token is not signed (alg 'none'), and kauth never accepts an unsigned ID token",
                ko: "ID 토큰에 서명이 없습니다(alg 'none'). kauth는 서명 없는 ID 토큰을 받아들이지 않습니다")
        case .unsupportedAlgorithm(let alg):
            let known = JWSAlgorithm.allCases.map(\.rawValue).joined(separator: ", ")
            return Localized(
                en: "the ID token is signed with '\(alg)', which kauth does not verify (it verifies \(known))",
                ko: "ID 토큰이 '\(alg)'(으)로 서명되었는데, kauth는 이 알고리즘을 검증하지 않습니다(검증하는 알고리즘: \(known))")
        case .algorithmNotOffered(let alg, let offered):
            let list = offered.joined(separator: ", ")
            return Localized(
                en:
                    "the ID token is signed with \(alg), which the provider does not list for ID tokens (id_token_signing_alg_values_supported: \(list))",
                ko:
                    "ID 토큰이 \(alg)(으)로 서명되었는데, 제공자는 ID 토큰에 이 알고리즘을 쓴다고 밝히지 않았습니다(id_token_signing_alg_values_supported: \(list))"
            )
        case .secretRequired(let alg):
            return Localized(
                en:
                    "the ID token is signed with \(alg), a MAC under the client secret, and no client secret is configured to check it with; a public client must not accept it (set the client secret, or have the provider sign ID tokens with a public key)",
                ko:
                    "ID 토큰이 클라이언트 시크릿을 키로 하는 MAC인 \(alg)(으)로 서명되었는데, 이를 확인할 클라이언트 시크릿이 설정되어 있지 않습니다. 공개 클라이언트는 이를 받아들이면 안 됩니다(클라이언트 시크릿을 설정하거나, 제공자가 ID 토큰을 공개 키로 서명하게 하십시오)"
            )
        case .unknownKeyID(let kid):
            return Localized(
                en: "the ID token is signed with key '\(kid)', which is not in the provider's JWK set",
                ko: "ID 토큰이 키 '\(kid)'(으)로 서명되었는데, 이 키는 제공자의 JWK set에 없습니다")
        case .missingKeyID(let keyType, let count):
            return Localized(
                en:
                    "the ID token names no key ('kid') and the provider's JWK set has \(count) \(keyType) signing keys, so none can be chosen",
                ko: "ID 토큰이 키('kid')를 밝히지 않았고 제공자의 JWK set에 \(keyType) 서명 키가 \(count)개 있어 하나를 고를 수 없습니다")
        case .keyTypeMismatch(let kid, let kty, let alg):
            let needed =
                JWSAlgorithm(rawValue: alg).map(Self.keyNeeded(by:))
                ?? Localized(en: "another kind of key", ko: "다른 종류의 키")
            return Localized(
                en:
                    "the key \(Self.keyName(kid).english) is of type \(kty), but an \(alg) signature needs \(needed.english)",
                ko: "키 \(Self.keyName(kid).korean)의 유형은 \(kty)인데, \(alg) 서명에는 \(needed.korean)이(가) 필요합니다")
        case .unusableKey(let kid, let reason):
            return Localized(
                en:
                    "the key \(Self.keyName(kid).english) cannot verify the ID token's signature: \(reason.localized.english)",
                ko: "키 \(Self.keyName(kid).korean)(으)로는 ID 토큰의 서명을 검증할 수 없습니다: \(reason.localized.korean)")
        case .invalidSignature:
            return Localized(
                en: "the ID token's signature does not verify with the provider's key",
                ko: "ID 토큰의 서명이 제공자의 키로 검증되지 않습니다")
        case .wrongIssuer(let expected, let actual):
            return Localized(
                en: "the ID token's issuer is '\(actual)', not the expected '\(expected)'",
                ko: "ID 토큰의 issuer가 기대한 '\(expected)'이(가) 아니라 '\(actual)'입니다")
        case .wrongAudience(let clientID, let audiences):
            return Localized(
                en:
                    "the ID token's audience does not include the client id '\(clientID)' (it is for \(Self.audiences(audiences).english))",
                ko: "ID 토큰의 audience에 클라이언트 ID '\(clientID)'이(가) 없습니다(대상: \(Self.audiences(audiences).korean))")
        case .missingAuthorizedParty(let audiences):
            return Localized(
                en:
                    "the ID token has several audiences (\(Self.audiences(audiences).english)) and no 'azp' claim naming the client",
                ko: "ID 토큰의 audience가 여럿인데(\(Self.audiences(audiences).korean)) 클라이언트를 가리키는 'azp' 클레임이 없습니다")
        case .wrongAuthorizedParty(let clientID, let azp):
            return Localized(
                en: "the ID token's authorized party (azp) is '\(azp)', not the client id '\(clientID)'",
                ko: "ID 토큰의 azp가 클라이언트 ID '\(clientID)'이(가) 아니라 '\(azp)'입니다")
        case .missingClaim(let name):
            return Localized(en: "the ID token has no '\(name)' claim", ko: "ID 토큰에 '\(name)' 클레임이 없습니다")
        case .invalidClaim(let name, let reason):
            return Localized(
                en: "the ID token's '\(name)' claim \(reason.localized.english)",
                ko: "ID 토큰의 '\(name)' 클레임이 \(reason.localized.korean)")
        case .expired(let expiresAt, let now):
            return Localized(
                en: "the ID token expired at \(Self.instant(expiresAt)) (the time here is \(Self.instant(now)))",
                ko: "ID 토큰이 \(Self.instant(expiresAt))에 만료되었습니다(이 컴퓨터의 시각: \(Self.instant(now)))")
        case .issuedInFuture(let issuedAt, let now):
            return Localized(
                en:
                    "the ID token was issued in the future, at \(Self.instant(issuedAt)) (the time here is \(Self.instant(now))); check this computer's clock",
                ko:
                    "ID 토큰이 미래 시각인 \(Self.instant(issuedAt))에 발급되었습니다(이 컴퓨터의 시각: \(Self.instant(now))). 이 컴퓨터의 시계를 확인하십시오"
            )
        case .missingNonce:
            return Localized(
                en: "the ID token has no 'nonce', but one was sent with the login request",
                ko: "로그인 요청에 nonce를 보냈는데 ID 토큰에 'nonce'가 없습니다")
        case .nonceMismatch:
            return Localized(
                en: "the ID token's 'nonce' is not the one sent with the login request",
                ko: "ID 토큰의 'nonce'가 로그인 요청에 보낸 값과 다릅니다")
        case .authenticationTooOld(let authTime, let maxAge):
            return Localized(
                en:
                    "the login at \(Self.instant(authTime)) is older than the requested max_age of \(Int(maxAge)) seconds",
                ko: "\(Self.instant(authTime))의 로그인은 요청한 max_age \(Int(maxAge))초보다 오래되었습니다")
        }
    }

    /// The kind of key an algorithm needs ("an EC key on P-256").
    private static func keyNeeded(by algorithm: JWSAlgorithm) -> Localized {
        switch algorithm.family {
        case .rsaPKCS1, .rsaPSS: Localized(en: "an RSA key", ko: "RSA 키")
        case .ecdsa(let curve, _): Localized(en: "an EC key on \(curve)", ko: "\(curve) 곡선의 EC 키")
        case .edDSA: Localized(en: "an OKP key on Ed25519", ko: "Ed25519의 OKP 키")
        case .hmac: Localized(en: "the client secret", ko: "클라이언트 시크릿")
        }
    }

    private static func keyName(_ kid: String?) -> Localized {
        kid.map { .verbatim("'\($0)'") } ?? Localized(en: "without a kid", ko: "(kid 없음)")
    }

    private static func audiences(_ audiences: [String]) -> Localized {
        audiences.isEmpty
            ? Localized(en: "no one", ko: "없음") : .verbatim(audiences.map { "'\($0)'" }.joined(separator: ", "))
    }

    private static func instant(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle())
    }
}

extension MalformedToken: Message {
    var localized: Localized {
        switch self {
        case .encrypted:
            Localized(
                en: "it is an encrypted token (JWE), which kauth does not accept",
                ko: "암호화된 토큰(JWE)이며, kauth는 이를 받아들이지 않습니다")
        case .partCount(let count):
            Localized(
                en: "a signed token has 3 dot-separated parts, this one has \(count)",
                ko: "서명된 토큰은 점으로 나뉜 부분이 3개인데, 이 토큰은 \(count)개입니다")
        case .notBase64URL(let part):
            Localized(en: "the \(part) is not unpadded base64url", ko: "\(part)이(가) 패딩 없는 base64url이 아닙니다")
        case .headerNotAnObject: Localized(en: "the header is not a JSON object", ko: "헤더가 JSON 객체가 아닙니다")
        case .noAlgorithm: Localized(en: "the header has no 'alg'", ko: "헤더에 'alg'가 없습니다")
        case .keyIDNotAString: Localized(en: "the header's 'kid' is not a string", ko: "헤더의 'kid'가 문자열이 아닙니다")
        case .criticalExtensions:
            Localized(
                en: "the header marks extensions as critical ('crit'), and kauth supports none",
                ko: "헤더가 확장을 필수('crit')로 표시했는데, kauth는 어떤 확장도 지원하지 않습니다")
        case .payloadNotAnObject: Localized(en: "the payload is not a JSON object", ko: "페이로드가 JSON 객체가 아닙니다")
        }
    }
}

extension UnusableKeyReason: Message {
    var localized: Localized {
        switch self {
        case .notForSignatures(let use):
            Localized(en: "it is for '\(use)', not for signatures", ko: "서명용이 아니라 '\(use)'용입니다")
        case .boundToAlgorithm(let alg, let wanted):
            Localized(en: "it is for \(alg), not \(wanted)", ko: "\(wanted)용이 아니라 \(alg)용입니다")
        case .badMember(let name):
            Localized(
                en: "its '\(name)' member is missing or not base64url", ko: "'\(name)' 멤버가 없거나 base64url이 아닙니다")
        case .refused(let text): .verbatim(text)
        }
    }
}

extension ClaimProblem: Message {
    var localized: Localized {
        switch self {
        case .notAString: Localized(en: "is not a string", ko: "문자열이 아닙니다")
        case .notAStringOrArrayOfStrings:
            Localized(en: "is not a string or an array of strings", ko: "문자열이나 문자열 배열이 아닙니다")
        case .emptyArray: Localized(en: "is an empty array", ko: "빈 배열입니다")
        case .notSecondsSince1970:
            Localized(en: "is not a number of seconds since 1970", ko: "1970년부터의 초 수가 아닙니다")
        case .subjectLength: Localized(en: "must be 1 to 255 characters long", ko: "1자에서 255자 사이여야 합니다")
        }
    }
}
