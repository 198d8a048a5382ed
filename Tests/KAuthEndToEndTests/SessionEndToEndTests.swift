import Foundation
import KAuthBasics
import KAuthCore
import Testing

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
        let after = try await HTTPClient.live.send(
            HTTPRequest(
                method: "GET", url: sandbox.baseURL + "/v2/user/me",
                headers: [HTTPHeader("Authorization", "Bearer \(access)")]))
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
        try await sandbox.control(
            "/_sandbox/fail", [("path", "/v2/user/me"), ("status", "503"), ("code", "-9798"), ("count", "3")])
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
