import Foundation
import KAuthBasics
import KAuthCore
import Testing

@Suite(.serialized) struct TokenEndToEndTests {
    @Test func anExpiringTokenIsRefreshedAndTheRefreshTokenKeptWithoutRotation() async throws {
        // Tokens that expire two seconds after the login: past them, any call must refresh.
        let sandbox = try await SandboxProcess(["--access-token-ttl", "2"])
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox)
        defer { env.remove() }
        try await Task.sleep(for: .seconds(2))
        let before = try #require(try storedSession(env))
        try await sandbox.control("/_sandbox/config", [("access_token_lifetime", "3600")])

        let token = try await env.run(["token"])
        #expect(token.code == 0)
        let after = try #require(try storedSession(env))
        #expect(token.out == (after["access_token"]?.stringValue ?? "") + "\n")
        #expect(after["access_token"] != before["access_token"])
        #expect(after["refresh_token"] == before["refresh_token"])
        #expect(try await sandbox.tokenCalls("refresh_token") == 1)

        // Valid for an hour now: no more refreshes. Asked for more validity than the provider
        // gives, a token this young is handed out with a warning, not refreshed: refreshing
        // could not meet the threshold either.
        #expect(try await env.run(["token"]).code == 0)
        #expect(try await sandbox.tokenCalls("refresh_token") == 1)
        let long = try await env.run(["token", "--min-valid", "7200"])
        #expect(long.code == 0)
        #expect(long.err.contains("warning: the provider's access tokens last 3600 s, less than --min-valid 7200"))
        #expect(try await sandbox.tokenCalls("refresh_token") == 1)
    }

    @Test func aRotatedRefreshTokenReplacesTheOldOne() async throws {
        // A refresh token that always has less left than the threshold rotates on every refresh.
        let sandbox = try await SandboxProcess(["--rotation-threshold", "99999999"])
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox)
        defer { env.remove() }
        let before = try #require(try storedSession(env)?["refresh_token"])
        let refresh = try await env.run(["token", "refresh"])
        #expect(refresh.code == 0, "\(refresh.err)")
        #expect(refresh.err.contains("rotated"))
        let after = try #require(try storedSession(env)?["refresh_token"])
        #expect(after != before)
        // The old refresh token is dead at the provider; the stored one works.
        #expect(try await env.run(["token", "refresh"]).code == 0)
        #expect(try await sandbox.tokenCalls("refresh_token") == 2)
    }

    @Test func twentyParallelTokenCallsOnAnExpiredTokenMakeOneRefresh() async throws {
        // Tokens that expire two seconds after the login: past them, any call must refresh.
        let sandbox = try await SandboxProcess(["--access-token-ttl", "2"])
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox)
        defer { env.remove() }
        try await Task.sleep(for: .seconds(2))
        try await sandbox.control("/_sandbox/config", [("access_token_lifetime", "3600")])

        let processes = try (0..<20).map { _ in try env.spawn(["token"]) }
        var outputs: [String] = []
        for process in processes {
            let result = await process.wait()
            #expect(result.code == 0, "\(result.err)")
            outputs.append(result.out)
        }
        #expect(Set(outputs).count == 1)
        #expect(outputs[0].count > 20)
        #expect(try await sandbox.tokenCalls("refresh_token") == 1)
        #expect(outputs[0] == (try storedSession(env)?["access_token"]?.stringValue ?? "") + "\n")
    }

    @Test func aRejectedAccessTokenIsRefreshedOnceAndTheCallRetried() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox)
        defer { env.remove() }
        try await sandbox.control("/_sandbox/expire-access-tokens")
        let me = try await env.run(["me", "--json"])
        #expect(me.code == 0, "\(me.err)")
        #expect(try await sandbox.tokenCalls("refresh_token") == 1)
        let calls = try await sandbox.log().filter { $0["path"]?.stringValue == "/v2/user/me" }
        #expect(calls.map { $0["status"] } == [.number(200), .number(401), .number(200)])
    }

    @Test func aRevokedRefreshTokenExitsThreeAndKeepsTheStore() async throws {
        // Tokens that expire two seconds after the login: past them, any call must refresh.
        let sandbox = try await SandboxProcess(["--access-token-ttl", "2"])
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox)
        defer { env.remove() }
        let stored = try #require(try storedSession(env))
        // Another client unlinks the user: every token dies at the provider.
        let access = try #require(try storedSession(env)?["access_token"]?.stringValue)
        let unlink = try await HTTPClient.live.send(
            HTTPRequest(
                method: "POST", url: sandbox.baseURL + "/v1/user/unlink",
                headers: [HTTPHeader("Authorization", "Bearer \(access)")]))
        #expect(unlink.status == 200)
        try await Task.sleep(for: .seconds(2))
        let token = try await env.run(["token"])
        #expect(token.code == 3)
        #expect(token.err.contains("kauth login"))
        #expect(token.out.isEmpty)
        // Everything is kept; only the refusal is added, so that later commands know offline.
        guard case .object(var after) = try #require(try storedSession(env)) else {
            Issue.record("no session")
            return
        }
        #expect(after.removeValue(forKey: "rejection") != nil)
        #expect(JSONValue.object(after) == stored)
    }

    @Test func kauthAccessTokenIsUsedAsItIsAndNeverTouchesTheKeystore() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox)
        defer { env.remove() }
        let access = try #require(try storedSession(env)?["access_token"]?.stringValue)
        let other = TestEnvironment(sandbox: sandbox)
        defer { other.remove() }
        let token = try await other.run(["token"], extra: ["KAUTH_ACCESS_TOKEN": "from-env"])
        #expect(token.out == "from-env\n")
        let me = try await other.run(["me", "--field", "id"], extra: ["KAUTH_ACCESS_TOKEN": access])
        #expect(me.out == "4242424242\n")
        #expect(!FileManager.default.fileExists(atPath: other.home))
        let rejected = try await other.run(["me"], extra: ["KAUTH_ACCESS_TOKEN": "not-a-token"])
        #expect(rejected.code == 3)
        #expect(rejected.err.contains("KAUTH_ACCESS_TOKEN"))
        #expect(try await sandbox.tokenCalls("refresh_token") == 0)

        // An environment token never blocks a login.
        var fresh = TestEnvironment(sandbox: sandbox)
        defer { fresh.remove() }
        fresh.useFollowingBrowser()
        #expect(try await fresh.run(["login"], extra: ["KAUTH_ACCESS_TOKEN": "from-env"]).code == 0)
        #expect(try await fresh.run(["status"]).code == 0)
    }

    @Test func logoutWithKauthAccessTokenEndsThatSessionAndLeavesTheKeystore() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox)
        defer { env.remove() }
        let access = try #require(try storedSession(env)?["access_token"]?.stringValue)
        let stored = try Data(contentsOf: URL(fileURLWithPath: env.credentialsPath))
        let logout = try await env.run(["logout"], extra: ["KAUTH_ACCESS_TOKEN": access])
        #expect(logout.code == 0, "\(logout.err)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: env.credentialsPath)) == stored)
        let after = try await HTTPClient.live.send(
            HTTPRequest(
                method: "GET", url: sandbox.baseURL + "/v2/user/me",
                headers: [HTTPHeader("Authorization", "Bearer \(access)")]))
        #expect(after.status == 401)
        let again = try await env.run(["logout"], extra: ["KAUTH_ACCESS_TOKEN": access])
        #expect(again.code == 3)
        #expect(try Data(contentsOf: URL(fileURLWithPath: env.credentialsPath)) == stored)
    }

    @Test func kauthRefreshTokenBootstrapsASession() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox)
        defer { env.remove() }
        let refresh = try #require(try storedSession(env)?["refresh_token"]?.stringValue)
        let ci = TestEnvironment(sandbox: sandbox)
        defer { ci.remove() }
        let token = try await ci.run(["token"], extra: ["KAUTH_REFRESH_TOKEN": refresh])
        #expect(token.code == 0, "\(token.err)")
        #expect(token.out.count > 20)
        #expect(
            try await ci.run(["me", "--field", "id"], extra: ["KAUTH_REFRESH_TOKEN": refresh]).out == "4242424242\n")
        #expect(try await sandbox.tokenCalls("refresh_token") == 1)
        let bad = TestEnvironment(sandbox: sandbox)
        defer { bad.remove() }
        #expect(try await bad.run(["token"], extra: ["KAUTH_REFRESH_TOKEN": "nonsense"]).code == 3)
    }
}

/// Logs in through the sandbox and returns the environment that holds the login.
func loggedIn(_ sandbox: SandboxProcess, arguments: [String] = []) async throws -> TestEnvironment {
    var env = TestEnvironment(sandbox: sandbox)
    env.useFollowingBrowser()
    let login = try await env.run(["login"] + arguments)
    #expect(login.code == 0, "login failed: \(login.err)")
    return env
}

func storedSession(_ env: TestEnvironment, profile: String = "default") throws -> JSONValue? {
    let data = try Data(contentsOf: URL(fileURLWithPath: env.credentialsPath))
    return try JSONDecoder().decode(JSONValue.self, from: data).value(at: "profiles.\(profile)")
}
