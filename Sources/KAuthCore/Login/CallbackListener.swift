import KAuthBasics

/// How a login's redirect wait finished. The listener itself (KAuthBasics) is generic over its
/// judge and knows only the ends it gives by itself: `.timedOut`, `.interrupted`, `.takeover`;
/// other waits (a product's own callbacks) bring a judge and an outcome type of their own.
package enum CallbackOutcome: ListenerOutcome {
    /// The authorization code, from a request whose `state` matched.
    case code(String)
    /// The provider redirected with `error=` (RFC 6749 §4.1.2.1), state matched.
    case providerError(error: String, description: String?)
    /// The redirect's `iss` is not the provider's issuer, or is missing where the provider
    /// announced it (RFC 9207: a response from another server); `got` is nil when missing.
    case wrongIssuer(expected: String, got: String?)
    /// Nothing usable arrived in time.
    case timedOut
    /// Standard input, which is not a terminal, ended with no redirect URL while no browser was
    /// started: nothing can end the wait any more (CI, cron, `</dev/null`).
    case inputEnded
    /// The user interrupted the wait (Ctrl-C).
    case interrupted
    /// The single-use start link was used a second time: someone else may have tried to take
    /// over the login, which ends unused.
    case takeover
}

/// What the browser that delivered the code is told once the login is over.
package enum LoginConclusion: Sendable, Equatable {
    case loggedIn
    case failed
}

/// Where and for what a login's redirect listener waits.
package typealias CallbackListenerConfig = LoopbackListenerConfig<CallbackJudge>

/// A login's redirect listener, bound and serving.
package typealias RunningCallbackListener = RunningLoopbackListener<CallbackOutcome, LoginConclusion>

/// The pages a login's listener shows the browser, naming the provider (its display name). Their
/// words are the command line's, which gives them to the login as this value.
package typealias LoginPages = @Sendable (_ provider: String) -> ListenerPages<CallbackOutcome, LoginConclusion>

extension LoopbackListenerConfig where Judge == CallbackJudge {
    /// A login's listener: an authorization response bound by `state` (and RFC 9207 `iss`).
    package init(
        host: String = "127.0.0.1", port: UInt16, path: String, expectedState: String, expectedIssuer: String? = nil,
        requireIssuer: Bool = false, startPath: String? = nil,
        pages: ListenerPages<CallbackOutcome, LoginConclusion>
    ) {
        self.init(
            host: host, port: port, path: path,
            judge: .authorization(
                expectedState: expectedState, expectedIssuer: expectedIssuer, requireIssuer: requireIssuer),
            startPath: startPath, pages: pages)
    }

    /// The `state` a login's callback must carry; nil for other callbacks.
    var expectedState: String? {
        guard case .authorization(let state, _, _) = judge else { return nil }
        return state
    }

    /// RFC 9207: the issuer an `iss` in a login's response must name.
    var expectedIssuer: String? {
        guard case .authorization(_, let issuer, _) = judge else { return nil }
        return issuer
    }

    /// Whether a login's response without `iss` is refused; nil for other callbacks.
    var requireIssuer: Bool? {
        guard case .authorization(_, _, let require) = judge else { return nil }
        return require
    }
}
