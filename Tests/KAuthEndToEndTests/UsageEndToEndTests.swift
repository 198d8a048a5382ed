import Foundation
import KAuthBasics
import KAuthCore
import Testing

@Suite struct UsageEndToEndTests {
    @Test(arguments: [
        ["tokne"], ["login", "--scope", "x"], ["token", "--min-valid", "soon"], ["login", "--prompt", "none"],
        ["status", "extra"], ["login", "--port"], ["token", "inof"]
    ])
    func usageErrorsExitTwo(arguments: [String]) async throws {
        let env = TestEnvironment(sandbox: nil)
        defer { env.remove() }
        let result = try await env.run(arguments)
        #expect(result.code == 2, "\(arguments)")
        #expect(result.err.hasPrefix("error: "))
        #expect(result.out.isEmpty)
    }

    @Test func notLoggedInExitsThree() async throws {
        let env = TestEnvironment(sandbox: nil)
        defer { env.remove() }
        for arguments in [["token"], ["status"], ["me"], ["token", "refresh"], ["logout"], ["unlink"]] {
            #expect(try await env.run(arguments).code == 3, "\(arguments)")
        }
        let json = try await env.run(["status", "--json"])
        #expect(try JSONDecoder().decode(JSONValue.self, from: Data(json.out.utf8))["logged_in"] == .bool(false))
    }

    /// `kauth version` and `--version` print one line, with the commit the build was given: the
    /// Makefile sets KAUTH_COMMIT for the build and for the tests alike.
    @Test func versionNamesTheCommitTheBuildWasGiven() async throws {
        let env = TestEnvironment(sandbox: nil)
        defer { env.remove() }
        let command = try await env.run(["version"])
        let flag = try await env.run(["--version"])
        #expect(command.code == 0 && flag.code == 0)
        #expect(command.out == flag.out)
        #expect(command.out.hasPrefix("kauth "))
        let commit = ProcessInfo.processInfo.environment["KAUTH_COMMIT"] ?? ""
        #expect(command.out.hasSuffix(" (commit \(commit.isEmpty ? "unknown" : commit))\n"), "\(command.out)")
    }

    @Test func help() async throws {
        let env = TestEnvironment(sandbox: nil)
        defer { env.remove() }
        for arguments in [["--help"], ["help", "token", "info"], ["login", "-h"], ["token", "refresh", "--help"]] {
            let result = try await env.run(arguments)
            #expect(result.code == 0)
            #expect(result.out.contains("Usage:"))
        }
    }
}
