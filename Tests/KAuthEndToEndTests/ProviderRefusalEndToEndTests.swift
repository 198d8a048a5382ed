import Foundation
import KAuthCore
import Testing

/// Kakao's refusals that neither a retry nor a new login fixes (-10, -12, -4) say what happened
/// and who can change it, exit 1, and leave the stored login as it was.
@Suite struct ProviderRefusalEndToEndTests {
    @Test(arguments: [
        ("-10", 400, "a quota of Kakao is used up"),
        ("-12", 403, "Kakao has suspended the app or its developer account"),
        ("-4", 403, "Kakao has blocked or restricted this user's account")
    ])
    func anAPIRefusalSaysWhatHappened(code: String, status: Int, says: String) async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox)
        defer { env.remove() }
        try await sandbox.control(
            "/_sandbox/fail", [("path", "/v2/user/me"), ("status", String(status)), ("code", code)])
        let me = try await env.run(["me"])
        #expect(me.code == 1, "\(me.err)")
        #expect(me.err.contains(says), "\(me.err)")
        #expect(me.err.contains("Kakao answered \(code)"))
        try await sandbox.control(
            "/_sandbox/fail", [("path", "/v2/user/me"), ("status", String(status)), ("code", code)])
        let json = try await env.run(["me", "--json"])
        #expect(json.code == 1)
        #expect(try parseJSON(json.out).value(at: "error.provider_code") == .number(Double(code)!))
        #expect(try await env.run(["status"]).code == 0, "the login is kept")
    }

    /// Kakao limits the tokens one user may be issued or refreshed a day; a refresh refused for
    /// that is no verdict on the refresh token.
    @Test func aRefreshOverTheDailyTokenLimitKeepsTheLogin() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox)
        defer { env.remove() }
        let before = try Data(contentsOf: URL(fileURLWithPath: env.credentialsPath))
        try await sandbox.control("/_sandbox/fail", [("path", "/oauth/token"), ("status", "400"), ("code", "-10")])
        let token = try await env.run(["token", "refresh"])
        #expect(token.code == 1, "\(token.err)")
        #expect(token.out.isEmpty)
        #expect(token.err.contains("the number of tokens one user may be issued or refreshed in a day"), "\(token.err)")
        #expect(!token.err.contains("kauth login` again") && !token.err.contains("run `kauth login`"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: env.credentialsPath)) == before, "the keystore is unchanged")
        let again = try await env.run(["token", "refresh"])
        #expect(again.code == 0, "the quota reset: the same login refreshes (\(again.err))")
    }
}
