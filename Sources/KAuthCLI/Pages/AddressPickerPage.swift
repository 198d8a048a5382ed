import KAuthBasics
import KAuthCore
import KakaoAPI

/// The pages the picker's listener can show the browser, written with the login pages' shell
/// (`BrowserPages`) and language choice. `provider`, `code` and `message` as in `BrowserPage`: the
/// code and message are untrusted text from the redirect, escaped and cut short.
enum AddressPickerPage: Sendable, Equatable {
    /// The picker's path without a usable `status`: still waiting.
    case incomplete
    /// A second answer after the picker already had one.
    case alreadyFinished
    /// The single-use start link was opened twice: someone may have tried to take the picker over,
    /// so it was stopped.
    case takeoverSuspected
    /// The picker finished.
    case addressChosen(provider: String)
    /// The picker ended with an error.
    case addressPickerFailed(provider: String, code: String, message: String?)

    var tone: PageTone {
        switch self {
        case .addressChosen: .success
        case .addressPickerFailed, .takeoverSuspected: .failure
        case .incomplete, .alreadyFinished: .notice
        }
    }

    /// The decorative glyph in the accent circle, as the login's pages of the same kind have it.
    var glyph: String {
        switch self {
        case .addressChosen: "\u{2713}"
        case .addressPickerFailed: "\u{2715}"
        case .takeoverSuspected: "!"
        case .incomplete, .alreadyFinished: "i"
        }
    }

    func html(language: PageLanguage) -> String {
        BrowserPages.html(text(in: language), tone: tone, glyph: glyph, language: language)
    }

    /// The picker's listener answers, naming `provider`. Its answer is final as it arrives, so
    /// the page goes out before the wait ends; the other ends get the login's pages once the wait
    /// is over, as a login's do.
    static func listenerPages(provider: String) -> ListenerPages<AddressPickerOutcome, Never> {
        ListenerPages(
            takeover: { request in response(.takeoverSuspected, status: 409, for: request) },
            stateMismatch: { request in CallbackPages.response(.notThisLogin, status: 400, for: request) },
            incomplete: { request in response(.incomplete, status: 400, for: request) },
            alreadyFinished: { request in response(.alreadyFinished, status: 409, for: request) },
            answer: { outcome, request in
                switch outcome {
                case .addressChosen:
                    return .beforeEnding(response(.addressChosen(provider: provider), status: 200, for: request))
                case .pickerFailed(let code, let message):
                    return .beforeEnding(
                        response(
                            .addressPickerFailed(provider: provider, code: code, message: message), status: 200,
                            for: request))
                case .takeover:
                    return .afterEnding(response(.takeoverSuspected, status: 409, for: request))
                case .timedOut, .interrupted:
                    return .afterEnding(CallbackPages.response(.timedOut, status: 408, for: request))
                }
            },
            // Never asked: no answer of the picker's waits for a conclusion.
            concluded: { _, request in response(.alreadyFinished, status: 409, for: request) })
    }

    /// `page` in the language the browser asks for.
    static func response(_ page: AddressPickerPage, status: Int, for request: HTTPServerRequest)
        -> HTTPServerResponse
    {
        CallbackPages.response(status: status, for: request) { language in page.html(language: language) }
    }

    /// English and Korean side by side, as the login's pages are written (`BrowserPageText`).
    func text(in language: PageLanguage) -> PageText {
        let english = language == .english
        switch self {
        case .incomplete:
            return english
                ? PageText(
                    title: "Incomplete answer", heading: "The answer is incomplete",
                    blocks: [
                        .paragraph([
                            .text(
                                "The address picker came back to kauth without saying which address was chosen or what went wrong, so there is nothing to act on."
                            )
                        ]),
                        .paragraph([.text("kauth is still waiting for your choice. Return to the terminal.")])
                    ])
                : PageText(
                    title: "불완전한 응답", heading: "응답에 필요한 내용이 없습니다",
                    blocks: [
                        .paragraph([.text("배송지 선택 화면에서 돌아온 요청에 선택한 배송지도 오류도 없어서 처리할 수 없었습니다.")]),
                        .paragraph([.text("배송지 선택은 계속 진행 중입니다. 터미널로 돌아가세요.")])
                    ])

        case .alreadyFinished:
            return english
                ? PageText(
                    title: "Already finished", heading: "Choosing an address has already finished",
                    blocks: [
                        .paragraph([
                            .text(
                                "kauth already has the address picker's answer and did not use this one. Return to the terminal."
                            )
                        ])
                    ])
                : PageText(
                    title: "이미 끝난 배송지 선택", heading: "배송지 선택은 이미 끝났습니다",
                    blocks: [
                        .paragraph([.text("배송지 선택 결과를 이미 받았으므로 이번 응답은 사용하지 않았습니다. 터미널로 돌아가세요.")])
                    ])

        case .takeoverSuspected:
            return english
                ? PageText(
                    title: "Address choice stopped", heading: "kauth stopped choosing an address",
                    blocks: [
                        .paragraph([
                            .text(
                                "The address picker's start link works only once, and it was opened a second time. Someone else may have tried to take it over, so kauth stopped."
                            )
                        ]),
                        .paragraph([
                            .text("To try again, run the same "), .command("kauth shipping"),
                            .text(" command again in the terminal.")
                        ])
                    ])
                : PageText(
                    title: "배송지 선택 중단됨", heading: "안전을 위해 배송지 선택을 중단했습니다",
                    blocks: [
                        .paragraph([
                            .text("배송지 선택 시작 링크는 한 번만 쓸 수 있는데 한 번 더 열렸습니다. 다른 사람이 가로채려 했을 수 있어 배송지 선택을 중단했습니다.")
                        ]),
                        .paragraph([.text("다시 하려면 터미널에서 같은 "), .command("kauth shipping"), .text(" 명령을 다시 실행하세요.")])
                    ])

        case .addressChosen(let provider):
            let name = BrowserPageText.providerName(provider, in: language)
            return english
                ? PageText(
                    title: "Address chosen", heading: "Shipping address chosen",
                    blocks: [
                        .paragraph([
                            .text("\(name) has your choice. You can close this tab and return to the terminal.")
                        ])
                    ])
                : PageText(
                    title: "배송지 선택 완료", heading: "배송지를 선택했습니다",
                    blocks: [
                        .paragraph([.text("선택한 배송지가 \(name)에 전달되었습니다. 이제 이 탭을 닫고 터미널로 돌아가셔도 됩니다.")])
                    ])

        case .addressPickerFailed(let provider, let code, let message):
            let name = BrowserPageText.providerName(provider, in: language)
            return english
                ? PageText(
                    title: "Choosing an address failed", heading: "Choosing a shipping address failed",
                    blocks: [
                        .providerAnswer(label: "\(name) answered:", error: code, description: message),
                        .paragraph([.text("Return to the terminal to see what to do next.")])
                    ])
                : PageText(
                    title: "배송지 선택 실패", heading: "배송지를 선택하지 못했습니다",
                    blocks: [
                        .providerAnswer(label: "\(name)에서 보낸 응답:", error: code, description: message),
                        .paragraph([.text("터미널로 돌아가 다음 안내를 확인하세요.")])
                    ])
        }
    }
}
