/// The help of `kauth sandbox` (summaries, discussions, arguments, flags, example notes).
enum SandboxHelpWords {
    static let summary = Localized(
        en: "serve a local Kakao-compatible provider for offline use and tests",
        ko: "오프라인 테스트용 카카오 호환 제공자를 로컬에서 실행합니다")
    static let discussion = Localized(
        en:
            "Serves Kakao's OAuth, user, consent, share and Talk memo APIs on 127.0.0.1 with an auto-consent authorize page and one sandbox user; with --oidc also ID tokens, discovery, JWKS, userinfo, RFC 7009 revocation and the RFC 8628 device grant; with --snapchat Snap Login Kit's endpoints instead. It prints the environment that points kauth at it on stdout (see `kauth help environment`), with its process id in KAUTH_SANDBOX_PID, and one line per request on stderr. Stop it with Ctrl-C, or with `kauth sandbox --stop` from a shell that has its exports. With --detach it runs in the background and prints the exports once it listens, so `eval \"$(kauth sandbox --detach)\"` works as with ssh-agent; --env-file also writes them to a file once it listens, for a script to wait on. Control endpoints for tests live under /_sandbox/ (log, config, respond, fail, expire-access-tokens, rotate-key, memos, sharer-visits, picker, friend-messages); the flags below set the same switches from the start.",
        ko:
            "카카오의 OAuth, 사용자, 동의, 공유, 나에게 보내기 API를 자동 동의 인가 페이지와 샌드박스 사용자 한 명과 함께 127.0.0.1에서 제공합니다. --oidc를 주면 ID 토큰, discovery, JWKS, userinfo, RFC 7009 폐기, RFC 8628 기기 그랜트도 제공하고, --snapchat을 주면 대신 Snap Login Kit의 엔드포인트를 제공합니다. kauth가 이 서버를 쓰게 하는 환경 변수를 프로세스 ID(KAUTH_SANDBOX_PID)와 함께 stdout에 출력하고 (`kauth help environment` 참고), 요청마다 한 줄을 stderr에 씁니다. Ctrl-C로, 또는 그 환경 변수가 있는 셸에서 `kauth sandbox --stop`으로 멈춥니다. --detach를 주면 백그라운드에서 실행되고 요청을 받을 준비가 되면 환경 변수를 출력하므로, ssh-agent처럼 `eval \"$(kauth sandbox --detach)\"`로 쓸 수 있습니다. --env-file은 준비가 되면 같은 내용을 파일에도 씁니다. 테스트용 제어 엔드포인트는 /_sandbox/ 아래에 있습니다 (log, config, respond, fail, expire-access-tokens, rotate-key, memos, sharer-visits, picker, friend-messages). 아래 플래그는 같은 스위치를 처음부터 켭니다."
    )
    static let exampleStartItInTheBackground = Localized(
        en: "start it in the background and point this shell at it, as with ssh-agent",
        ko: "ssh-agent처럼 백그라운드에서 실행하고 이 셸이 그 서버를 쓰게 합니다")
    static let exampleStopTheOneThisShellPointsAt = Localized(
        en: "stop the one this shell's exports point at", ko: "이 셸의 환경 변수가 가리키는 샌드박스를 멈춥니다")
    static let exampleServeOnAFixedPort = Localized(
        en: "serve on a fixed port; it prints the environment to use", ko: "고정 포트로 실행합니다. 사용할 환경 변수를 출력합니다")
    static let exampleAnOpenIDConnectProviderWithAnEnvFile = Localized(
        en: "an OpenID Connect provider, its exports (KAUTH_ISSUER too) also written to sandbox.env",
        ko: "OIDC로 실행하고 환경 변수(KAUTH_ISSUER 포함)를 sandbox.env에도 씁니다")
    static let examplePlayAStrictOpenIDConnectServer = Localized(
        en: "play a strict OpenID Connect server", ko: "엄격한 OpenID Connect 서버 역할을 합니다")
    static let portFlag = Localized(en: "port to listen on (default: any free port)", ko: "대기할 포트 (기본값: 비어 있는 아무 포트)")
    static let stateFileFlag = Localized(
        en: "keep users, tokens and consents in FILE across restarts",
        ko: "사용자, 토큰, 동의를 FILE에 보관해 다시 시작해도 유지합니다")
    static let clientIDFlag = Localized(
        en: "accept only this client id (default: any)", ko: "이 클라이언트 ID만 받습니다 (기본값: 모두)")
    static let clientSecretFlag = Localized(
        en: "require this client secret on token calls", ko: "토큰 요청에 이 클라이언트 시크릿을 요구합니다")
    static let accessTokenTTLFlag = Localized(en: "access token lifetime (default 21599)", ko: "액세스 토큰 수명 (기본값 21599)")
    static let idTokenTTLFlag = Localized(
        en: "ID token lifetime with --oidc (default 3600)", ko: "--oidc의 ID 토큰 수명 (기본값 3600)")
    static let refreshTokenTTLFlag = Localized(
        en: "refresh token lifetime (default 5183999)", ko: "리프레시 토큰 수명 (기본값 5183999)")
    static let rotationThresholdFlag = Localized(
        en: "rotate the refresh token when less than this remains (default 2592000)",
        ko: "남은 수명이 이보다 짧으면 리프레시 토큰을 새로 발급합니다 (기본값 2592000)")
    static let scopesFlag = Localized(
        en: "scopes agreed at first login (default profile_nickname,profile_image,account_email)",
        ko: "첫 로그인에서 동의하는 동의항목 (기본값 profile_nickname,profile_image,account_email)")
    static let denyFlag = Localized(
        en: "answer every authorization with access_denied", ko: "모든 인가 요청에 access_denied로 응답합니다")
    static let oidcFlag = Localized(
        en: "OpenID Connect: ID tokens, discovery, JWKS, userinfo, RFC 9207 iss",
        ko: "OpenID Connect: ID 토큰, discovery, JWKS, userinfo, RFC 9207 iss")
    static let snapchatFlag = Localized(
        en: "serve Snap Login Kit's endpoints instead of Kakao's", ko: "카카오 대신 Snap Login Kit의 엔드포인트를 제공합니다"
    )
    static let clientAuthMethodsFlag = Localized(
        en:
            "how confidential clients authenticate: client_secret_post, client_secret_basic, client_secret_jwt, private_key_jwt, tls_client_auth (default client_secret_post)",
        ko:
            "기밀 클라이언트의 인증 방식: client_secret_post, client_secret_basic, client_secret_jwt, private_key_jwt, tls_client_auth (기본값 client_secret_post)"
    )
    static let clientPublicKeyFlag = Localized(
        en: "the PEM public key private_key_jwt assertions are checked with",
        ko: "private_key_jwt 어설션을 검증할 PEM 공개 키")
    static let tlsClientAuthSubjectDNFlag = Localized(
        en:
            "tls_client_auth: the subject (RFC 4514) the client certificate must have, which a TLS front passes on in X-SSL-Client-S-DN",
        ko: "tls_client_auth: 클라이언트 인증서가 가져야 할 subject(RFC 4514). 앞단 TLS 서버가 X-SSL-Client-S-DN으로 전달합니다")
    static let issuerFlag = Localized(
        en: "the issuer discovery names (default the sandbox's own URL), e.g. a TLS front's https URL",
        ko: "디스커버리가 알려 줄 issuer (기본값은 샌드박스 자신의 URL), 예: 앞단 TLS 서버의 https URL")
    static let bareRefreshErrorsFlag = Localized(
        en: "refuse a bad refresh token with a bare HTTP 400 and no body",
        ko: "잘못된 리프레시 토큰을 본문 없는 HTTP 400으로 거부합니다")
    static let oneUseRefreshTokensFlag = Localized(
        en: "every refresh returns a new refresh token and ends the old one",
        ko: "갱신할 때마다 새 리프레시 토큰을 주고 이전 것은 무효로 합니다")
    static let revocationRequiresBearerFlag = Localized(
        en: "a public client must send the grant's access token to revoke (401 otherwise)",
        ko: "공개 클라이언트가 폐기하려면 그 그랜트의 액세스 토큰을 보내야 합니다 (아니면 401)")
    static let authorizationResponseIssFlag = Localized(
        en: "iss on authorization responses: standard, unadvertised (sent, not advertised) or wrong",
        ko: "인가 응답의 iss: standard, unadvertised (보내지만 알리지 않음) 또는 wrong")
    static let requireNonceFlag = Localized(
        en: "refuse an OpenID Connect authorize request without a nonce",
        ko: "nonce 없는 OpenID Connect 인가 요청을 거부합니다")
    static let idTokenAlgFlag = Localized(
        en: "sign ID tokens with ALG (default RS256; HS256/384/512 need --client-secret)",
        ko: "ID 토큰을 ALG로 서명합니다 (기본값 RS256, HS256/384/512는 --client-secret 필요)")
    static let userinfoSubFlag = Localized(
        en: "userinfo answers for this subject instead of the user (a provider a client must not believe)",
        ko: "userinfo가 사용자 대신 이 subject로 응답합니다 (클라이언트가 믿으면 안 되는 제공자)")
    static let noRefreshTokensFlag = Localized(
        en: "logins get no refresh token: the session ends with the access token",
        ko: "로그인에 리프레시 토큰을 주지 않습니다: 세션은 액세스 토큰과 함께 끝납니다")
    static let advertiseStandardScopesFlag = Localized(
        en: "discovery lists the scopes profile and email as well",
        ko: "discovery에 profile과 email 동의항목도 나열합니다")
    static let friendsFlag = Localized(
        en: "Kakao Talk friends every user has (default 25)", ko: "사용자마다 가진 카카오톡 친구 수 (기본값 25)")
    static let noFriendsAPIFlag = Localized(
        en: "the app lacks the Talk friends permission: the friends API answers -3",
        ko: "앱에 카카오톡 친구 권한이 없습니다: 친구 API가 -3으로 응답합니다")
    static let quietFlag = Localized(en: "do not log requests", ko: "요청을 기록하지 않습니다")
    static let detachFlag = Localized(
        en: "run in the background: print the exports, with its pid, once it listens, and return",
        ko: "백그라운드에서 실행합니다: 준비가 되면 PID와 함께 환경 변수를 출력하고 바로 돌아옵니다")
    static let envFileFlag = Localized(
        en: "also write the exports to FILE, whole, once it listens",
        ko: "준비가 되면 환경 변수를 FILE에도 통째로 씁니다")
    static let stopFlag = Localized(
        en: "stop the sandbox KAUTH_SANDBOX_PID names (the exports' own)",
        ko: "KAUTH_SANDBOX_PID가 가리키는 샌드박스를 멈춥니다")
}
