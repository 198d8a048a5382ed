/// `kauth help environment` and the man page's ENVIRONMENT: every variable kauth reads, and which
/// setting wins.
enum EnvironmentTopicWords: Message {
    /// A provider URL variable: the provider's name, what the URL is for, and the built-in URL
    /// when there is one.
    case providerURL(provider: Localized, what: Localized, default: String?)
    /// A URL role the words have no description for yet: its name.
    case otherURLRole(name: String)

    var localized: Localized {
        switch self {
        case .providerURL(let provider, let what, .some(let fallback)):
            Localized(
                en: "\(provider.english)'s \(what.english) (default \(fallback))",
                ko: "\(provider.korean)의 \(what.korean) (기본값 \(fallback))")
        case .providerURL(let provider, let what, .none):
            Localized(en: "\(provider.english)'s \(what.english)", ko: "\(provider.korean)의 \(what.korean)")
        case .otherURLRole(let name):
            Localized(en: "\(name) host", ko: "\(name) 호스트")
        }
    }

    static let summary = Localized(
        en: "environment variables kauth reads, and which setting wins", ko: "kauth가 읽는 환경 변수와 어느 설정이 우선하는지")
    static let manSection = Localized(en: "ENVIRONMENT", ko: "환경 변수")
    static let introduction = Localized(
        en:
            "Each setting comes from the first of these that has it: a flag, an environment variable, the config file ($KAUTH_HOME/config, see 'kauth config'), what the stored login recorded when it was made, the built-in default. A variable set to the empty string counts as unset.",
        ko:
            "각 설정은 다음 중 값이 있는 첫 번째에서 옵니다: 플래그, 환경 변수, 설정 파일 ($KAUTH_HOME/config, 'kauth config' 참고), 저장된 로그인이 만들어질 때 기록한 값, 내장 기본값. 빈 문자열로 설정된 변수는 설정되지 않은 것으로 봅니다."
    )
    static let filesAndProfilesTitle = Localized(en: "Files and profiles", ko: "파일과 프로필")
    static let kauthHomeSummary = Localized(
        en: "folder of the keystore (credentials.json) and the config file",
        ko: "키 저장소(credentials.json)와 설정 파일이 있는 폴더")
    static let kauthHomeDetail = Localized(
        en:
            "Default: $XDG_CONFIG_HOME/kauth, else $HOME/.config/kauth. Created 0700 on the first write",
        ko: "기본값: $XDG_CONFIG_HOME/kauth, 없으면 $HOME/.config/kauth. 처음 쓸 때 0700으로 만듭니다")
    static let xdgConfigHomeSummary = Localized(
        en: "where the default KAUTH_HOME is: $XDG_CONFIG_HOME/kauth",
        ko: "기본 KAUTH_HOME의 위치: $XDG_CONFIG_HOME/kauth")
    static let xdgConfigHomeDetail = Localized(
        en: "Without it, $HOME/.config/kauth. Read only when KAUTH_HOME is not set",
        ko: "없으면 $HOME/.config/kauth. KAUTH_HOME이 설정되지 않았을 때만 읽습니다")
    static let kauthProfileSummary = Localized(
        en: "profile to use when --profile is not given", ko: "--profile을 주지 않았을 때 사용할 프로필")
    static let kauthProfileDetail = Localized(
        en: "Else the default profile chosen with 'kauth switch', else 'default'",
        ko: "없으면 'kauth switch'로 고른 기본 프로필, 그것도 없으면 'default'")
    static let kauthPassphraseSummary = Localized(
        en: "passphrase that encrypts the keystore at rest (wins over the keyring)",
        ko: "저장된 키 저장소를 암호화하는 암호 (키링보다 우선)")
    static let kauthPassphraseDetail = Localized(
        en:
            "When it is set, every write of credentials.json is encrypted (PBKDF2-SHA256, AES-256-GCM); an encrypted keystore cannot be read without it or with a wrong one (exit 7). Each read costs about 0.2 s. Shell completion never uses it: with an encrypted keystore it completes no profile names",
        ko:
            "설정하면 credentials.json을 쓸 때마다 암호화합니다 (PBKDF2-SHA256, AES-256-GCM). 암호화된 키 저장소는 이 값 없이, 또는 틀린 값으로는 읽을 수 없습니다 (종료 코드 7). 읽을 때마다 약 0.2초가 걸립니다. 셸 자동 완성은 이 값을 쓰지 않으므로, 암호화된 키 저장소에서는 프로필 이름을 완성하지 않습니다"
    )
    static let kauthKeyringSummary = Localized(
        en: "'off': keep the keystore's key out of the OS keyring",
        ko: "'off': 키 저장소의 키를 OS 키링에 두지 않습니다")
    static let kauthKeyringDetail = Localized(
        en:
            "By default a login keeps a random key in the OS keyring (Secret Service; macOS: login keychain) and encrypts credentials.json under it, where a session bus is there and the keyring answers within 3 s; else the file is written plain (0600) and the login says why in one line. With 'off' the file is plain, without that line. A file whose key is in the keyring is read from it either way",
        ko:
            "기본적으로 로그인은 세션 버스가 있고 키링이 3초 안에 응답하면 OS 키링(Secret Service, macOS: 로그인 키체인)에 무작위 키를 두고 그 키로 credentials.json을 암호화합니다. 그렇지 않으면 파일을 평문(0600)으로 쓰고 로그인이 그 이유를 한 줄로 알려 줍니다. 'off'이면 그 줄 없이 평문으로 씁니다. 키가 키링에 있는 파일은 어느 경우든 키링에서 키를 읽습니다"
    )
    static let appTitle = Localized(en: "The app", ko: "앱")
    static let kauthClientIDSummary = Localized(
        en: "the app's client id (Kakao: its REST API key)", ko: "앱의 클라이언트 ID (카카오: REST API 키)")
    static let kauthClientIDDetail = Localized(
        en:
            "For 'kauth login' and a KAUTH_REFRESH_TOKEN bootstrap: after --client-id, before provider.NAME.client_id. A stored login always keeps the client id it was made with",
        ko:
            "'kauth login'과 KAUTH_REFRESH_TOKEN으로 시작할 때 씁니다: --client-id 다음, provider.NAME.client_id보다 먼저. 저장된 로그인은 만들 때의 클라이언트 ID를 늘 유지합니다"
    )
    static let kauthClientSecretSummary = Localized(
        en: "the client secret, if the app has one enabled", ko: "앱이 클라이언트 시크릿을 사용한다면 그 값")
    static let kauthClientSecretDetail = Localized(
        en:
            "Sent on token requests; after --client-secret, before provider.NAME.client_secret. Safer than --client-secret, which shows in ps and in the shell's history",
        ko:
            "토큰 요청에 보냅니다. --client-secret 다음, provider.NAME.client_secret보다 먼저. ps와 셸 기록에 보이는 --client-secret보다 안전합니다"
    )
    static let kauthAppKeySummary = Localized(
        en: "key for Kakao's share and image APIs ('kauth link')",
        ko: "카카오 공유와 이미지 API용 키 ('kauth link')")
    static let kauthAppKeyDetail = Localized(
        en: "Before provider.NAME.app_key; default: the client id",
        ko: "provider.NAME.app_key보다 먼저. 기본값: 클라이언트 ID")
    static let issuerSummary = Localized(
        en: "the issuer of --provider oidc when --issuer is not given",
        ko: "--issuer를 주지 않았을 때 --provider oidc가 쓰는 issuer")
    static let issuerDetail = Localized(
        en:
            "After --issuer, before provider.oidc.issuer; a provider configured with its own name keeps its issuer. 'kauth sandbox --oidc' exports it",
        ko:
            "--issuer 다음, provider.oidc.issuer보다 먼저입니다. 자기 이름으로 설정한 제공자는 자기 issuer를 씁니다. 'kauth sandbox --oidc'가 내보냅니다"
    )
    static let providerURLsTitle = Localized(
        en: "Provider URLs ('kauth sandbox', test servers)", ko: "제공자 URL ('kauth sandbox', 테스트 서버)")
    static let providerURLsNote = Localized(
        en:
            "Each applies to every provider of its type and wins over provider.NAME.*_url and over what a stored login recorded. A URL must be https://, or http:// on this machine. 'kauth sandbox' prints the ones that point kauth at it.",
        ko:
            "각 변수는 그 종류의 모든 제공자에 적용되며 provider.NAME.*_url과 저장된 로그인이 기록한 값보다 우선합니다. URL은 https://이거나, 이 기기라면 http://여야 합니다. 'kauth sandbox'는 kauth가 자신을 쓰게 하는 변수를 출력합니다."
    )
    static let loginTitle = Localized(en: "Login", ko: "로그인")
    static let redirectPortSummary = Localized(
        en: "port of the redirect listener (0: any free port)", ko: "리다이렉트 리스너의 포트 (0: 비어 있는 아무 포트)"
    )
    static let redirectPortDetail = Localized(
        en:
            "Replaces the port of the redirect URI (provider.NAME.redirect_uri, else the provider's default); --port and --redirect-uri win over it. 'kauth sandbox' prints 0; a real provider needs the port of the redirect URI registered with it, so a login to one warns when 0 is left set",
        ko:
            "리다이렉트 URI(provider.NAME.redirect_uri, 없으면 제공자의 기본값)의 포트를 바꿉니다. --port와 --redirect-uri가 이보다 우선합니다. 'kauth sandbox'는 0을 출력합니다. 실제 제공자는 등록된 리다이렉트 URI의 포트가 필요하므로, 0이 남아 있으면 로그인이 경고합니다"
    )
    static let sandboxPIDSummary = Localized(
        en: "the process of the sandbox this shell's exports point at",
        ko: "이 셸의 환경 변수가 가리키는 샌드박스의 프로세스")
    static let sandboxPIDDetail = Localized(
        en:
            "'kauth sandbox' exports it; 'kauth sandbox --stop' stops that process after checking it is a kauth sandbox",
        ko:
            "'kauth sandbox'가 내보냅니다. 'kauth sandbox --stop'은 그 프로세스가 kauth 샌드박스인지 확인한 뒤 멈춥니다")
    static let browserSummary = Localized(
        en: "how to open the login page and the sharer URL", ko: "로그인 페이지와 공유 URL을 여는 방법")
    static let browserDetail = Localized(
        en:
            "A ':'-separated list of commands, tried in order; %s is replaced by the URL, else the URL is added at the end. Default: xdg-open when there is a display (open on macOS). The URL is always printed too",
        ko:
            "':'로 구분한 명령 목록으로, 차례로 시도합니다. %s는 URL로 바뀌고, 없으면 URL을 끝에 붙입니다. 기본값: 디스플레이가 있으면 xdg-open (macOS에서는 open). URL은 항상 출력도 합니다"
    )
    static let tokensForScriptsAndCITitle = Localized(en: "Tokens for scripts and CI", ko: "스크립트와 CI용 토큰")
    static let kauthAccessTokenSummary = Localized(
        en: "use this access token; the keystore is not read", ko: "이 액세스 토큰을 사용합니다. 키 저장소는 읽지 않습니다"
    )
    static let kauthAccessTokenDetail = Localized(
        en:
            "'kauth token' prints it and API commands send it. It is never refreshed: a rejected one is exit 3. 'token refresh' and 'token --id-token' refuse to run (exit 2)",
        ko:
            "'kauth token'은 이 값을 출력하고 API 명령은 이 값을 보냅니다. 갱신하지 않습니다: 거부되면 종료 코드 3입니다. 'token refresh'와 'token --id-token'은 실행을 거부합니다 (종료 코드 2)"
    )
    static let refreshTokenBootstrapSummary = Localized(
        en: "start a session from this refresh token when the profile has none",
        ko: "프로필에 세션이 없으면 이 리프레시 토큰으로 세션을 시작합니다")
    static let refreshTokenBootstrapDetail = Localized(
        en:
            "The first command that needs a token refreshes with it (a client id is needed too; --provider NAME for another provider) and stores the result; once a login is stored, it is ignored. Spaces around it are removed; a rejected, empty or space-filled one is exit 3, named as such",
        ko:
            "토큰이 필요한 첫 명령이 이 값으로 갱신하고 (클라이언트 ID도 필요합니다. 다른 제공자는 --provider NAME) 결과를 저장합니다. 로그인이 저장되면 이 값은 무시합니다. 앞뒤 공백은 지웁니다. 거부되었거나 비었거나 공백뿐이면 그렇다고 알리며 종료 코드 3입니다"
    )
    static let outputAndNetworkTitle = Localized(en: "Output and network", ko: "출력과 네트워크")
    static let noColorSummary = Localized(en: "no colour in output, as --no-color", ko: "--no-color처럼 출력에 색을 쓰지 않습니다")
    static let noColorDetail = Localized(en: "kauth prints no colour yet", ko: "kauth는 아직 색을 출력하지 않습니다")
    static let httpsProxySummary = Localized(
        en: "proxy for https:// requests, read by libcurl", ko: "https:// 요청에 쓰는 프록시 (libcurl이 읽음)")
    static let httpsProxyDetail = Localized(
        en:
            "So are https_proxy, http_proxy and ALL_PROXY (libcurl ignores upper-case HTTP_PROXY). Requests to this machine (the sandbox) never go through a proxy",
        ko:
            "https_proxy, http_proxy, ALL_PROXY도 마찬가지입니다 (libcurl은 대문자 HTTP_PROXY를 무시합니다). 이 기기로 가는 요청(샌드박스)은 프록시를 거치지 않습니다"
    )
    static let noProxySummary = Localized(
        en: "hosts to reach without the proxy, read by libcurl", ko: "프록시 없이 접속할 호스트 (libcurl이 읽음)")
    static let kauthCAFileSummary = Localized(
        en: "PEM CA certificates trusted for every provider", ko: "모든 제공자에 대해 신뢰할 PEM CA 인증서")
    static let kauthCAFileDetail = Localized(
        en:
            "Instead of the system's, for a provider behind a private CA; a provider's own provider.NAME.ca_file wins. A file that cannot be used fails the request (exit 1): there is no fallback to no verification",
        ko:
            "사설 CA 뒤의 제공자를 위해 시스템의 것 대신 씁니다. 제공자 자신의 provider.NAME.ca_file이 우선합니다. 쓸 수 없는 파일이면 요청이 실패합니다 (종료 코드 1): 검증 없이 진행하는 일은 없습니다"
    )
    static let awsTitle = Localized(
        en: "AWS ('kauth aws credential-process'), as the AWS CLI reads them",
        ko: "AWS ('kauth aws credential-process'), AWS CLI와 같은 방식으로 읽음")
    static let awsEndpointURLSTSSummary = Localized(
        en: "the STS endpoint the token is traded at", ko: "토큰을 교환할 STS 엔드포인트")
    static let awsEndpointURLSTSDetail = Localized(
        en:
            "Wins over AWS_ENDPOINT_URL and the region's endpoint. https://, or http:// on this machine (a local STS): the token travels there",
        ko:
            "AWS_ENDPOINT_URL과 리전의 엔드포인트보다 우선합니다. https://이거나, 이 기기라면 (로컬 STS) http://여야 합니다: 토큰이 그곳으로 갑니다"
    )
    static let awsEndpointURLSummary = Localized(
        en: "the endpoint of every AWS service, STS's when AWS_ENDPOINT_URL_STS is not set",
        ko: "모든 AWS 서비스의 엔드포인트. AWS_ENDPOINT_URL_STS가 없으면 STS의 엔드포인트")
    static let awsRegionSummary = Localized(
        en: "the region whose STS endpoint is used (https://sts.REGION.amazonaws.com)",
        ko: "STS 엔드포인트를 쓸 리전 (https://sts.REGION.amazonaws.com)")
    static let awsRegionDetail = Localized(en: "When neither endpoint variable is set", ko: "엔드포인트 변수가 둘 다 없을 때")
    static let awsDefaultRegionSummary = Localized(
        en: "the region when AWS_REGION is not set; else us-east-1",
        ko: "AWS_REGION이 없을 때의 리전. 이것도 없으면 us-east-1")
    static let awsCABundleSummary = Localized(
        en: "PEM CA certificates trusted for STS instead of the system's",
        ko: "시스템의 것 대신 STS에 대해 신뢰할 PEM CA 인증서")
    static let authURLRole = Localized(en: "OAuth endpoints: authorize and token", ko: "OAuth 엔드포인트: 인가와 토큰")
    static let apiURLRole = Localized(en: "APIs", ko: "API")
    static let sharerURLRole = Localized(en: "web sharer, for 'kauth link'", ko: "웹 공유 페이지 ('kauth link'용)")
    static let appsURLRole = Localized(en: "account pages, for the shipping-address picker", ko: "계정 페이지 (배송지 선택 화면용)")
}
