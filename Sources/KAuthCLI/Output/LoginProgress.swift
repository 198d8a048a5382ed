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
    /// What is being waited for, in the countdown: "the login".
    private let activity: String
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

    init(context: CommandContext, activity: String = "the login") {
        terminal = context.terminal
        clock = context.world.clock
        messages = context.messages
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
            write("Opening the browser to log in. If it does not open, visit:\n\n  \(url)\n\n")
        case .browserFailed(let error):
            write("No browser could be opened: \(Self.describe(error, verbose: verbose)).\n")
        case .pasteExpected(let url, let redirectURI):
            if terminal.stdinIsTerminal { stopCountdownForPasting() }
            let shown = hasShownURL
            if shown {
                write("Open the URL above in a browser on any machine and log in. ")
            } else {
                write("Open this URL in a browser on any machine and log in:\n\n  \(url)\n\n")
            }
            write(
                "Then paste here the address the browser ends up on — it starts with \(redirectURI); the page itself may fail to load, that is fine — and press Enter:\n"
            )
        case .waiting(let timeout):
            startCountdown(timeout)
        case .stillWaiting(let hint):
            write(
                "Still waiting. " + ErrorMessages.noRedirect(hint, hasFlag: messages.hasFlag).text(messages.language)
                    + "\n")
        case .ignoredRequest(let notice):
            // Anyone on this machine can send requests to the listener: a few are worth saying,
            // a flood must not fill the terminal.
            let count = lock.withLock { () -> Int in
                ignored += 1
                return ignored
            }
            guard count <= Self.ignoredShown else { return }
            switch notice {
            case .wrongState:
                write(
                    "warning: ignored a request to the redirect listener with a missing or wrong state (not from this login)\n"
                )
            case .incomplete: write("warning: the provider's redirect had neither a code nor an error; still waiting\n")
            case .refusedPeer(let refusal): write(Self.describe(refusal) + "\n")
            }
            if count == Self.ignoredShown { write("(further ignored requests are not shown)\n") }
        case .pastedURLRejected(.wrongState):
            write(
                "That URL is not from this login (its state does not match); paste the URL from this login's browser tab.\n"
            )
        case .pastedURLRejected(.notTheRedirect(let path)):
            write("That is not the redirect URL (expected a URL with the path \(path) and a code); try again.\n")
        case .pastedURLRejected(.pastedTwice):
            write("That holds the address twice (pasted twice?); paste it once and press Enter.\n")
        case .pastedURLRejected(.cutOff(let missing)):
            write(
                "This address is cut off: it has no \(missing). Copy the whole address from the browser's address bar and paste it again.\n"
            )
        case .deviceCode(let userCode, let uri, let complete):
            var text =
                "To log in, visit \(uri?.visible ?? "the provider's device page") and enter the code:\n\n  \(userCode.visible)\n\n"
            if let complete { text += "Or open: \(complete.visible)\n" }
            // RFC 8628 §5.4: the code on the page must be this one, or the page is someone else's.
            text += "Approve only if the page shows this same code.\n"
            write(text)
        case .noIDToken(let setup):
            write(
                "warning: openid was asked for but the provider returned no ID token\(setup.map { " (\($0))" } ?? "")\n"
            )
        case .profileUnavailable(let error):
            if case .foreignUserinfo = error {
                // Nothing to fetch later: the provider answered, for someone else.
                write("warning: \(messages.message(for: error)); the login is the ID token's user\n")
                return
            }
            write(
                "warning: logged in, but the profile could not be fetched (\(messages.message(for: error))); `kauth me` fetches it later\n"
            )
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
            write("Waiting up to \(seconds) s for \(activity) to finish…\n")
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
                        "\r\u{1B}[2KWaiting for \(activity)… \(left / 60):\(String(format2: left % 60)) left (Ctrl-C to cancel)"
                    )
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
    static func describe(_ refusal: PeerRefusal) -> String {
        switch refusal {
        case .otherUser(let uid):
            return
                "warning: refused a connection to kauth's listener from another user of this machine (uid \(uid)); only your own browser may use it"
        case .unknownOwner(let reason):
            return
                "warning: refused a connection to kauth's listener whose owner could not be found (\(reason)); if it was your browser, paste the address as below"
        }
    }

    static func describe(_ error: BrowserError, verbose: Bool) -> String {
        switch error {
        case .confined(let browser, let sandbox, let folder):
            return
                "\(browser.visible) runs as a \(sandbox), which cannot read the page kauth writes for it in \(folder.visible) (a \(sandbox) sees only folders of its own)"
        case .pageNotWritten(let folder, let reason):
            return "the page for it could not be written in \(folder.visible) (\(reason))"
        case .noDisplay:
            return "there is no display (an SSH or headless session?) and BROWSER is not set"
        case .noBrowser:
            return "BROWSER names no command"
        case .cannotRun(let command, let reason):
            return "\(command.visible) cannot be run (\(reason))"
        case .failed(let command, let status, let output):
            var text = "\(command.visible) exited with status \(status)"
            if verbose, !output.isEmpty {
                text += "; it said:\n" + output.split(separator: "\n").map { "  " + $0.visible }.joined(separator: "\n")
            }
            return text
        }
    }
}

extension String {
    /// Two digits, zero-padded.
    init(format2 value: Int) {
        self = value < 10 ? "0\(value)" : "\(value)"
    }
}
