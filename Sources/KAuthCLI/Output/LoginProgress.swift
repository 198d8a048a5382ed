import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Shows a login's events on stderr: the URL, what to paste, warnings, and — on a terminal — a
/// countdown that shows the wait is alive. Piped, it prints each line once and nothing more.
/// Other waits on the browser (the shipping-address picker) show theirs through it too.
final class LoginProgress: @unchecked Sendable {
    private let terminal: Terminal
    private let clock: Clock
    let messages: ErrorMessages
    let verbose: Bool
    /// What is being waited for, in the countdown: the login.
    private let activity: BrowserActivity
    /// The language of what it says.
    let language: Language
    private let lock = Lock()
    // Guarded by `lock`.
    private var countdown: Task<Void, Never>?
    private var countdownShown = false
    /// A redirect URL is being typed or pasted at this terminal: the countdown, which redraws its
    /// line every second, would wipe it from view, so there is none from then on.
    private var pasting = false
    private var urlShown = false
    private var ignored = 0

    /// How many ignored requests are reported.
    static let ignoredShown = 3

    init(context: CommandContext, activity: BrowserActivity = .login) {
        terminal = context.terminal
        clock = context.world.clock
        language = context.language
        messages = context.messages(in: language)
        verbose = context.globals.verbose
        self.activity = activity
    }

    /// The closure a `LoginFlow` reports to.
    var events: @Sendable (LoginEvent) -> Void {
        { [self] event in show(event) }
    }

    func show(_ event: LoginEvent) {
        switch event {
        case .openingBrowser(let url):
            markURLShown()
            write(LoginProgressWords.opening(url: url))
        case .browserFailed(let error):
            write(Self.describe(error, verbose: verbose))
        case .pasteExpected(let url, let redirectURI):
            if terminal.stdinIsTerminal { stopCountdownForPasting() }
            write(hasShownURL ? LoginProgressWords.pasteAfterURLShown : .pasteOpen(url: url))
            write(LoginProgressWords.pasteInstructions(redirectURI: redirectURI))
        case .waiting(let timeout):
            startCountdown(timeout)
        case .stillWaiting(let hint):
            write(
                LoginProgressWords.stillWaiting(
                    ErrorMessages.noRedirect(hint, hasFlag: messages.hasFlag)))
        case .ignoredRequest(let notice):
            // Anyone on this machine can send requests to the listener: a few are worth saying,
            // a flood must not fill the terminal.
            let count = lock.withLock { () -> Int in
                ignored += 1
                return ignored
            }
            guard count <= Self.ignoredShown else { return }
            switch notice {
            case .wrongState: write(LoginProgressWords.wrongState)
            case .incomplete: write(LoginProgressWords.incomplete)
            case .refusedPeer(let refusal): write(Self.describe(refusal))
            }
            if count == Self.ignoredShown { write(LoginProgressWords.furtherIgnored) }
        case .pastedURLRejected(.wrongState):
            write(LoginProgressWords.pastedWrongState)
        case .pastedURLRejected(.notTheRedirect(let path)):
            write(LoginProgressWords.notTheRedirect(path: path))
        case .pastedURLRejected(.pastedTwice):
            write(LoginProgressWords.pastedTwice)
        case .pastedURLRejected(.cutOff(let missing)):
            write(LoginProgressWords.cutOff(missing: missing))
        case .deviceCode(let userCode, let uri, let complete):
            // RFC 8628 §5.4: the code on the page must be this one, or the page is someone else's.
            write(LoginProgressWords.deviceCode(code: userCode, uri: uri, complete: complete))
        case .noIDToken(let setup):
            write(LoginProgressWords.noIDToken(setup: setup))
        case .profileUnavailable(let error):
            let message = messages.words(for: error)
            if case .foreignUserinfo = error {
                // Nothing to fetch later: the provider answered, for someone else.
                write(LoginProgressWords.foreignUserinfo(message))
                return
            }
            write(LoginProgressWords.profileUnavailable(message))
        }
    }

    /// Clears the countdown; call when the login is over.
    func finish() {
        let task = lock.withLock { () -> Task<Void, Never>? in
            defer { countdown = nil }
            return countdown
        }
        task?.cancel()
        clearCountdown()
    }

    // MARK: - Countdown

    func startCountdown(_ timeout: Duration) {
        let seconds = Int(timeout.components.seconds)
        guard terminal.stderrIsTerminal, !lock.withLock({ pasting }) else {
            write(LoginProgressWords.waitingUpTo(seconds: seconds, activity))
            return
        }
        let clock = self.clock
        let start = clock.now()
        let task = Task { [self] in
            while !Task.isCancelled {
                let left = max(0, seconds - Int(clock.now().timeIntervalSince(start)))
                lock.withLock {
                    // Checked under the lock: a draw that raced the prompt would wipe its line.
                    guard !pasting, !Task.isCancelled else { return }
                    countdownShown = true
                    terminal.writeErr(
                        "\r\u{1B}[2K" + LoginProgressWords.countdown(left: left, activity).text(language))
                }
                try? await clock.sleep(.seconds(1))
            }
        }
        lock.withLock { countdown = task }
    }

    /// Ends the countdown for good, before the prompt: the line being typed is the terminal's.
    private func stopCountdownForPasting() {
        let task = lock.withLock { () -> Task<Void, Never>? in
            pasting = true
            defer { countdown = nil }
            return countdown
        }
        task?.cancel()
        clearCountdown()
    }

    private func clearCountdown() {
        lock.withLock {
            if countdownShown {
                terminal.writeErr("\r\u{1B}[2K")
                countdownShown = false
            }
        }
    }

    /// Writes a message in the progress's language, taking the countdown line away first.
    func write(_ message: some Message) { write(message.text(language)) }

    /// Writes a line, taking the countdown line away first so the two do not mix.
    func write(_ text: String) {
        lock.withLock {
            if countdownShown {
                terminal.writeErr("\r\u{1B}[2K")
                countdownShown = false
            }
            terminal.writeErr(text)
        }
    }

    /// One line, with no internal type names; the opener's own output only with `--verbose`.
    /// Whether a URL to open was printed already, so a later failure can point "above".
    var hasShownURL: Bool { lock.withLock { urlShown } }
    func markURLShown() { lock.withLock { urlShown = true } }

    /// A connection the listener answered 403 because it was not the user's own.
    static func describe(_ refusal: PeerRefusal) -> LoginProgressWords {
        switch refusal {
        case .otherUser(let uid): .otherUser(uid: uid)
        case .unknownOwner(let reason): .unknownOwner(reason: reason)
        }
    }

    /// Why the browser did not serve, as a line: no internal type names; the opener's own output
    /// only with `--verbose`. A browser command that ran and failed is not said to be no browser:
    /// it may have opened a window whose page did not load (the provider down).
    static func describe(_ error: BrowserError, verbose: Bool) -> LoginProgressWords {
        if case .failed(let command, let status, let output) = error {
            return .browserExited(command: command, status: status, output: verbose && !output.isEmpty ? output : nil)
        }
        return .noBrowser(reason: reason(error, verbose: verbose))
    }

    /// Why the browser did not serve, inside another sentence.
    static func reason(_ error: BrowserError, verbose: Bool) -> Localized {
        let words: LoginProgressWords =
            switch error {
            case .confined(let browser, let sandbox, let folder):
                .confined(browser: browser, sandbox: sandbox, folder: folder)
            case .pageNotWritten(let folder, let reason): .pageNotWritten(folder: folder, reason: reason)
            case .noDisplay: .noDisplay
            case .noBrowser: .browserNamesNoCommand
            case .cannotRun(let command, let reason): .cannotRun(command: command, reason: reason)
            case .failed(let command, let status, let output):
                .exitedWithStatus(command: command, status: status, output: verbose && !output.isEmpty ? output : nil)
            }
        return words.localized
    }
}
