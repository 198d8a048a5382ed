/// Words of the errors about a stored login (세션): none stored, one that has ended and why, one
/// CI hands over in KAUTH_REFRESH_TOKEN or KAUTH_ACCESS_TOKEN, consent still missing. Dates are
/// RFC 3339 text the caller formats; commands to run are `Invocation`s.
enum SessionErrorWords: Message {
    case notLoggedIn(profile: String, login: Invocation)
    /// A login that needs a new one: why it ended, and the login to run.
    case ended(reason: Localized, login: Invocation)
    case bootstrapRejected(detail: String, padded: Bool)
    case bootstrapEmpty
    case bootstrapSpacesInside
    case environmentTokenRejected(reason: String)
    case consentRequired(message: String)
    case consentRequiredFor(scopes: String, message: String, request: Invocation)
    case endpointsUnknown(provider: String)
    case loginReplaced(profile: String, provider: String)
    /// `token --id-token` (or `--exec-credential --id-token`) on a login made without OpenID
    /// Connect: the login is fine, it only has no ID token.
    case noIDToken(login: Invocation)
    /// `login --with-token` with a token the provider refused: nothing was stored, so nothing
    /// stored has ended.
    case givenTokenRejected(detail: String, handOver: Invocation, refreshToken: Invocation)

    // Why a login ended: the reason inside `ended`.
    case noRefreshToken
    case noRefreshTokenIssued(expiresAt: String, advice: Localized?)
    case refreshTokenExpired(at: String)
    case refreshRejected(error: String, detail: String)
    case refreshRefused(status: Int)
    case rejectedAfterRefresh(message: String)
    case bootstrapRejectedReason(detail: String)
    case bootstrapUnusable
    case givenTokenRejectedReason(detail: String)
    case idTokenNotRenewed
    case noIDTokenReason
    /// A login the provider rejected, and when: the words `status` and every command use.
    case rejectedRefreshToken(at: String, detail: String)
    case rejectedAccessToken(at: String, detail: String?)
    case unlinked(at: String, byProfile: String?)
    /// How to ask a provider that issues refresh tokens only when asked.
    case refreshTokenAdvice(scopes: String, prompt: String)

    var localized: Localized {
        switch self {
        case .notLoggedIn(let profile, let login):
            Localized(
                en: "not logged in (profile '\(profile)'); run \(login)",
                ko: "로그인되어 있지 않습니다('\(profile)' 프로필). \(login)을(를) 실행하십시오")
        case .ended(let reason, let login):
            Localized(
                en: "the stored login can no longer be used: \(reason.english); run \(login) again",
                ko: "저장된 로그인을 더 이상 사용할 수 없습니다: \(reason.korean). \(login)을(를) 다시 실행하십시오")
        case .bootstrapRejected(let detail, let padded):
            Localized(
                en:
                    "the provider rejected the refresh token in KAUTH_REFRESH_TOKEN (\(detail.visible))\(padded ? " (it had spaces or line breaks around it, which kauth removed before sending it)" : ""): it was revoked, has expired, or was rotated by a later use; store a fresh one in the secret (`kauth token --refresh-token` prints the current one of a working login)",
                ko:
                    "제공자가 KAUTH_REFRESH_TOKEN의 리프레시 토큰을 거부했습니다(\(detail.visible))\(padded ? "(앞뒤에 공백이나 줄바꿈이 있어 kauth가 보내기 전에 지웠습니다)" : ""). 폐기되었거나 만료되었거나, 이후 사용으로 교체되었습니다. 시크릿에 새 리프레시 토큰을 저장하십시오(`kauth token --refresh-token`이 정상 로그인의 현재 토큰을 출력합니다)"
            )
        case .bootstrapEmpty:
            Localized(
                en:
                    "KAUTH_REFRESH_TOKEN is set but empty: the secret it should hold is missing or empty where this job runs; set it to a refresh token (`kauth token --refresh-token` prints one), or unset it",
                ko:
                    "KAUTH_REFRESH_TOKEN이 설정되어 있지만 비어 있습니다. 이 작업이 실행되는 곳에 시크릿이 없거나 비어 있습니다. 리프레시 토큰으로 설정하거나(`kauth token --refresh-token`이 출력합니다) 설정을 해제하십시오"
            )
        case .bootstrapSpacesInside:
            Localized(
                en:
                    "KAUTH_REFRESH_TOKEN has spaces inside, so it is not one refresh token; set it to exactly what `kauth token --refresh-token` prints",
                ko:
                    "KAUTH_REFRESH_TOKEN 안에 공백이 있어 하나의 리프레시 토큰이 아닙니다. `kauth token --refresh-token`이 출력하는 값을 그대로 설정하십시오"
            )
        case .environmentTokenRejected(let reason):
            Localized(
                en:
                    "the token in KAUTH_ACCESS_TOKEN was rejected: \(reason.visible); set a fresh token or unset KAUTH_ACCESS_TOKEN to use the stored login",
                ko:
                    "KAUTH_ACCESS_TOKEN의 토큰이 거부되었습니다: \(reason.visible). 새 토큰을 설정하거나, 저장된 로그인을 쓰려면 KAUTH_ACCESS_TOKEN 설정을 해제하십시오"
            )
        case .consentRequired(let message):
            Localized(en: "consent required: \(message.visible)", ko: "동의가 필요합니다: \(message.visible)")
        case .consentRequiredFor(let scopes, let message, let request):
            Localized(
                en: "consent required for: \(scopes) (\(message.visible)); run \(request)",
                ko: "다음 동의항목에 동의가 필요합니다: \(scopes)(\(message.visible)). \(request)을(를) 실행하십시오")
        case .endpointsUnknown(let provider):
            Localized(
                en:
                    "the endpoints of provider '\(provider)' are not known for this login; run `kauth login --provider \(provider)` again",
                ko:
                    "이 로그인에서 '\(provider)' 제공자의 엔드포인트를 알 수 없습니다. `kauth login --provider \(provider)`을(를) 다시 실행하십시오")
        case .loginReplaced(let profile, let provider):
            Localized(
                en:
                    "profile '\(profile)' was logged in again, to \(provider.visible), while this command ran; nothing was sent with the new login's token. Run the command again",
                ko:
                    "이 명령이 실행되는 동안 '\(profile)' 프로필이 \(provider.visible)에 다시 로그인되었습니다. 새 로그인의 토큰으로는 아무것도 보내지 않았습니다. 명령을 다시 실행하십시오"
            )
        case .noIDToken(let login):
            Localized(
                en:
                    "this login has no ID token: it was made without OpenID Connect. The login itself is fine; to get an ID token, run \(login) (for Kakao, OpenID Connect must be enabled in the console)",
                ko:
                    "이 로그인에는 ID 토큰이 없습니다. OpenID Connect 없이 로그인했기 때문이며, 로그인 자체에는 문제가 없습니다. ID 토큰을 받으려면 \(login)을(를) 실행하십시오(카카오는 콘솔에서 OpenID Connect를 활성화해야 합니다)"
            )
        case .givenTokenRejected(let detail, let handOver, let refreshToken):
            Localized(
                en:
                    "the provider rejected the refresh token given on standard input (\(detail.visible)); nothing was stored. Hand over a refresh token that works: \(refreshToken) prints the one of a working login, and \(handOver) reads it on standard input",
                ko:
                    "제공자가 표준 입력으로 받은 리프레시 토큰을 거부했습니다(\(detail.visible)). 아무것도 저장하지 않았습니다. 사용할 수 있는 리프레시 토큰을 넘기십시오. 정상 로그인에서 \(refreshToken)이(가) 그 토큰을 출력하고, \(handOver)이(가) 표준 입력에서 읽습니다"
            )
        case .noRefreshToken:
            Localized(
                en: "the access token expired and no refresh token is stored",
                ko: "액세스 토큰이 만료되었고 저장된 리프레시 토큰이 없습니다")
        case .noRefreshTokenIssued(let expiresAt, let advice):
            Localized(
                en:
                    "the stored login cannot be refreshed: the provider issued no refresh token with it; its access token stays valid until \(expiresAt) (`kauth token` prints it), and then the session ends"
                    + (advice.map { "; " + $0.english } ?? ""),
                ko:
                    "저장된 로그인은 갱신할 수 없습니다. 제공자가 리프레시 토큰을 발급하지 않았습니다. 액세스 토큰은 \(expiresAt)까지 유효하며(`kauth token`이 출력합니다), 그 뒤 세션이 끝납니다"
                    + (advice.map { ". " + $0.korean } ?? ""))
        case .refreshTokenExpired(let date):
            Localized(en: "the refresh token expired at \(date)", ko: "리프레시 토큰이 \(date)에 만료되었습니다")
        case .refreshRejected(let error, let detail):
            Localized(
                en: "the provider rejected the refresh token (\(error.visible)\(detail.isEmpty ? "" : ": " + detail))",
                ko: "제공자가 리프레시 토큰을 거부했습니다(\(error.visible)\(detail.isEmpty ? "" : ": " + detail))")
        case .refreshRefused(let status):
            Localized(
                en:
                    "the provider refused the refresh token (HTTP \(status) with no further detail: it was revoked, has expired, or was already used)",
                ko: "제공자가 리프레시 토큰을 거부했습니다(HTTP \(status), 자세한 내용 없음: 폐기되었거나 만료되었거나 이미 사용되었습니다)")
        case .rejectedAfterRefresh(let message):
            Localized(
                en: "the API still rejects the refreshed token (\(message.visible))",
                ko: "갱신한 토큰도 API가 거부합니다(\(message.visible))")
        case .bootstrapRejectedReason(let detail):
            Localized(
                en: "the provider rejected KAUTH_REFRESH_TOKEN (\(detail.visible))",
                ko: "제공자가 KAUTH_REFRESH_TOKEN을 거부했습니다(\(detail.visible))")
        case .bootstrapUnusable:
            Localized(en: "KAUTH_REFRESH_TOKEN cannot be used", ko: "KAUTH_REFRESH_TOKEN을 사용할 수 없습니다")
        case .givenTokenRejectedReason(let detail):
            Localized(
                en:
                    "the provider rejected the refresh token given on standard input (\(detail.visible)); nothing was stored",
                ko: "제공자가 표준 입력으로 받은 리프레시 토큰을 거부했습니다(\(detail.visible)). 아무것도 저장하지 않았습니다")
        case .idTokenNotRenewed:
            Localized(
                en: "the stored ID token has expired and the provider sends no new one when the session is refreshed",
                ko: "저장된 ID 토큰이 만료되었고, 세션을 갱신해도 제공자가 새 ID 토큰을 보내지 않습니다")
        case .noIDTokenReason:
            Localized(
                en:
                    "this login has no ID token (log in with --openid; for Kakao, OpenID Connect must be enabled in the console)",
                ko: "이 로그인에는 ID 토큰이 없습니다(--openid로 로그인하십시오. 카카오는 콘솔에서 OpenID Connect를 활성화해야 합니다)")
        case .rejectedRefreshToken(let at, let detail):
            Localized(
                en: "the provider rejected its refresh token at \(at)\(detail.isEmpty ? "" : " (\(detail))")",
                ko: "제공자가 \(at)에 리프레시 토큰을 거부했습니다\(detail.isEmpty ? "" : "(\(detail))")")
        case .rejectedAccessToken(let at, let detail):
            Localized(
                en:
                    "the provider rejected its access token right after a refresh, at \(at)\(detail.map { " (\($0.visible))" } ?? "")",
                ko: "제공자가 \(at)에 갱신 직후의 액세스 토큰을 거부했습니다\(detail.map { "(\($0.visible))" } ?? "")")
        case .unlinked(let at, let byProfile):
            Localized(
                en:
                    "the account was unlinked from the app at \(at)\(byProfile.map { " (`kauth unlink` of profile '\($0)')" } ?? ""), which ended every token of it",
                ko:
                    "\(at)에 계정과 앱의 연결이 끊겨\(byProfile.map { "('\($0)' 프로필의 `kauth unlink`)" } ?? "") 그 계정의 모든 토큰이 끝났습니다")
        case .refreshTokenAdvice(let scopes, let prompt):
            Localized(
                en: "to get one, log in with `--scopes '\(scopes)' --prompt \(prompt)`",
                ko: "리프레시 토큰을 받으려면 `--scopes '\(scopes)' --prompt \(prompt)`(으)로 로그인하십시오")
        }
    }
}
