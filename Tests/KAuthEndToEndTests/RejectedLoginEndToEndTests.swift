import Foundation
import KAuthBasics
import KAuthCore
import Testing

/// A login the provider rejected is remembered: `status` and `token` say so without the network
/// until a new login, and nothing else of the keystore is lost.
@Suite(.serialized) struct RejectedLoginEndToEndTests {
    /// `status --json` of the environment's profile.
    func status(_ env: TestEnvironment, _ extra: [String] = []) async throws -> (RunResult, JSONValue) {
        let run = try await env.run(["status", "--json"] + extra)
        return (run, try parseJSON(run.out))
    }

    @Test func aRefreshTokenRejectedWithKOE322IsRememberedOffline() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox)
        defer { env.remove() }
        #expect(try await env.run(["login", "--profile", "other"]).code == 0)
        let other = try storedSession(env, profile: "other")
        try await sandbox.control(
            "/_sandbox/fail",
            [
                ("path", "/oauth/token"), ("status", "400"), ("code", "KOE322"), ("error", "invalid_grant")
            ])
        let refresh = try await env.run(["token", "refresh"])
        #expect(refresh.code == 3, "\(refresh.err)")

        let calls = try await sandbox.log().count
        let (run, json) = try await status(env)
        #expect(run.code == 3)
        #expect(json["session"] == .string("expired"))
        #expect(json["rejected"] == .bool(true))
        #expect(json["rejected_at"]?.stringValue != nil)
        #expect(json["rejected_reason"]?.stringValue?.contains("KOE322") == true)
        let text = try await env.run(["status"])
        #expect(text.code == 3)
        #expect(text.out.contains("rejected"), "\(text.out)")
        let token = try await env.run(["token"])
        #expect(token.code == 3)
        #expect(token.out.isEmpty, "a dead token is not printed")
        #expect(token.err.contains("KOE322") && token.err.contains("kauth login"), "\(token.err)")
        #expect(try await env.run(["token", "--refresh-token"]).code == 3)
        #expect(try await sandbox.log().count == calls, "status and token answered offline")

        // Nothing else was lost: the tokens are still stored, and the other profile is as it was.
        #expect(try storedSession(env)?["refresh_token"]?.stringValue != nil)
        #expect(try storedSession(env, profile: "other") == other)
        #expect(try await env.run(["status", "--profile", "other"]).code == 0)

        // `kauth status || kauth login` logs in again, and the new login is good.
        #expect(try await env.run(["login"]).code == 0)
        let (again, fresh) = try await status(env)
        #expect(again.code == 0)
        #expect(fresh["rejected"] == .bool(false))
        #expect(try await env.run(["token"]).code == 0)
    }

    @Test func anAccessTokenRejectedAfterARefreshIsRemembered() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox)
        defer { env.remove() }
        try await sandbox.control(
            "/_sandbox/fail", [("path", "/v2/user/me"), ("status", "401"), ("code", "-401"), ("count", "2")])
        let me = try await env.run(["me"])
        #expect(me.code == 3, "\(me.err)")
        let (run, json) = try await status(env)
        #expect(run.code == 3)
        #expect(json["session"] == .string("expired"))
        #expect(json["rejected"] == .bool(true))
        #expect(try await env.run(["token"]).code == 3)
    }

    @Test func aBareRefusalOfTheRefreshIsRemembered() async throws {
        let sandbox = try await SandboxProcess(["--bare-refresh-errors"])
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox)
        defer { env.remove() }
        try await sandbox.control("/_sandbox/fail", [("path", "/oauth/token"), ("status", "401")])
        #expect(try await env.run(["token", "refresh"]).code == 3)
        let (run, json) = try await status(env)
        #expect(run.code == 3)
        #expect(json["rejected_reason"]?.stringValue?.contains("HTTP 401") == true)
    }

    @Test func aSandboxLoginSaysItIsNotTheProvidersOwnServer() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox)
        defer { env.remove() }
        let (_, json) = try await status(env)
        #expect(json["server"] == .string(sandbox.baseURL))
        #expect(json["server_is_local"] == .bool(true))
        let text = try await env.run(["status"])
        #expect(
            text.out.contains("server") && text.out.contains(sandbox.baseURL) && text.out.contains("sandbox"),
            "\(text.out)")
    }

    @Test func unlinkMarksTheOtherProfilesOfTheSameUserAndApp() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox)
        defer { env.remove() }
        #expect(try await env.run(["login", "--profile", "second"]).code == 0)
        let unlink = try await env.run(["unlink"])
        #expect(unlink.code == 0, "\(unlink.err)")
        #expect(unlink.err.contains("'second'"), "the command names the profile it ended too: \(unlink.err)")
        let (run, json) = try await status(env, ["--profile", "second"])
        #expect(run.code == 3)
        #expect(json["rejected"] == .bool(true))
        #expect(json["rejected_reason"]?.stringValue?.contains("unlink") == true)
        #expect(try await env.run(["token", "--profile", "second"]).code == 3)
    }

    @Test func statusCheckAsksTheProviderAndStatusAloneStaysOffline() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox)
        defer { env.remove() }
        let checked = try await env.run(["status", "--check"])
        #expect(checked.code == 0, "\(checked.err)")
        #expect(try await sandbox.calls("/v1/user/access_token_info").count == 1)

        // The provider ends the login behind kauth's back (an unlink from elsewhere).
        let access = try #require(try storedSession(env)?["access_token"]?.stringValue)
        let ended = try await HTTPClient.live.send(
            .form(sandbox.baseURL + "/v1/user/unlink", [], headers: [HTTPHeader("Authorization", "Bearer \(access)")]))
        #expect(ended.status == 200)
        let calls = try await sandbox.log().count
        #expect(try await env.run(["status"]).code == 0, "offline, nothing is known yet")
        #expect(try await sandbox.log().count == calls, "status alone sends nothing")
        let check = try await env.run(["status", "--check", "--json"])
        #expect(check.code == 3, "\(check.out)")
        let json = try parseJSON(check.out)
        #expect(json["checked"] == .bool(true))
        #expect(json["check_error"]?.stringValue != nil)
        #expect(json["session"] == .string("expired"))
        #expect(try await env.run(["status"]).code == 3, "and the refusal is remembered")
    }

    @Test func logoutOfTheProfileInUseSaysWhichIsUsedNow() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox)
        defer { env.remove() }
        #expect(try await env.run(["login", "--profile", "work"]).code == 0)
        #expect(try await env.run(["switch", "work"]).code == 0)
        let first = try await env.run(["logout"])
        #expect(first.code == 0)
        #expect(first.err.contains("now use profile 'default'"), "\(first.err)")
        let json = try await env.run(["logout", "--json"])
        #expect(try parseJSON(json.out)["profile_in_use"] == .null)
        #expect(try await env.run(["login", "--profile", "spare"]).code == 0)
        #expect(try await env.run(["login"]).code == 0)
        let last = try await env.run(["logout"])
        #expect(last.err.contains("No profile is in use now") && last.err.contains("spare"), "\(last.err)")
        let other = try await env.run(["logout", "--profile", "spare"])
        #expect(!other.err.contains("in use"), "a profile not in use changes nothing: \(other.err)")
    }
}
