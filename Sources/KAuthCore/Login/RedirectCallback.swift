import KAuthBasics

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Judges one request to the redirect listener (RFC 6749 §4.1.2, RFC 8252 §7.3). Pure, so every
/// case is tested without sockets, and shared by the listener and the pasted-URL path.
package enum RedirectCallback {
    package typealias Verdict = CallbackVerdict

    package static func evaluate(
        method: String = "GET", path: String, query: [(String, String)], expectedPath: String, expectedState: String,
        expectedIssuer: String? = nil, requireIssuer: Bool = false
    ) -> Verdict {
        guard path == expectedPath else { return .notFound }
        guard method == "GET" else { return .methodNotAllowed }
        // State first: nothing else in a request with a foreign state is trusted or acted on.
        guard let state = query.first(named: "state"), constantTimeEquals(state, expectedState) else {
            return .stateMismatch
        }
        // RFC 9207 §2.4: an `iss` that is not the provider's is a response from another server
        // (mix-up) and ends the login unused, whether or not the provider announced it; a provider
        // that announces `iss` must always send it.
        let iss = query.first(named: "iss")
        if let expectedIssuer, (iss != nil && iss != expectedIssuer) || (iss == nil && requireIssuer) {
            return .outcome(.wrongIssuer(expected: expectedIssuer, got: iss))
        }
        if let error = query.first(named: "error") {
            return .outcome(.providerError(error: error, description: query.first(named: "error_description")))
        }
        if let code = query.first(named: "code"), !code.isEmpty {
            return .outcome(.code(code))
        }
        return .incomplete
    }

    /// Evaluates a redirect URL the user pasted (headless login).
    package static func evaluate(
        pastedURL: String, expectedPath: String, expectedState: String, expectedIssuer: String? = nil,
        requireIssuer: Bool = false
    ) -> Verdict {
        CallbackJudge.authorization(
            expectedState: expectedState, expectedIssuer: expectedIssuer, requireIssuer: requireIssuer
        )
        .evaluate(pastedURL: pastedURL, expectedPath: expectedPath)
    }

    /// Why a pasted line that did not end the login was refused, told apart so the user knows
    /// what to paste instead: a paste made twice, an address cut short (terminals and chat tools
    /// cut long lines), another login's address, or something else. Only the user's own paste is
    /// looked at, so comparing the state by prefix tells nothing to anyone else.
    package static func problem(pastedURL: String, expectedPath: String, expectedState: String) -> PastedURLProblem {
        let text = pastedURL.trimmingWhitespace()
        let schemes = text.components(separatedBy: "://").count - 1
        if schemes > 1 { return .pastedTwice }
        guard let components = URLComponents(string: text) else { return .notTheRedirect(expectedPath: expectedPath) }
        let path = components.path.isEmpty ? "/" : components.path
        guard path == expectedPath else {
            // `http://127.0.0.1:52884/call`: the path itself was cut.
            if path.count > 1, expectedPath.hasPrefix(path), components.query == nil {
                return .cutOff(missing: "code and state")
            }
            return .notTheRedirect(expectedPath: expectedPath)
        }
        let query = FormURLEncoding.decode(components.percentEncodedQuery ?? "")
        guard let state = query.first(named: "state") else {
            return query.first(named: "code") == nil && query.first(named: "error") == nil
                ? .cutOff(missing: "code and state") : .cutOff(missing: "state")
        }
        if state.count < expectedState.count, expectedState.hasPrefix(state) { return .cutOff(missing: "whole state") }
        if state != expectedState { return .wrongState }
        return .notTheRedirect(expectedPath: expectedPath)
    }

    /// Compares without an early exit, so response timing says nothing about the expected state.
    package static func constantTimeEquals(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }
}
