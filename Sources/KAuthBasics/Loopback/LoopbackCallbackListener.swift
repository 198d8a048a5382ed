import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Listener {
    /// The real callback listener: a `LoopbackServer` on 127.0.0.1 that serves the single-use start
    /// link and ends the wait on the first request its judge takes as the answer.
    package static let live = Listener(LiveCallbackListener())
}

/// What `Listener.live` starts: the same server, start link, waiting and Ctrl-C for every judge.
struct LiveCallbackListener: ListenerStarting {
    func start<Judge: CallbackJudging>(
        _ config: LoopbackListenerConfig<Judge>, _ notice: @escaping @Sendable (ListenerNotice) -> Void
    ) throws -> RunningLoopbackListener<Judge.Outcome, Judge.Conclusion> {
        let box = OutcomeBox<Judge.Outcome>()
        let start = StartLink()
        let gate = ConclusionGate<Judge.Conclusion>()
        let pages = config.pages
        let server: LoopbackServer
        PeerOwner.prepare()
        do {
            server = try LoopbackServer(
                host: config.host,
                port: config.port,
                limits: LoopbackServerLimits(
                    maxHeaderBytes: 8 * 1024, maxBodyBytes: 16 * 1024, readTimeout: .seconds(10)),
                // Only the user who started kauth may use its listener: another user's program gets
                // 403 for the start link and the callback alike.
                peers: PeerOwner.isSupported
                    ? PeerFilter(uid: geteuid()) { refusal in notice(.refusedPeer(refusal)) } : nil
            ) { request, send in
                if let startPath = config.startPath, request.path == startPath {
                    switch start.use() {
                    case .first(let url):
                        send(.redirect(url))
                    case .again:
                        // Fail closed: whoever came first may not be the user's browser. The wait
                        // is claimed at once, so no answer arriving meanwhile can win; the page goes
                        // out before the wait ends, so kauth exiting right after cannot cut it off.
                        let claimed = box.claim()
                        send(pages.takeover(request))
                        if claimed { box.deliver(.takeover, claimed: true) }
                    case .notArmed:
                        send(.text(404, "Not found\n"))
                    }
                    return
                }
                let verdict = config.judge.evaluate(
                    method: request.method, path: request.path, query: request.query, expectedPath: config.path)
                switch verdict {
                case .notFound:
                    send(.text(404, "Not found\n"))
                case .methodNotAllowed:
                    send(.text(405, "Method not allowed\n"))
                case .stateMismatch:
                    notice(.wrongState)
                    send(pages.stateMismatch(request))
                case .incomplete:
                    notice(.incomplete)
                    send(pages.incomplete(request))
                case .outcome(let outcome):
                    guard box.claim() else {
                        send(pages.alreadyFinished(request))
                        return
                    }
                    switch pages.answer(outcome, request) {
                    case .beforeEnding(let page):
                        send(page)
                        box.deliver(outcome, claimed: true)
                        return
                    case .afterEnding(let page):
                        box.deliver(outcome, claimed: true)
                        send(page)
                        return
                    case .atConclusion:
                        box.deliver(outcome, claimed: true)
                    }
                    // The browser gets its page once the flow is over, so it never says more
                    // than is true; a flow that never concludes gets the page for nil.
                    let conclusion = gate.awaitConclusion(timeout: .seconds(180))
                    send(pages.concluded(conclusion, request))
                    gate.markSent()
                }
            }
        }
        server.start()
        // Ctrl-C while waiting ends the wait (`.interrupted`) instead of killing kauth mid-flow,
        // and so do SIGTERM (`kill`, a CI job's timeout) and SIGHUP (the terminal closed): the
        // flow then removes the browser's page and closes the listener, as for Ctrl-C.
        let stops = [SIGINT, SIGTERM, SIGHUP]
        for number in stops { signal(number, SIG_IGN) }
        let interrupts = stops.map { SignalSource(DispatchSource.makeSignalSource(signal: $0, queue: .global())) }
        for interrupt in interrupts {
            interrupt.source.setEventHandler { box.deliver(.interrupted) }
            interrupt.source.resume()
        }
        return RunningLoopbackListener(
            port: server.port,
            arm: { url in start.arm(url) },
            wait: { timeout in await box.wait(timeout: timeout) },
            deliver: { outcome in box.deliver(outcome) },
            conclude: { conclusion in gate.conclude(conclusion) },
            close: {
                for interrupt in interrupts { interrupt.source.cancel() }
                for number in stops { signal(number, SIG_DFL) }
                server.stop()
            }
        )
    }
}

/// The start link's one use: the first request is redirected to the provider's page, every
/// later one ends the wait.
final class StartLink: @unchecked Sendable {
    enum Use { case first(String), again, notArmed }

    private let lock = Lock()
    private var url: String?
    private var used = false

    func arm(_ url: String) {
        lock.withLock { self.url = url }
    }

    func use() -> Use {
        lock.withLock {
            guard let url else { return .notArmed }
            if used { return .again }
            used = true
            return .first(url)
        }
    }
}

/// Hands the flow's conclusion to the request that is holding the browser's connection, and
/// lets `conclude` return once that page is on the wire (kauth may exit right after).
final class ConclusionGate<Conclusion: Sendable>: @unchecked Sendable {
    private let lock = Lock()
    private var conclusion: Conclusion?
    private var waiting = false
    private let concluded = DispatchSemaphore(value: 0)
    private let sent = DispatchSemaphore(value: 0)

    /// Called on the request's thread: blocks until `conclude` or the timeout.
    func awaitConclusion(timeout: Duration) -> Conclusion? {
        lock.withLock { waiting = true }
        _ = concluded.wait(timeout: .now() + .milliseconds(Int(timeout.milliseconds)))
        return lock.withLock { conclusion }
    }

    func markSent() {
        sent.signal()
    }

    /// Called by the flow; returns when the page was sent (at most a few seconds).
    func conclude(_ value: Conclusion) {
        let isWaiting = lock.withLock { () -> Bool in
            guard conclusion == nil else { return false }
            conclusion = value
            return waiting
        }
        concluded.signal()
        if isWaiting { _ = sent.wait(timeout: .now() + .seconds(3)) }
    }
}

/// Holds the first outcome; later ones are refused. `wait` returns it, or `.timedOut`.
final class OutcomeBox<Outcome: ListenerOutcome>: @unchecked Sendable {
    private let lock = Lock()
    private var outcome: Outcome?
    private var claimed = false
    private var waiters: [CheckedContinuation<Outcome, Never>] = []

    /// Reserves the right to deliver the one outcome; false if another request or source has it.
    func claim() -> Bool {
        lock.withLock {
            guard !claimed else { return false }
            claimed = true
            return true
        }
    }

    /// Records `outcome` if none was recorded (or claimed by someone else) yet; false otherwise.
    @discardableResult
    func deliver(_ outcome: Outcome, claimed alreadyClaimed: Bool = false) -> Bool {
        lock.lock()
        guard self.outcome == nil, alreadyClaimed || !claimed else {
            lock.unlock()
            return false
        }
        claimed = true
        self.outcome = outcome
        let waiting = waiters
        waiters = []
        lock.unlock()
        waiting.forEach { $0.resume(returning: outcome) }
        return true
    }

    func wait(timeout: Duration) async -> Outcome {
        let timer = Task {
            try? await Task.sleep(for: timeout)
            if !Task.isCancelled { deliver(.timedOut) }
        }
        defer { timer.cancel() }
        return await withCheckedContinuation { continuation in
            lock.lock()
            if let outcome {
                lock.unlock()
                continuation.resume(returning: outcome)
            } else {
                waiters.append(continuation)
                lock.unlock()
            }
        }
    }
}

/// A dispatch signal source is thread-safe; the wrapper only tells the compiler so.
private final class SignalSource: @unchecked Sendable {
    let source: any DispatchSourceSignal
    init(_ source: any DispatchSourceSignal) { self.source = source }
}
