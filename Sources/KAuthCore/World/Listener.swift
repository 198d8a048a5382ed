/// How a redirect listener finished.
package enum CallbackOutcome: Sendable, Equatable {
    /// The authorization code, from a request whose `state` matched.
    case code(String)
    /// The provider redirected with `error=` (RFC 6749 §4.1.2.1), state matched.
    case providerError(error: String, description: String?)
    /// Nothing usable arrived in time.
    case timedOut
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
    /// The `state` sent in the authorization request; a callback with another is answered 400.
    package var expectedState: String
    /// RFC 9207: the issuer an `iss` in the response must name.
    package var expectedIssuer: String?
    /// Whether a response without `iss` is refused (the provider announces that it sends one).
    package var requireIssuer: Bool
    /// The path of the single-use link the browser is given, which redirects to the authorization
    /// URL; nil when no browser is started.
    package var startPath: String?
    /// Named on the pages the browser shows.
    package var providerName: String

    package init(
        host: String = "127.0.0.1", port: UInt16, path: String, expectedState: String, expectedIssuer: String? = nil,
        requireIssuer: Bool = false, startPath: String? = nil, providerName: String = "the provider"
    ) {
        self.host = host
        self.port = port
        self.path = path
        self.expectedState = expectedState
        self.expectedIssuer = expectedIssuer
        self.requireIssuer = requireIssuer
        self.startPath = startPath
        self.providerName = providerName
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
    /// The right `state`, but neither a code nor an error.
    case incomplete
}

/// A listener that is bound and serving.
package struct RunningCallbackListener: Sendable {
    /// The bound port (the real one when 0 was asked for).
    package var port: UInt16
    /// Where the start link leads: the authorization URL, which names the redirect URI and so can
    /// only be built once the port is known.
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

/// Binds the loopback redirect listener of the login flow.
package struct Listener: Sendable {
    /// Binds and starts serving. `notice` hears of requests that were answered but did not end
    /// the wait.
    package var start: @Sendable (_ config: CallbackListenerConfig, _ notice: @escaping @Sendable (ListenerNotice) -> Void) throws -> RunningCallbackListener

    package init(start: @escaping @Sendable (CallbackListenerConfig, @escaping @Sendable (ListenerNotice) -> Void) throws -> RunningCallbackListener) {
        self.start = start
    }
}
