/// Words of the errors in how kauth is set up: a provider, a setting, a URL, a redirect URI or a
/// config line it cannot use, and what a provider cannot do. Each names the flag, variable or
/// `kauth config set` that fixes it; whether the running command has the flag is a fact given.
enum SetupErrorWords: Message {
    /// `clientIDName`: what the provider calls the client id, when not "client id"
    /// (Kakao: REST API key), with the provider's display name.
    case missingClientID(provider: String, clientIDFlag: Bool, clientIDName: (provider: String, name: String)?)
    case missingIssuer(provider: String, issuerFlag: Bool)
    case missingAppKey(provider: String)
    case missingURL(provider: String, key: String)
    case invalidSetting(name: String, value: String, expected: [String])
    /// `nearMiss`: the name differs from a known provider by a typo or its case, so the "did you
    /// mean" lines that follow are the fix, not configuring a new provider of that name.
    case unknownProvider(name: String, known: [String], nearMiss: Bool)
    case providerMismatch(profile: String, stored: String, selected: String)
    case insecureURL(label: String, url: String)
    case notAURL(label: String, value: String)
    case plainHTTPServer(url: String)
    case redirectPortConflict(port: UInt16, uri: String)
    case hostNotAllowed(url: String, provider: String, allowed: [String])
    case redirectNotHTTP(uri: String)
    case redirectNotLoopback(uri: String)
    case redirectQueryOrFragment(uri: String)
    case redirectNoPort(uri: String, example: String)
    case configMalformedLine(path: String, line: Int, text: String)
    case configMissingKey(path: String, line: Int)
    case configUnknownKey(key: String, known: [String])
    case configControlCharacters(key: String)
    case configUnreadable(path: String, reason: String)
    case configUnwritable(path: String, reason: String)
    case discoveryNotFound(url: String, status: Int)
    case discoveryIncomplete(url: String)
    case discoveryWrongIssuer(url: String, named: String, expected: String)
    case noIDTokens(provider: String, flag: String)
    case featureMissing(command: String, feature: Localized, provider: String)
    case noPKCE(provider: String)
    case noDeviceGrant(provider: String, discovered: Bool)
    case noPromptValues(provider: String, prompt: String)
    case unknownPrompt(provider: String, prompt: String, allowed: [String])
    case noUserinfo(provider: String)
    case noUnlink(provider: String)

    var localized: Localized {
        switch self {
        case .missingClientID(let provider, let clientIDFlag, let named):
            var english: [String] = []
            var korean: [String] = []
            if clientIDFlag {
                english.append("pass --client-id ID")
                korean.append("--client-id ID를 주거나")
            }
            english += ["set KAUTH_CLIENT_ID", "run `kauth config set provider.\(provider).client_id ID`"]
            korean += ["KAUTH_CLIENT_ID를 설정하거나", "`kauth config set provider.\(provider).client_id ID`를 실행하십시오"]
            let what = named.map { " (for \($0.provider): the app's \($0.name))" } ?? ""
            let koreanWhat = named.map { "(\($0.provider)에서는 앱의 \($0.name))" } ?? ""
            return Localized(
                en: "no client id for provider '\(provider)'; \(Self.either(english))\(what)",
                ko: "'\(provider)' 제공자의 클라이언트 ID\(koreanWhat)가 없습니다. \(korean.joined(separator: " "))")
        case .missingIssuer(let provider, let issuerFlag):
            let english =
                (issuerFlag ? ["pass --issuer URL"] : []) + ["run `kauth config set provider.\(provider).issuer URL`"]
            let korean =
                (issuerFlag ? ["--issuer URL을 주거나"] : []) + [
                    "`kauth config set provider.\(provider).issuer URL`을 실행하십시오"
                ]
            return Localized(
                en: "provider '\(provider)' needs an issuer: \(Self.either(english))",
                ko: "'\(provider)' 제공자에는 issuer가 필요합니다. \(korean.joined(separator: " "))")
        case .missingAppKey(let provider):
            return Localized(
                en:
                    "no app key for provider '\(provider)'; set KAUTH_APP_KEY, KAUTH_CLIENT_ID or `kauth config set provider.\(provider).app_key KEY`",
                ko:
                    "'\(provider)' 제공자의 앱 키가 없습니다. KAUTH_APP_KEY나 KAUTH_CLIENT_ID를 설정하거나 `kauth config set provider.\(provider).app_key KEY`를 실행하십시오"
            )
        case .missingURL(let provider, let key):
            return Localized(
                en: "provider '\(provider)' has no \(key) set; run `kauth config set provider.\(provider).\(key) URL`",
                ko:
                    "'\(provider)' 제공자에 \(key)이(가) 설정되어 있지 않습니다. `kauth config set provider.\(provider).\(key) URL`을 실행하십시오"
            )
        case .invalidSetting(let name, let value, let expected):
            let english = expected.count == 1 ? expected[0] : "one of: " + expected.joined(separator: ", ")
            let korean = expected.count == 1 ? expected[0] : expected.joined(separator: ", ") + " 중 하나"
            return Localized(
                en: "\(name) is '\(value.visible)'; it must be \(english)",
                ko: "\(name)의 값이 '\(value.visible)'입니다. \(korean)여야 합니다")
        case .unknownProvider(let name, let known, let nearMiss):
            let list = known.joined(separator: ", ")
            if nearMiss {
                return Localized(
                    en: "unknown provider '\(name.visible)'; known providers: \(list) (oidc with --issuer URL)",
                    ko: "알 수 없는 제공자 '\(name.visible)'입니다. 알려진 제공자: \(list)(oidc는 --issuer URL과 함께)")
            }
            return Localized(
                en:
                    "unknown provider '\(name.visible)'; known providers: \(list) (oidc with --issuer URL); add one with `kauth config set provider.\(name.visible).type oidc`",
                ko:
                    "알 수 없는 제공자 '\(name.visible)'입니다. 알려진 제공자: \(list)(oidc는 --issuer URL과 함께). 새로 추가하려면 `kauth config set provider.\(name.visible).type oidc`를 실행하십시오"
            )
        case .providerMismatch(let profile, let stored, let selected):
            return Localized(
                en:
                    "profile '\(profile)' is logged in to \(stored.visible), not \(selected.visible), and its tokens go to no other provider; leave out --provider \(selected.visible), or log in to \(selected.visible) under another profile: `kauth login --provider \(selected.visible) --profile NAME`",
                ko:
                    "'\(profile)' 프로필은 \(selected.visible)이(가) 아니라 \(stored.visible)에 로그인되어 있으며, 그 토큰은 다른 제공자에게 보내지 않습니다. --provider \(selected.visible)을(를) 빼거나, 다른 프로필로 \(selected.visible)에 로그인하십시오: `kauth login --provider \(selected.visible) --profile NAME`"
            )
        case .insecureURL(let label, let url):
            return Localized(
                en:
                    "the \(label) '\(url.visible)' must use https (plain http is allowed only for 127.0.0.1, [::1] or localhost); check the provider's config, its KAUTH_*_URL variables or --issuer",
                ko:
                    "\(label) '\(url.visible)'은(는) https를 써야 합니다(http는 127.0.0.1, [::1], localhost에만 허용됩니다). 제공자 설정, KAUTH_*_URL 변수 또는 --issuer를 확인하십시오"
            )
        case .notAURL(let label, let value):
            let scheme = value.firstRange(of: "://").map { String(value[..<$0.lowerBound]) }
            let example = "https://" + (value.firstRange(of: "://").map { String(value[$0.upperBound...]) } ?? value)
            let problem =
                scheme.map {
                    Localized(
                        en: "its scheme '\($0.visible)' is neither https nor http",
                        ko: "스킴 '\($0.visible)'이(가) https도 http도 아닙니다")
                } ?? Localized(en: "it has no scheme", ko: "스킴이 없습니다")
            return Localized(
                en:
                    "the \(label) '\(value.visible)' is not a URL kauth can use: \(problem.english); write it in full, e.g. \(example.visible)",
                ko:
                    "\(label) '\(value.visible)'은(는) kauth가 쓸 수 있는 URL이 아닙니다: \(problem.korean). 전체 URL로 쓰십시오. 예: \(example.visible)"
            )
        case .plainHTTPServer(let url):
            return Localized(
                en:
                    "the server at \(url.visible) answered in plain HTTP, not HTTPS: the URL says https://, so the scheme or the port is wrong (this is not a network problem). Use the server's https address; plain http:// is allowed only for 127.0.0.1, [::1] or localhost",
                ko:
                    "\(url.visible)의 서버가 HTTPS가 아닌 일반 HTTP로 응답했습니다. URL은 https://이므로 스킴이나 포트가 잘못되었습니다(네트워크 문제가 아닙니다). 서버의 https 주소를 쓰십시오. http://는 127.0.0.1, [::1], localhost에만 허용됩니다"
            )
        case .redirectPortConflict(let port, let uri):
            return Localized(
                en: "--port \(port) disagrees with the redirect URI \(uri.visible); give one of them",
                ko: "--port \(port)이(가) 리다이렉트 URI \(uri.visible)와 맞지 않습니다. 둘 중 하나만 주십시오")
        case .hostNotAllowed(let url, let provider, let allowed):
            let hosts = allowed.joined(separator: ", ")
            return Localized(
                en:
                    "kauth sends the tokens of provider '\(provider)' only to its own hosts (\(hosts)), and '\(url.visible)' is not one of them; give a path, a URL on one of those hosts, or set provider.\(provider).api_url",
                ko:
                    "kauth는 '\(provider)' 제공자의 토큰을 그 제공자의 호스트(\(hosts))에만 보내는데, '\(url.visible)'은(는) 그중 하나가 아닙니다. 경로나 그 호스트의 URL을 주거나 provider.\(provider).api_url을 설정하십시오"
            )
        case .redirectNotHTTP(let uri):
            return Localized(
                en: "the redirect URI '\(uri)' must look like http://127.0.0.1:PORT/callback",
                ko: "리다이렉트 URI '\(uri)'은(는) http://127.0.0.1:PORT/callback 형태여야 합니다")
        case .redirectNotLoopback(let uri):
            return Localized(
                en:
                    "the redirect URI '\(uri)' must point at this machine (127.0.0.1 or localhost): kauth listens only on loopback",
                ko: "리다이렉트 URI '\(uri)'은(는) 이 컴퓨터(127.0.0.1 또는 localhost)를 가리켜야 합니다. kauth는 루프백에서만 요청을 받습니다")
        case .redirectQueryOrFragment(let uri):
            return Localized(
                en: "the redirect URI '\(uri)' may not have a query or fragment",
                ko: "리다이렉트 URI '\(uri)'에는 쿼리나 프래그먼트가 있으면 안 됩니다")
        case .redirectNoPort(let uri, let example):
            return Localized(
                en: "the redirect URI '\(uri)' needs an explicit port, e.g. \(example)",
                ko: "리다이렉트 URI '\(uri)'에는 포트를 명시해야 합니다. 예: \(example)")
        case .configMalformedLine(let path, let line, let text):
            return Localized(
                en: "\(path):\(line): expected `key = value`, found '\(text.visible)'; fix or remove that line",
                ko: "\(path):\(line): `key = value` 형식이어야 하는데 '\(text.visible)'입니다. 그 줄을 고치거나 지우십시오")
        case .configMissingKey(let path, let line):
            return Localized(
                en: "\(path):\(line): a line has a value but no key; fix or remove that line",
                ko: "\(path):\(line): 값은 있는데 키가 없는 줄입니다. 그 줄을 고치거나 지우십시오")
        case .configUnknownKey(let key, let known):
            let keys = known.joined(separator: ", ")
            return Localized(
                en:
                    "unknown config key '\(key.visible)'; keys look like provider.NAME.KEY (NAME of letters, digits, - and _), with KEY one of: \(keys)",
                ko:
                    "알 수 없는 설정 키 '\(key.visible)'입니다. 키는 provider.NAME.KEY 형태이며(NAME은 영문자, 숫자, -, _), KEY는 다음 중 하나입니다: \(keys)"
            )
        case .configControlCharacters(let key):
            return Localized(
                en:
                    "'\(key.visible)' or its value contains a line break or another control character; config keys and values are single lines",
                ko: "'\(key.visible)' 또는 그 값에 줄바꿈이나 다른 제어 문자가 있습니다. 설정 키와 값은 한 줄이어야 합니다")
        case .configUnreadable(let path, let reason):
            return Localized(
                en: "cannot read the config file \(path) (\(reason.visible)); check it and its permissions",
                ko: "설정 파일 \(path)을(를) 읽을 수 없습니다(\(reason.visible)). 파일과 그 권한을 확인하십시오")
        case .configUnwritable(let path, let reason):
            return Localized(
                en: "cannot write the config file \(path) (\(reason.visible)); check the folder, or set KAUTH_HOME",
                ko: "설정 파일 \(path)에 쓸 수 없습니다(\(reason.visible)). 폴더를 확인하거나 KAUTH_HOME을 설정하십시오")
        case .discoveryNotFound(let url, let status):
            return Localized(
                en:
                    "no OpenID Connect discovery document at \(url) (HTTP \(status)); check the issuer (--issuer or provider.NAME.issuer)",
                ko:
                    "\(url)에 OpenID Connect 디스커버리 문서가 없습니다(HTTP \(status)). issuer를 확인하십시오(--issuer 또는 provider.NAME.issuer)"
            )
        case .discoveryIncomplete(let url):
            return Localized(
                en:
                    "the discovery document at \(url) lacks required members (issuer, authorization_endpoint, token_endpoint)",
                ko: "\(url)의 디스커버리 문서에 필수 항목(issuer, authorization_endpoint, token_endpoint)이 없습니다")
        case .discoveryWrongIssuer(let url, let named, let expected):
            return Localized(
                en:
                    "the discovery document at \(url) names the issuer '\(named.visible)', not '\(expected)'; refusing it (OIDC Discovery §4.3): check the issuer for a typo or a trailing slash",
                ko:
                    "\(url)의 디스커버리 문서가 issuer를 '\(expected)'이(가) 아니라 '\(named.visible)'(으)로 밝혀 거부합니다(OIDC Discovery §4.3). issuer에 오타나 끝의 슬래시가 있는지 확인하십시오"
            )
        case .noIDTokens(let provider, let flag):
            return Localized(
                en:
                    "provider '\(provider)' issues no ID tokens (it does not speak OpenID Connect), so \(flag) cannot work with it; leave \(flag) out",
                ko:
                    "'\(provider)' 제공자는 ID 토큰을 발급하지 않으므로(OpenID Connect를 지원하지 않음) \(flag)을(를) 쓸 수 없습니다. \(flag)을(를) 빼십시오"
            )
        case .featureMissing(let command, let feature, let provider):
            return Localized(
                en: "`\(command)` needs \(feature.english), which provider '\(provider)' does not have",
                ko: "`\(command)`에는 \(feature.korean)이(가) 필요한데 '\(provider)' 제공자에는 없습니다")
        case .noPKCE(let provider):
            return Localized(
                en:
                    "provider '\(provider)' does not list PKCE S256 (code_challenge_methods_supported); kauth will not log in without it unless you pass --allow-no-pkce",
                ko:
                    "'\(provider)' 제공자가 PKCE S256을 밝히지 않습니다(code_challenge_methods_supported). --allow-no-pkce를 주지 않으면 kauth는 PKCE 없이 로그인하지 않습니다"
            )
        case .noDeviceGrant(let provider, let discovered):
            let why =
                discovered ? " (its discovery lists no device_authorization_endpoint)" : " (RFC 8628 device login)"
            let koreanWhy =
                discovered ? "(디스커버리 문서에 device_authorization_endpoint가 없음)" : "(RFC 8628 기기 로그인)"
            return Localized(
                en:
                    "provider '\(provider)' offers no device authorization\(why); use --no-browser to log in from a machine without a browser",
                ko: "'\(provider)' 제공자는 기기 인증을 제공하지 않습니다\(koreanWhy). 브라우저가 없는 컴퓨터에서는 --no-browser로 로그인하십시오")
        case .noPromptValues(let provider, let prompt):
            return Localized(
                en: "provider '\(provider)' takes no --prompt values ('\(prompt.visible)' was given)",
                ko: "'\(provider)' 제공자는 --prompt 값을 받지 않습니다('\(prompt.visible)'이(가) 주어졌습니다)")
        case .unknownPrompt(let provider, let prompt, let allowed):
            let list = allowed.joined(separator: ", ")
            return Localized(
                en: "unknown prompt '\(prompt.visible)' for provider '\(provider)'; use one or more of: \(list)",
                ko: "'\(provider)' 제공자에 알 수 없는 prompt '\(prompt.visible)'입니다. 다음 중 하나 이상을 쓰십시오: \(list)")
        case .noUserinfo(let provider):
            return Localized(
                en: "provider '\(provider)' has no userinfo endpoint",
                ko: "'\(provider)' 제공자에는 userinfo 엔드포인트가 없습니다")
        case .noUnlink(let provider):
            return Localized(
                en:
                    "provider '\(provider)' has no way to unlink a user from the app; use `kauth logout` to revoke this login's tokens",
                ko: "'\(provider)' 제공자에는 앱과 사용자의 연결 끊기 기능이 없습니다. 이 로그인의 토큰을 폐기하려면 `kauth logout`을 쓰십시오")
        }
    }

    /// "a, b, or c".
    static func either(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + ", or " + items[items.count - 1]
    }
}

/// What a command needs of a provider that it lacks, as the object of "needs".
enum ProviderFeatureWords: Message {
    case consent, serviceTerms, userProperties, shippingAddresses, tokenInfo, share, talk, loginHint, idToken
    case tokenExchange, clientCredentials, introspection
    /// A feature these words do not know, by its name.
    case other(String)

    var localized: Localized {
        switch self {
        case .consent: Localized(en: "a consent API (Kakao's /v2/user/scopes)", ko: "동의 내역 API(카카오의 /v2/user/scopes)")
        case .serviceTerms: Localized(en: "service terms (Kakao Sync)", ko: "서비스 약관(카카오싱크)")
        case .userProperties:
            Localized(
                en: "app-defined user properties (Kakao's user properties)", ko: "앱이 정의한 사용자 프로퍼티(카카오의 사용자 프로퍼티)")
        case .shippingAddresses:
            Localized(en: "shipping addresses (Kakao's shipping-address API)", ko: "배송지(카카오의 배송지 API)")
        case .tokenInfo:
            Localized(
                en: "an access-token information API (Kakao's /v1/user/access_token_info)",
                ko: "액세스 토큰 정보 API(카카오의 /v1/user/access_token_info)")
        case .share: Localized(en: "a share API (Kakao Talk share)", ko: "공유 API(카카오톡 공유)")
        case .talk: Localized(en: "Kakao Talk messages", ko: "카카오톡 메시지")
        case .loginHint: Localized(en: "login hints (login_hint)", ko: "로그인 힌트(login_hint)")
        case .idToken: Localized(en: "OpenID Connect ID tokens", ko: "OpenID Connect ID 토큰")
        case .tokenExchange: Localized(en: "token exchange (RFC 8693)", ko: "토큰 교환(RFC 8693)")
        case .clientCredentials:
            Localized(
                en: "a machine's login (the OAuth client credentials grant; use --provider oidc)",
                ko: "기계의 로그인(OAuth 클라이언트 자격 증명 그랜트. --provider oidc를 사용하십시오)")
        case .introspection:
            Localized(
                en: "token introspection (RFC 7662; OpenID Connect providers that advertise it)",
                ko: "토큰 조회(RFC 7662. 이를 알리는 OpenID Connect 제공자)")
        case .other(let name): .verbatim(name)
        }
    }
}
