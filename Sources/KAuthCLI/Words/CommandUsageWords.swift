/// Words of the usage errors of `kauth login`, `kauth token`, `kauth config`, `kauth completion`
/// and `kauth sandbox`: values and combinations they cannot take. Flags, keys and values stay as
/// typed; a token given where it does not belong is never repeated.
enum CommandUsageWords: Message {
    case emptyValue(flag: String)
    case issuerNotTaken(provider: String)
    case withTokenFlag(flag: String)
    case withTokenNothing
    case withTokenLines(count: Int)
    case withTokenNotAToken
    case refreshTokenAlone
    case resourceAlone
    case execCredentialJSON
    case environmentTokenAlone
    case execInfoNotJSON
    case execInfoVersion(asked: String, versions: [String])
    case refreshEnvironmentToken
    case configNotSet(key: String)
    case configKeyNotForType(key: String, provider: String, type: String, usable: [String])
    case unknownShell(given: String)
    case sandboxPortInUse(port: UInt16)
    case sandboxState(detail: String)
    case sandboxAuthMethod(given: String, known: String)
    case sandboxNoAuthMethod
    case sandboxIssMode(given: String, known: String)
    case sandboxAlgorithm(given: String, known: String)
    case sandboxAlgorithmNeedsSecret(algorithm: String)

    var localized: Localized {
        switch self {
        case .emptyValue(let flag):
            Localized(en: "--\(flag) needs a non-empty value", ko: "--\(flag)에는 비어 있지 않은 값이 필요합니다")
        case .issuerNotTaken(let provider):
            Localized(
                en: "--issuer is for OpenID Connect providers (--provider oidc); \(provider)'s endpoints are built in",
                ko: "--issuer는 OpenID Connect 제공자(--provider oidc)에 씁니다. \(provider)의 엔드포인트는 내장되어 있습니다")
        case .withTokenFlag(let flag):
            Localized(
                en: "--with-token logs in without a browser; --\(flag) does not apply",
                ko: "--with-token은 브라우저 없이 로그인합니다. --\(flag)은(는) 쓸 수 없습니다")
        case .withTokenNothing:
            Localized(
                en:
                    "--with-token reads a refresh token on standard input, and none came; e.g. `kauth token --refresh-token | kauth login --with-token`",
                ko:
                    "--with-token은 표준 입력에서 리프레시 토큰을 읽는데, 아무것도 오지 않았습니다. 예: `kauth token --refresh-token | kauth login --with-token`"
            )
        case .withTokenLines(let count):
            Localized(
                en:
                    "--with-token reads one refresh token on one line of standard input; \(count) lines came (not shown here)",
                ko: "--with-token은 표준 입력 한 줄에서 리프레시 토큰 하나를 읽습니다. \(count)줄이 왔습니다(여기에 보여주지 않습니다)")
        case .withTokenNotAToken:
            Localized(
                en:
                    "--with-token: what came on standard input is not a refresh token (one word of printable ASCII characters, RFC 6749); it is not shown here",
                ko:
                    "--with-token: 표준 입력으로 온 값은 리프레시 토큰이 아닙니다(출력 가능한 ASCII 문자로 된 한 단어, RFC 6749). 여기에 보여주지 않습니다")
        case .refreshTokenAlone:
            Localized(
                en:
                    "--refresh-token prints the refresh token alone; it does not go with --id-token or --exec-credential",
                ko: "--refresh-token은 리프레시 토큰만 출력합니다. --id-token이나 --exec-credential과 함께 쓸 수 없습니다")
        case .resourceAlone:
            Localized(
                en: "--resource asks for an access token for one resource; leave out --id-token and --refresh-token",
                ko: "--resource는 한 리소스를 위한 액세스 토큰을 요청합니다. --id-token과 --refresh-token을 빼십시오")
        case .execCredentialJSON:
            Localized(
                en: "--exec-credential prints JSON of its own (an ExecCredential); leave out --json",
                ko: "--exec-credential은 자체 JSON(ExecCredential)을 출력합니다. --json을 빼십시오")
        case .environmentTokenAlone:
            Localized(
                en: "KAUTH_ACCESS_TOKEN is set and is an access token alone; unset it to read the stored login",
                ko: "KAUTH_ACCESS_TOKEN이 설정되어 있고 액세스 토큰만 담고 있습니다. 저장된 로그인을 읽으려면 설정을 해제하십시오")
        case .execInfoNotJSON:
            Localized(
                en:
                    "KUBERNETES_EXEC_INFO is not a JSON object; kubectl sets it to one (an ExecCredential with apiVersion)",
                ko: "KUBERNETES_EXEC_INFO가 JSON 객체가 아닙니다. kubectl은 apiVersion이 있는 ExecCredential 객체로 설정합니다")
        case .execInfoVersion(let asked, let versions):
            Localized(
                en:
                    "kubectl asks for an ExecCredential of apiVersion '\(asked.visible)' (KUBERNETES_EXEC_INFO); kauth answers in \(versions.joined(separator: " or ")): set exec.apiVersion in the kubeconfig to one of them",
                ko:
                    "kubectl이 apiVersion '\(asked.visible)'의 ExecCredential을 요청합니다(KUBERNETES_EXEC_INFO). kauth는 \(versions.joined(separator: " 또는 "))(으)로 응답하므로 kubeconfig의 exec.apiVersion을 그중 하나로 설정하십시오"
            )
        case .refreshEnvironmentToken:
            Localized(
                en:
                    "KAUTH_ACCESS_TOKEN is set: that token cannot be refreshed by kauth; unset it to refresh the stored login",
                ko: "KAUTH_ACCESS_TOKEN이 설정되어 있습니다. 그 토큰은 kauth가 갱신할 수 없으니, 저장된 로그인을 갱신하려면 설정을 해제하십시오")
        case .configNotSet(let key):
            Localized(
                en: "'\(key)' is not set; set it with `kauth config set \(key) VALUE`",
                ko: "'\(key)'이(가) 설정되어 있지 않습니다. `kauth config set \(key) VALUE`로 설정하십시오")
        case .configKeyNotForType(let key, let provider, let type, let usable):
            Localized(
                en:
                    "'\(key)' means nothing for provider '\(provider)' of type \(type); its keys are: \(usable.joined(separator: ", "))",
                ko:
                    "'\(key)'은(는) 유형이 \(type)인 '\(provider)' 제공자에는 의미가 없습니다. 쓸 수 있는 키: \(usable.joined(separator: ", "))"
            )
        case .unknownShell(let given):
            Localized(
                en: "unknown shell '\(given)'; use bash, zsh or fish",
                ko: "알 수 없는 셸 '\(given)'입니다. bash, zsh, fish 중 하나를 쓰십시오")
        case .sandboxPortInUse(let port):
            Localized(
                en: "port \(port) is already in use; pick another with --port N, or --port 0 for any free port",
                ko: "포트 \(port)을(를) 이미 사용 중입니다. --port N으로 다른 포트를 고르거나, 빈 포트를 쓰려면 --port 0을 주십시오")
        case .sandboxState(let detail):
            .verbatim(detail)
        case .sandboxAuthMethod(let given, let known):
            Localized(
                en:
                    "--client-auth-methods: unknown method '\(given)'; use one or more of \(known), separated by commas",
                ko: "--client-auth-methods: 알 수 없는 방식 '\(given)'입니다. \(known) 중 하나 이상을 쉼표로 구분해 쓰십시오")
        case .sandboxNoAuthMethod:
            Localized(
                en: "--client-auth-methods needs at least one method, such as client_secret_basic",
                ko: "--client-auth-methods에는 client_secret_basic 같은 방식이 하나 이상 필요합니다")
        case .sandboxIssMode(let given, let known):
            Localized(
                en: "--authorization-response-iss: unknown mode '\(given)'; use one of \(known)",
                ko: "--authorization-response-iss: 알 수 없는 모드 '\(given)'입니다. \(known) 중 하나를 쓰십시오")
        case .sandboxAlgorithm(let given, let known):
            Localized(
                en: "--id-token-alg: unknown algorithm '\(given.visible)'; use one of \(known)",
                ko: "--id-token-alg: 알 수 없는 알고리즘 '\(given.visible)'입니다. \(known) 중 하나를 쓰십시오")
        case .sandboxAlgorithmNeedsSecret(let algorithm):
            Localized(
                en: "--id-token-alg \(algorithm) signs with the client secret: give --client-secret too",
                ko: "--id-token-alg \(algorithm)은(는) 클라이언트 시크릿으로 서명합니다. --client-secret도 주십시오")
        }
    }
}
