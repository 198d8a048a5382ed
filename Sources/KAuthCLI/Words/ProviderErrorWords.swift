/// Words of the errors in talking to a provider: no answer, an answer kauth cannot use, an OAuth
/// error, an API error, a refusal no new login fixes, a TLS failure, an ID token or userinfo
/// refused, `kauth api --paginate` stopped. Text from the network is made visible.
enum ProviderErrorWords: Message {
    /// `what`: what was tried and what came back; `loopback`: the server is on this machine (a
    /// `kauth sandbox` or a test server), so the network is not what to check.
    case unavailable(what: Localized, loopback: Bool)
    case unexpectedResponse(what: Localized)
    /// `meaning`: what the error means and how to fix it, when kauth knows.
    case oauth(error: String, description: String?, providerCode: String?, meaning: Localized?)
    case oauthWrongClientSecret(provider: String, clientSecretFlag: Bool)
    case oauthRedirectURINotRegistered(registration: String?, redirectFlag: Bool)
    case oauthWrongClientID(provider: String, clientIDFlag: Bool)
    case api(status: Int, code: Int?, message: String)
    case appKeyRejected(provider: String, message: String)
    case talkSocialNotPermitted(code: Int, message: String)
    case notPermitted(code: Int, message: String)
    case quotaExceeded(provider: String, code: Int, message: String)
    case appSuspended(provider: String, code: Int, message: String)
    case accountRestricted(provider: String, code: Int, message: String)
    case tlsFailed(url: String, detail: String, caFile: String?, clientCertificate: String?, clientKey: String?)
    case idTokenRefused(provider: String, why: Localized)
    case foreignUserinfo(subject: String?, expected: String)
    case httpUnavailable(detail: String)
    case unexpected(description: String)
    case pageFailed(page: Int, url: String, error: Localized)
    case pageNotJSON(page: Int, url: String)
    case pageForeignLink(page: Int, url: String)
    case pageRepeatedLink(page: Int, url: String)
    case tooManyPages(limit: Int)

    var localized: Localized {
        switch self {
        case .unavailable(let what, let loopback):
            if loopback {
                return Localized(
                    en:
                        "\(what.english.visible); the server is on this machine (127.0.0.1 or localhost), so no network is involved: is the sandbox or local server still running? (`kauth sandbox` starts one)",
                    ko:
                        "\(what.korean.visible). 서버가 이 컴퓨터(127.0.0.1 또는 localhost)에 있으므로 네트워크 문제가 아닙니다. 샌드박스나 로컬 서버가 아직 실행 중인지 확인하십시오(`kauth sandbox`로 시작합니다)"
                )
            }
            return Localized(
                en: "\(what.english.visible); check your network or try again later",
                ko: "\(what.korean.visible). 네트워크를 확인하거나 잠시 뒤에 다시 시도하십시오")
        case .unexpectedResponse(let what):
            return Localized(
                en: "unexpected response from the provider: \(what.english.visible)",
                ko: "제공자에게서 예상하지 못한 응답을 받았습니다: \(what.korean.visible)")
        case .oauth(let error, let description, let providerCode, let meaning):
            var english = "the provider refused the request: \(error.visible)"
            var korean = "제공자가 요청을 거부했습니다: \(error.visible)"
            if let description, !description.isEmpty {
                english += " (\(description))"
                korean += " (\(description))"
            }
            if let providerCode {
                english += " [\(providerCode.visible)]"
                korean += " [\(providerCode.visible)]"
            }
            return Localized(en: english, ko: korean) + (meaning ?? .verbatim(""))
        case .oauthWrongClientSecret(let provider, let flag):
            let ways =
                "\(flag ? "--client-secret, " : "")KAUTH_CLIENT_SECRET or `kauth config set provider.\(provider).client_secret S`"
            let koreanWays =
                "\(flag ? "--client-secret, " : "")KAUTH_CLIENT_SECRET 또는 `kauth config set provider.\(provider).client_secret S`"
            return Localized(
                en:
                    "; the client secret was refused: set it (\(ways)) to the one in the provider's console; if it is right, check the client id",
                ko:
                    ". 클라이언트 시크릿이 거부되었습니다. 제공자 콘솔의 값으로 설정하십시오(\(koreanWays)). 맞다면 클라이언트 ID를 확인하십시오")
        case .oauthRedirectURINotRegistered(let registration, let redirectFlag):
            let registered = registration.map { " (\($0))" } ?? ""
            return Localized(
                en:
                    "; register the exact redirect URI with the provider\(registered)"
                    + (redirectFlag ? ", or pass the registered one with --redirect-uri" : ""),
                ko:
                    ". 리다이렉트 URI를 제공자에 정확히 등록하십시오\(registered)"
                    + (redirectFlag ? ". 또는 등록한 URI를 --redirect-uri로 주십시오" : ""))
        case .oauthWrongClientID(let provider, let flag):
            let ways =
                "KAUTH_CLIENT_ID\(flag ? ", --client-id" : ""), or `kauth config set provider.\(provider).client_id ID`"
            return Localized(
                en: "; check the client id (\(ways))",
                ko: ". 클라이언트 ID를 확인하십시오(\(ways))")
        case .api(let status, let code, let message):
            if message.isEmpty && code == nil {
                return Localized(
                    en: "the API answered HTTP \(status) with no message", ko: "API가 메시지 없이 HTTP \(status)(으)로 응답했습니다")
            }
            let error = code.map { " \($0)" } ?? ""
            return Localized(
                en: "the API answered HTTP \(status) with error\(error): \(message.visible)",
                ko: "API가 HTTP \(status) 오류\(error)(으)로 응답했습니다: \(message.visible)")
        case .appKeyRejected(let provider, let message):
            return Localized(
                en:
                    "the app key was rejected (\(message.visible)); check KAUTH_APP_KEY or `kauth config set provider.\(provider).app_key KEY`",
                ko:
                    "앱 키가 거부되었습니다(\(message.visible)). KAUTH_APP_KEY나 `kauth config set provider.\(provider).app_key KEY`를 확인하십시오"
            )
        case .talkSocialNotPermitted(let code, let message):
            return Localized(
                en:
                    "the app may not read the friends list or message friends yet (Kakao answered \(code): \(message.visible)). This needs the Kakao Talk Social permission: in the Kakao Developers console, set up the consent item 'Friends List in Kakao Service' (friends) under Kakao Login → Consent items, then, under App → Request additional features (추가 기능 신청), request the friends-list permission (친구 목록) and, to send messages, the Kakao Talk message permission; Kakao reviews each request. Until they are granted, only the app's team members can be listed and messaged",
                ko:
                    "앱이 아직 친구 목록을 읽거나 친구에게 메시지를 보낼 수 없습니다(카카오 응답 \(code): \(message.visible)). 카카오톡 소셜 권한이 필요합니다. 카카오디벨로퍼스 콘솔의 [카카오 로그인] > [동의항목]에서 '카카오 서비스 내 친구 목록'(friends) 동의항목을 설정한 뒤, [앱] > [추가 기능 신청]에서 친구 목록 권한과, 메시지를 보내려면 카카오톡 메시지 권한을 신청하십시오. 카카오가 신청마다 검수합니다. 권한을 받기 전에는 앱의 팀원만 조회하고 메시지를 보낼 수 있습니다"
            )
        case .notPermitted(let code, let message):
            return Localized(
                en:
                    "the app may not use this API (Kakao answered \(code): \(message.visible)); enable the feature or request the permission for it in the Kakao Developers console",
                ko:
                    "앱이 이 API를 사용할 수 없습니다(카카오 응답 \(code): \(message.visible)). 카카오디벨로퍼스 콘솔에서 기능을 활성화하거나 권한을 신청하십시오")
        case .quotaExceeded(let provider, let code, let message):
            let said = "\(provider.visible) answered \(code): \(message.visible)"
            return Localized(
                en:
                    "a quota of \(provider.visible) is used up (\(said)): either the app's quota for this API, or the number of tokens one user may be issued or refreshed in a day. Nothing was changed and the stored login is kept. Wait until the quota resets (daily) and run the command again; kauth refreshes only when the token is about to expire, so avoid `kauth token refresh`, `kauth login` or --min-valid in loops. The app's quotas and usage are shown in the \(provider.visible) developers console",
                ko:
                    "\(provider.visible)의 쿼터를 모두 썼습니다(\(provider.visible) 응답 \(code): \(message.visible)). 이 API에 대한 앱의 쿼터이거나, 한 사용자가 하루에 발급 또는 갱신받을 수 있는 토큰 수입니다. 아무것도 바뀌지 않았고 저장된 로그인은 그대로입니다. 쿼터가 초기화될 때까지(매일) 기다린 뒤 명령을 다시 실행하십시오. kauth는 토큰이 곧 만료될 때만 갱신하므로, 반복문에서 `kauth token refresh`, `kauth login`, --min-valid를 쓰지 마십시오. 앱의 쿼터와 사용량은 \(provider.visible) 개발자 콘솔에 나옵니다"
            )
        case .appSuspended(let provider, let code, let message):
            return Localized(
                en:
                    "\(provider.visible) has suspended the app or its developer account (\(provider.visible) answered \(code): \(message.visible)); no command or new login can change that: the app's administrator must resolve it with \(provider.visible) (see the notices in the developers console)",
                ko:
                    "\(provider.visible)이(가) 앱이나 개발자 계정을 제재했습니다(\(provider.visible) 응답 \(code): \(message.visible)). 어떤 명령이나 새 로그인으로도 바꿀 수 없습니다. 앱 관리자가 \(provider.visible)와(과) 해결해야 합니다(개발자 콘솔의 공지를 보십시오)"
            )
        case .accountRestricted(let provider, let code, let message):
            return Localized(
                en:
                    "\(provider.visible) has blocked or restricted this user's account (\(provider.visible) answered \(code): \(message.visible)); a new login does not help: the user must resolve it with \(provider.visible) (their account's notices, or customer service)",
                ko:
                    "\(provider.visible)이(가) 이 사용자의 계정을 차단하거나 제한했습니다(\(provider.visible) 응답 \(code): \(message.visible)). 새로 로그인해도 소용없습니다. 사용자가 \(provider.visible)와(과) 해결해야 합니다(계정의 공지나 고객센터)"
            )
        case .tlsFailed(let url, let detail, let caFile, let clientCertificate, let clientKey):
            var english = "the TLS connection to \(url.visible) failed: \(detail.visible). Nothing was sent. "
            var korean = "\(url.visible)와(과)의 TLS 연결에 실패했습니다: \(detail.visible). 아무것도 보내지 않았습니다. "
            if let caFile {
                english +=
                    "Only the CA certificates in \(caFile.visible) were trusted (provider.NAME.ca_file, else KAUTH_CA_FILE): check that the file is PEM and holds the CA that signed the server's certificate"
                korean +=
                    "\(caFile.visible)의 CA 인증서만 신뢰했습니다(provider.NAME.ca_file, 없으면 KAUTH_CA_FILE). 파일이 PEM이고 서버 인증서에 서명한 CA를 담고 있는지 확인하십시오"
            } else {
                english +=
                    "If the server's certificate comes from a private CA, give that CA's PEM file with `kauth config set provider.NAME.ca_file FILE` (or KAUTH_CA_FILE for every provider)"
                korean +=
                    "서버 인증서가 사설 CA에서 발급되었다면 그 CA의 PEM 파일을 `kauth config set provider.NAME.ca_file FILE`(모든 제공자에는 KAUTH_CA_FILE)(으)로 주십시오"
            }
            if let clientCertificate {
                english +=
                    "; the client certificate presented was \(clientCertificate.visible)"
                    + (clientKey.map { " with the key \($0.visible)" } ?? "")
                korean +=
                    ". 제시한 클라이언트 인증서는 \(clientCertificate.visible)입니다" + (clientKey.map { "(키: \($0.visible))" } ?? "")
            } else {
                english += "; a server that demands a client certificate takes provider.NAME.client_cert and client_key"
                korean += ". 클라이언트 인증서를 요구하는 서버에는 provider.NAME.client_cert와 client_key를 설정하십시오"
            }
            return Localized(en: english, ko: korean)
        case .idTokenRefused(let provider, let why):
            return Localized(
                en: "the ID token from \(provider.visible) was refused: \(why.english.visible); nothing was stored",
                ko: "\(provider.koreanName)의 ID 토큰을 거부했습니다: \(why.korean.visible). 아무것도 저장하지 않았습니다")
        case .foreignUserinfo(let subject, let expected):
            return Localized(
                en:
                    "the provider's userinfo answered for \(subject.map { "subject '\($0.visible)'" } ?? "no subject"), not for the logged-in user '\(expected.visible)' of the ID token; the answer was not used (OpenID Connect Core §5.3.2: it may be about someone else)",
                ko:
                    "제공자의 userinfo가 ID 토큰의 로그인 사용자 '\(expected.visible)'이(가) 아니라 \(subject.map { "subject '\($0.visible)'" } ?? "subject 없음")에 대해 응답했습니다. 그 응답은 쓰지 않았습니다(OpenID Connect Core §5.3.2: 다른 사람의 정보일 수 있습니다)"
            )
        case .httpUnavailable(let detail):
            return Localized(
                en: ("HTTP is not available on this machine: kauth needs libcurl to make HTTP requests and could not load it (\(detail)). "
                    + "Install libcurl: on Debian or Ubuntu `apt install libcurl4`, "
                    + "on Fedora `dnf install libcurl`, on Alpine `apk add libcurl`.").visible,
                ko: ("이 컴퓨터에서는 HTTP를 쓸 수 없습니다. kauth는 HTTP 요청에 libcurl이 필요한데 불러오지 못했습니다(\(detail)). "
                    + "libcurl을 설치하십시오: Debian이나 Ubuntu는 `apt install libcurl4`, "
                    + "Fedora는 `dnf install libcurl`, Alpine은 `apk add libcurl`.").visible)
        case .unexpected(let description):
            return .verbatim(description.visible)
        case .pageFailed(let page, let url, let error):
            return Localized(
                en:
                    "page \(page) of --paginate (\(url.visible)) failed, its answer is on stdout and the pages before it are not: \(error.english)",
                ko:
                    "--paginate의 \(page)번째 페이지(\(url.visible))가 실패했습니다. 그 응답은 stdout에 있고 앞의 페이지들은 없습니다: \(error.korean)"
            )
        case .pageNotJSON(let page, let url):
            return Localized(
                en:
                    "page \(page) of --paginate (\(url.visible)) is not JSON, so the pages cannot be joined; the pages before it are on stdout. Call that URL without --paginate to see it",
                ko:
                    "--paginate의 \(page)번째 페이지(\(url.visible))가 JSON이 아니어서 페이지를 이을 수 없습니다. 앞의 페이지들은 stdout에 있습니다. 그 URL을 --paginate 없이 호출해 보십시오"
            )
        case .pageForeignLink(let page, let url):
            return Localized(
                en:
                    "page \(page) links its next page to \(url.visible), which is not one of the provider's hosts: the token was not sent there, and the \(page) page(s) fetched are on stdout",
                ko:
                    "\(page)번째 페이지가 다음 페이지로 제공자의 호스트가 아닌 \(url.visible)을(를) 가리킵니다. 토큰은 그곳에 보내지 않았고, 가져온 \(page)개 페이지는 stdout에 있습니다"
            )
        case .pageRepeatedLink(let page, let url):
            return Localized(
                en:
                    "page \(page) links back to a page already fetched (\(url.visible)); the provider's paging loops, so kauth stopped. The \(page) page(s) fetched are on stdout",
                ko:
                    "\(page)번째 페이지가 이미 가져온 페이지(\(url.visible))를 다시 가리킵니다. 제공자의 페이지가 순환하므로 멈췄습니다. 가져온 \(page)개 페이지는 stdout에 있습니다"
            )
        case .tooManyPages(let limit):
            return Localized(
                en:
                    "--paginate stopped after \(limit) pages with more announced; the \(limit) pages fetched are on stdout. Ask for larger pages (a page-size field such as -f limit=100 or -f per_page=100) or fewer items",
                ko:
                    "다음 페이지가 더 있지만 --paginate가 \(limit)개 페이지 뒤에 멈췄습니다. 가져온 \(limit)개 페이지는 stdout에 있습니다. 더 큰 페이지(-f limit=100이나 -f per_page=100 같은 페이지 크기 필드)나 더 적은 항목을 요청하십시오"
            )
        }
    }
}
