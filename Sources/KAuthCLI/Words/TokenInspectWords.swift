/// Words of `kauth token inspect`. The token itself is never in any of them.
enum TokenInspectWords: Message {
    /// The token is not a JWT.
    case opaque(idToken: Bool)
    /// Section titles.
    case header
    case claims
    /// The signature was verified, with the key `kid`.
    case verified(keyID: String?)
    /// Verification was tried and failed, for `reason`.
    case notVerified(reason: String)
    /// An access token's signature is checked only with `--verify`.
    case notChecked
    /// With `KAUTH_ACCESS_TOKEN`, only the access token can be looked at.
    case environmentTokenOnly

    var localized: Localized {
        switch self {
        case .opaque(let idToken):
            idToken
                ? Localized(
                    en: "The ID token is not a JWT: there is nothing inside it kauth can show.",
                    ko: "ID 토큰이 JWT가 아니어서 kauth가 보여 줄 내용이 없습니다.")
                : Localized(
                    en:
                        "The access token is opaque (not a JWT): only the provider can say what it holds (RFC 7662 introspection).",
                    ko: "액세스 토큰이 불투명 토큰(JWT 아님)입니다. 내용은 제공자만 알 수 있습니다(RFC 7662 인트로스펙션).")
        case .header: Localized(en: "header:", ko: "헤더:")
        case .claims: Localized(en: "claims:", ko: "클레임:")
        case .verified(let keyID):
            Localized(
                en: "signature: verified with the provider's key\(keyID.map { " \($0.visible)" } ?? "")",
                ko: "서명: 제공자의 키\(keyID.map { " \($0.visible)" } ?? "")로 검증했습니다")
        case .notVerified(let reason):
            Localized(en: "signature: NOT verified: \(reason.visible)", ko: "서명: 검증되지 않았습니다: \(reason.visible)")
        case .notChecked:
            Localized(
                en: "signature: not checked (an access token is checked with --verify, against the provider's JWK set)",
                ko: "서명: 확인하지 않았습니다(액세스 토큰은 --verify로 제공자의 JWK 세트에 대해 확인합니다)")
        case .environmentTokenOnly:
            Localized(
                en: "KAUTH_ACCESS_TOKEN is set and is an access token alone; unset it to inspect the stored ID token",
                ko: "KAUTH_ACCESS_TOKEN이 설정되어 있고 액세스 토큰뿐입니다. 저장된 ID 토큰을 보려면 해제하십시오")
        }
    }
}
