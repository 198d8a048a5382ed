import Foundation
import KAuthBasics
import KAuthTestSupport
import Testing

/// Debian's real git against a smart-HTTP git server on 127.0.0.1 (`Tests/Scripts/git-http-server.py`:
/// `git http-backend` behind a check that asks the sandbox whether the token is one it issued),
/// with kauth as git's credential helper, found by name (`credential.helper = kauth` runs
/// `git-credential-kauth`, a link to the built kauth). Skipped, with the reason, without git or
/// python3.
@Suite(.serialized, .enabled(if: GitServer.missing == nil, Comment(rawValue: GitServer.missing ?? "")))
struct GitCredentialEndToEndTests {
    @Test func cloneWorksWithTheStoredLoginAndFetchAfterExpiryRefreshesOnce() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        var env = try await loggedIn(sandbox)
        defer { env.remove() }
        let server = try await GitServer(sandbox: sandbox)
        defer { server.stop() }
        try await env.useGitHelper(hosts: server.hostAndPort)
        let token = try #require(try storedSession(env)?["access_token"]?.stringValue)

        let clone = try await env.git(["clone", server.url, env.home + ".clone"])
        #expect(clone.code == 0, "\(clone.err)")
        #expect(FileManager.default.fileExists(atPath: env.home + ".clone/README"))
        #expect(!clone.err.contains(token), "the token reached git's stderr")
        // git asked without credentials first, then with kauth's user name and token.
        #expect(server.decisions().contains { $0.user == "oauth2" && $0.accepted })
        #expect(try await sandbox.tokenCalls("refresh_token") == 0)

        // A token that expires two seconds after it is issued, then is past: the next fetch asks
        // kauth, which refreshes once, under the lock, as `kauth token` does.
        try await sandbox.control("/_sandbox/config", [("access_token_lifetime", "2")])
        #expect(try await env.run(["token", "refresh"]).code == 0)
        try await sandbox.control("/_sandbox/config", [("access_token_lifetime", "3600")])
        try await Task.sleep(for: .milliseconds(2500))
        let before = try await sandbox.tokenCalls("refresh_token")
        let fetch = try await env.git(["-C", env.home + ".clone", "fetch"])
        #expect(fetch.code == 0, "\(fetch.err)")
        #expect(try await sandbox.tokenCalls("refresh_token") == before + 1)
        let fresh = try #require(try storedSession(env)?["access_token"]?.stringValue)
        #expect(fresh != token)
        // Valid now: another fetch uses it as it is.
        #expect(try await env.git(["-C", env.home + ".clone", "fetch"]).code == 0)
        #expect(try await sandbox.tokenCalls("refresh_token") == before + 1)
    }

    @Test func aRefusedTokenIsErasedAndTheNextCommandGetsAFreshOne() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        var env = try await loggedIn(sandbox)
        defer { env.remove() }
        let server = try await GitServer(sandbox: sandbox)
        defer { server.stop() }
        try await env.useGitHelper(hosts: server.hostAndPort)
        #expect(try await env.git(["clone", server.url, env.home + ".clone"]).code == 0)
        let token = try #require(try storedSession(env)?["access_token"]?.stringValue)

        // The provider ends every token early: kauth's keystore still calls it valid, the server
        // answers 401, and git 2.39 tells the helper `erase` and gives up without retrying.
        try await sandbox.control("/_sandbox/expire-access-tokens")
        let refused = try await env.git(["-C", env.home + ".clone", "fetch"])
        #expect(refused.code != 0)
        #expect(refused.err.contains("Authentication failed"), "\(refused.err)")
        let marked = try #require(try storedSession(env))
        // Erase marked the token expired, and only that: the login is kept, not rejected.
        #expect(marked["access_token"]?.stringValue == token)
        #expect(marked["refresh_token"] != nil)
        #expect(marked["rejection"] == nil)
        let status = try await env.run(["status", "--json"])
        #expect(try parseJSON(status.out)["session"]?.stringValue == "refreshable")
        #expect(try await sandbox.tokenCalls("refresh_token") == 0)

        // The next command gets a fresh token.
        let again = try await env.git(["-C", env.home + ".clone", "fetch"])
        #expect(again.code == 0, "\(again.err)")
        #expect(try await sandbox.tokenCalls("refresh_token") == 1)
        #expect(try storedSession(env)?["access_token"]?.stringValue != token)
    }

    @Test func aHostNotInGitHostsGetsNothingAndGitAsksItsNextHelper() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        var env = try await loggedIn(sandbox)
        defer { env.remove() }
        let server = try await GitServer(sandbox: sandbox)
        defer { server.stop() }
        // Another host listed: kauth answers nothing for this one, and the next helper (a store
        // file with a wrong password) is asked: the server sees its user, never kauth's token.
        try await env.useGitHelper(hosts: "git.example.com")
        let store = try env.file("git-credentials", "http://nobody:wrong@\(server.hostAndPort)\n")
        let clone = try await env.git(
            ["-c", "credential.helper=store --file=\(store)", "clone", server.url, env.home + ".clone"])
        #expect(clone.code != 0)
        let users = Set(server.decisions().compactMap(\.user))
        #expect(users == ["nobody"], "\(users)")
        #expect(!server.decisions().contains { $0.accepted })
    }
}

/// The git server of these tests, and the repository it serves (one commit, a README).
final class GitServer: @unchecked Sendable {
    /// Why the tests cannot run here, or nil.
    static let missing: String? = {
        for tool in ["git", "python3"] where which(tool) == nil {
            return "\(tool) is not installed (Debian: apt-get install \(tool))"
        }
        if !FileManager.default.isExecutableFile(atPath: execPath() + "/git-http-backend") {
            return "git http-backend is not installed"
        }
        return nil
    }()

    let folder = TemporaryDirectory()
    let spawned: Spawned
    let port: String
    var hostAndPort: String { "127.0.0.1:\(port)" }
    var url: String { "http://\(hostAndPort)/repo.git" }
    var logPath: String { folder.path + "/decisions.log" }

    init(sandbox: SandboxProcess) async throws {
        let root = folder.path + "/root"
        let work = folder.path + "/work"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let git = ["-c", "user.name=kauth", "-c", "user.email=kauth@example.com", "-c", "init.defaultBranch=main"]
        for arguments in [
            ["init", "-q", "--bare", root + "/repo.git"], ["init", "-q", work]
        ] {
            _ = try await Self.run("git", git + arguments)
        }
        try "kauth test repository\n".write(toFile: work + "/README", atomically: true, encoding: .utf8)
        for arguments in [
            ["-C", work, "add", "README"], ["-C", work, "commit", "-q", "-m", "first"],
            ["-C", work, "push", "-q", root + "/repo.git", "HEAD:refs/heads/main"]
        ] {
            let result = try await Self.run("git", git + arguments)
            #expect(result.code == 0, "git \(arguments): \(result.err)")
        }
        let portFile = folder.path + "/port"
        let apiURL = sandbox.exports["KAUTH_KAKAO_API_URL"] ?? sandbox.baseURL
        spawned = try Spawned(
            [
                packageRoot + "/Tests/Scripts/git-http-server.py", "--root", root, "--token-info",
                apiURL + "/v1/user/access_token_info", "--port-file", portFile, "--log", folder.path + "/decisions.log"
            ],
            environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"],
            executable: "/usr/bin/env"
        )
        port = try await firstLine(of: portFile)
    }

    func stop() {
        kill(spawned.process.processIdentifier, SIGKILL)
        folder.remove()
    }

    struct Decision: Decodable {
        var user: String?
        var accepted: Bool
    }

    /// The server's decisions so far, in order.
    func decisions() -> [Decision] {
        let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { try? JSONDecoder().decode(Decision.self, from: Data($0.utf8)) }
    }

    static func run(_ tool: String, _ arguments: [String], environment: [String: String]? = nil) async throws
        -> RunResult
    {
        try await Spawned(
            [tool] + arguments,
            environment: environment ?? [
                "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "GIT_CONFIG_NOSYSTEM": "1",
                "HOME": NSTemporaryDirectory()
            ], executable: "/usr/bin/env"
        ).wait()
    }

    static func which(_ tool: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(tool)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// `git --exec-path`, where git keeps http-backend.
    static func execPath() -> String {
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "--exec-path"]
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "" }
        process.waitUntilExit()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

extension TestEnvironment {
    /// A folder on PATH with `git-credential-kauth`, a link to the built kauth as `make install`
    /// makes it, and `git_hosts` of the sandbox's provider set to `hosts`.
    mutating func useGitHelper(hosts: String) async throws {
        let bin = home + ".bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: bin + "/git-credential-kauth", withDestinationPath: kauthBinary)
        variables["PATH"] = bin + ":" + (variables["PATH"] ?? "/usr/bin:/bin")
        variables["GIT_CONFIG_NOSYSTEM"] = "1"
        variables["GIT_TERMINAL_PROMPT"] = "0"
        let set = try await run(["config", "set", "provider.kakao.git_hosts", hosts])
        #expect(set.code == 0, "\(set.err)")
    }

    /// Runs git with kauth as its only credential helper, in this environment.
    func git(_ arguments: [String]) async throws -> RunResult {
        try await GitServer.run(
            "git", ["-c", "credential.helper=", "-c", "credential.helper=kauth"] + arguments, environment: variables)
    }
}
