/// The help of `kauth scopes` and its list, revoke and request (summaries, discussions, arguments, flags, example
/// notes).
enum ScopesHelpWords {
    static let summary = Localized(
        en: "show, revoke and request consent for scopes", ko: "동의항목의 동의를 보여 주고, 철회하고, 요청합니다")
    static let discussion = Localized(
        en:
            "Without a subcommand, lists the app's consent items and the user's answers (Kakao: /v2/user/scopes).",
        ko: "하위 명령 없이 실행하면 앱의 동의항목과 사용자의 동의 여부를 나열합니다 (카카오: /v2/user/scopes).")
    static let exampleWithdrawConsent = Localized(en: "withdraw consent", ko: "동의를 철회합니다")
    static let exampleAskForEverythingStillNeeded = Localized(
        en: "ask for everything /v2/user/me says still needs agreement",
        ko: "/v2/user/me가 아직 동의가 필요하다고 하는 것을 모두 요청합니다")
    static let listSummary = Localized(en: "list consent items and the user's answers", ko: "동의항목과 사용자의 동의 여부를 나열합니다")
    static let revokeSummary = Localized(en: "withdraw consent for scopes", ko: "동의항목의 동의를 철회합니다")
    static let revokeDiscussion = Localized(
        en:
            "Only agreed, revocable scopes can be revoked; others are refused before any change is requested.",
        ko: "동의했고 철회할 수 있는 동의항목만 철회할 수 있습니다. 그 밖의 것은 변경을 요청하기 전에 거부합니다.")
    static let revokeIDArgument = Localized(en: "scope IDs (comma- or space-separated)", ko: "동의항목 ID (쉼표나 공백으로 구분)")
    static let requestSummary = Localized(
        en: "ask the user for more consent in the browser", ko: "브라우저에서 사용자에게 추가 항목 동의를 받습니다")
    static let requestDiscussion = Localized(
        en:
            "Runs the browser login again with scope= (and openid when the stored login used OpenID Connect), replaces the stored tokens and shows what was granted. Takes the login flags --no-browser, --port, --redirect-uri and --timeout.",
        ko:
            "scope=(저장된 로그인이 OpenID Connect를 썼다면 openid도)로 브라우저 로그인을 다시 하고, 저장된 토큰을 바꾸고, 허용된 것을 보여 줍니다. 로그인 플래그 --no-browser, --port, --redirect-uri, --timeout을 받습니다."
    )
    static let requestIDArgument = Localized(en: "scope IDs to request", ko: "요청할 동의항목 ID")
    static let onlyFlag = Localized(en: "only these scope IDs", ko: "이 동의항목 ID만")
    static let missingFlag = Localized(
        en: "request every scope /v2/user/me reports as needing agreement",
        ko: "/v2/user/me가 동의가 필요하다고 알린 동의항목을 모두 요청합니다")
    static let portFlag = Localized(
        en: "listen on this port: redirect URI http://127.0.0.1:N/callback",
        ko: "이 포트에서 대기합니다: 리다이렉트 URI http://127.0.0.1:N/callback")
    static let timeoutFlag = Localized(en: "how long to wait for the consent (default 300)", ko: "동의를 기다릴 시간 (기본값 300)")
}
