import Foundation
import KAuthCore
import Testing

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
        let stored = try Data(contentsOf: URL(fileURLWithPath: env.credentialsPath))
        // Another client unlinks the user: every token dies at the provider.
        let access = try #require(try storedSession(env)?["access_token"]?.stringValue)
        let unlink = try await HTTPClient.live.send(HTTPRequest(method: "POST", url: sandbox.baseURL + "/v1/user/unlink", headers: [HTTPHeader("Authorization", "Bearer \(access)")]))
        #expect(unlink.status == 200)
        try await Task.sleep(for: .seconds(2))
        let token = try await env.run(["token"])
        #expect(token.code == 3)
        #expect(token.err.contains("kauth login"))
        #expect(token.out.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: env.credentialsPath)) == stored)
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
        let after = try await HTTPClient.live.send(HTTPRequest(method: "GET", url: sandbox.baseURL + "/v2/user/me", headers: [HTTPHeader("Authorization", "Bearer \(access)")]))
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
        #expect(try await ci.run(["me", "--field", "id"], extra: ["KAUTH_REFRESH_TOKEN": refresh]).out == "4242424242\n")
        #expect(try await sandbox.tokenCalls("refresh_token") == 1)
        let bad = TestEnvironment(sandbox: sandbox)
        defer { bad.remove() }
        #expect(try await bad.run(["token"], extra: ["KAUTH_REFRESH_TOKEN": "nonsense"]).code == 3)
    }
}

@Suite(.serialized) struct SessionEndToEndTests {
    @Test func logoutDeletesTheLoginEvenWhenTheProviderFails() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox)
        defer { env.remove() }
        try await sandbox.control("/_sandbox/fail", [("path", "/v1/user/logout"), ("status", "500"), ("code", "-1")])
        let logout = try await env.run(["logout"])
        #expect(logout.code == 0)
        #expect(logout.err.contains("warning"))
        #expect(try await env.run(["status"]).code == 3)
        #expect(try await env.run(["logout"]).code == 3)
    }

    @Test func logoutEndsTheSessionAtTheProvider() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox)
        defer { env.remove() }
        let access = try #require(try storedSession(env)?["access_token"]?.stringValue)
        #expect(try await env.run(["logout"]).code == 0)
        let after = try await HTTPClient.live.send(HTTPRequest(method: "GET", url: sandbox.baseURL + "/v2/user/me", headers: [HTTPHeader("Authorization", "Bearer \(access)")]))
        #expect(after.status == 401)
    }

    @Test func unlinkKeepsTheLoginWhenItFailsAndDeletesItWhenItSucceeds() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox)
        defer { env.remove() }
        try await sandbox.control("/_sandbox/fail", [("path", "/v1/user/unlink"), ("status", "400"), ("code", "-101")])
        let failed = try await env.run(["unlink"])
        #expect(failed.code == 1)
        #expect(failed.err.contains("-101"))
        #expect(try await env.run(["status"]).code == 0)
        let unlink = try await env.run(["unlink"])
        #expect(unlink.code == 0, "\(unlink.err)")
        #expect(try await env.run(["status"]).code == 3)
    }

    @Test func aProviderThatCannotBeReachedExitsFive() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        var env = try await loggedIn(sandbox)
        defer { env.remove() }
        try await sandbox.control("/_sandbox/fail", [("path", "/v2/user/me"), ("status", "503"), ("code", "-9798"), ("count", "3")])
        let maintenance = try await env.run(["me"])
        #expect(maintenance.code == 5)
        try await sandbox.control("/_sandbox/fail", [("path", "/v2/user/me"), ("status", "500"), ("count", "2")])
        #expect(try await env.run(["me"]).code == 0, "two failures, then the third attempt succeeds")

        let closed = try LoopbackServer { _ in .text(200, "") }
        let port = closed.port
        closed.stop()
        env.variables["KAUTH_KAKAO_API_URL"] = "http://127.0.0.1:\(port)"
        let refused = try await env.run(["me"])
        #expect(refused.code == 5)
        #expect(refused.err.contains("cannot reach"))
        let json = try await env.run(["me", "--json"])
        #expect(json.code == 5)
        let error = try JSONDecoder().decode(JSONValue.self, from: Data(json.out.utf8))
        #expect(error.value(at: "error.code") == .string("unavailable"))
        #expect(error.value(at: "error.message")?.stringValue?.isEmpty == false)
    }
}

@Suite(.serialized) struct KeystoreEndToEndTests {
    @Test func aKeystoreWithOpenPermissionsIsRefusedWithExitSeven() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox)
        defer { env.remove() }
        chmod(env.credentialsPath, 0o644)
        let token = try await env.run(["token"])
        #expect(token.code == 7)
        #expect(token.err.contains("chmod 600"))
        let attributes = try FileManager.default.attributesOfItem(atPath: env.credentialsPath)
        #expect((attributes[.posixPermissions] as? Int) == 0o644)
    }

    @Test func aPassphraseEncryptsTheKeystoreAndAWrongOneExitsSeven() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        var env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        env.useFollowingBrowser()
        env.variables["KAUTH_PASSPHRASE"] = "correct horse"
        #expect(try await env.run(["login"]).code == 0)
        let token = try await env.run(["token"])
        #expect(token.code == 0)
        let accessToken = token.out.trimmingCharacters(in: .newlines)
        let onDisk = try String(contentsOfFile: env.credentialsPath, encoding: .utf8)
        #expect(onDisk.contains("aes-256-gcm"))
        #expect(!onDisk.contains(accessToken))
        #expect(!onDisk.contains("sandbox.user@example.com"))
        let wrong = try await env.run(["token"], extra: ["KAUTH_PASSPHRASE": "wrong"])
        #expect(wrong.code == 7)
        #expect(wrong.err.contains("KAUTH_PASSPHRASE"))
        env.variables.removeValue(forKey: "KAUTH_PASSPHRASE")
        let missing = try await env.run(["status"])
        #expect(missing.code == 7)
        #expect(try String(contentsOfFile: env.credentialsPath, encoding: .utf8) == onDisk)
    }

    @Test func aCorruptKeystoreIsAnErrorAndIsLeftUntouched() async throws {
        var env = TestEnvironment(sandbox: nil)
        defer { env.remove() }
        env.useFollowingBrowser()
        mkdir(env.home, 0o700)
        let garbage = Data("{\"version\": 1, \"profiles\": {".utf8)
        _ = FileManager.default.createFile(atPath: env.credentialsPath, contents: garbage, attributes: [.posixPermissions: 0o600])
        for arguments in [["token"], ["status"], ["logout"], ["login", "--client-id", "x"]] {
            let result = try await env.run(arguments)
            #expect(result.code == 7, "\(arguments): \(result.err)")
            #expect(result.err.contains(env.credentialsPath))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: env.credentialsPath)) == garbage)
    }
}

@Suite struct UsageEndToEndTests {
    @Test(arguments: [
        ["tokne"], ["login", "--scope", "x"], ["token", "--min-valid", "soon"], ["login", "--prompt", "none"],
        ["status", "extra"], ["login", "--port"], ["token", "inof"],
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

    @Test func versionAndHelp() async throws {
        let env = TestEnvironment(sandbox: nil)
        defer { env.remove() }
        #expect(try await env.run(["--version"]).out.hasPrefix("kauth "))
        for arguments in [["--help"], ["help", "token", "info"], ["login", "-h"], ["token", "refresh", "--help"]] {
            let result = try await env.run(arguments)
            #expect(result.code == 0)
            #expect(result.out.contains("Usage:"))
        }
    }
}
