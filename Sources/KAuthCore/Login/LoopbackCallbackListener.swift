import Dispatch
import KAuthBasics

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
    /// The real redirect listener: a `LoopbackServer` on 127.0.0.1 that serves the single-use start
    /// link and ends the wait on the first request its judge takes as the answer (a login's right
    /// `state` with a `code` or `error`; the picker's random path with a `status`).
    package static let live = Listener { config, notice in
        let box = OutcomeBox()
        let start = StartLink()
        let gate = ConclusionGate()
        let server: LoopbackServer
        PeerOwner.prepare()
        do {
            server = try LoopbackServer(
                host: config.host,
                port: config.port,
                limits: LoopbackServerLimits(
                    maxHeaderBytes: 8 * 1024, maxBodyBytes: 16 * 1024, readTimeout: .seconds(10)),
                // Only the user who started kauth may use its listener: another user's program gets
                // 403 for the start link, the callback and the picker's return alike.
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
                        send(CallbackPages.response(.takeoverSuspected(config.judge.task), status: 409, for: request))
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
                    send(CallbackPages.response(.notThisLogin, status: 400, for: request))
                case .incomplete:
                    notice(.incomplete)
                    send(CallbackPages.response(.incomplete(config.judge.task), status: 400, for: request))
                case .outcome(let outcome):
                    guard box.claim() else {
                        send(CallbackPages.response(.alreadyFinished(config.judge.task), status: 409, for: request))
                        return
                    }
                    switch outcome {
                    case .addressChosen, .pickerFailed:
                        // The picker's answer is final as it arrives: its page goes out before the
                        // wait ends, so kauth exiting right after cannot cut it off.
                        let (page, status) = CallbackPages.page(
                            for: outcome, provider: config.providerName, task: config.judge.task)
                        send(CallbackPages.response(page, status: status, for: request))
                        box.deliver(outcome, claimed: true)
                        return
                    case .code:
                        box.deliver(outcome, claimed: true)
                    case .providerError, .timedOut, .inputEnded, .interrupted, .takeover:
                        box.deliver(outcome, claimed: true)
                        let (page, status) = CallbackPages.page(
                            for: outcome, provider: config.providerName, task: config.judge.task)
                        send(CallbackPages.response(page, status: status, for: request))
                        return
                    }
                    // The browser gets its page once the code exchange is over, so it never says
                    // "logged in" before that is true; a login that never concludes gets a page
                    // that sends the user to the terminal.
                    let conclusion = gate.awaitConclusion(timeout: .seconds(180))
                    send(
                        CallbackPages.response(
                            CallbackPages.page(for: conclusion, provider: config.providerName), status: 200,
                            for: request))
                    gate.markSent()
                }
            }
        }
        server.start()
        // Ctrl-C while waiting cancels the login (exit 6) instead of killing kauth mid-flow.
        signal(SIGINT, SIG_IGN)
        let interrupt = SignalSource(DispatchSource.makeSignalSource(signal: SIGINT, queue: .global()))
        interrupt.source.setEventHandler { box.deliver(.interrupted) }
        interrupt.source.resume()
        return RunningCallbackListener(
            port: server.port,
            arm: { url in start.arm(url) },
            wait: { timeout in await box.wait(timeout: timeout) },
            deliver: { outcome in box.deliver(outcome) },
            conclude: { conclusion in gate.conclude(conclusion) },
            close: {
                interrupt.source.cancel()
                signal(SIGINT, SIG_DFL)
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

/// Hands the login's conclusion to the request that is holding the browser's connection, and
/// lets `conclude` return once that page is on the wire (kauth may exit right after).
final class ConclusionGate: @unchecked Sendable {
    private let lock = Lock()
    private var conclusion: LoginConclusion?
    private var waiting = false
    private let concluded = DispatchSemaphore(value: 0)
    private let sent = DispatchSemaphore(value: 0)

    /// Called on the request's thread: blocks until `conclude` or the timeout.
    func awaitConclusion(timeout: Duration) -> LoginConclusion? {
        lock.withLock { waiting = true }
        _ = concluded.wait(timeout: .now() + .milliseconds(Int(timeout.milliseconds)))
        return lock.withLock { conclusion }
    }

    func markSent() {
        sent.signal()
    }

    /// Called by the login flow; returns when the page was sent (at most a few seconds).
    func conclude(_ value: LoginConclusion) {
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
final class OutcomeBox: @unchecked Sendable {
    private let lock = Lock()
    private var outcome: CallbackOutcome?
    private var claimed = false
    private var waiters: [CheckedContinuation<CallbackOutcome, Never>] = []

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
    func deliver(_ outcome: CallbackOutcome, claimed alreadyClaimed: Bool = false) -> Bool {
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

    func wait(timeout: Duration) async -> CallbackOutcome {
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
