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
    /// Named on the pages the browser shows.
    package var providerName: String
    /// RFC 9207: when the provider announces `iss` in authorization responses, the issuer every
    /// response must carry (mix-up defence, RFC 9700 §2.1).
    package var expectedIssuer: String?

    package init(host: String = "127.0.0.1", port: UInt16, path: String, expectedState: String, providerName: String = "the provider", expectedIssuer: String? = nil) {
        self.providerName = providerName
        self.expectedIssuer = expectedIssuer
        self.host = host
        self.port = port
        self.path = path
        self.expectedState = expectedState
    }
}

/// A listener that is bound and serving.
package struct RunningCallbackListener: Sendable {
    /// The bound port (the real one when 0 was asked for).
    package var port: UInt16
    /// Waits for the first outcome, or `.timedOut` after `timeout`.
    package var wait: @Sendable (_ timeout: Duration) async -> CallbackOutcome
    /// Hands in an outcome from elsewhere (a redirect URL pasted on standard input).
    package var deliver: @Sendable (_ outcome: CallbackOutcome) -> Void
    /// Stops serving and frees the port.
    package var close: @Sendable () -> Void

    package init(
        port: UInt16,
        wait: @escaping @Sendable (Duration) async -> CallbackOutcome,
        deliver: @escaping @Sendable (CallbackOutcome) -> Void,
        close: @escaping @Sendable () -> Void
    ) {
        self.port = port
        self.wait = wait
        self.deliver = deliver
        self.close = close
    }
}

/// Binds the loopback redirect listener of the login flow.
package struct Listener: Sendable {
    /// Binds and starts serving. `notice` receives one-line reports of requests that were
    /// answered but did not end the wait (a wrong `state`), for the user to see.
    package var start: @Sendable (_ config: CallbackListenerConfig, _ notice: @escaping @Sendable (String) -> Void) throws -> RunningCallbackListener

    package init(start: @escaping @Sendable (CallbackListenerConfig, @escaping @Sendable (String) -> Void) throws -> RunningCallbackListener) {
        self.start = start
    }
}
