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

/// `kauth sandbox --detach`, `--env-file` and `--stop`: the sandbox used as ssh-agent is,
/// `eval "$(kauth sandbox --detach)"` in a shell or a CI job, and `kauth sandbox --stop` after.
///
/// `--detach` starts kauth again as `kauth sandbox … --env-file READY` in a session of its own,
/// its standard streams on `/dev/null`, and prints the exports once that file appears: the
/// sandbox writes it after it listens, so the shell can use it at once and no script sleeps.
enum SandboxDetach {
    /// The variable the exports name the sandbox's process with (as ssh-agent's `SSH_AGENT_PID`).
    static let pidVariable = EnvironmentVariables.sandboxPID
    /// How long a background sandbox may take to listen: it binds a socket and, with
    /// `--oidc`, makes an RSA key, well under a second on a loaded machine.
    static let startTimeout: Duration = .seconds(20)
    /// How long `--stop` waits for the sandbox to end after SIGTERM.
    static let stopTimeout = 5

    /// Starts the sandbox in the background with the same flags and prints its exports.
    static func start(_ context: CommandContext, _ options: SandboxCommand.Options) async throws -> Int32 {
        // The child gets the line's own flags, bar the ones that made this a parent.
        var flags: [String] = []
        for (flag, values) in context.command.given(among: context.command.flags)
        where !["detach", "env-file", "quiet"].contains(flag.name) {
            for value in values { flags += flag.takesValue ? ["--\(flag.name)", value] : ["--\(flag.name)"] }
        }
        let given = flags
        let arguments: @Sendable (String) -> [String] = { ready in
            ["sandbox"] + given + ["--quiet", "--env-file", ready]
        }
        let outcome: DetachedStart
        do {
            outcome = try await context.world.processes.startSelfDetached(arguments, startTimeout)
        } catch ProcessStartError.cannotStart(let reason) {
            throw CommandError.failed(SandboxDetachWords.cannotStart(reason: reason).localized)
        } catch {
            throw CommandError.failed(SandboxDetachWords.cannotStart(reason: "\(error)").localized)
        }
        switch outcome {
        case .ready(let pid, let text):
            if let file = options.envFile { try writeEnvFile(text, to: file, context) }
            context.out(text)
            let url = exportedURL(in: text) ?? ""
            context.say(SandboxDetachWords.detached(url: url, pid: pid))
            return 0
        case .ended(let code, let errorOutput):
            throw CommandError.failed(
                SandboxDetachWords.endedBeforeListening(code: code, reason: reason(errorOutput)).localized)
        case .timedOut:
            throw CommandError.failed(
                SandboxDetachWords.notListening(seconds: Int(startTimeout.components.seconds)).localized)
        }
    }

    /// Writes the exports to `path` at once, whole: a script waiting for the file never reads half.
    static func writeEnvFile(_ text: String, to path: String, _ context: CommandContext) throws {
        do {
            try context.world.fileSystem.writeFileAtomically(path, Data(text.utf8), 0o600)
        } catch FileSystemError.io(_, _, let reason) {
            throw CommandError.failed(SandboxDetachWords.envFileNotWritten(path: path, reason: reason).localized)
        } catch {
            throw CommandError.failed(SandboxDetachWords.envFileNotWritten(path: path, reason: "\(error)").localized)
        }
    }

    /// Stops the sandbox `KAUTH_SANDBOX_PID` names, once it is sure that process is one: a
    /// process id left in a shell may since belong to anything. Prints the `unset` line on stdout,
    /// so that `eval "$(kauth sandbox --stop)"` also clears the exports.
    static func stop(_ context: CommandContext, undo: String) async throws -> Int32 {
        guard let value = context.environment[pidVariable] else {
            throw CommandError.failed(
                SandboxDetachWords.nothingToStop(
                    variable: pidVariable, start: Invocation("eval \"$(kauth sandbox --detach)\"")
                ).localized)
        }
        guard let pid = Int32(value), pid > 1 else {
            throw CommandError.usage(SandboxDetachWords.notAProcessID(variable: pidVariable, value: value).localized)
        }
        let processes = context.world.processes
        // A zombie (ended, not yet reaped by whoever inherited it) has no command line: stopped.
        guard processes.exists(pid), !(processes.commandLine(pid) ?? []).isEmpty else {
            throw CommandError.failed(SandboxDetachWords.alreadyStopped(pid: pid, undo: Invocation(undo)).localized)
        }
        guard isSandbox(pid, processes) else {
            throw CommandError.failed(SandboxDetachWords.notASandbox(pid: pid, variable: pidVariable).localized)
        }
        guard processes.signal(pid, SIGTERM) else {
            throw CommandError.failed(SandboxDetachWords.cannotSignal(pid: pid).localized)
        }
        for _ in 0..<(stopTimeout * 50) where processes.exists(pid) && isSandbox(pid, processes) {
            try await Task.sleep(for: .milliseconds(20))
        }
        if processes.exists(pid) && isSandbox(pid, processes) {
            throw CommandError.failed(SandboxDetachWords.stillRunning(pid: pid, seconds: stopTimeout).localized)
        }
        context.out(undo + "\n")
        context.say(SandboxDetachWords.stopped(pid: pid))
        return 0
    }

    /// Whether `pid` is `kauth sandbox`: this program (or one named kauth) run as `kauth sandbox …`.
    /// A zombie has no command line: it is not a sandbox any more.
    static func isSandbox(_ pid: Int32, _ processes: Processes) -> Bool {
        guard let line = processes.commandLine(pid), line.count >= 2, line[1] == "sandbox" else { return false }
        let program = line[0].split(separator: "/").last.map(String.init) ?? line[0]
        return processes.runsThisProgram(pid) || program == "kauth"
    }

    /// The sandbox's base URL, from the first `export …_AUTH_URL=` line.
    static func exportedURL(in exports: String) -> String? {
        for line in exports.split(separator: "\n") where line.hasPrefix("export ") && line.contains("_AUTH_URL=") {
            return line.split(separator: "=", maxSplits: 1).last.map(String.init)
        }
        return nil
    }

    /// What the background sandbox said when it ended: its error without the `error: ` kauth
    /// puts before every error, on one line.
    static func reason(_ output: String) -> String {
        output.split(separator: "\n").map { line in
            line.hasPrefix("error: ") ? String(line.dropFirst("error: ".count)) : String(line)
        }.joined(separator: "; ").visible
    }
}
