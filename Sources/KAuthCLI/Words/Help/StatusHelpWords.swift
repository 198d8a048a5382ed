/// The help of `kauth status` (summaries, discussions, arguments, flags, example notes).
enum StatusHelpWords {
    static let summary = Localized(en: "show the stored login, offline", ko: "저장된 로그인을 오프라인으로 보여 줍니다")
    static let discussion = Localized(
        en:
            "Reads only the keystore: which provider and user the profile is logged in as, the granted scopes, when the tokens expire, the server when it is not the provider's own (a sandbox), and whether the login can still give a token: valid, refreshable (the next command refreshes it), or expired. A login the provider has rejected (its refresh token refused, its access token refused right after a refresh, or the account unlinked) is expired, with when and why, until a new login. Exits 0 when it can and 3 when it cannot (expired, or nothing stored), so `kauth status || kauth login` works in scripts. With --check it also asks the provider whether it still accepts the login (Kakao: access-token information; others: the profile or OpenID Connect userinfo), refreshing first when needed, and exits 3 when it does not. With only KAUTH_REFRESH_TOKEN set, the session starts from it on the first command that needs a token.",
        ko:
            "키 저장소만 읽습니다: 프로필이 어느 제공자에 어느 사용자로 로그인했는지, 허용된 동의항목, 토큰이 언제 만료되는지, 제공자 자신의 서버가 아니면 그 서버(샌드박스), 그리고 로그인이 아직 토큰을 줄 수 있는지: valid, refreshable (다음 명령이 갱신합니다) 또는 expired. 제공자가 거부한 로그인(리프레시 토큰 거부, 갱신 직후 액세스 토큰 거부, 연결 끊기)은 새로 로그인할 때까지 언제, 왜 그랬는지와 함께 expired로 보입니다. 토큰을 줄 수 있으면 0, 없으면 (만료되었거나 저장된 것이 없으면) 3으로 끝나므로, 스크립트에서 `kauth status || kauth login`이 동작합니다. --check를 주면 제공자에게도 로그인을 아직 받아들이는지 묻고 (카카오: 토큰 정보, 그 밖: 사용자 정보 또는 OpenID Connect userinfo), 필요하면 먼저 갱신하며, 받아들이지 않으면 3으로 끝납니다. KAUTH_REFRESH_TOKEN만 설정되어 있으면 토큰이 필요한 첫 명령에서 세션을 시작합니다."
    )
    static let exampleValidRefreshableOrExpired = Localized(
        en: "valid, refreshable or expired", ko: "valid, refreshable 또는 expired")
    static let exampleLogOnlyWhenNeeded = Localized(en: "log in only when needed", ko: "필요할 때만 로그인합니다")
    static let exampleAskProviderToo = Localized(en: "ask the provider too", ko: "제공자에게도 묻습니다")
    static let checkFlag = Localized(
        en: "also ask the provider whether it still accepts the login (exit 3 when not)",
        ko: "제공자에게도 로그인을 아직 받아들이는지 묻습니다 (아니면 종료 코드 3)")
}
