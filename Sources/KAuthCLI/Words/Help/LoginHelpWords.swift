import KAuthCore

/// The help of `kauth login` (summaries, discussions, arguments, flags, example notes).
enum LoginHelpWords {
    static let summary = Localized(en: "log in through the browser and store the tokens", ko: "브라우저로 로그인하고 토큰을 저장합니다")
    static let discussion = Localized(
        en:
            "Opens the provider's login page in the browser (BROWSER, else xdg-open or open) and waits for the redirect on a listener at 127.0.0.1. The URL is always printed to stderr. When no browser can be opened, or with --no-browser, open the URL on any machine and paste back the address the browser was sent to, for SSH sessions. For Kakao, register \(Kakao.defaultRedirectURI) as a redirect URI of your app (or pass the one you registered with --redirect-uri).",
        ko:
            "제공자의 로그인 페이지를 브라우저(BROWSER, 없으면 xdg-open 또는 open)로 열고 127.0.0.1의 리스너에서 리다이렉트를 기다립니다. URL은 항상 stderr에 출력됩니다. 브라우저를 열 수 없거나 --no-browser를 주면, 아무 기기에서나 URL을 열고 브라우저가 이동한 주소를 붙여 넣으십시오 (SSH 세션용). 카카오 앱에는 리다이렉트 URI로 \(Kakao.defaultRedirectURI) 주소를 등록하십시오 (또는 등록한 URI를 --redirect-uri로 넘기십시오)."
    )
    static let exampleLogInToKakaoInTheBrowser = Localized(
        en: "log in to Kakao in the browser", ko: "브라우저로 카카오에 로그인합니다")
    static let exampleAskForMoreScopesAndForceTheLoginScreen = Localized(
        en: "ask for more scopes and force the login screen", ko: "동의항목을 더 요청하고 로그인 화면을 강제로 띄웁니다")
    static let exampleOverSSHPasteTheRedirectBack = Localized(
        en: "over SSH: open the printed URL elsewhere, paste the redirect URL back",
        ko: "SSH에서: 출력된 URL을 다른 곳에서 열고 리다이렉트 URL을 붙여 넣습니다")
    static let exampleASecondLoginWithItsOwnRedirectURI = Localized(
        en: "a second login with its own registered redirect URI", ko: "따로 등록한 리다이렉트 URI로 두 번째 로그인을 합니다")
    static let exampleInCIStoreALoginFromARefreshToken = Localized(
        en: "in CI: store a login from a refresh token kept in a secret",
        ko: "CI에서: 시크릿에 보관한 리프레시 토큰으로 로그인을 저장합니다")
    static let exampleAMachineLogsInAsItsClient = Localized(
        en: "a machine logs in as its client (secret, signed assertion or client certificate)",
        ko: "기계가 클라이언트로 로그인합니다 (시크릿, 서명 어설션, 클라이언트 인증서)")
    static let scopesFlag = Localized(
        en: "scope IDs to ask consent for (comma- or space-separated)", ko: "동의를 요청할 동의항목 ID (쉼표나 공백으로 구분)")
    static let promptFlag = Localized(
        en: "Kakao: login, create, select_account; OpenID Connect: none, login, consent, select_account",
        ko: "카카오: login, create, select_account. OpenID Connect: none, login, consent, select_account")
    static let loginHintFlag = Localized(
        en: "pre-fill the account field (email or phone number)", ko: "계정 입력란을 미리 채웁니다 (이메일 또는 전화번호)")
    static let serviceTermsFlag = Localized(en: "Kakao Sync service-terms tags to show", ko: "보여 줄 카카오싱크 서비스 약관 태그")
    static let noBrowserFlag = Localized(
        en: "do not open a browser; print the URL and accept the redirect URL on stdin",
        ko: "브라우저를 열지 않습니다. URL을 출력하고 리다이렉트 URL을 표준 입력으로 받습니다")
    static let timeoutFlag = Localized(en: "how long to wait for the login (default 300)", ko: "로그인을 기다릴 시간 (기본값 300)")
    static let deviceFlag = Localized(
        en: "use the device authorization grant (providers that offer it)",
        ko: "기기 인가 그랜트를 사용합니다 (제공하는 제공자만)")
    static let allowNoPKCEFlag = Localized(
        en: "log in to a provider that does not list PKCE S256 (not recommended)",
        ko: "PKCE S256을 밝히지 않은 제공자에 로그인합니다 (권장하지 않음)")
    static let clientCredentialsFlag = Localized(
        en: "log the client itself in (OAuth client credentials): no browser, no user, no refresh token",
        ko: "클라이언트 자체로 로그인합니다 (OAuth 클라이언트 자격 증명): 브라우저, 사용자, 리프레시 토큰이 없습니다")
    static let authParamFlag = Localized(
        en: "an extra authorization request parameter (repeatable)", ko: "인가 요청에 더할 파라미터 (여러 번 지정 가능)")
    static let acrValuesFlag = Localized(
        en: "OpenID Connect acr_values: the authentication context asked for",
        ko: "OpenID Connect acr_values: 요청할 인증 컨텍스트")
    static let maxAgeFlag = Localized(
        en:
            "OpenID Connect max_age: the user must have authenticated within SECONDS (auth_time is checked)",
        ko: "OpenID Connect max_age: 사용자가 SECONDS 안에 인증했어야 합니다 (auth_time을 확인합니다)")
    static let resourceFlag = Localized(
        en: "an RFC 8707 resource indicator for the tokens (repeatable)",
        ko: "토큰의 RFC 8707 리소스 지시자 (여러 번 지정 가능)")
    static let tokenExchangeFlag = Localized(
        en: "trade a token from elsewhere for the provider's (RFC 8693)",
        ko: "다른 곳의 토큰을 제공자의 토큰으로 교환합니다 (RFC 8693)")
    static let subjectTokenFileFlag = Localized(
        en: "--token-exchange: the subject token is in FILE", ko: "--token-exchange: subject 토큰이 FILE에 있습니다"
    )
    static let subjectTokenEnvFlag = Localized(
        en: "--token-exchange: the subject token is in the environment variable VARIABLE",
        ko: "--token-exchange: subject 토큰이 환경 변수 VARIABLE에 있습니다")
    static let githubActionsFlag = Localized(
        en: "--token-exchange: the subject token is GitHub Actions' OIDC token",
        ko: "--token-exchange: subject 토큰은 GitHub Actions의 OIDC 토큰입니다")
    static let subjectAudienceFlag = Localized(
        en: "--github-actions: the audience to ask GitHub for (default: the provider's issuer)",
        ko: "--github-actions: GitHub에 요청할 audience (기본값: 제공자의 issuer)")
    static let subjectTokenTypeFlag = Localized(
        en: "--token-exchange: the subject token's type (default urn:ietf:params:oauth:token-type:jwt)",
        ko: "--token-exchange: subject 토큰의 종류 (기본값 urn:ietf:params:oauth:token-type:jwt)")
    static let requestedTokenTypeFlag = Localized(
        en: "--token-exchange: the type of token asked for", ko: "--token-exchange: 요청할 토큰의 종류")
    static let audienceFlag = Localized(
        en: "--token-exchange: RFC 8693's audience parameter (repeatable)",
        ko: "--token-exchange: RFC 8693의 audience 파라미터 (여러 번 지정 가능)")
}
