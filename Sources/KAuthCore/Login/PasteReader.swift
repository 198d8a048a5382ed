import KAuthBasics

/// The paste path: the user opens the page in any browser and pastes back the address the
/// browser was sent to. Reads lines on standard input on a thread of its own (a blocking read
/// cannot be cancelled) and hands the first one the listener's judge accepts to the listener.
///
/// Made before the listener (whose refusals may offer it), connected once the listener and the
/// page are known; `offer` may come first, and then takes effect at `connect`. Offered at most
/// once, however many reasons there are (no browser, a refused connection). Generic over the
/// listener's judge, like the listener.
package final class PasteReader<Judge: CallbackJudging>: @unchecked Sendable {
    private let terminal: Terminal
    private let judge: Judge
    private let path: String
    /// The login's `state`, to tell a paste cut short or made twice from one of another login;
    /// nil where the judge keeps no state of its own.
    private let state: String?
    /// How the wait ends when input ends (`offer(endsWithInput:)`); nil where it has no such end.
    private let inputEnded: Judge.Outcome?
    private let rejected: @Sendable (PastedURLProblem) -> Void
    private let lock = Lock()
    // Guarded by `lock`.
    private var listener: RunningLoopbackListener<Judge.Outcome, Judge.Conclusion>?
    private var announce: (@Sendable () -> Void)?
    private var wanted = false
    private var started = false
    private var endsWithInput = false

    /// - Parameter rejected: hears of each pasted line that was not the awaited address.
    package init(
        terminal: Terminal, judge: Judge, path: String, state: String? = nil, inputEnded: Judge.Outcome? = nil,
        rejected: @escaping @Sendable (PastedURLProblem) -> Void
    ) {
        self.terminal = terminal
        self.judge = judge
        self.path = path
        self.state = state
        self.inputEnded = inputEnded
        self.rejected = rejected
    }

    /// The listener to hand the answer to, and what tells the user what to paste.
    package func connect(
        _ listener: RunningLoopbackListener<Judge.Outcome, Judge.Conclusion>, announce: @escaping @Sendable () -> Void
    ) {
        let start = lock.withLock { () -> Bool in
            self.listener = listener
            self.announce = announce
            return wanted
        }
        if start { offer() }
    }

    /// Tells the user what to paste and starts reading, the first time only.
    ///
    /// - Parameter endsWithInput: no browser was started, so when an input that is not a terminal
    ///   ends (CI, cron, `</dev/null`) nothing can bring the redirect any more, and waiting out the
    ///   timeout would only hide that: the wait ends with `.inputEnded`. At a terminal, Ctrl-D
    ///   ends the wait as Ctrl-C does (`.interrupted`): nothing is stored.
    package func offer(endsWithInput: Bool = false) {
        let ready = lock.withLock {
            () -> (RunningLoopbackListener<Judge.Outcome, Judge.Conclusion>, @Sendable () -> Void)? in
            wanted = true
            if endsWithInput { self.endsWithInput = true }
            guard !started, let listener, let announce else { return nil }
            started = true
            return (listener, announce)
        }
        guard let (listener, announce) = ready else { return }
        announce()
        let terminal = terminal
        let judge = judge
        let path = path
        let state = state
        let rejected = rejected
        let inputEnded = inputEnded
        // Without a thread (a process limit) no pasted URL is read; the listener still works.
        try? startThread { [self] in
            while let line = terminal.readLine() {
                let text = Self.asTheBrowserShowsIt(line.trimmingWhitespace())
                if text.isEmpty { continue }
                switch judge.evaluate(pastedURL: text, expectedPath: path) {
                case .outcome(let outcome):
                    listener.deliver(outcome)
                    return
                case .stateMismatch, .notFound, .methodNotAllowed, .incomplete:
                    if let state {
                        rejected(RedirectCallback.problem(pastedURL: text, expectedPath: path, expectedState: state))
                    } else {
                        rejected(.notTheRedirect(expectedPath: path))
                    }
                }
            }
            if terminal.stdinIsTerminal {
                // Ctrl-D at the prompt: the person is done with this login, as with Ctrl-C.
                listener.deliver(.interrupted)
            } else if let inputEnded, lock.withLock({ endsWithInput }) {
                listener.deliver(inputEnded)
            }
        }
    }

    /// A pasted address as a browser shows it in its address bar, where the scheme is often
    /// hidden (`127.0.0.1:52884/callback?code=…`): read as the `http://` address it stands for,
    /// since the loopback redirect is always plain HTTP. An address with a scheme stays as it is.
    static func asTheBrowserShowsIt(_ text: String) -> String {
        guard !text.isEmpty, !text.contains("://") else { return text }
        return "http://" + text
    }
}
