/// Words of the question `kauth unlink` asks on a terminal before it withdraws every consent.
enum UnlinkConfirmWords: Message {
    /// The question, naming the account, the app (its client id) and the provider.
    case question(user: String, app: String, provider: String, profile: String)
    /// The same with `KAUTH_ACCESS_TOKEN`, whose user and app kauth cannot know offline.
    case questionForEnvironmentToken
    /// Any answer but yes, or the end of input: nothing was sent.
    case cancelled(yes: Invocation)

    var localized: Localized {
        switch self {
        case .question(let user, let app, let provider, let profile):
            Localized(
                en:
                    "Unlink \(user) from the app \(app) at \(provider) (profile '\(profile)')? This withdraws every consent the user gave the app and ends all its tokens. [y/N] ",
                ko:
                    "\(provider)의 앱 \(app)에서 \(user)의 연결을 끊을까요(프로필 '\(profile)')? 사용자가 앱에 준 모든 동의가 철회되고 모든 토큰이 만료됩니다. [y/N] "
            )
        case .questionForEnvironmentToken:
            Localized(
                en:
                    "Unlink the user of the token in KAUTH_ACCESS_TOKEN from its app? This withdraws every consent the user gave the app and ends all its tokens. [y/N] ",
                ko: "KAUTH_ACCESS_TOKEN 토큰의 사용자를 앱에서 연결 끊을까요? 사용자가 앱에 준 모든 동의가 철회되고 모든 토큰이 만료됩니다. [y/N] ")
        case .cancelled(let yes):
            Localized(
                en: "the unlink was cancelled; nothing was sent (answer yes, or run \(yes))",
                ko: "연결 끊기를 취소했습니다. 아무것도 보내지 않았습니다(yes로 답하거나 \(yes)을(를) 실행하십시오)")
        }
    }

    /// The answers that mean yes, in either language (compared lowercased, spaces trimmed).
    static let yes: Set<String> = ["y", "yes", "예", "네"]
}
