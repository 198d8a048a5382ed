/// The help of the flags that more than one command declares, and that error messages offer as a fix.
enum SharedFlagHelpWords {
    static let clientIDFlag = Localized(
        en: "client id (Kakao: REST API key); also KAUTH_CLIENT_ID",
        ko: "클라이언트 ID (카카오: REST API 키). KAUTH_CLIENT_ID도 같음")
    static let clientSecretFlag = Localized(
        en: "client secret, if the app has one enabled; also KAUTH_CLIENT_SECRET",
        ko: "앱이 클라이언트 시크릿을 사용한다면 그 값. KAUTH_CLIENT_SECRET도 같음")
    static let issuerFlag = Localized(
        en: "issuer of an OpenID Connect provider (--provider oidc)",
        ko: "OpenID Connect 제공자의 issuer (--provider oidc)")
    static let redirectURIFlag = Localized(
        en: "the registered redirect URI (http://127.0.0.1:PORT/PATH)",
        ko: "등록한 리다이렉트 URI (http://127.0.0.1:PORT/PATH)")
    static let loginPortFlag = Localized(
        en: "listen on this port (0: any free port); also KAUTH_REDIRECT_PORT",
        ko: "이 포트에서 대기합니다 (0: 비어 있는 아무 포트). KAUTH_REDIRECT_PORT도 같음")
    static let openIDFlag = Localized(
        en: "ask for an OpenID Connect ID token (adds the openid scope; a nonce is always sent with it)",
        ko: "OpenID Connect ID 토큰을 요청합니다 (openid 동의항목을 더하고, nonce를 항상 함께 보냅니다)")
    static let nonceFlag = Localized(
        en: "nonce to send instead of a random one (implies --openid)", ko: "무작위 값 대신 보낼 nonce (--openid 포함)")
    static let withTokenFlag = Localized(
        en: "read a refresh token on standard input, check it with one refresh, and store it (no browser)",
        ko: "표준 입력에서 리프레시 토큰을 읽고, 한 번 갱신해 확인한 뒤 저장합니다 (브라우저 없음)")
    static let idTokenFlag = Localized(en: "the OpenID Connect ID token instead", ko: "대신 OpenID Connect ID 토큰")
    static let portFlag = Localized(
        en: "listen on this port of 127.0.0.1 (default: any free port); also KAUTH_REDIRECT_PORT",
        ko: "127.0.0.1의 이 포트에서 대기합니다 (기본값: 비어 있는 아무 포트). KAUTH_REDIRECT_PORT도 같음")
}
