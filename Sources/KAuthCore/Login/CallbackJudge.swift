import KAuthBasics

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the redirect listener makes of one request to it, for a login's callback.
package typealias CallbackVerdict = LoopbackVerdict<CallbackOutcome>

/// How the listener judges a request to a login's callback path: one pure function, tested
/// without sockets; the listener itself (binding, start link, waiting, Ctrl-C) is generic over
/// the judge, so other waits bring judges of their own.
package enum CallbackJudge: CallbackJudging, Equatable {
    package typealias Conclusion = LoginConclusion

    /// An OAuth authorization response (RFC 6749 §4.1.2), bound to the login by `state` and, per
    /// RFC 9207, to the provider by `iss` (`RedirectCallback`).
    case authorization(expectedState: String, expectedIssuer: String?, requireIssuer: Bool)

    /// The verdict on one request; `expectedPath` is the listener's callback path.
    package func evaluate(method: String, path: String, query: [(String, String)], expectedPath: String)
        -> CallbackVerdict
    {
        switch self {
        case .authorization(let state, let issuer, let requireIssuer):
            return RedirectCallback.evaluate(
                method: method, path: path, query: query, expectedPath: expectedPath, expectedState: state,
                expectedIssuer: issuer, requireIssuer: requireIssuer)
        }
    }
}

extension CallbackJudging {
    /// The verdict on a URL the user pasted (the paste path): only its path and query count,
    /// since the browser may have failed to load it on another machine.
    package func evaluate(pastedURL: String, expectedPath: String) -> LoopbackVerdict<Outcome> {
        let text = pastedURL.trimmingWhitespace()
        guard let components = URLComponents(string: text), components.query != nil else { return .notFound }
        let path = components.path.isEmpty ? "/" : components.path
        let query = FormURLEncoding.decode(components.percentEncodedQuery ?? "")
        return evaluate(method: "GET", path: path, query: query, expectedPath: expectedPath)
    }
}
