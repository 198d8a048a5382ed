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
    /// The real redirect listener: a `LoopbackServer` on 127.0.0.1 that ends the wait on the
    /// first request with the right `state` and a `code` or `error`.
    package static let live = Listener { config, notice in
        let box = OutcomeBox()
        let server: LoopbackServer
        do {
            server = try LoopbackServer(
                host: config.host,
                port: config.port,
                limits: LoopbackServerLimits(maxHeaderBytes: 8 * 1024, maxBodyBytes: 16 * 1024, readTimeout: .seconds(10))
            ) { request, send in
                let verdict = RedirectCallback.evaluate(
                    method: request.method, path: request.path, query: request.query,
                    expectedPath: config.path, expectedState: config.expectedState, expectedIssuer: config.expectedIssuer
                )
                switch verdict {
                case .stateMismatch:
                    notice("ignored a request to the redirect listener with a missing or wrong state")
                case .outcome(let outcome):
                    guard box.claim() else {
                        send(.html(409, LoginPages.error(title: "This login has already finished", detail: "Return to the terminal.")))
                        return
                    }
                    // The page goes out before the login ends, so the browser is never left
                    // with a reset connection by a kauth that has already exited.
                    send(RedirectCallback.response(for: verdict, provider: config.providerName))
                    box.deliver(outcome, claimed: true)
                    return
                default:
                    break
                }
                send(RedirectCallback.response(for: verdict, provider: config.providerName))
            }
        }
        try server.startServing()
        // Ctrl-C while waiting cancels the login (exit 6) instead of killing kauth mid-flow.
        signal(SIGINT, SIG_IGN)
        let interrupt = SignalSource(DispatchSource.makeSignalSource(signal: SIGINT, queue: .global()))
        interrupt.source.setEventHandler { box.deliver(.interrupted) }
        interrupt.source.resume()
        return RunningCallbackListener(
            port: server.port,
            wait: { timeout in await box.wait(timeout: timeout) },
            deliver: { outcome in _ = box.deliver(outcome) },
            close: {
                interrupt.source.cancel()
                signal(SIGINT, SIG_DFL)
                server.stop()
            }
        )
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
