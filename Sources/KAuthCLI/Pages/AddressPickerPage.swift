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

    func html(language: Language) -> String {
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

    /// The page's words from the catalogue (`PageWords`), as the login's pages have theirs.
    func text(in language: Language) -> PageText {
        func paragraph(_ words: PageWords) -> PageText.Block { PageText.paragraph(words, language) }
        switch self {
        case .incomplete:
            return PageText(
                language, title: .incompleteTitle, heading: .incompleteHeading,
                blocks: [paragraph(.pickerIncompleteBody), paragraph(.pickerStillWaiting)])
        case .alreadyFinished:
            return PageText(
                language, title: .pickerFinishedTitle, heading: .pickerFinishedHeading,
                blocks: [paragraph(.pickerFinishedBody)])
        case .takeoverSuspected:
            return PageText(
                language, title: .pickerStoppedTitle, heading: .pickerStoppedHeading,
                blocks: [paragraph(.pickerStoppedBody), paragraph(.pickerTryAgain(Invocation("kauth shipping")))])
        case .addressChosen(let provider):
            return PageText(
                language, title: .addressChosenTitle, heading: .addressChosenHeading,
                blocks: [paragraph(.addressChosenBody(provider: provider))])
        case .addressPickerFailed(let provider, let code, let message):
            return PageText(
                language, title: .pickerFailedTitle, heading: .pickerFailedHeading,
                blocks: [
                    .providerAnswer(
                        label: PageWords.providerAnswered(provider: provider).text(language), error: code,
                        description: message),
                    paragraph(.returnForNextSteps)
                ])
        }
    }
}
