#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a background process could not be started.
package enum ProcessStartError: Error, Sendable, Equatable {
    /// This program's own file could not be found to run it again.
    case noExecutable
    /// The system refused to start it (`reason`: its `strerror`).
    case cannotStart(reason: String)
}

/// How a program started in the background came out of its start.
package enum DetachedStart: Sendable, Equatable {
    /// It wrote its ready file, whose text this is.
    case ready(pid: Int32, text: String)
    /// It ended before, with this exit code and what it wrote on standard error.
    case ended(code: Int32, errorOutput: String)
    /// It wrote nothing in time, and was killed.
    case timedOut
}

/// Starting kauth again in the background and looking after processes by id: what
/// `kauth sandbox --detach` and `--stop` need, as ssh-agent does for itself.
package struct Processes: Sendable {
    /// Runs this same program with `arguments(readyFile)` (without the program name) in a
    /// session of its own (`setsid`: no terminal, and a Ctrl-C in the shell that started it does
    /// not reach it), with standard input and output on `/dev/null`, and waits until it writes
    /// `readyFile` (a path in a new folder of mode 0700 that is removed afterwards), ends, or
    /// `timeout` passes. Its standard error goes to a file in that folder, read when it ends
    /// early and unlinked after: nothing of it is left behind once it runs.
    package var startSelfDetached:
        @Sendable (_ arguments: @Sendable (_ readyFile: String) -> [String], _ timeout: Duration) async throws ->
            DetachedStart
    /// The command line of process `pid` (its program first), or nil when there is no such
    /// process or it cannot be read.
    package var commandLine: @Sendable (_ pid: Int32) -> [String]?
    /// Whether process `pid` runs the same program file as this one.
    package var runsThisProgram: @Sendable (_ pid: Int32) -> Bool
    /// Sends `signal`; false when there is no such process or it may not be signalled.
    package var signal: @Sendable (_ pid: Int32, _ signal: Int32) -> Bool
    /// Whether a process with this id exists.
    package var exists: @Sendable (_ pid: Int32) -> Bool
    /// This process's id.
    package var currentID: @Sendable () -> Int32

    package init(
        startSelfDetached: @escaping @Sendable (@Sendable (String) -> [String], Duration) async throws -> DetachedStart,
        commandLine: @escaping @Sendable (Int32) -> [String]?,
        runsThisProgram: @escaping @Sendable (Int32) -> Bool,
        signal: @escaping @Sendable (Int32, Int32) -> Bool,
        exists: @escaping @Sendable (Int32) -> Bool,
        currentID: @escaping @Sendable () -> Int32
    ) {
        self.startSelfDetached = startSelfDetached
        self.commandLine = commandLine
        self.runsThisProgram = runsThisProgram
        self.signal = signal
        self.exists = exists
        self.currentID = currentID
    }

    package static func live(environment: Environment) -> Processes {
        Processes(
            startSelfDetached: { arguments, timeout in
                try await LiveProcesses.startSelfDetached(arguments, timeout: timeout, environment: environment)
            },
            commandLine: { pid in LiveProcesses.commandLine(pid) },
            runsThisProgram: { pid in
                guard let mine = LiveProcesses.link("/proc/self/exe") else { return false }
                return LiveProcesses.link("/proc/\(pid)/exe") == mine
            },
            signal: { pid, number in kill(pid, number) == 0 },
            exists: { pid in kill(pid, 0) == 0 || errno == EPERM },
            currentID: { getpid() }
        )
    }
}

private enum LiveProcesses {
    static func link(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func commandLine(_ pid: Int32) -> [String]? {
        let descriptor = open("/proc/\(pid)/cmdline", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 1 << 20 {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        guard !bytes.isEmpty else { return nil }
        return bytes.split(separator: 0, omittingEmptySubsequences: false).dropLast().map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    static func startSelfDetached(
        _ arguments: @Sendable (String) -> [String], timeout: Duration, environment: Environment
    ) async throws -> DetachedStart {
        let base = environment["TMPDIR"] ?? "/tmp"
        var template = Array((base + "/kauth-sandbox-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in
            mkdtemp(buffer.baseAddress!).map { String(cString: $0) }
        }
        guard let folder = made else { throw ProcessStartError.cannotStart(reason: String(cString: strerror(errno))) }
        let readyFile = folder + "/ready"
        let errorFile = folder + "/stderr"
        defer {
            unlink(readyFile)
            unlink(errorFile)
            rmdir(folder)
        }
        let pid = try spawn(arguments(readyFile), errorFile: errorFile)
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while true {
            if let text = contents(readyFile) { return .ready(pid: pid, text: text) }
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                // WIFEXITED / WEXITSTATUS, which Swift does not import as macros.
                let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
                return .ended(code: code, errorOutput: contents(errorFile) ?? "")
            }
            if clock.now >= deadline {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                return .timedOut
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// A small file's text, or nil when it does not exist.
    private static func contents(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 1 << 16 {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func spawn(_ arguments: [String], errorFile: String) throws -> Int32 {
        #if os(Linux)
            guard let program = link("/proc/self/exe") else { throw ProcessStartError.noExecutable }
        #else
            guard let program = CommandLine.arguments.first, program.contains("/") else {
                throw ProcessStartError.noExecutable
            }
        #endif
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errorFile, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW, 0o600)
        // Nothing of this process's but the three streams: a descriptor it inherited without
        // close-on-exec (the one by which whoever started kauth learns that it exited) would
        // otherwise live as long as the sandbox, and that program would wait for it.
        closeDescriptorsAboveStandardError(&actions)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own session, and signals as a fresh program has them: what this process blocks
        // or ignores (a test runner blocks some) must not make the sandbox deaf to `--stop`.
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        #if os(Linux)
            let setsid: Int32 = 0x80  // POSIX_SPAWN_SETSID (glibc 2.26)
        #else
            let setsid: Int32 = 0x400  // POSIX_SPAWN_SETSID (macOS 10.15)
        #endif
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | setsid))

        var cArguments: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) }
        cArguments.append(nil)
        defer { cArguments.forEach { free($0) } }
        var pid = pid_t()
        let status = posix_spawn(&pid, program, &actions, &attributes, cArguments, environ)
        guard status == 0 else { throw ProcessStartError.cannotStart(reason: String(cString: strerror(status))) }
        return pid
    }
}
