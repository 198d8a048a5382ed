/// The help of the flags many commands take before or after their words (`--profile`, `--verbose`).
enum GlobalFlagHelpWords {
    static let profileFlag = Localized(
        en: "use the login stored under NAME (default: KAUTH_PROFILE, else the default profile)",
        ko: "NAME으로 저장된 로그인을 사용합니다 (기본값: KAUTH_PROFILE, 없으면 기본 프로필)")
    static let providerFlag = Localized(
        en:
            "provider to use: kakao (default), snapchat, oidc (any OpenID Connect provider, with --issuer), or one configured with `kauth config`",
        ko:
            "사용할 제공자: kakao (기본값), snapchat, oidc (--issuer와 함께 쓰는 모든 OpenID Connect 제공자), 또는 `kauth config`로 설정한 제공자"
    )
    static let verboseFlag = Localized(
        en: "trace HTTP requests to stderr, secrets redacted", ko: "HTTP 요청을 stderr에 추적 출력합니다 (시크릿은 가려짐)")
    static let noColorFlag = Localized(en: "no colour in output (also: NO_COLOR)", ko: "출력에 색을 쓰지 않습니다 (NO_COLOR도 같음)")
}
