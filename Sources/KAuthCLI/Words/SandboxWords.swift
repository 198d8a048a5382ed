/// Words of `kauth sandbox` in the foreground: what it serves, and the comments among the exports
/// it prints (the ones of `--detach`, `--env-file` and `--stop` are `SandboxDetachWords`).
enum SandboxWords: Message {
    /// It listens at `url`; `issuer` when it serves OpenID Connect too.
    case serving(snapchat: Bool, url: String, issuer: String?)
    /// The line that unsets what it exported, for when the user is done.
    case undoWhenDone(line: String)
    /// The comment before the exports' `unset` line.
    case undoBeforeARealProvider
    /// The comment before `KAUTH_REDIRECT_PORT=0`.
    case anyRedirectPort
    /// The last comment of a Snapchat sandbox's exports: the login to run.
    case thenLogInToSnapchat

    var localized: Localized {
        switch self {
        case .serving(let snapchat, let url, let issuer):
            let kind =
                snapchat
                ? Localized(en: "a Snap Login Kit-compatible provider", ko: "Snap Login Kit 호환 제공자")
                : Localized(en: "a Kakao-compatible provider", ko: "카카오 호환 제공자")
            return Localized(
                en:
                    "kauth sandbox: \(kind.english) is serving at \(url)\(issuer.map { " with OpenID Connect (issuer \($0))" } ?? "") (Ctrl-C to stop).",
                ko:
                    "kauth sandbox: \(kind.korean)가 \(url)에서 실행 중입니다\(issuer.map { " (OpenID Connect, issuer \($0))" } ?? "") (Ctrl-C로 멈춥니다)."
            )
        case .undoWhenDone(let line):
            return Localized(
                en: "kauth sandbox: when done, undo its exports with: \(line)",
                ko: "kauth sandbox: 다 쓰면 이 줄로 export한 변수를 되돌리십시오: \(line)")
        case .undoBeforeARealProvider:
            return Localized(
                en: "Before using a real provider in this shell again, undo these exports with:",
                ko: "이 셸에서 실제 제공자를 다시 쓰기 전에 이 줄로 export한 변수를 되돌리십시오:")
        case .anyRedirectPort:
            return Localized(
                en: "The sandbox accepts any redirect port; a real provider needs the registered one.",
                ko: "샌드박스는 어떤 리다이렉트 포트든 받지만, 실제 제공자에는 등록한 포트가 필요합니다.")
        case .thenLogInToSnapchat:
            return Localized(en: "Then: kauth login --provider snapchat", ko: "그다음: kauth login --provider snapchat")
        }
    }
}
