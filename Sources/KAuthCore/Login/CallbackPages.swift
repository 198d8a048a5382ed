import KAuthBasics

/// The listener's answers to the browser: a page of the catalogue for each situation, in the
/// language the browser asks for.
enum CallbackPages {
    static func response(_ page: BrowserPage, status: Int, for request: HTTPServerRequest) -> HTTPServerResponse {
        // Pages answer in the browser's language; nothing else is read from the headers.
        let language = PageLanguage.preferred(acceptLanguage: request.headers.value(for: "Accept-Language"))
        return .html(status, BrowserPages.html(page, language: language))
    }

    /// The listener's answers for a wait of `task`, naming `provider`. A login's code waits for
    /// the exchange (`LoginConclusion`); the picker's answer is final as it arrives, so its page
    /// goes out before the wait ends; the other ends get their page once the wait is over.
    static func listenerPages(provider: String, task: BrowserTask) -> ListenerPages<CallbackOutcome, LoginConclusion> {
        ListenerPages(
            takeover: { request in response(.takeoverSuspected(task), status: 409, for: request) },
            stateMismatch: { request in response(.notThisLogin, status: 400, for: request) },
            incomplete: { request in response(.incomplete(task), status: 400, for: request) },
            alreadyFinished: { request in response(.alreadyFinished(task), status: 409, for: request) },
            answer: { outcome, request in
                switch outcome {
                case .code:
                    return .atConclusion
                case .addressChosen, .pickerFailed:
                    let (page, status) = page(for: outcome, provider: provider, task: task)
                    return .beforeEnding(response(page, status: status, for: request))
                case .providerError, .timedOut, .inputEnded, .interrupted, .takeover:
                    let (page, status) = page(for: outcome, provider: provider, task: task)
                    return .afterEnding(response(page, status: status, for: request))
                }
            },
            concluded: { conclusion, request in
                response(page(for: conclusion, provider: provider), status: 200, for: request)
            })
    }

    /// The page for an outcome that ends the wait without a code.
    static func page(for outcome: CallbackOutcome, provider: String, task: BrowserTask) -> (BrowserPage, Int) {
        switch outcome {
        case .providerError(let error, let description):
            return (.loginFailed(provider: provider, error: error, description: description), 200)
        case .addressChosen:
            return (.addressChosen(provider: provider), 200)
        case .pickerFailed(let code, let message):
            return (.addressPickerFailed(provider: provider, code: code, message: message), 200)
        case .takeover:
            return (.takeoverSuspected(task), 409)
        case .code, .timedOut, .inputEnded, .interrupted:
            return (.timedOut, 408)
        }
    }

    /// The page for the browser that delivered the code, once the login concluded (nil: it did
    /// not in time, and the terminal says how it ended).
    static func page(for conclusion: LoginConclusion?, provider: String) -> BrowserPage {
        switch conclusion {
        case .loggedIn?: return .loggedIn(provider: provider)
        case .failed?, nil: return .exchangeFailed(provider: provider)
        }
    }
}
