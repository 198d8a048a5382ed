#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Opens a URL for the user. Callers always print the URL too, so a failure is something to
/// report and work around (the paste path), never fatal.
package struct Browser: Sendable {
    /// Opens `url`; with `showOpenerOutput`, the opener's own messages go to kauth's stderr
    /// (`--verbose`) instead of being kept for the error. The URL is on the opener's command line,
    /// which every user of the machine can read: only for URLs that hold nothing secret.
    var opener: @Sendable (_ url: String, _ showOpenerOutput: Bool) async throws -> Void
    /// Opens `url` without putting it on any command line: the live browser is given the path of
    /// a page, readable by this user alone, that forwards to `url` (`BrowserHandoff`).
    var privateOpener: @Sendable (_ url: String, _ showOpenerOutput: Bool) async throws -> Void
    /// Removes the pages `privateOpener` wrote; called when the wait they were for is over.
    package var removePages: @Sendable () -> Void = {}
    /// Set by `--verbose`.
    package var showsOpenerOutput = false
    /// Why no browser can be opened here at all (no display and no `BROWSER`, no opener
    /// installed), known without starting anything; nil when opening is worth a try. A login then
    /// says so at once and goes straight to the paste path instead of announcing a browser.
    package var unavailable: @Sendable () -> BrowserError? = { nil }
    /// Why the browser that would be started cannot read the page `privateOpener` writes (a snap
    /// or flatpak browser, confined to folders of its own); nil when it can, or nothing tells.
    package var confined: @Sendable () -> BrowserError? = { nil }

    package init(
        opener: @escaping @Sendable (String, Bool) async throws -> Void,
        privateOpener: (@Sendable (String, Bool) async throws -> Void)? = nil,
        removePages: @escaping @Sendable () -> Void = {},
        unavailable: @escaping @Sendable () -> BrowserError? = { nil },
        confined: @escaping @Sendable () -> BrowserError? = { nil }
    ) {
        self.opener = opener
        self.privateOpener = privateOpener ?? opener
        self.removePages = removePages
        self.unavailable = unavailable
        self.confined = confined
    }

    /// A browser that ignores `showOpenerOutput` and is handed every URL as it is (test doubles).
    package init(
        open: @escaping @Sendable (String) async throws -> Void,
        unavailable: @escaping @Sendable () -> BrowserError? = { nil }
    ) {
        self.init(opener: { url, _ in try await open(url) }, unavailable: unavailable)
    }

    /// Opens a URL that holds nothing secret (a sharer URL) on the browser's command line.
    package func open(_ url: String) async throws {
        try await opener(url, showsOpenerOutput)
    }

    /// Opens a URL that is a secret while the wait runs (a start link, a device grant's
    /// `verification_uri_complete`): nothing of it reaches a command line.
    package func openPrivately(_ url: String) async throws {
        try await privateOpener(url, showsOpenerOutput)
    }

    /// Why `openPrivately` cannot work here, known before anything is started.
    package func cannotOpenPrivately() -> BrowserError? {
        unavailable() ?? confined()
    }

    /// Hands a wait on a loopback listener to the browser, or to the paste path: a flow with no
    /// start link (`--no-browser`), no browser to start, or one that cannot read its page, or a
    /// browser that fails to start, offers the paste path instead (`failed` says why first).
    /// `willOpen` is told the start URL just before the browser is started on it.
    ///
    /// - Returns: the task starting the browser, to cancel once the wait is over.
    package func start(
        _ startURL: String?, willOpen: (String) -> Void, failed: @escaping @Sendable (BrowserError) -> Void,
        offerPaste: @escaping @Sendable () -> Void
    ) -> Task<Void, Never>? {
        guard let startURL else {
            offerPaste()
            return nil
        }
        if let reason = cannotOpenPrivately() {
            failed(reason)
            offerPaste()
            return nil
        }
        willOpen(startURL)
        return Task {
            do {
                try await openPrivately(startURL)
            } catch {
                guard !Task.isCancelled else { return }
                failed(error as? BrowserError ?? .cannotRun(command: "BROWSER", reason: "\(error)"))
                offerPaste()
            }
        }
    }

    /// `$BROWSER` (a `:`-separated list of commands; `%s` is replaced by the URL, otherwise the URL
    /// is the last argument), else `open` on macOS or `xdg-open` where a display is available.
    ///
    /// The opener runs without kauth's secrets in its environment (every `KAUTH_*` variable is
    /// left out) and inherits no descriptor but /dev/null and, with `--verbose`, stderr. It is
    /// given two seconds: an opener that exits with a failure in that time counts as failed,
    /// one still running counts as a browser that opened.
    package static func live(environment: Environment) -> Browser {
        let pages = BrowserHandoff(environment: environment)
        let opener: @Sendable (String, Bool) async throws -> Void = { url, showOutput in
            let candidates: [[String]]
            if let browser = environment["BROWSER"] {
                candidates = browser.split(separator: ":").map { command in
                    let words = command.split(separator: " ").map(String.init)
                    return words.contains("%s") ? words.map { $0 == "%s" ? url : $0 } : words + [url]
                }.filter { !$0.isEmpty }
            } else {
                #if os(macOS)
                    candidates = [["open", url]]
                #else
                    // Without a display, xdg-open falls back to a text browser that takes over the
                    // terminal kauth is waiting in.
                    guard environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil else {
                        throw BrowserError.noDisplay
                    }
                    candidates = [["xdg-open", url]]
                #endif
            }
            let childEnvironment = environment.values.filter { !$0.key.hasPrefix("KAUTH_") }.map {
                "\($0.key)=\($0.value)"
            }
            var lastError = BrowserError.noBrowser
            for argv in candidates {
                do {
                    try await BrowserProcess.run(
                        argv, environment: childEnvironment, showOutput: showOutput,
                        temporaryFolder: environment["TMPDIR"] ?? "/tmp")
                    return
                } catch let error as BrowserError {
                    lastError = error
                }
            }
            throw lastError
        }
        return Browser(
            opener: opener,
            privateOpener: { url, showOutput in try await opener(try pages.write(forwardingTo: url), showOutput) },
            removePages: { pages.removeAll() },
            unavailable: { unavailableReason(environment: environment) },
            confined: { BrowserConfinement.reason(environment: environment, pageFolder: pages.base) }
        )
    }

    /// What `live` can tell before starting anything. A `BROWSER` the user set is always tried:
    /// only its own failure says it does not work.
    static func unavailableReason(environment: Environment) -> BrowserError? {
        if let browser = environment["BROWSER"] {
            return browser.split(separator: ":").contains { !$0.split(separator: " ").isEmpty } ? nil : .noBrowser
        }
        #if os(macOS)
            return nil
        #else
            guard environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil else { return .noDisplay }
            let path = environment["PATH"] ?? "/usr/bin:/bin"
            let installed = path.split(separator: ":").contains { access(String($0) + "/xdg-open", X_OK) == 0 }
            return installed
                ? nil
                : .cannotRun(command: "xdg-open", reason: "it is not installed; the xdg-utils package provides it")
        #endif
    }
}

/// Why no browser could be opened.
package enum BrowserError: Error, Sendable, Equatable {
    /// No `BROWSER`, and no graphical display to open one on.
    case noDisplay
    /// `BROWSER` names no command.
    case noBrowser
    /// The command does not exist or cannot be run.
    case cannotRun(command: String, reason: String)
    /// The command ran and reported failure; `output` is what it printed (shown with `--verbose`).
    case failed(command: String, status: Int32, output: String)
    /// The browser runs confined (`sandbox`: "snap" or "flatpak") and cannot read the page kauth
    /// writes for it in `folder`.
    case confined(browser: String, sandbox: String, folder: String)
    /// The page for the browser could not be written.
    case pageNotWritten(folder: String, reason: String)
}

/// Spawning and watching an opener.
enum BrowserProcess {
    static let grace: Duration = .seconds(2)

    static func run(_ argv: [String], environment: [String], showOutput: Bool, temporaryFolder: String) async throws {
        let command = argv[0]
        // The opener's output goes to an unlinked file, not a pipe: a browser that lives on after
        // kauth exits must not die of a broken pipe.
        let output = showOutput ? -1 : temporaryOutputFile(in: temporaryFolder)
        defer { if output >= 0 { close(output) } }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if output >= 0 {
            posix_spawn_file_actions_adddup2(&actions, output, 1)
            posix_spawn_file_actions_adddup2(&actions, output, 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        closeDescriptorsAboveStandardError(&actions)
        var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) }
        cArgs.append(nil)
        defer { cArgs.forEach { free($0) } }
        var cEnvironment: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) }
        cEnvironment.append(nil)
        defer { cEnvironment.forEach { free($0) } }

        var pid = pid_t()
        let status = posix_spawnp(&pid, command, &actions, nil, cArgs, cEnvironment)
        guard status == 0 else {
            throw BrowserError.cannotRun(command: command, reason: String(cString: strerror(status)))
        }
        let clock = ContinuousClock()
        let deadline = clock.now + grace
        while clock.now < deadline {
            var exitStatus: Int32 = 0
            let reaped = waitpid(pid, &exitStatus, WNOHANG)
            if reaped == pid {
                let code = exitCode(exitStatus)
                if code == 0 { return }
                throw BrowserError.failed(command: command, status: code, output: captured(output))
            }
            if reaped < 0 && errno != EINTR { return }
            // Cancelled: the login no longer needs to know; the browser stays as it is.
            guard (try? await Task.sleep(for: .milliseconds(25))) != nil else { return }
        }
    }

    private static func exitCode(_ status: Int32) -> Int32 {
        // WIFEXITED / WEXITSTATUS, which Swift does not import as macros.
        (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    private static func temporaryOutputFile(in folder: String) -> Int32 {
        var template = Array((folder + "/kauth-browser-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return -1 }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        return descriptor
    }

    /// The first few kilobytes the opener wrote.
    private static func captured(_ descriptor: Int32) -> String {
        guard descriptor >= 0 else { return "" }
        lseek(descriptor, 0, SEEK_SET)
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        return count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : ""
    }
}

/// Makes the spawned program start with no descriptor above 2. kauth's own descriptors are
/// close-on-exec already; this also covers any a library opened without the flag (libcurl 7.x's
/// wake-up socket pair during a transfer), so the browser, which may outlive kauth, never holds
/// a socket of kauth's. glibc 2.34 added the call, which its Swift module does not declare
/// (it is a GNU extension), so it is looked up by name; without it nothing more is done.
func closeDescriptorsAboveStandardError(_ actions: inout posix_spawn_file_actions_t) {
    #if canImport(Glibc)
        typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return }
        _ = unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, 3)
    #endif
}
