import Foundation
import KAuthBasics
import KAuthCore

/// A redirect listener without sockets, for any judge (a login's, the shipping-address
/// picker's): it records what the flow configured and armed, answers `wait` with a scripted
/// outcome (or whatever was delivered first, as a pasted URL), and records how the flow concluded.
package final class FakeListener: @unchecked Sendable {
    private let lock = NSLock()
    /// The scripted outcome, for the judge whose config it was given (nil for another's).
    private let outcome: @Sendable (_ config: Any, _ authorizationURL: String?) -> (any ListenerOutcome)?
    private var delivered: (any ListenerOutcome)?
    private var configs: [Any] = []
    private var armed: [String] = []
    private var conclusions: [any Sendable] = []
    private var closed = 0
    private var visits: [String] = []
    private var browserHandedOut = false
    private let silenceHeard: (@Sendable () -> Bool)?
    package let port: UInt16

    /// - Parameters:
    ///   - judge: the kind of wait `outcome` scripts; waits of other judges time out.
    ///   - outcome: what `wait` returns, from the config and the armed authorization URL
    ///     (nil: wait for a delivered outcome, then time out).
    ///   - timeOutOnceHeard: when given, a wait that would time out lasts until this holds (at
    ///     most 60 s), however long `timeout`: a test of what the user hears during a silence
    ///     then does not depend on how fast a loaded machine schedules the flow's silence task.
    package init<Judge: CallbackJudging>(
        judge: Judge.Type, port: UInt16 = 53100, timeOutOnceHeard: (@Sendable () -> Bool)? = nil,
        outcome: @escaping @Sendable (LoopbackListenerConfig<Judge>, String?) -> Judge.Outcome?
    ) {
        self.port = port
        self.silenceHeard = timeOutOnceHeard
        self.outcome = { config, armed in
            guard let config = config as? LoopbackListenerConfig<Judge> else { return nil }
            return outcome(config, armed)
        }
    }

    /// A login's listener (the core's `CallbackJudge`), the one most tests script.
    package convenience init(
        port: UInt16 = 53100, timeOutOnceHeard: (@Sendable () -> Bool)? = nil,
        outcome: @escaping @Sendable (CallbackListenerConfig, String?) -> CallbackOutcome?
    ) {
        self.init(judge: CallbackJudge.self, port: port, timeOutOnceHeard: timeOutOnceHeard, outcome: outcome)
    }

    /// The last login's config.
    package var config: CallbackListenerConfig? { config(of: CallbackJudge.self) }
    /// The last config for `judge`'s kind of wait.
    package func config<Judge: CallbackJudging>(of judge: Judge.Type) -> LoopbackListenerConfig<Judge>? {
        lock.withLock { configs.last as? LoopbackListenerConfig<Judge> }
    }
    /// What the start link was armed with: a login's authorization URL, the picker's kpidt URL.
    package var authorizationURLs: [String] { lock.withLock { armed } }
    /// How logins concluded.
    package var concluded: [LoginConclusion] { lock.withLock { conclusions.compactMap { $0 as? LoginConclusion } } }
    package var closeCount: Int { lock.withLock { closed } }
    /// Start links a browser visited.
    package var visited: [String] { lock.withLock { visits } }

    /// A browser that visits the start link (as the real one would); `fails` makes it one that
    /// cannot be opened.
    package func browser(fails: Bool = false) -> Browser {
        lock.withLock { browserHandedOut = true }
        return Browser { url in
            if fails { throw BrowserError.noDisplay }
            self.lock.withLock { self.visits.append(url) }
        }
    }

    package var listener: Listener { Listener(FakeStarter(fake: self)) }

    fileprivate func start<Judge: CallbackJudging>(_ config: LoopbackListenerConfig<Judge>)
        -> RunningLoopbackListener<Judge.Outcome, Judge.Conclusion>
    {
        lock.withLock { configs.append(config) }
        return RunningLoopbackListener(
            port: config.port == 0 ? port : config.port,
            arm: { url in self.lock.withLock { self.armed.append(url) } },
            wait: { timeout in
                // Real time, capped well above what any scripted answer needs on a loaded
                // machine; a test that wants the timeout asks for a short one.
                let heard = self.silenceHeard
                let deadline = ContinuousClock.now + (heard == nil ? min(timeout, .seconds(60)) : .seconds(60))
                // A redirect comes back only after the browser went to the provider: with a
                // start link, through that link. A test with a browser of its own (one that
                // cannot be started, say) stands for a user who opens the link by hand.
                if config.startPath != nil, self.lock.withLock({ self.browserHandedOut }) {
                    while self.lock.withLock({ self.visits.isEmpty && self.delivered == nil }),
                        ContinuousClock.now < deadline
                    {
                        try? await Task.sleep(for: .milliseconds(2))
                    }
                }
                let armed = self.lock.withLock { self.armed.last }
                if let scripted = self.outcome(config, armed) as? Judge.Outcome { return scripted }
                // Give a paste reader on another thread time to deliver.
                while ContinuousClock.now < deadline {
                    if let delivered = self.lock.withLock({ self.delivered as? Judge.Outcome }) { return delivered }
                    if let heard, heard() { break }
                    try? await Task.sleep(for: .milliseconds(5))
                }
                return .timedOut
            },
            deliver: { outcome in self.lock.withLock { if self.delivered == nil { self.delivered = outcome } } },
            conclude: { conclusion in self.lock.withLock { self.conclusions.append(conclusion) } },
            close: { self.lock.withLock { self.closed += 1 } }
        )
    }
}

/// Starts a `FakeListener`'s waits, for whatever judge the flow brings.
private struct FakeStarter: ListenerStarting {
    let fake: FakeListener

    func start<Judge: CallbackJudging>(
        _ config: LoopbackListenerConfig<Judge>, _ notice: @escaping @Sendable (ListenerNotice) -> Void
    ) throws -> RunningLoopbackListener<Judge.Outcome, Judge.Conclusion> {
        fake.start(config)
    }
}

/// Collects what a login flow reports.
package final class EventRecorder<Event: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [Event] = []

    package init() {}

    package var events: [Event] { lock.withLock { list } }

    package var record: @Sendable (Event) -> Void {
        { event in self.lock.withLock { self.list.append(event) } }
    }
}

extension Listener {
    /// A listener for tests of a login's flow, from one closure: every wait a login starts is
    /// judged by `CallbackJudge`, so the closure takes and gives those concrete types.
    package init(
        start:
            @escaping @Sendable (CallbackListenerConfig, @escaping @Sendable (ListenerNotice) -> Void) throws ->
            RunningCallbackListener
    ) {
        self.init(judge: CallbackJudge.self, start: start)
    }

    /// A listener for tests of the waits of one judge, from one closure; a start for any other
    /// judge is a mistake in the test.
    package init<Judge: CallbackJudging>(
        judge: Judge.Type,
        start:
            @escaping @Sendable (LoopbackListenerConfig<Judge>, @escaping @Sendable (ListenerNotice) -> Void) throws ->
            RunningLoopbackListener<Judge.Outcome, Judge.Conclusion>
    ) {
        self.init(ClosureStarter(start: start))
    }
}

/// Starts one judge's listener through a test's closure.
private struct ClosureStarter<Expected: CallbackJudging>: ListenerStarting {
    let start:
        @Sendable (LoopbackListenerConfig<Expected>, @escaping @Sendable (ListenerNotice) -> Void) throws ->
            RunningLoopbackListener<Expected.Outcome, Expected.Conclusion>

    func start<Judge: CallbackJudging>(
        _ config: LoopbackListenerConfig<Judge>, _ notice: @escaping @Sendable (ListenerNotice) -> Void
    ) throws -> RunningLoopbackListener<Judge.Outcome, Judge.Conclusion> {
        guard let config = config as? LoopbackListenerConfig<Expected> else {
            preconditionFailure("a test listener started for \(Judge.self), not \(Expected.self)")
        }
        let running = try start(config, notice)
        guard let typed = running as? RunningLoopbackListener<Judge.Outcome, Judge.Conclusion> else {
            preconditionFailure("unreachable: Judge is \(Expected.self)")
        }
        return typed
    }
}
