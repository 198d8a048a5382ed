/// Words of a login that ended without tokens, and of its redirect listener: denied, cancelled,
/// timed out (and what usually keeps the redirect away), no browser and no terminal, a port
/// taken. `again` is the running login to repeat, as an `Invocation`.
enum LoginErrorWords: Message {
    case denied(provider: String, error: String, detail: String?, again: Invocation)
    /// The provider refused a scope (`invalid_scope`): repeating the same login fails the same
    /// way, so the words name the scopes as not being consent items, as `scopes request` does.
    case invalidScope(provider: String, detail: String?, scopes: String?, listing: Invocation)
    case interrupted
    /// `noRedirect`: what usually keeps the redirect away, or what the listener saw instead.
    case timedOut(seconds: Int, noRedirect: Localized, again: Invocation)
    /// `browserTurnedOff`: `--no-browser` was given, so no browser was tried at all.
    case noBrowserNoTerminal(
        browserTurnedOff: Bool, refreshToken: Invocation, withToken: Invocation, device: Invocation?)
    case takeover(again: Invocation, noBrowser: Invocation)
    case deviceDenied(provider: String, again: Invocation)
    case deviceExpired(again: Invocation)
    case deviceTimedOut(seconds: Int, again: Invocation)
    /// `listening`: something accepts connections on the port (another `kauth login` waiting for
    /// its browser, a server); else, in Linux's ephemeral range, an outgoing connection may hold it.
    case portInUse(port: UInt16, redirectURI: String, listening: Bool, ephemeral: Bool)
    case listenerFailed(detail: String)
    /// Why a redirect was refused for its `iss` (RFC 9207), as a provider's `error_description`
    /// would say it: the terminal and the browser page show it so.
    case wrongIssuer(expected: String, got: String?)

    var localized: Localized {
        switch self {
        case .denied(let provider, let error, let detail, let again):
            let said = detail.map { ": \($0.visible)" } ?? ""
            // The same login again would be refused again: what to change is the resource.
            if error == "invalid_target" {
                return Localized(
                    en:
                        "the login failed at \(provider.visible) (\(error.visible)\(said)): it does not serve a resource --resource names, or not to this client; check the URI, or have the resource registered for the client",
                    ko:
                        "\(provider.koreanName)에서 로그인에 실패했습니다(\(error.visible)\(said)). --resource로 지정한 리소스를 제공하지 않거나 이 클라이언트에는 제공하지 않습니다. URI를 확인하거나 클라이언트에 그 리소스를 등록하십시오"
                )
            }
            return error == "access_denied"
                ? Localized(
                    en:
                        "the login was denied at \(provider.visible) (\(error.visible)\(said)); run \(again) to try again",
                    ko: "\(provider.koreanName)에서 로그인이 거부되었습니다(\(error.visible)\(said)). 다시 시도하려면 \(again)을(를) 실행하십시오")
                : Localized(
                    en: "the login failed at \(provider.visible) (\(error.visible)\(said)); run \(again) to try again",
                    ko: "\(provider.koreanName)에서 로그인에 실패했습니다(\(error.visible)\(said)). 다시 시도하려면 \(again)을(를) 실행하십시오")
        case .invalidScope(let provider, let detail, let scopes, let listing):
            let said = detail.map { ": \($0.visible)" } ?? ""
            let asked = scopes.map { " (\($0.visible))" } ?? ""
            let koreanAsked = scopes.map { "(\($0.visible))" } ?? ""
            return Localized(
                en:
                    "the login failed at \(provider.visible) (invalid_scope\(said)): a scope asked for\(asked) is not a consent item of the app; check the spelling in --scopes or the config's scopes (\(listing) lists the consent items of a login), or set the item up in the provider's console",
                ko:
                    "\(provider.visible)에서 로그인에 실패했습니다(invalid_scope\(said)). 요청한 동의항목\(koreanAsked) 중 앱의 동의항목이 아닌 것이 있습니다. --scopes나 설정의 scopes에서 철자를 확인하거나(\(listing)이(가) 로그인의 동의항목을 보여줍니다), 제공자의 콘솔에서 그 동의항목을 설정하십시오"
            )
        case .interrupted:
            return Localized(
                en: "the login was interrupted; nothing was stored", ko: "로그인이 중단되었습니다. 아무것도 저장하지 않았습니다")
        case .timedOut(let seconds, let noRedirect, let again):
            return Localized(
                en:
                    "no login arrived within \(seconds) s. \(noRedirect.english) Then run \(again) again (--timeout SECONDS gives more time; --no-browser lets you paste the redirect URL).",
                ko:
                    "\(seconds)초 안에 로그인이 도착하지 않았습니다. \(noRedirect.korean) 그런 다음 \(again)을(를) 다시 실행하십시오(--timeout SECONDS로 시간을 늘릴 수 있고, --no-browser로 리다이렉트 URL을 붙여 넣을 수 있습니다)."
            )
        case .noBrowserNoTerminal(let browserTurnedOff, let refreshToken, let withToken, let device):
            return Localized(
                en: (browserTurnedOff ? "--no-browser was given" : "no browser could be started")
                    + " and standard input is not a terminal (it ended with no redirect URL), so nothing can finish this login here (CI, cron, or input from /dev/null?). Log in once where a browser runs, print the refresh token there with \(refreshToken), and hand it over: \(withToken) reads it on standard input, or set KAUTH_REFRESH_TOKEN for each command"
                    + (device.map { "; or run \($0), which shows a code to enter on any device" } ?? "")
                    + ". To paste the redirect URL by hand, run the login in a terminal",
                ko: (browserTurnedOff ? "--no-browser가 주어졌고" : "브라우저를 실행할 수 없고")
                    + " 표준 입력이 터미널이 아니어서(리다이렉트 URL 없이 입력이 끝남) 여기서는 이 로그인을 마칠 수 없습니다(CI, cron, 또는 /dev/null 입력인가요?). 브라우저가 있는 곳에서 한 번 로그인한 뒤 그곳에서 \(refreshToken)(으)로 리프레시 토큰을 출력해 넘기십시오. \(withToken)이(가) 표준 입력에서 읽거나, 명령마다 KAUTH_REFRESH_TOKEN을 설정하면 됩니다"
                    + (device.map { ". 또는 아무 기기에서나 입력할 코드를 보여주는 \($0)을(를) 실행하십시오" } ?? "")
                    + ". 리다이렉트 URL을 직접 붙여 넣으려면 터미널에서 로그인하십시오")
        case .takeover(let again, let noBrowser):
            return Localized(
                en:
                    "the login was stopped: its single-use start link was opened twice, so another program on this machine may have tried to take it over; nothing was stored. Run \(again) again, or \(noBrowser), which opens nothing",
                ko:
                    "로그인을 멈췄습니다. 한 번만 쓸 수 있는 시작 링크가 두 번 열려, 이 컴퓨터의 다른 프로그램이 로그인을 가로채려 했을 수 있습니다. 아무것도 저장하지 않았습니다. \(again)을(를) 다시 실행하거나, 아무것도 열지 않는 \(noBrowser)을(를) 실행하십시오"
            )
        case .deviceDenied(let provider, let again):
            return Localized(
                en: "the login was denied at \(provider.visible) (access_denied); run \(again) to try again",
                ko: "\(provider.koreanName)에서 로그인이 거부되었습니다(access_denied). 다시 시도하려면 \(again)을(를) 실행하십시오")
        case .deviceExpired(let again):
            return Localized(
                en: "the device code expired before the login was approved; run \(again) again",
                ko: "로그인이 승인되기 전에 기기 코드가 만료되었습니다. \(again)을(를) 다시 실행하십시오")
        case .deviceTimedOut(let seconds, let again):
            return Localized(
                en: "no approval arrived within \(seconds) s; run \(again) again",
                ko: "\(seconds)초 안에 승인이 오지 않았습니다. \(again)을(를) 다시 실행하십시오")
        case .portInUse(let port, let redirectURI, let listening, let ephemeral):
            var english = "port \(port) for the redirect URI \(redirectURI) is already in use"
            var korean = "리다이렉트 URI \(redirectURI)의 포트 \(port)을(를) 이미 사용 중입니다"
            if listening {
                english +=
                    " — a program listens on it, such as another `kauth login` still waiting for its browser or a `kauth sandbox`"
                korean += "(다른 프로그램이 이 포트에서 요청을 받고 있습니다. 브라우저를 기다리는 다른 `kauth login`이나 `kauth sandbox`일 수 있습니다)"
            } else if ephemeral {
                english +=
                    " — perhaps by another program's outgoing connection, since it lies in Linux's ephemeral port range (32768–60999), where the system hands ports out on its own"
                korean += "(Linux의 임시 포트 범위(32768–60999)에 있어 시스템이 스스로 나눠 주는 포트이므로, 다른 프로그램의 나가는 연결이 쓰고 있을 수 있습니다)"
            }
            return Localized(
                en: english
                    + "; stop the program using it and try again, or pick another port with --port N or --redirect-uri URI (and register that URI with the provider)",
                ko: korean
                    + ". 그 프로그램을 멈추고 다시 시도하거나, --port N 또는 --redirect-uri URI로 다른 포트를 고르십시오(그 URI를 제공자에 등록해야 합니다)")
        case .listenerFailed(let detail):
            return Localized(
                en: "cannot start the redirect listener: \(detail.visible)",
                ko: "리다이렉트 리스너를 시작할 수 없습니다: \(detail.visible)")
        case .wrongIssuer(let expected, let got):
            return Localized(
                en:
                    "the authorization response's iss is \(got.map { "'\($0)'" } ?? "none"), not '\(expected)' (RFC 9207); nothing was exchanged",
                ko:
                    "인가 응답의 iss가 '\(expected)'이(가) 아니라 \(got.map { "'\($0)'" } ?? "없음")입니다(RFC 9207). 아무것도 교환하지 않았습니다")
        }
    }
}

/// What usually keeps a login's redirect from arriving, and how to change it; or, when the
/// listener saw requests of another login, that instead (an earlier warning said so, and the
/// registration is not the fault). A free port is never offered for registration: it changes on
/// every run.
enum NoRedirectWords: Message {
    /// Requests with a missing or wrong `state` reached the listener: the redirect URI works.
    case wrongStateSeen(count: Int)
    /// The listener took a free port, which cannot be registered; `environment`: the variable that
    /// asked for it (a `kauth sandbox` setting), else `portFlag` says whether `--port` exists.
    case freePort(provider: String, source: Localized, environment: String?, portFlag: Bool, registration: String?)
    /// `source`: where the redirect URI came from, unless built in.
    case notRegistered(
        provider: String, redirectURI: String, registration: String?, source: Localized?, redirectFlag: Bool)
    /// The client id's part: `source` where it came from, else whether `--client-id` exists.
    case clientID(name: String, source: Localized?, clientIDFlag: Bool)

    var localized: Localized {
        switch self {
        case .wrongStateSeen(let count):
            let requests = count == 1 ? "a request" : "\(count) requests"
            return Localized(
                en:
                    "The redirect listener was reached, so the redirect URI is registered, but it ignored \(requests) with a missing or wrong state (not from this login): a browser tab of an earlier login, or another program, came back instead. Finish the login in the tab this login opens.",
                ko:
                    "리다이렉트 리스너에 요청이 도착했으므로 리다이렉트 URI는 등록되어 있습니다. 다만 state가 없거나 틀린 요청 \(count)개를 무시했습니다(이 로그인의 요청이 아님). 이전 로그인의 브라우저 탭이나 다른 프로그램이 대신 돌아온 것입니다. 이 로그인이 여는 탭에서 로그인을 마치십시오."
            )
        case .freePort(let provider, let source, let environment, let portFlag, let registration):
            let lead = Self.lead(provider)
            let registered = registration.map { " (\($0))" } ?? ""
            let english: String
            let korean: String
            if let environment {
                english = "Unset \(environment) (a `kauth sandbox` setting), or set it to a fixed port N, "
                korean = "\(environment) 설정을 해제하거나(`kauth sandbox` 설정) 고정 포트 N으로 설정한 뒤, "
            } else {
                let flag = portFlag ? "--port N" : "KAUTH_REDIRECT_PORT=N"
                english = "Pick a fixed port with \(flag), "
                korean = "\(flag)(으)로 고정 포트를 고른 뒤, "
            }
            return lead
                + Localized(
                    en:
                        "this login listened on a free port (set by \(source.english)), which changes on every run and so cannot be registered. \(english)and register that exact URI\(registered).",
                    ko:
                        "이 로그인은 빈 포트에서 기다렸는데(\(source.korean)에서 설정), 빈 포트는 실행할 때마다 바뀌므로 등록할 수 없습니다. \(korean)그 URI를 정확히 등록하십시오\(registered)."
                )
        case .notRegistered(let provider, let redirectURI, let registration, let source, let redirectFlag):
            let registered = registration.map { " (\($0))" } ?? ""
            var english = "register exactly \(redirectURI)\(registered)"
            var korean = "\(redirectURI)을(를) 정확히 등록하십시오\(registered)"
            if let source {
                english += ", which comes from \(source.english)"
                korean = "\(source.korean)에서 온 " + korean
            }
            if redirectFlag {
                english += ", or pass the one you registered with --redirect-uri URI or --port N"
                korean += ". 또는 등록한 URI를 --redirect-uri URI나 --port N으로 주십시오"
            }
            return Self.lead(provider) + Localized(en: english + ".", ko: korean + ".")
        case .clientID(let name, let source, let clientIDFlag):
            let english: String
            let korean: String
            if let source {
                english = "check the one from \(source.english)."
                korean = "\(source.korean)의 값을 확인하십시오."
            } else if clientIDFlag {
                english = "check --client-id, KAUTH_CLIENT_ID and the config."
                korean = "--client-id, KAUTH_CLIENT_ID와 설정을 확인하십시오."
            } else {
                english = "check KAUTH_CLIENT_ID and the config."
                korean = "KAUTH_CLIENT_ID와 설정을 확인하십시오."
            }
            return Localized(
                en: " A wrong \(name) stops it too: \(english)", ko: " \(name)이(가) 틀려도 돌아오지 않습니다. \(korean)")
        }
    }

    private static func lead(_ provider: String) -> Localized {
        Localized(
            en:
                "When the browser shows an error page from \(provider) instead of coming back here, the usual cause is a redirect URI that is not registered for the app: ",
            ko: "브라우저가 여기로 돌아오지 않고 \(provider.koreanName)의 오류 페이지를 보여준다면, 대개 앱에 등록되지 않은 리다이렉트 URI 때문입니다. ")
    }
}

/// Where a setting came from, as the object of "set by" or "comes from".
enum SettingSourceWords: Message {
    case flag(String)
    case environment(String)
    case config(String)
    case storedLogin
    case builtIn

    var localized: Localized {
        switch self {
        case .flag(let flag): Localized(en: "\(flag) on the command line", ko: "명령줄의 \(flag)")
        case .environment(let name): Localized(en: "the environment variable \(name)", ko: "환경 변수 \(name)")
        case .config(let key): Localized(en: "the config (\(key))", ko: "설정(\(key))")
        case .storedLogin: Localized(en: "the stored login", ko: "저장된 로그인")
        case .builtIn: Localized(en: "the provider's default", ko: "제공자의 기본값")
        }
    }
}
