import KAuthBasics

/// How a redirect listener finished. One type for every kind of callback (`CallbackJudge`), so
/// the listener, its waiting and its single-use start link are shared; each flow handles the
/// outcomes its judge can give and treats the others as impossible.
package enum CallbackOutcome: Sendable, Equatable {
    /// The authorization code, from a request whose `state` matched.
    case code(String)
    /// The provider redirected with `error=` (RFC 6749 §4.1.2.1), state matched.
    case providerError(error: String, description: String?)
    /// Kakao's shipping-address picker came back with `status=ok&address_id=N`.
    case addressChosen(id: Int64)
    /// Kakao's shipping-address picker came back with `status=error` and its `KAE…` code.
    case pickerFailed(code: String, message: String?)
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

/// Where and for what the redirect listener waits.
package struct CallbackListenerConfig: Sendable, Equatable {
    /// Always a loopback literal: `127.0.0.1` (RFC 8252 §7.3, §8.3).
    package var host: String
    /// 0 asks the system for a free port.
    package var port: UInt16
    /// Path of the redirect URI, e.g. `/callback`; every other path gets 404.
    package var path: String
    /// How a request to `path` is judged: what it must carry, and what it ends the wait with.
    package var judge: CallbackJudge
    /// The path of the single-use link the browser is given, which redirects to the provider's
    /// page; nil when no browser is started.
    package var startPath: String?
    /// Named on the pages the browser shows.
    package var providerName: String

    package init(
        host: String = "127.0.0.1", port: UInt16, path: String, judge: CallbackJudge, startPath: String? = nil,
        providerName: String = "the provider"
    ) {
        self.host = host
        self.port = port
        self.path = path
        self.judge = judge
        self.startPath = startPath
        self.providerName = providerName
    }

    /// A login's listener: an authorization response bound by `state` (and RFC 9207 `iss`).
    package init(
        host: String = "127.0.0.1", port: UInt16, path: String, expectedState: String, expectedIssuer: String? = nil,
        requireIssuer: Bool = false, startPath: String? = nil, providerName: String = "the provider"
    ) {
        self.init(
            host: host, port: port, path: path,
            judge: .authorization(
                expectedState: expectedState, expectedIssuer: expectedIssuer, requireIssuer: requireIssuer),
            startPath: startPath, providerName: providerName)
    }

    /// The `state` a login's callback must carry; nil for other callbacks.
    package var expectedState: String? {
        guard case .authorization(let state, _, _) = judge else { return nil }
        return state
    }

    /// RFC 9207: the issuer an `iss` in a login's response must name.
    package var expectedIssuer: String? {
        guard case .authorization(_, let issuer, _) = judge else { return nil }
        return issuer
    }

    /// Whether a login's response without `iss` is refused; nil for other callbacks.
    package var requireIssuer: Bool? {
        guard case .authorization(_, _, let require) = judge else { return nil }
        return require
    }
}

/// What the browser that delivered the code is told once the login is over.
package enum LoginConclusion: Sendable, Equatable {
    case loggedIn
    case failed
}

/// A request the listener answered without ending the wait, for the user to see.
package enum ListenerNotice: Sendable, Equatable {
    /// A request to the redirect path without this login's `state`: possibly forged.
    case wrongState
    /// A request the judge accepted as meant for this wait, but that carried no answer (a login's
    /// redirect with neither code nor error; a picker's return without a usable status).
    case incomplete
    /// A connection that was not the user's own (another local user's, or one whose owner could
    /// not be found) was answered 403 and nothing else.
    case refusedPeer(PeerRefusal)
}

/// A listener that is bound and serving.
package struct RunningCallbackListener: Sendable {
    /// The bound port (the real one when 0 was asked for).
    package var port: UInt16
    /// Where the start link leads: the provider's page (a login's authorization URL), which names
    /// the redirect URI and so can only be built once the port is known.
    package var arm: @Sendable (_ authorizationURL: String) -> Void
    /// Waits for the first outcome, or `.timedOut` after `timeout`.
    package var wait: @Sendable (_ timeout: Duration) async -> CallbackOutcome
    /// Hands in an outcome from elsewhere (a redirect URL pasted on standard input).
    package var deliver: @Sendable (_ outcome: CallbackOutcome) -> Void
    /// Answers the browser that delivered the code, once the code exchange is over: until then it
    /// has no page, so it never says "logged in" before that is true.
    package var conclude: @Sendable (_ conclusion: LoginConclusion) -> Void
    /// Stops serving and frees the port.
    package var close: @Sendable () -> Void

    package init(
        port: UInt16,
        arm: @escaping @Sendable (String) -> Void,
        wait: @escaping @Sendable (Duration) async -> CallbackOutcome,
        deliver: @escaping @Sendable (CallbackOutcome) -> Void,
        conclude: @escaping @Sendable (LoginConclusion) -> Void,
        close: @escaping @Sendable () -> Void
    ) {
        self.port = port
        self.arm = arm
        self.wait = wait
        self.deliver = deliver
        self.conclude = conclude
        self.close = close
    }
}

/// Binds the loopback redirect listener: the login's, and the shipping-address picker's.
package struct Listener: Sendable {
    /// Binds and starts serving. `notice` hears of requests that were answered but did not end
    /// the wait.
    package var start:
        @Sendable (_ config: CallbackListenerConfig, _ notice: @escaping @Sendable (ListenerNotice) -> Void) throws ->
            RunningCallbackListener

    package init(
        start:
            @escaping @Sendable (CallbackListenerConfig, @escaping @Sendable (ListenerNotice) -> Void) throws ->
            RunningCallbackListener
    ) {
        self.start = start
    }
}
