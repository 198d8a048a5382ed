/// Words of the browser pages a login's and the address picker's listeners show. A page is a
/// title, a heading and paragraphs; a command in a paragraph is an `Invocation`, which the page
/// sets in monospace (`PageText.paragraph`).
///
/// The Korean uses only the particles 에, 에서 and 의 after a provider's name, since those do not
/// change with the name's last sound (을/를, 이/가 would be wrong for half the names), and names
/// the provider as Korean readers know it (`ProviderNames`).
enum PageWords: Message {
    // A login's pages.
    case loggedInTitle
    case loggedInHeading(provider: String)
    case loggedInBody
    case loginFailedTitle
    case loginFailedHeading(provider: String)
    /// Above the provider's own error, shown as a quotation.
    case providerAnswered(provider: String)
    case returnForNextSteps
    case exchangeFailedBody(provider: String)
    case notThisLoginTitle
    case notThisLoginHeading
    case notThisLoginBody
    case loginStillWaiting
    case incompleteTitle
    case incompleteHeading
    case incompleteBody
    case alreadyFinishedTitle
    case alreadyFinishedHeading
    case alreadyFinishedBody
    case timedOutTitle
    case timedOutHeading
    case timedOutBody(Invocation)
    case takeoverTitle
    case takeoverHeading
    case takeoverBody
    case logInAgain(Invocation)
    /// The redirect came from another server than the provider's (RFC 9207), said as a
    /// provider's `error_description` would say it.
    case wrongIssuer(expected: String, got: String?)

    // The address picker's pages.
    case pickerIncompleteBody
    case pickerStillWaiting
    case pickerFinishedTitle
    case pickerFinishedHeading
    case pickerFinishedBody
    case pickerStoppedTitle
    case pickerStoppedHeading
    case pickerStoppedBody
    case pickerTryAgain(Invocation)
    case addressChosenTitle
    case addressChosenHeading
    case addressChosenBody(provider: String)
    case pickerFailedTitle
    case pickerFailedHeading

    var localized: Localized {
        switch self {
        case .loggedInTitle: Localized(en: "Logged in", ko: "로그인 완료")
        case .loggedInHeading(let provider):
            Localized(
                en: "You are logged in to \(ProviderNames.localized(provider).english)",
                ko: "\(ProviderNames.localized(provider).korean)에 로그인했습니다")
        case .loggedInBody:
            Localized(
                en: "kauth has what it needs. You can close this tab and return to the terminal.",
                ko: "필요한 정보를 모두 받았습니다. 이제 이 탭을 닫고 터미널로 돌아가셔도 됩니다.")
        case .loginFailedTitle: Localized(en: "Login failed", ko: "로그인 실패")
        case .loginFailedHeading(let provider):
            Localized(
                en: "Login to \(ProviderNames.localized(provider).english) failed",
                ko: "\(ProviderNames.localized(provider).korean) 로그인에 실패했습니다")
        case .providerAnswered(let provider):
            Localized(
                en: "\(ProviderNames.localized(provider).english) answered:",
                ko: "\(ProviderNames.localized(provider).korean)에서 보낸 응답:")
        case .returnForNextSteps:
            Localized(en: "Return to the terminal to see what to do next.", ko: "터미널로 돌아가 다음 안내를 확인하십시오.")
        case .exchangeFailedBody(let provider):
            Localized(
                en:
                    "\(provider) sent you back to kauth, but kauth could not finish the login with it. Look at the terminal for what went wrong and what to do next.",
                ko: "\(provider.koreanName)에서 돌아왔지만 로그인을 마무리하지 못했습니다. 원인과 해결 방법은 터미널에서 확인하십시오.")
        case .notThisLoginTitle: Localized(en: "Request ignored", ko: "요청 무시됨")
        case .notThisLoginHeading:
            Localized(en: "This is not the login kauth is waiting for", ko: "진행 중인 로그인의 요청이 아닙니다")
        case .notThisLoginBody:
            Localized(
                en: "The request did not carry the state of the login in progress, so kauth ignored it.",
                ko: "이 요청에는 지금 진행 중인 로그인의 확인 값(state)이 없어서 무시했습니다.")
        case .loginStillWaiting:
            Localized(en: "The login is still waiting. Return to the terminal.", ko: "로그인은 계속 진행 중입니다. 터미널로 돌아가십시오.")
        case .incompleteTitle: Localized(en: "Incomplete answer", ko: "불완전한 응답")
        case .incompleteHeading: Localized(en: "The answer is incomplete", ko: "응답에 필요한 내용이 없습니다")
        case .incompleteBody:
            Localized(
                en:
                    "The redirect reached kauth with neither an authorization code nor an error, so there is nothing to act on.",
                ko: "돌아온 요청에 인증 코드도 오류도 없어서 처리할 수 없었습니다.")
        case .alreadyFinishedTitle: Localized(en: "Login already finished", ko: "이미 끝난 로그인")
        case .alreadyFinishedHeading: Localized(en: "This login has already finished", ko: "이 로그인은 이미 끝났습니다")
        case .alreadyFinishedBody:
            Localized(
                en: "kauth already has this login's answer and did not use this one. Return to the terminal.",
                ko: "이 로그인의 응답을 이미 받았으므로 이번 응답은 사용하지 않았습니다. 터미널로 돌아가십시오.")
        case .timedOutTitle: Localized(en: "Login timed out", ko: "로그인 시간 초과")
        case .timedOutHeading: Localized(en: "This login timed out", ko: "로그인 시간이 초과되었습니다")
        case .timedOutBody(let command):
            Localized(
                en: "kauth stopped waiting for the answer. To log in, run \(command) again in the terminal.",
                ko: "더 이상 응답을 기다리지 않습니다. 로그인하려면 터미널에서 \(command)을 다시 실행하십시오.")
        case .takeoverTitle: Localized(en: "Login stopped", ko: "로그인 중단됨")
        case .takeoverHeading: Localized(en: "kauth stopped this login", ko: "안전을 위해 로그인을 중단했습니다")
        case .takeoverBody:
            Localized(
                en:
                    "This login's start link works only once, and it was opened a second time. Someone else may have tried to take over the login, so kauth stopped it.",
                ko: "로그인 시작 링크는 한 번만 쓸 수 있는데 한 번 더 열렸습니다. 다른 사람이 로그인을 가로채려 했을 수 있어 이 로그인을 중단했습니다.")
        case .logInAgain(let command):
            Localized(
                en: "To log in, run \(command) again in the terminal.",
                ko: "로그인하려면 터미널에서 \(command)을 다시 실행하십시오.")
        case .wrongIssuer(let expected, let got):
            Localized(
                en:
                    "the authorization response's iss is \(got.map { "'\($0)'" } ?? "none"), not '\(expected)' (RFC 9207); nothing was exchanged",
                ko:
                    "인가 응답의 iss가 '\(expected)'이(가) 아니라 \(got.map { "'\($0)'" } ?? "없음")입니다 (RFC 9207). 아무것도 교환하지 않았습니다"
            )
        case .pickerIncompleteBody:
            Localized(
                en:
                    "The address picker came back to kauth without saying which address was chosen or what went wrong, so there is nothing to act on.",
                ko: "배송지 선택 화면에서 돌아온 요청에 선택한 배송지도 오류도 없어서 처리할 수 없었습니다.")
        case .pickerStillWaiting:
            Localized(
                en: "kauth is still waiting for your choice. Return to the terminal.",
                ko: "배송지 선택은 계속 진행 중입니다. 터미널로 돌아가십시오.")
        case .pickerFinishedTitle: Localized(en: "Already finished", ko: "이미 끝난 배송지 선택")
        case .pickerFinishedHeading:
            Localized(en: "Choosing an address has already finished", ko: "배송지 선택은 이미 끝났습니다")
        case .pickerFinishedBody:
            Localized(
                en: "kauth already has the address picker's answer and did not use this one. Return to the terminal.",
                ko: "배송지 선택 결과를 이미 받았으므로 이번 응답은 사용하지 않았습니다. 터미널로 돌아가십시오.")
        case .pickerStoppedTitle: Localized(en: "Address choice stopped", ko: "배송지 선택 중단됨")
        case .pickerStoppedHeading:
            Localized(en: "kauth stopped choosing an address", ko: "안전을 위해 배송지 선택을 중단했습니다")
        case .pickerStoppedBody:
            Localized(
                en:
                    "The address picker's start link works only once, and it was opened a second time. Someone else may have tried to take it over, so kauth stopped.",
                ko: "배송지 선택 시작 링크는 한 번만 쓸 수 있는데 한 번 더 열렸습니다. 다른 사람이 가로채려 했을 수 있어 배송지 선택을 중단했습니다.")
        case .pickerTryAgain(let command):
            Localized(
                en: "To try again, run the same \(command) command again in the terminal.",
                ko: "다시 하려면 터미널에서 같은 \(command) 명령을 다시 실행하십시오.")
        case .addressChosenTitle: Localized(en: "Address chosen", ko: "배송지 선택 완료")
        case .addressChosenHeading: Localized(en: "Shipping address chosen", ko: "배송지를 선택했습니다")
        case .addressChosenBody(let provider):
            Localized(
                en: "\(provider) has your choice. You can close this tab and return to the terminal.",
                ko: "선택한 배송지가 \(provider.koreanName)에 전달되었습니다. 이제 이 탭을 닫고 터미널로 돌아가셔도 됩니다.")
        case .pickerFailedTitle: Localized(en: "Choosing an address failed", ko: "배송지 선택 실패")
        case .pickerFailedHeading:
            Localized(en: "Choosing a shipping address failed", ko: "배송지를 선택하지 못했습니다")
        }
    }
}
