import KAuthBasics
import KAuthCore

/// The listener's answers to the browser: a page of the catalogue for each situation, in the
/// language the browser asks for.
enum CallbackPages {
    /// `page` in the language the browser asks for.
    static func response(_ page: BrowserPage, status: Int, for request: HTTPServerRequest)
        -> HTTPServerResponse
    {
        response(status: status, for: request) { language in BrowserPages.html(page, language: language) }
    }

    /// The page `html` writes in the language the browser asks for: a login's pages and those
    /// other waits bring choose their language the same way.
    static func response(
        status: Int, for request: HTTPServerRequest, html: (PageLanguage) -> String
    ) -> HTTPServerResponse {
        // Pages answer in the browser's language; nothing else is read from the headers.
        let language = PageLanguage.preferred(acceptLanguage: request.headers.value(for: "Accept-Language"))
        return .html(status, html(language))
    }

    /// A login's listener answers, naming `provider`. The code waits for the exchange
    /// (`LoginConclusion`); the other ends get their page once the wait is over.
    static func listenerPages(provider: String) -> ListenerPages<CallbackOutcome, LoginConclusion> {
        ListenerPages(
            takeover: { request in response(.takeoverSuspected, status: 409, for: request) },
            stateMismatch: { request in response(.notThisLogin, status: 400, for: request) },
            incomplete: { request in response(.incomplete, status: 400, for: request) },
            alreadyFinished: { request in response(.alreadyFinished, status: 409, for: request) },
            answer: { outcome, request in
                switch outcome {
                case .code:
                    return .atConclusion
                case .providerError, .wrongIssuer, .timedOut, .inputEnded, .interrupted, .takeover:
                    let (page, status) = page(for: outcome, provider: provider)
                    return .afterEnding(response(page, status: status, for: request))
                }
            },
            concluded: { conclusion, request in
                response(page(for: conclusion, provider: provider), status: 200, for: request)
            })
    }

    /// The page for an outcome that ends the wait without a code.
    static func page(for outcome: CallbackOutcome, provider: String) -> (BrowserPage, Int) {
        switch outcome {
        case .providerError(let error, let description):
            return (.loginFailed(provider: provider, error: error, description: description), 200)
        case .wrongIssuer(let expected, let got):
            let description = LoginErrorWords.wrongIssuer(expected: expected, got: got).localized.english
            return (.loginFailed(provider: provider, error: "invalid_issuer", description: description), 200)
        case .takeover:
            return (.takeoverSuspected, 409)
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
