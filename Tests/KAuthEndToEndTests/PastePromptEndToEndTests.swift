import Foundation
import KAuthBasics
import KAuthCore
import KAuthTestSupport
import Testing

/// The paste path as a person meets it: at a real terminal (tmux gives kauth a pseudo-terminal,
/// and `capture-pane` shows what the person sees), and with no terminal at all.
@Suite(.serialized) struct PastePromptEndToEndTests {
    /// While an address is being pasted, nothing redraws its line: what was pasted stays in view
    /// until Enter. A paste made twice and a cut-off address are named as such.
    @Test(.enabled(if: Tmux.path != nil, "tmux is not installed (Tests/Scripts/deps.sh installs it)"))
    func whatIsPastedStaysInViewAndMistakesAreNamed() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        let tmux = try Tmux(
            environment: env.variables,
            command: "\(kauthBinary) login --no-browser --timeout 120; echo \"kauth exited $?\"; sleep 60")
        defer { tmux.stop() }

        let prompt = try await tmux.waitFor("and press Enter")
        let authorizeURL = try #require(
            prompt.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first {
                $0.contains("/oauth/authorize?")
            })
        let redirect = try await HTTPClient.live.send(HTTPRequest(method: "GET", url: authorizeURL))
        let location = try #require(redirect.headers.value(for: "Location"))
        let withoutState = try #require(location.range(of: "&state=")).lowerBound

        // Half an address, no Enter yet: a countdown redrawn every second would wipe it.
        let half = String(location[..<location.index(location.startIndex, offsetBy: location.count / 2)])
        try tmux.type(half)
        try await Task.sleep(for: .milliseconds(2500))
        let shown = try tmux.screen()
        #expect(shown.contains(half), "the pasted text was wiped from view:\n\(shown)")
        try tmux.type(
            String(location[location.index(location.startIndex, offsetBy: location.count / 2)...]) + location,
            enter: true)
        _ = try await tmux.waitFor("pasted twice?")
        try tmux.type(String(location[..<withoutState]), enter: true)
        _ = try await tmux.waitFor("this address is cut off: it has no state", ignoringCase: true)
        try tmux.type(location, enter: true)
        let screen = try await tmux.waitFor("kauth exited")
        #expect(screen.contains("kauth exited 0"), "\(screen)")
        #expect(!screen.contains("not from this login"))
    }

    /// No browser can start and standard input is /dev/null (CI, cron): the login ends at once
    /// and says what to do instead, not after the timeout.
    @Test func noBrowserAndNoTerminalEndsAtOnce() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        #expect(env.variables["BROWSER"] == nil && env.variables["DISPLAY"] == nil)
        let started = ContinuousClock.now
        let kakao = try await env.runWithoutInput(["login", "--timeout", "120"])
        #expect(ContinuousClock.now - started < .seconds(20))
        #expect(kakao.code == 6, "\(kakao.err)")
        #expect(kakao.err.contains("standard input is not a terminal"), "\(kakao.err)")
        #expect(
            kakao.err.contains("`kauth login --with-token`") && kakao.err.contains("KAUTH_REFRESH_TOKEN"),
            "no browser option: --with-token refuses them")
        #expect(!kakao.err.contains("--device"), "Kakao has no device grant")
        #expect(!kakao.err.contains("redirect URI"), "nothing about a redirect URI")

        let oidc = try await env.runWithoutInput([
            "login", "--no-browser", "--provider", "oidc", "--issuer", sandbox.baseURL, "--client-id", "generic-cli",
            "--timeout", "120"
        ])
        #expect(oidc.code == 6, "\(oidc.err)")
        #expect(oidc.err.contains("--device"), "\(oidc.err)")
        #expect(
            oidc.err.contains(
                "`kauth login --with-token --client-id generic-cli --issuer \(sandbox.baseURL) --provider oidc`"),
            "the hand-over recreates this login: \(oidc.err)")
        #expect(try await env.run(["status"]).code == 3, "nothing was stored")
    }
}

extension TestEnvironment {
    /// Runs kauth with standard input from /dev/null, as cron and many CI runners do.
    func runWithoutInput(_ arguments: [String]) async throws -> RunResult {
        try await Spawned(
            ["-c", "exec \"$0\" \"$@\" </dev/null", kauthBinary] + arguments, environment: variables,
            executable: "/bin/sh"
        )
        .wait(timeout: .seconds(60))
    }
}

/// A tmux server of the test's own (its own socket) running one command in a pseudo-terminal.
struct Tmux {
    static let path: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
    let socket: String
    let environment: [String: String]

    init(environment: [String: String], command: String) throws {
        socket = TemporaryDirectory().path + "/tmux.sock"
        var environment = environment
        environment["TERM"] = "xterm"
        self.environment = environment
        // The server this starts lives on, and would keep every descriptor it inherits — among
        // them the one by which Foundation learns that the client exited — so it starts with
        // none above standard error.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [
            "-c",
            #"for fd in /proc/$$/fd/*; do fd=${fd##*/}; [ "$fd" -gt 2 ] && eval "exec $fd>&-"; done 2>/dev/null; exec "$@""#,
            "tmux", Self.path!, "-S", socket, "-f", "/dev/null", "new-session", "-d", "-x", "200", "-y", "50", command
        ]
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        while process.isRunning { usleep(2000) }
    }

    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.path!)
        process.arguments = ["-S", socket, "-f", "/dev/null"] + arguments
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// What the terminal shows, wrapped lines joined.
    func screen() throws -> String {
        try run(["capture-pane", "-p", "-J"])
    }

    /// Types `text` literally, as a paste would, then Enter when asked.
    func type(_ text: String, enter: Bool = false) throws {
        try run(["send-keys", "-l", text])
        if enter { try run(["send-keys", "Enter"]) }
    }

    func waitFor(_ text: String, ignoringCase: Bool = false, timeout: Duration = .seconds(20)) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        var shown = ""
        while ContinuousClock.now < deadline {
            shown = try screen()
            if ignoringCase ? shown.lowercased().contains(text.lowercased()) : shown.contains(text) { return shown }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("the terminal never showed '\(text)':\n\(shown)")
        throw URLError(.timedOut)
    }

    func stop() {
        _ = try? run(["kill-server"])
    }
}
