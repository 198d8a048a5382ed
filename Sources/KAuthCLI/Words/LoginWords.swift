import KAuthBasics
import KAuthCore

/// What a wait on the browser is for, in the countdown and the wait line.
enum BrowserActivity: Sendable {
    case login
    case addressPicker
}

/// Words of a login as it happens (`kauth login`, `kauth scopes request`, the address picker):
/// the URL to open, what to paste, the countdown, warnings about requests the listener ignored.
enum LoginProgressWords: Message {
    case opening(url: String)
    case openingPicker(url: String)
    /// The browser could not be started at all.
    case noBrowser(reason: Localized)
    /// The browser command ran and ended with a failure: it may well have opened a window whose
    /// page did not load (the provider down), so this does not say that no browser opened.
    case browserExited(command: String, status: Int32, output: String?)
    case pasteAfterURLShown
    case pasteOpen(url: String)
    case pasteInstructions(redirectURI: String)
    case pickerPasteOpen(url: String)
    case pickerPasteInstructions(origin: String)
    case pickerPastedURLRejected
    case stillWaiting(Localized)
    case wrongState
    case incomplete
    case furtherIgnored
    case pickerIncomplete
    case pickerWrongState
    case pastedWrongState
    case notTheRedirect(path: String)
    case pastedTwice
    case cutOff(missing: String)
    case deviceCode(code: String, uri: String?, complete: String?)
    case noIDToken(setup: String?)
    case foreignUserinfo(Localized)
    case profileUnavailable(Localized)
    case waitingUpTo(seconds: Int, BrowserActivity)
    /// The countdown line (no line break: it is redrawn every second).
    case countdown(left: Int, BrowserActivity)
    case otherUser(uid: UInt32)
    case unknownOwner(reason: String)
    case confined(browser: String, sandbox: String, folder: String)
    case pageNotWritten(folder: String, reason: String)
    case noDisplay
    case browserNamesNoCommand
    case cannotRun(command: String, reason: String)
    case exitedWithStatus(command: String, status: Int32, output: String?)
    /// `--open`: the sharer page was opened, or why not.
    case openedSharer
    case sharerNotOpened(reason: Localized)

    var localized: Localized {
        switch self {
        case .opening(let url):
            return Localized(
                en: "Opening the browser to log in. If it does not open, visit:\n\n  \(url)\n\n",
                ko: "로그인하도록 브라우저를 엽니다. 열리지 않으면 다음 주소로 이동하십시오.\n\n  \(url)\n\n")
        case .openingPicker(let url):
            return Localized(
                en:
                    "Opening the shipping-address picker in the browser. If it does not open, open this link in a browser on this machine (it works once):\n\n  \(url)\n\n",
                ko: "브라우저에서 배송지 선택 화면을 엽니다. 열리지 않으면 이 컴퓨터의 브라우저에서 다음 링크를 여십시오 (한 번만 쓸 수 있습니다).\n\n  \(url)\n\n")
        case .noBrowser(let reason):
            return Localized(
                en: "No browser could be opened: \(reason.english).\n", ko: "브라우저를 열 수 없었습니다: \(reason.korean).\n")
        case .browserExited(let command, let status, let output):
            let said =
                output.map { "\n" + $0.split(separator: "\n").map { "  " + $0.visible }.joined(separator: "\n") } ?? ""
            return Localized(
                en:
                    "The browser command \(command.visible) ended with status \(status): a browser that opened but could not load the page (the provider down or unreachable?) ends so too. If no browser window shows the page, open the address above yourself.\(output == nil ? "" : " It said:")\(said)\n",
                ko:
                    "브라우저 명령 \(command.visible)이(가) 상태 \(status)(으)로 끝났습니다. 브라우저가 열렸지만 페이지를 불러오지 못했을 때(제공자 서버가 꺼져 있거나 연결할 수 없을 때)도 이렇게 끝납니다. 브라우저 창에 페이지가 보이지 않으면 위의 주소를 직접 여십시오.\(output == nil ? "" : " 출력:")\(said)\n"
            )
        case .pasteAfterURLShown:
            return Localized(
                en: "Open the URL above in a browser on any machine and log in. ",
                ko: "아무 컴퓨터의 브라우저에서 위의 URL을 열고 로그인하십시오. ")
        case .pasteOpen(let url):
            return Localized(
                en: "Open this URL in a browser on any machine and log in:\n\n  \(url)\n\n",
                ko: "아무 컴퓨터의 브라우저에서 다음 URL을 열고 로그인하십시오.\n\n  \(url)\n\n")
        case .pasteInstructions(let redirectURI):
            return Localized(
                en:
                    "Then paste here the address the browser ends up on — it starts with \(redirectURI); the page itself may fail to load, that is fine — and press Enter:\n",
                ko:
                    "그런 다음 브라우저가 마지막에 이동한 주소(\(redirectURI)(으)로 시작합니다. 페이지가 열리지 않아도 괜찮습니다)를 여기에 붙여 넣고 Enter 키를 누르십시오.\n"
            )
        case .pickerPasteOpen(let url):
            return Localized(
                en: "Open this URL in a browser on any machine and finish on Kakao's page:\n\n  \(url)\n\n",
                ko: "아무 컴퓨터의 브라우저에서 다음 URL을 열고 카카오 페이지에서 마치십시오.\n\n  \(url)\n\n")
        case .pickerPasteInstructions(let origin):
            return Localized(
                en:
                    "Then paste here the address the browser is sent back to — it starts with \(origin)/address/; the page itself may fail to load, that is fine — and press Enter:\n",
                ko:
                    "그런 다음 브라우저가 돌아온 주소(\(origin)/address/로 시작합니다. 페이지가 열리지 않아도 괜찮습니다)를 여기에 붙여 넣고 Enter 키를 누르십시오.\n"
            )
        case .pickerPastedURLRejected:
            return Localized(
                en:
                    "That is not the address the picker sent the browser back to (it starts with http://127.0.0.1 and has a status); try again.\n",
                ko: "배송지 선택 화면이 브라우저를 돌려보낸 주소가 아닙니다 (http://127.0.0.1로 시작하고 status가 있습니다). 다시 붙여 넣으십시오.\n")
        case .stillWaiting(let hint):
            return Localized(en: "Still waiting. \(hint.english)\n", ko: "아직 기다리는 중입니다. \(hint.korean)\n")
        case .wrongState:
            return Localized(
                en:
                    "warning: ignored a request to the redirect listener with a missing or wrong state (not from this login)\n",
                ko: "경고: state가 없거나 맞지 않는 리디렉션 요청을 무시했습니다 (이 로그인의 요청이 아닙니다)\n")
        case .incomplete:
            return Localized(
                en: "warning: the provider's redirect had neither a code nor an error; still waiting\n",
                ko: "경고: 제공자의 리디렉션에 code도 error도 없었습니다. 계속 기다립니다\n")
        case .furtherIgnored:
            return Localized(
                en: "(further ignored requests are not shown)\n", ko: "(이후 무시한 요청은 표시하지 않습니다)\n")
        case .pickerIncomplete:
            return Localized(
                en: "warning: the address picker came back without a usable status or address id; still waiting\n",
                ko: "경고: 배송지 선택 화면이 쓸 수 있는 status나 배송지 ID 없이 돌아왔습니다. 계속 기다립니다\n")
        case .pickerWrongState:
            return Localized(
                en: "warning: ignored a request to the listener that was not this picker's answer\n",
                ko: "경고: 이 배송지 선택 화면의 응답이 아닌 요청을 무시했습니다\n")
        case .pastedWrongState:
            return Localized(
                en:
                    "That URL is not from this login (its state does not match); paste the URL from this login's browser tab.\n",
                ko: "이 로그인의 URL이 아닙니다 (state가 맞지 않습니다). 이 로그인의 브라우저 탭에 있는 URL을 붙여 넣으십시오.\n")
        case .notTheRedirect(let path):
            return Localized(
                en: "That is not the redirect URL (expected a URL with the path \(path) and a code); try again.\n",
                ko: "리디렉션 URL이 아닙니다 (경로가 \(path)이고 code가 있는 URL이어야 합니다). 다시 붙여 넣으십시오.\n")
        case .pastedTwice:
            return Localized(
                en: "That holds the address twice (pasted twice?); paste it once and press Enter.\n",
                ko: "주소가 두 번 들어 있습니다 (두 번 붙여 넣었나요?). 한 번만 붙여 넣고 Enter 키를 누르십시오.\n")
        case .cutOff(let missing):
            return Localized(
                en:
                    "This address is cut off: it has no \(missing). Copy the whole address from the browser's address bar and paste it again.\n",
                ko: "주소가 잘렸습니다: \(missing)이(가) 없습니다. 브라우저 주소 표시줄의 주소 전체를 복사해 다시 붙여 넣으십시오.\n")
        case .deviceCode(let code, let uri, let complete):
            let page = uri?.visible
            return Localized(
                en:
                    "To log in, visit \(page ?? "the provider's device page") and enter the code:\n\n  \(code.visible)\n\n"
                    + (complete.map { "Or open: \($0.visible)\n" } ?? "")
                    + "Approve only if the page shows this same code.\n",
                ko: "로그인하려면 \(page ?? "제공자의 기기 인증 페이지")에서 다음 코드를 입력하십시오.\n\n  \(code.visible)\n\n"
                    + (complete.map { "또는 다음 주소를 여십시오: \($0.visible)\n" } ?? "")
                    + "페이지에 이 코드와 같은 코드가 보일 때만 승인하십시오.\n")
        case .noIDToken(let setup):
            return Localized(
                en:
                    "warning: openid was asked for but the provider returned no ID token\(setup.map { " (\($0))" } ?? "")\n",
                ko: "경고: openid를 요청했지만 제공자가 ID 토큰을 주지 않았습니다\(setup.map { " (\($0))" } ?? "")\n")
        case .foreignUserinfo(let message):
            return Localized(
                en: "warning: \(message.english); the login is the ID token's user\n",
                ko: "경고: \(message.korean). 로그인한 사용자는 ID 토큰의 사용자입니다\n")
        case .profileUnavailable(let message):
            return Localized(
                en:
                    "warning: logged in, but the profile could not be fetched (\(message.english)); `kauth me` fetches it later\n",
                ko: "경고: 로그인했지만 사용자 정보를 가져오지 못했습니다 (\(message.korean)). 나중에 `kauth me`로 가져올 수 있습니다\n"
            )
        case .waitingUpTo(let seconds, let activity):
            let what = activity.localized
            return Localized(
                en: "Waiting up to \(seconds) s for \(what.english) to finish…\n",
                ko: "\(what.korean) 완료를 최대 \(seconds)초 기다립니다…\n")
        case .countdown(let left, let activity):
            let what = activity.localized
            let clock = "\(left / 60):" + (left % 60 < 10 ? "0\(left % 60)" : "\(left % 60)")
            return Localized(
                en: "Waiting for \(what.english)… \(clock) left (Ctrl-C to cancel)",
                ko: "\(what.korean)을(를) 기다리는 중… \(clock) 남음 (취소: Ctrl-C)")
        case .otherUser(let uid):
            return Localized(
                en:
                    "warning: refused a connection to kauth's listener from another user of this machine (uid \(uid)); only your own browser may use it\n",
                ko: "경고: 이 컴퓨터의 다른 사용자(uid \(uid))가 kauth의 리스너에 연결하려 해서 거부했습니다. 내 브라우저만 쓸 수 있습니다\n")
        case .unknownOwner(let reason):
            return Localized(
                en:
                    "warning: refused a connection to kauth's listener whose owner could not be found (\(reason)); if it was your browser, paste the address as below\n",
                ko: "경고: 소유자를 알 수 없는 kauth 리스너 연결을 거부했습니다 (\(reason)). 내 브라우저였다면 아래 안내대로 주소를 붙여 넣으십시오\n")
        case .confined(let browser, let sandbox, let folder):
            return Localized(
                en:
                    "\(browser.visible) runs as a \(sandbox), which cannot read the page kauth writes for it in \(folder.visible) (a \(sandbox) sees only folders of its own)",
                ko:
                    "\(browser.visible)은(는) \(sandbox)(으)로 실행되어 kauth가 \(folder.visible)에 써 둔 페이지를 읽을 수 없습니다 (\(sandbox)은(는) 자기 폴더만 봅니다)"
            )
        case .pageNotWritten(let folder, let reason):
            return Localized(
                en: "the page for it could not be written in \(folder.visible) (\(reason))",
                ko: "브라우저에 넘길 페이지를 \(folder.visible)에 쓸 수 없었습니다 (\(reason))")
        case .noDisplay:
            return Localized(
                en: "there is no display (an SSH or headless session?) and BROWSER is not set",
                ko: "디스플레이가 없고 (SSH나 화면 없는 세션인가요?) BROWSER도 설정되어 있지 않습니다")
        case .browserNamesNoCommand:
            return Localized(en: "BROWSER names no command", ko: "BROWSER에 명령이 없습니다")
        case .exitedWithStatus(let command, let status, let output):
            let said = output.map {
                "; it said:\n" + $0.split(separator: "\n").map { "  " + $0.visible }.joined(separator: "\n")
            }
            let saidKo = output.map {
                ". 출력:\n" + $0.split(separator: "\n").map { "  " + $0.visible }.joined(separator: "\n")
            }
            return Localized(
                en: "\(command.visible) exited with status \(status)\(said ?? "")",
                ko: "\(command.visible)이(가) 상태 \(status)(으)로 끝났습니다\(saidKo ?? "")")
        case .openedSharer:
            return Localized(en: "Opened the sharer page in the browser.\n", ko: "브라우저에서 공유 페이지를 열었습니다.\n")
        case .sharerNotOpened(let reason):
            return Localized(
                en: "warning: could not open a browser (\(reason.english)); open the URL yourself\n",
                ko: "경고: 브라우저를 열 수 없었습니다 (\(reason.korean)). URL을 직접 여십시오\n")
        case .cannotRun(let command, let reason):
            return Localized(
                en: "\(command.visible) cannot be run (\(reason))", ko: "\(command.visible)을(를) 실행할 수 없습니다 (\(reason))")
        }
    }
}

extension BrowserActivity {
    var localized: Localized {
        switch self {
        case .login: Localized(en: "the login", ko: "로그인")
        case .addressPicker: Localized(en: "the address picker", ko: "배송지 선택")
        }
    }
}

/// Words of `kauth login` around the flow: the result, notes and warnings about the settings.
enum LoginWords: Message {
    /// `Logged in to Kakao as …, profile 'work'.`
    case loggedIn(provider: String, user: SessionWords, profile: String)
    /// The granted scopes; `unconfirmed` when the server did not say which it granted.
    /// The scopes granted, and those asked for when the provider granted others.
    case scopes([String], unconfirmed: Bool, asked: [String]?, provider: String)
    /// The provider issued no refresh token: the login ends with its access token.
    case noRefreshToken(provider: String, expiry: Expiry, advice: Localized?)
    /// The keystore could not be encrypted with the keyring.
    case unencrypted(path: String, reason: NoKeyringReason)
    case environmentTokenSet
    case freePortFromSandbox(variable: String, provider: String, redirectURI: String?)
    case clientIDOverridesConfig(variable: String, id: String, provider: String, configured: String)
    case sandboxClientID(variable: String, id: String, provider: String)
    case requestingConsent([String])
    case granted([String])
    case notGranted([String])
    case nowAgreed([String], new: [String])
    case nothingToRequest

    var localized: Localized {
        switch self {
        case .loggedIn(let provider, let user, let profile):
            let user = user.localized
            return Localized(
                en: "Logged in to \(provider.visible) as \(user.english), profile '\(profile)'.\n",
                ko: "\(provider.koreanName)에 로그인했습니다: \(user.korean), 프로필 '\(profile)'.\n")
        case .scopes(let scopes, let unconfirmed, let asked, let provider):
            let list = scopes.map(\.visible).joined(separator: " ")
            let note =
                unconfirmed
                ? TokenExchangeWords.scopesNotConfirmed.localized
                : asked.map { StatusWords.scopesAsked($0, provider: provider).localized }
            return Localized(
                en: "Scopes: \(list)\(note.map { " " + $0.english } ?? "")\n",
                ko: "동의항목: \(list)\(note.map { " " + $0.korean } ?? "")\n")
        case .noRefreshToken(let provider, let expiry, let advice):
            let expiry = expiry.localized
            return Localized(
                en:
                    "Note: \(provider.visible) issued no refresh token, so this login cannot be refreshed: it ends with its access token, \(expiry.english)\(advice.map { "; " + $0.english } ?? "").\n",
                ko:
                    "참고: \(provider.visible)이(가) 리프레시 토큰을 발급하지 않아 이 로그인은 갱신할 수 없으며 액세스 토큰과 함께 끝납니다 (\(expiry.korean))\(advice.map { ". " + $0.korean } ?? "").\n"
            )
        case .unencrypted(let path, let reason):
            let why = SessionWords.noKeyring(reason).localized
            return Localized(
                en: "note: \(path) is not encrypted (\(why.english)): a copy of it is a copy of your login; "
                    + "log in inside a desktop session to keep its key in the keyring, set KAUTH_PASSPHRASE to encrypt it, or set KAUTH_KEYRING=off to keep it plain without this note\n",
                ko: "참고: \(path)은(는) 암호화되지 않았습니다 (\(why.korean)). 이 파일을 복사하면 로그인도 복사됩니다. "
                    + "데스크톱 세션에서 로그인하면 키를 키링에 보관하고, KAUTH_PASSPHRASE를 설정하면 파일을 암호화하며, KAUTH_KEYRING=off로 설정하면 이 안내 없이 암호화하지 않고 둡니다\n"
            )
        case .environmentTokenSet:
            return Localized(
                en: "note: KAUTH_ACCESS_TOKEN is set; other commands keep using it until it is unset\n",
                ko: "참고: KAUTH_ACCESS_TOKEN이 설정되어 있어 이를 해제할 때까지 다른 명령은 그 토큰을 계속 씁니다\n")
        case .freePortFromSandbox(let variable, let provider, let redirectURI):
            return Localized(
                en:
                    "warning: \(variable)=0 is set in the environment (a `kauth sandbox` setting): this login to \(provider.visible) listens on a free port, which changes on every run and matches no registered redirect URI; unset \(variable) to use \(redirectURI ?? "the provider's default redirect URI")\n",
                ko:
                    "경고: 환경에 \(variable)=0이 설정되어 있습니다 (`kauth sandbox` 설정). 이 \(provider.visible) 로그인은 실행할 때마다 바뀌는 빈 포트에서 기다리므로 등록된 리디렉션 URI와 맞지 않습니다. \(redirectURI ?? "제공자의 기본 리디렉션 URI")을(를) 쓰려면 \(variable)을(를) 해제하십시오\n"
            )
        case .clientIDOverridesConfig(let variable, let id, let provider, let configured):
            return Localized(
                en:
                    "warning: \(variable) in the environment ('\(id.visible)') overrides provider.\(provider).client_id in the config ('\(configured.visible)'); if it is left from `kauth sandbox`, unset \(variable)\n",
                ko:
                    "경고: 환경의 \(variable)('\(id.visible)')이(가) 설정의 provider.\(provider).client_id('\(configured.visible)')보다 우선합니다. `kauth sandbox`에서 남은 값이면 \(variable)을(를) 해제하십시오\n"
            )
        case .sandboxClientID(let variable, let id, let provider):
            return Localized(
                en:
                    "warning: \(variable) is '\(id)', the client id `kauth sandbox` exports, and this login goes to \(provider.visible); unset \(variable) and set your app's client id\n",
                ko:
                    "경고: \(variable)이(가) `kauth sandbox`가 내보내는 클라이언트 ID '\(id)'인데 이 로그인은 \(provider.visible)(으)로 갑니다. \(variable)을(를) 해제하고 앱의 클라이언트 ID를 설정하십시오\n"
            )
        case .requestingConsent(let ids):
            let list = ids.joined(separator: " ")
            return Localized(en: "Requesting consent for: \(list)\n", ko: "다음 동의항목에 추가 동의를 요청합니다: \(list)\n")
        case .granted(let ids):
            let list = ids.map(\.visible).joined(separator: " ")
            return Localized(en: "Granted: \(list)\n", ko: "동의함: \(list)\n")
        case .notGranted(let ids):
            let list = ids.map(\.visible).joined(separator: " ")
            return Localized(
                en: "Not granted: \(list) (declined, or not a consent item of the app)\n",
                ko: "동의하지 않음: \(list) (거부했거나 앱의 동의항목이 아닙니다)\n")
        case .nowAgreed(let scopes, let new):
            let list = scopes.map(\.visible).joined(separator: " ")
            let added = new.map(\.visible).joined(separator: " ")
            return Localized(
                en: "Now agreed: \(list)\(new.isEmpty ? "" : " (new: \(added))")\n",
                ko: "현재 동의한 항목: \(list)\(new.isEmpty ? "" : " (새로 동의: \(added))")\n")
        case .nothingToRequest:
            return Localized(
                en: "Nothing to request: /v2/user/me reports no item that needs agreement.\n",
                ko: "요청할 항목이 없습니다: /v2/user/me가 동의가 필요한 항목을 알려 주지 않았습니다.\n")
        }
    }
}
