import Foundation
import KAuthBasics
import KAuthTestSupport
import Testing

/// The habits people bring from ssh-agent, gh and kubectl, as they meet them: the sandbox started
/// with `eval "$(kauth sandbox --detach)"` and stopped with `--stop`, `--json` before the command,
/// other tools' output flags, `kauth api` on a terminal, `kauth profiles`, and an unlink that asks.
@Suite(.serialized) struct HabitsEndToEndTests {
    /// `--detach` returns at once with the exports of a sandbox that already listens (`--oidc`:
    /// the issuer too, which `--provider oidc` reads), `--env-file` holds the same lines, and
    /// `--stop` stops that process, and only a sandbox.
    @Test func detachedSandboxServesUntilStopped() async throws {
        var env = TestEnvironment(sandbox: nil)
        defer { env.remove() }
        let envFile = env.home + ".sandbox.env"
        let started = ContinuousClock.now
        let detach = try await env.run(["sandbox", "--detach", "--oidc", "--env-file", envFile], timeout: .seconds(30))
        #expect(detach.code == 0, "\(detach.err)")
        #expect(ContinuousClock.now - started < .seconds(15), "it returns once it listens")
        let exports = Self.exports(detach.out)
        let pid = try #require(exports["KAUTH_SANDBOX_PID"].flatMap { Int32($0) }, "\(detach.out)")
        defer { kill(pid, SIGKILL) }
        let issuer = try #require(exports["KAUTH_ISSUER"])
        #expect(exports["KAUTH_KAKAO_AUTH_URL"] == issuer)
        #expect(detach.out.contains("kauth sandbox --stop"), "the exports say how to stop it")
        #expect(detach.err.contains("pid \(pid)"), "\(detach.err)")
        #expect(try String(contentsOfFile: envFile, encoding: .utf8) == detach.out, "the file holds the same lines")
        // It listens already: no sleep between the exports and the first request.
        let discovery = try await HTTPClient.live.send(
            HTTPRequest(method: "GET", url: issuer + "/.well-known/openid-configuration"))
        #expect(discovery.status == 200)

        // `--provider oidc` with no --issuer: KAUTH_ISSUER names it.
        env.variables.merge(exports) { $1 }
        env.useFollowingBrowser()
        let login = try await env.run(["login", "--provider", "oidc", "--client-id", "detached-app", "--timeout", "30"])
        #expect(login.code == 0, "\(login.err)")
        let status = try parseJSON(try await env.run(["status", "--json"]).out)
        #expect(status["provider_type"]?.stringValue == "oidc")

        // A process id that is not a sandbox is left alone.
        let sleeper = Process()
        sleeper.executableURL = URL(fileURLWithPath: "/bin/sleep")
        sleeper.arguments = ["30"]
        try sleeper.run()
        defer { sleeper.terminate() }
        let wrong = try await env.run(
            ["sandbox", "--stop"], extra: ["KAUTH_SANDBOX_PID": "\(sleeper.processIdentifier)"])
        #expect(wrong.code == 1, "\(wrong.err)")
        #expect(wrong.err.contains("is not a kauth sandbox"), "\(wrong.err)")
        #expect(sleeper.isRunning)

        let stop = try await env.run(["sandbox", "--stop"])
        #expect(stop.code == 0, "\(stop.err)")
        #expect(stop.out.hasPrefix("unset ") && stop.out.contains("KAUTH_SANDBOX_PID"), "for eval: \(stop.out)")
        // Gone, or a zombie its new parent (the test runner may be a subreaper) has not reaped.
        let commandLine = (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? ""
        #expect(kill(pid, 0) != 0 || commandLine.isEmpty, "the sandbox is gone")
        let again = try await env.run(["sandbox", "--stop"])
        #expect(again.code == 1)
        #expect(again.err.contains("has already stopped"), "\(again.err)")
        let none = try await env.run(["sandbox", "--stop"], extra: ["KAUTH_SANDBOX_PID": ""])
        #expect(none.code == 1)
        #expect(none.err.contains("KAUTH_SANDBOX_PID is not set"), "\(none.err)")
    }

    /// A sandbox that cannot listen says why, from the background, and no exports are printed.
    @Test func detachedSandboxThatCannotListenSaysWhy() async throws {
        let busy = try await SandboxProcess()
        defer { busy.stop() }
        let env = TestEnvironment(sandbox: nil)
        defer { env.remove() }
        let port = try #require(URLComponents(string: busy.baseURL)?.port)
        let detach = try await env.run(["sandbox", "--detach", "--port", "\(port)"], timeout: .seconds(30))
        #expect(detach.code == 1)
        #expect(detach.out.isEmpty)
        #expect(detach.err.contains("port \(port) is already in use"), "\(detach.err)")
    }

    /// `--json` before the command as after it; gh's and kubectl's output flags point at kauth's.
    @Test func jsonBeforeTheCommandAndForeignOutputFlags() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        var env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        let before = try await env.run(["--json", "status"])
        #expect(before.code == 3)
        #expect(try parseJSON(before.out)["logged_in"] == .bool(false), "\(before.out)")

        env.useFollowingBrowser()
        #expect(try await env.run(["login", "--timeout", "30"]).code == 0)
        let me = try await env.run(["--json", "--profile", "default", "me"])
        #expect(me.code == 0, "\(me.err)")
        #expect(try parseJSON(me.out) != .null)
        #expect(try await env.run(["--json", "token", "info"]).code == 0)

        let notData = try await env.run(["--json", "completion", "bash"])
        #expect(notData.code == 2)
        // Asked for JSON, the usage error is the JSON error object on stdout, as every usage error is.
        #expect(notData.out.contains("--json does not apply"), "\(notData.out)")

        let jq = try await env.run(["me", "--jq", ".id"])
        #expect(jq.code == 2)
        #expect(jq.err.contains("--field") && jq.err.contains("--json"), "\(jq.err)")
        let output = try await env.run(["status", "-o", "json"])
        #expect(output.code == 2)
        #expect(output.err.contains("--json"), "\(output.err)")
        let format = try await env.run(["token", "info", "--format", "json"])
        #expect(format.code == 2)
        #expect(format.err.contains("--json"), "\(format.err)")
    }

    /// `kauth profiles` lists every stored login with provider, user and session, the default
    /// marked; `kauth switch` with no name prints the same.
    @Test func profilesListsTheStoredLogins() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        var env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        let empty = try await env.run(["profiles"])
        #expect(empty.code == 0)
        #expect(empty.err.contains("No profiles are stored"), "\(empty.err)")
        env.useFollowingBrowser()
        #expect(try await env.run(["login", "--timeout", "30"]).code == 0)
        #expect(try await env.run(["login", "--profile", "work", "--timeout", "30"]).code == 0)
        #expect(try await env.run(["switch", "work"]).code == 0)

        let list = try await env.run(["profiles"])
        #expect(list.code == 0, "\(list.err)")
        let lines = list.out.split(separator: "\n").map(String.init)
        #expect(lines.first?.contains("PROFILE") == true && lines.first?.contains("SESSION") == true, "\(list.out)")
        #expect(
            lines.contains { $0.hasPrefix("* work") && $0.contains("Kakao") && $0.contains("valid") }, "\(list.out)")
        #expect(lines.contains { $0.hasPrefix("  default") && $0.contains("Sandbox User") }, "\(list.out)")
        #expect(try await env.run(["switch"]).out == list.out, "switch with no name lists the same")

        let json = try parseJSON(try await env.run(["profiles", "--json"]).out)
        #expect(json["default_profile"]?.stringValue == "work")
        guard case .array(let profiles)? = json["profiles"] else {
            Issue.record("no profiles array: \(json)")
            return
        }
        #expect(profiles.count == 2)
        #expect(profiles.contains { $0["profile"]?.stringValue == "work" && $0["default"] == .bool(true) })
        #expect(profiles.contains { $0["profile"]?.stringValue == "default" && $0["default"] == .bool(false) })
        #expect(profiles.allSatisfy { $0["session"]?.stringValue == "valid" && $0["provider"]?.stringValue == "kakao" })
    }

    /// On a terminal, `kauth api` indents the provider's JSON and colours it (not under NO_COLOR);
    /// piped, it prints the bytes as they came.
    @Test(.enabled(if: Tmux.path != nil, "tmux is not installed (Tests/Scripts/deps.sh installs it)"))
    func apiPrettyPrintsOnATerminalOnly() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        var env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        env.useFollowingBrowser()
        #expect(try await env.run(["login", "--timeout", "30"]).code == 0)

        let piped = try await env.run(["api", "/v2/user/me"])
        #expect(piped.code == 0, "\(piped.err)")
        #expect(piped.out.hasPrefix("{\"") && piped.out.split(separator: "\n").count == 1, "as received: \(piped.out)")

        for (noColor, variables) in [(false, env.variables), (true, env.variables.merging(["NO_COLOR": "1"]) { $1 })] {
            let tmux = try Tmux(
                environment: variables,
                command: "\(kauthBinary) api /v2/user/me; echo \"kauth exited $?\"; sleep 60")
            defer { tmux.stop() }
            let screen = try await tmux.waitFor("kauth exited")
            #expect(screen.contains("kauth exited 0"), "\(screen)")
            #expect(screen.contains("\n  \"id\": 4242424242,"), "indented, in the provider's order: \(screen)")
            #expect(screen.contains("\n  \"kakao_account\": {\n    \""), "\(screen)")
            let coloured = try tmux.run(["capture-pane", "-p", "-e", "-J"])
            #expect(coloured.contains("\u{1B}[") == !noColor, "colour \(noColor ? "off" : "on"): \(coloured)")
        }
    }

    /// `kauth unlink` on a terminal asks, naming the account and the app; no sends nothing (exit 6);
    /// yes (or 네 in Korean) goes on; `--yes` and a script do not ask.
    @Test(.enabled(if: Tmux.path != nil, "tmux is not installed (Tests/Scripts/deps.sh installs it)"))
    func unlinkAsksOnATerminal() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        var env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        env.useFollowingBrowser()
        func unlinks() async throws -> Int {
            try await sandbox.log().filter { $0["path"]?.stringValue == "/v1/user/unlink" }.count
        }
        #expect(try await env.run(["login", "--timeout", "30"]).code == 0)

        for answer in ["n", "whatever", ""] {
            let tmux = try Tmux(
                environment: env.variables,
                command: "\(kauthBinary) unlink; echo \"kauth exited $?\"; sleep 60")
            defer { tmux.stop() }
            let question = try await tmux.waitFor("[y/N]")
            #expect(question.contains("Sandbox User") && question.contains("'e2e-app'"), "\(question)")
            try tmux.type(answer, enter: true)
            let screen = try await tmux.waitFor("kauth exited")
            #expect(screen.contains("kauth exited 6"), "\(screen)")
            #expect(screen.contains("nothing was sent"), "\(screen)")
        }
        #expect(try await unlinks() == 0)
        #expect(try await env.run(["status"]).code == 0, "still logged in")

        let korean = try Tmux(
            environment: env.variables.merging(["KAUTH_LANG": "ko"]) { $1 },
            command: "\(kauthBinary) unlink; echo \"kauth exited $?\"; sleep 60")
        defer { korean.stop() }
        _ = try await korean.waitFor("연결을 끊을까요")
        try korean.type("네", enter: true)
        #expect(try await korean.waitFor("kauth exited").contains("kauth exited 0"))
        #expect(try await unlinks() == 1)

        #expect(try await env.run(["login", "--timeout", "30"]).code == 0)
        let yes = try Tmux(
            environment: env.variables, command: "\(kauthBinary) unlink --yes; echo \"kauth exited $?\"; sleep 60")
        defer { yes.stop() }
        let screen = try await yes.waitFor("kauth exited")
        #expect(screen.contains("kauth exited 0") && !screen.contains("[y/N]"), "\(screen)")
        #expect(try await unlinks() == 2)

        #expect(try await env.run(["login", "--timeout", "30"]).code == 0)
        let script = try await env.runWithoutInput(["unlink"])
        #expect(script.code == 0, "no terminal: it does not ask: \(script.err)")
        #expect(try await unlinks() == 3)
    }

    /// At the paste prompt, Ctrl-D cancels as Ctrl-C does (exit 6, nothing stored), and an
    /// address pasted without its scheme, as browsers show it, is read as the `http://` one.
    @Test(.enabled(if: Tmux.path != nil, "tmux is not installed (Tests/Scripts/deps.sh installs it)"))
    func pastePromptEndOfInputAndAddressWithoutScheme() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        let command = "\(kauthBinary) login --no-browser --timeout 120; echo \"kauth exited $?\"; sleep 60"

        let cancelled = try Tmux(environment: env.variables, command: command)
        defer { cancelled.stop() }
        _ = try await cancelled.waitFor("and press Enter")
        try cancelled.run(["send-keys", "C-d"])
        let screen = try await cancelled.waitFor("kauth exited")
        #expect(screen.contains("kauth exited 6"), "\(screen)")
        #expect(screen.contains("interrupted"), "\(screen)")
        #expect(!FileManager.default.fileExists(atPath: env.credentialsPath), "nothing stored")

        let tmux = try Tmux(environment: env.variables, command: command)
        defer { tmux.stop() }
        let prompt = try await tmux.waitFor("and press Enter")
        let authorizeURL = try #require(
            prompt.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first {
                $0.contains("/oauth/authorize?")
            })
        let redirect = try await HTTPClient.live.send(HTTPRequest(method: "GET", url: authorizeURL))
        let location = try #require(redirect.headers.value(for: "Location"))
        #expect(location.hasPrefix("http://"))
        try tmux.type(String(location.dropFirst("http://".count)), enter: true)
        let done = try await tmux.waitFor("kauth exited")
        #expect(done.contains("kauth exited 0"), "\(done)")
        #expect(try await env.run(["status"]).code == 0)
    }

    /// SIGTERM and SIGHUP while a login waits end it as Ctrl-C does: exit 6, nothing stored, and
    /// the page kauth wrote for the browser (0600, in a folder of its own under the runtime
    /// folder) removed with its folder.
    @Test(arguments: [SIGTERM, SIGHUP])
    func terminationCleansUpLikeCtrlC(signal: Int32) async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        var env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        let runtime = TemporaryDirectory()
        defer { runtime.remove() }
        chmod(runtime.path, 0o700)
        env.variables["XDG_RUNTIME_DIR"] = runtime.path
        let record = env.useRecordingBrowser()
        // Started with no signal blocked, as from a shell: the test runner blocks some, and a
        // child inherits that.
        var all = sigset_t()
        var previous = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_UNBLOCK, &all, &previous)
        let login = try env.spawn(["login", "--timeout", "120"])
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        _ = try await firstLine(of: record)
        _ = try await login.waitForErr(containing: "Waiting up to")
        let pages = try FileManager.default.contentsOfDirectory(atPath: runtime.path)
        #expect(pages.contains { $0.hasPrefix("kauth-") }, "the page is under the runtime folder: \(pages)")
        kill(login.process.processIdentifier, signal)
        let result = await login.wait()
        #expect(result.code == 6, "\(result.err)")
        #expect(result.err.contains("interrupted"), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: env.credentialsPath))
        let left = try FileManager.default.contentsOfDirectory(atPath: runtime.path)
        #expect(left.isEmpty, "the page and its folder are removed: \(left)")
    }

    /// The `export NAME=VALUE` lines of a sandbox's output.
    static func exports(_ text: String) -> [String: String] {
        var exports: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("export ") {
            let pair = line.dropFirst("export ".count).split(separator: "=", maxSplits: 1)
            if pair.count == 2 { exports[String(pair[0])] = String(pair[1]) }
        }
        return exports
    }
}
