/// The help of `kauth token` (summaries, discussions, arguments, flags, example notes).
enum TokenHelpWords {
    static let summary = Localized(
        en: "print a valid access token, refreshing it when needed", ko: "유효한 액세스 토큰을 출력합니다. 필요하면 먼저 갱신합니다")
    static let discussion = Localized(
        en:
            "Prints the access token and a newline on stdout, nothing else. When the stored token expires within 60 seconds (or half its lifetime, when that is shorter; or --min-valid SECONDS), it is refreshed first; parallel runs share one refresh. A token younger than half its lifetime is never refreshed just to meet --min-valid: it is printed with a warning. --refresh-token prints the stored refresh token, to keep in a CI secret (KAUTH_REFRESH_TOKEN). --exec-credential prints a Kubernetes ExecCredential, for a kubeconfig exec credential plugin, in the apiVersion kubectl asks for in KUBERNETES_EXEC_INFO (client.authentication.k8s.io/v1, the default, or v1beta1); with --id-token it carries the ID token (Kubernetes OIDC), refreshed when the provider renews ID tokens. KAUTH_ACCESS_TOKEN, when set, is printed as it is and the keystore is not touched.",
        ko:
            "stdout에 액세스 토큰과 줄바꿈만 출력합니다. 저장된 토큰이 60초 안에 (그보다 짧으면 수명의 절반 안에, 또는 --min-valid SECONDS 안에) 만료되면 먼저 갱신합니다. 동시에 실행되어도 갱신은 한 번만 합니다. 수명의 절반이 지나지 않은 토큰은 --min-valid 때문에 갱신하지 않고 경고와 함께 출력합니다. --refresh-token은 CI 시크릿(KAUTH_REFRESH_TOKEN)에 보관할 수 있도록 저장된 리프레시 토큰을 출력합니다. --exec-credential은 kubeconfig exec credential 플러그인을 위한 Kubernetes ExecCredential을, kubectl이 KUBERNETES_EXEC_INFO로 요청한 apiVersion(client.authentication.k8s.io/v1(기본값) 또는 v1beta1)으로 출력합니다. --id-token을 주면 ID 토큰을 담으며 (Kubernetes OIDC), 제공자가 ID 토큰을 새로 주면 갱신합니다. KAUTH_ACCESS_TOKEN이 설정되어 있으면 그대로 출력하고 키 저장소는 건드리지 않습니다."
    )
    static let exampleATokenThatLastsAnHour = Localized(
        en: "a token that lasts for an hour-long job", ko: "한 시간짜리 작업 동안 유효한 토큰")
    static let exampleHandLoginCI = Localized(en: "hand the login to CI", ko: "로그인을 CI에 넘깁니다")
    static let exampleAsAKubeconfigExecCredentialPlugin = Localized(
        en: "as a kubeconfig exec credential plugin", ko: "kubeconfig exec credential 플러그인으로 사용합니다")
    static let minValidFlag = Localized(
        en: "refresh unless the token stays valid this long (default: 60, or half the token's lifetime)",
        ko: "토큰이 이만큼 유효하지 않으면 갱신합니다 (기본값: 60, 또는 토큰 수명의 절반)")
    static let refreshTokenFlag = Localized(
        en: "print the stored refresh token (for a CI secret) and nothing else",
        ko: "저장된 리프레시 토큰만 출력합니다 (CI 시크릿용)")
    static let execCredentialFlag = Localized(
        en: "print a Kubernetes ExecCredential (kubectl's exec credential plugin)",
        ko: "Kubernetes ExecCredential을 출력합니다 (kubectl의 exec credential 플러그인)")
    static let resourceFlag = Localized(
        en: "a token for this one resource (RFC 8707), asked with the refresh token and kept apart",
        ko: "이 리소스 하나에 대한 토큰 (RFC 8707). 리프레시 토큰으로 요청하고 따로 보관합니다")
}
