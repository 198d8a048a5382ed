/// The ends of a wait that the listener itself knows of, whatever the callback is for: every
/// outcome type a judge gives has them, so the listener can end a wait that no answer ended.
package protocol ListenerOutcome: Sendable, Equatable {
    /// Nothing usable arrived in time.
    static var timedOut: Self { get }
    /// The user interrupted the wait (Ctrl-C).
    static var interrupted: Self { get }
    /// The single-use start link was used a second time: someone else may have tried to take
    /// over the wait, which ends unused.
    static var takeover: Self { get }
}

/// What the listener makes of one request to it.
package enum LoopbackVerdict<Outcome: ListenerOutcome>: Sendable, Equatable {
    /// Not the callback path (a favicon, a probe, a guess): 404, keep waiting.
    case notFound
    /// Not a GET: 405, keep waiting.
    case methodNotAllowed
    /// The request does not belong to this wait (a login's `state` missing or different): possibly
    /// forged; 400, keep waiting.
    case stateMismatch
    /// Meant for this wait but with no answer in it: 400, keep waiting.
    case incomplete
    /// The answer that ends the wait.
    case outcome(Outcome)
}

/// How the listener judges a request to its callback path. The judge is the one part that knows
/// what the wait is for; the listener (binding, start link, waiting, Ctrl-C, the peer check) is the
/// same for every judge.
package protocol CallbackJudging: Sendable {
    /// How a wait ends.
    associatedtype Outcome: ListenerOutcome
    /// What the flow tells the browser that delivered the answer once it is over, when the
    /// answer's page waits for it (`ListenerAnswer.atConclusion`).
    associatedtype Conclusion: Sendable & Equatable

    /// The verdict on one request; `expectedPath` is the listener's callback path.
    func evaluate(method: String, path: String, query: [(String, String)], expectedPath: String)
        -> LoopbackVerdict<Outcome>
}

/// When the request that carried the answer gets its page.
package enum ListenerAnswer: Sendable {
    /// This page goes out before the wait ends, so a program exiting right after cannot cut it off.
    case beforeEnding(HTTPServerResponse)
    /// The wait ends first, then this page goes out.
    case afterEnding(HTTPServerResponse)
    /// The page waits for the flow's conclusion (`RunningLoopbackListener.conclude`), so it never
    /// claims more than is true.
    case atConclusion
}

/// What the listener answers the browser with, given as a value: the words and their language
/// belong to whoever set up the wait.
package struct ListenerPages<Outcome: ListenerOutcome, Conclusion: Sendable & Equatable>: Sendable {
    /// The start link used a second time (answered 409).
    package var takeover: @Sendable (HTTPServerRequest) -> HTTPServerResponse
    /// A request the judge refused as not belonging to this wait.
    package var stateMismatch: @Sendable (HTTPServerRequest) -> HTTPServerResponse
    /// A request meant for this wait that carried no answer.
    package var incomplete: @Sendable (HTTPServerRequest) -> HTTPServerResponse
    /// An answer that came after the wait was already over.
    package var alreadyFinished: @Sendable (HTTPServerRequest) -> HTTPServerResponse
    /// How and when the request that ended the wait is answered.
    package var answer: @Sendable (Outcome, HTTPServerRequest) -> ListenerAnswer
    /// The page for an `.atConclusion` answer (nil: the flow did not conclude in time).
    package var concluded: @Sendable (Conclusion?, HTTPServerRequest) -> HTTPServerResponse

    package init(
        takeover: @escaping @Sendable (HTTPServerRequest) -> HTTPServerResponse,
        stateMismatch: @escaping @Sendable (HTTPServerRequest) -> HTTPServerResponse,
        incomplete: @escaping @Sendable (HTTPServerRequest) -> HTTPServerResponse,
        alreadyFinished: @escaping @Sendable (HTTPServerRequest) -> HTTPServerResponse,
        answer: @escaping @Sendable (Outcome, HTTPServerRequest) -> ListenerAnswer,
        concluded: @escaping @Sendable (Conclusion?, HTTPServerRequest) -> HTTPServerResponse
    ) {
        self.takeover = takeover
        self.stateMismatch = stateMismatch
        self.incomplete = incomplete
        self.alreadyFinished = alreadyFinished
        self.answer = answer
        self.concluded = concluded
    }
}

/// Where and for what the loopback listener waits.
package struct LoopbackListenerConfig<Judge: CallbackJudging>: Sendable {
    /// Always a loopback literal: `127.0.0.1` (RFC 8252 §7.3, §8.3).
    package var host: String
    /// 0 asks the system for a free port.
    package var port: UInt16
    /// Path of the callback, e.g. `/callback`; every other path gets 404.
    package var path: String
    /// How a request to `path` is judged: what it must carry, and what it ends the wait with.
    package var judge: Judge
    /// The path of the single-use link the browser is given, which redirects to the page armed
    /// later; nil when no browser is started.
    package var startPath: String?
    /// What the browser is answered with.
    package var pages: ListenerPages<Judge.Outcome, Judge.Conclusion>

    package init(
        host: String = "127.0.0.1", port: UInt16, path: String, judge: Judge, startPath: String? = nil,
        pages: ListenerPages<Judge.Outcome, Judge.Conclusion>
    ) {
        self.host = host
        self.port = port
        self.path = path
        self.judge = judge
        self.startPath = startPath
        self.pages = pages
    }
}

/// A request the listener answered without ending the wait, for the user to see.
package enum ListenerNotice: Sendable, Equatable {
    /// A request to the callback path the judge refused as not belonging to this wait (a login's
    /// missing or different `state`): possibly forged.
    case wrongState
    /// A request the judge accepted as meant for this wait, but that carried no answer.
    case incomplete
    /// A connection that was not the user's own (another local user's, or one whose owner could
    /// not be found) was answered 403 and nothing else.
    case refusedPeer(PeerRefusal)
}

/// A listener that is bound and serving.
package struct RunningLoopbackListener<Outcome: ListenerOutcome, Conclusion: Sendable & Equatable>: Sendable {
    /// The bound port (the real one when 0 was asked for).
    package var port: UInt16
    /// Where the start link leads (a login's authorization URL), which may name the callback and
    /// so can only be built once the port is known.
    package var arm: @Sendable (_ url: String) -> Void
    /// Waits for the first outcome, or `.timedOut` after `timeout`.
    package var wait: @Sendable (_ timeout: Duration) async -> Outcome
    /// Hands in an outcome from elsewhere (a callback URL pasted on standard input).
    package var deliver: @Sendable (_ outcome: Outcome) -> Void
    /// Answers the browser whose answer's page waits for the flow's conclusion.
    package var conclude: @Sendable (_ conclusion: Conclusion) -> Void
    /// Stops serving and frees the port.
    package var close: @Sendable () -> Void

    package init(
        port: UInt16,
        arm: @escaping @Sendable (String) -> Void,
        wait: @escaping @Sendable (Duration) async -> Outcome,
        deliver: @escaping @Sendable (Outcome) -> Void,
        conclude: @escaping @Sendable (Conclusion) -> Void,
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

/// What starts a loopback listener for any judge: the live one, or a test's.
package protocol ListenerStarting: Sendable {
    func start<Judge: CallbackJudging>(
        _ config: LoopbackListenerConfig<Judge>, _ notice: @escaping @Sendable (ListenerNotice) -> Void
    ) throws -> RunningLoopbackListener<Judge.Outcome, Judge.Conclusion>
}

/// Binds the loopback callback listener. A value holding what starts it, since starting is generic
/// over the judge and a closure cannot be.
package struct Listener: Sendable {
    private let starter: any ListenerStarting

    package init(_ starter: any ListenerStarting) {
        self.starter = starter
    }

    /// Binds and starts serving. `notice` hears of requests that were answered but did not end
    /// the wait.
    package func start<Judge: CallbackJudging>(
        _ config: LoopbackListenerConfig<Judge>, _ notice: @escaping @Sendable (ListenerNotice) -> Void
    ) throws -> RunningLoopbackListener<Judge.Outcome, Judge.Conclusion> {
        try starter.start(config, notice)
    }
}
