/// `kauth help exit-codes` and the man page's EXIT STATUS: what each exit code means and what to do.
enum ExitCodesTopicWords {
    static let summary = Localized(en: "what each exit code means and what to do", ko: "각 종료 코드의 뜻과 해야 할 일")
    static let manSection = Localized(en: "EXIT STATUS", ko: "종료 상태")
    static let introduction = Localized(
        en:
            "Every kauth command exits with one of these codes. The error line on stderr says what happened and what to do; with --json the error is a JSON object on stdout, {\"error\": {\"code\", \"message\", \"exit_code\", …}}.",
        ko:
            "모든 kauth 명령은 이 코드 중 하나로 끝납니다. stderr의 오류 줄이 무슨 일이 있었고 무엇을 해야 하는지 알려 줍니다. --json이면 오류는 stdout의 JSON 객체 {\"error\": {\"code\", \"message\", \"exit_code\", …}}입니다."
    )
    static let code0Summary = Localized(en: "success", ko: "성공")
    static let code0Detail = Localized(en: "Help and --version exit 0 too", ko: "도움말과 --version도 0으로 끝납니다")
    static let code1Summary = Localized(en: "any other failure", ko: "그 밖의 모든 실패")
    static let code1Detail = Localized(
        en:
            "The provider refused a request (the message gives its error and a hint), an answer kauth cannot use, a port in use. Read the message; --verbose traces the HTTP exchange with secrets redacted",
        ko:
            "제공자가 요청을 거부함 (메시지에 오류와 힌트가 나옵니다), kauth가 쓸 수 없는 응답, 사용 중인 포트. 메시지를 읽으십시오. --verbose는 시크릿을 가린 채 HTTP 주고받기를 추적합니다"
    )
    static let code2Summary = Localized(
        en: "usage error, bad value, or an operation the provider does not support",
        ko: "사용법 오류, 잘못된 값, 또는 제공자가 지원하지 않는 작업")
    static let code2Detail = Localized(
        en:
            "An unknown command or flag, a missing or invalid value or setting, a template with problems, a command the provider has no API for. Nothing was sent: fix the command line or the settings ('kauth COMMAND --help')",
        ko:
            "알 수 없는 명령이나 플래그, 빠졌거나 잘못된 값이나 설정, 문제가 있는 템플릿, 제공자에 API가 없는 명령. 아무것도 보내지 않았습니다: 명령줄이나 설정을 고치십시오 ('kauth COMMAND --help')"
    )
    static let code3Summary = Localized(
        en: "not logged in, or the session can no longer be refreshed",
        ko: "로그인하지 않았거나 세션을 더 이상 갱신할 수 없음")
    static let code3Detail = Localized(
        en:
            "No stored login; the refresh was refused (invalid_grant, or HTTP 400/401 without an OAuth error); the API still rejects the token after a refresh (-401); KAUTH_ACCESS_TOKEN or KAUTH_REFRESH_TOKEN was rejected. Run 'kauth login' (with the same --profile); the stored login is kept until then",
        ko:
            "저장된 로그인이 없음, 갱신이 거부됨 (invalid_grant, 또는 OAuth 오류 없는 HTTP 400/401), 갱신한 뒤에도 API가 토큰을 거부함 (-401), KAUTH_ACCESS_TOKEN이나 KAUTH_REFRESH_TOKEN이 거부됨. 'kauth login'을 (같은 --profile로) 실행하십시오. 그때까지 저장된 로그인은 유지됩니다"
    )
    static let code4Summary = Localized(en: "consent required (Kakao -402)", ko: "동의 필요 (카카오 -402)")
    static let code4Detail = Localized(
        en:
            "The message names the scope IDs the user has not agreed to, and --json lists them as required_scopes. Run 'kauth scopes request SCOPE…', then try again",
        ko:
            "메시지에 사용자가 동의하지 않은 동의항목 ID가 나오며, --json은 이를 required_scopes로 나열합니다. 'kauth scopes request SCOPE…'를 실행한 뒤 다시 시도하십시오"
    )
    static let code5Summary = Localized(en: "network or provider unavailable", ko: "네트워크 또는 제공자를 사용할 수 없음")
    static let code5Detail = Localized(
        en:
            "Connection, DNS, TLS or proxy failure, no answer in time, HTTP 5xx or the provider's maintenance codes. Nothing is wrong with the login: try again later (GET requests were already retried twice)",
        ko:
            "연결, DNS, TLS 또는 프록시 실패, 제시간에 응답 없음, HTTP 5xx 또는 제공자의 점검 코드. 로그인에는 문제가 없습니다: 나중에 다시 시도하십시오 (GET 요청은 이미 두 번 다시 시도했습니다)"
    )
    static let code6Summary = Localized(en: "login cancelled, denied or timed out", ko: "로그인이 취소, 거부되었거나 시간이 초과됨")
    static let code6Detail = Localized(
        en:
            "Consent refused, an error from the provider's login page, Ctrl-C, or no redirect before --timeout (often a redirect URI the provider does not know: look at the browser tab). Nothing was stored: run 'kauth login' again",
        ko:
            "동의 거부, 제공자 로그인 페이지의 오류, Ctrl-C, 또는 --timeout 전에 리다이렉트가 오지 않음 (제공자가 모르는 리다이렉트 URI인 경우가 많습니다: 브라우저 탭을 보십시오). 아무것도 저장하지 않았습니다: 'kauth login'을 다시 실행하십시오"
    )
    static let code7Summary = Localized(
        en:
            "keystore or KAUTH_HOME unreadable, corrupt, unsafe, locked too long, or wrong passphrase",
        ko: "키 저장소나 KAUTH_HOME을 읽을 수 없음, 손상됨, 안전하지 않음, 너무 오래 잠김, 또는 틀린 암호")
    static let code7Detail = Localized(
        en:
            "Also: permissions too open (chmod 600 the file, 700 the folder), another user's file, encrypted without KAUTH_PASSPHRASE, its key not readable from the keyring (no session bus, locked, no answer, a copy from elsewhere). The message says what to fix; kauth never overwrites the file",
        ko:
            "또한: 너무 열린 권한 (파일은 chmod 600, 폴더는 700), 다른 사용자의 파일, KAUTH_PASSPHRASE 없이 암호화됨, 키링에서 키를 읽을 수 없음 (세션 버스 없음, 잠김, 응답 없음, 다른 곳에서 복사함). 메시지가 고칠 것을 알려 줍니다. kauth는 파일을 덮어쓰지 않습니다"
    )
}
