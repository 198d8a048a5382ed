import Foundation
import KAuthBasics
import KAuthCore
import Testing

/// Several logins side by side in one keystore.
@Suite(.serialized) struct ProfilesEndToEndTests {
    @Test func twoProfilesUsedAlternatelyNeverTouchEachOther() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox)
        defer { env.remove() }
        let work = try await env.run(["login", "--profile", "work", "--scopes", "shipping_address"])
        #expect(work.code == 0, "\(work.err)")
        let defaultToken = try await env.run(["token"])
        let workToken = try await env.run(["token", "--profile", "work"])
        #expect(defaultToken.code == 0 && workToken.code == 0)
        #expect(defaultToken.out != workToken.out)
        #expect(try await env.run(["token"], extra: ["KAUTH_PROFILE": "work"]).out == workToken.out)

        let status = try await env.run(["status", "--json"])
        let json = try JSONDecoder().decode(JSONValue.self, from: Data(status.out.utf8))
        #expect(json["profile"] == .string("default"))
        guard case .array(let profiles)? = json["profiles"] else {
            Issue.record("no profiles")
            return
        }
        #expect(profiles.compactMap { $0["profile"]?.stringValue } == ["default", "work"])
        #expect(try await env.run(["status"]).out.contains("work: Kakao"))

        #expect(try await env.run(["shipping", "--profile", "work"]).code == 0)

        let switched = try await env.run(["switch", "work"])
        #expect(switched.code == 0, "\(switched.err)")
        #expect(try await env.run(["token"]).out == workToken.out)
        #expect(try await env.run(["switch", "nobody"]).code == 3)
        #expect(try await env.run(["switch", "bad/name"]).code == 2)

        #expect(try await env.run(["logout"]).code == 0)  // logs out "work", the default now
        #expect(try await env.run(["status", "--profile", "work"]).code == 3)
        let back = try await env.run(["token", "--profile", "default"])
        #expect(back.out == defaultToken.out)
        #expect(try await env.run(["status"]).code == 0, "with 'work' gone the default is 'default' again")
    }

    /// A profile's tokens go only to the provider it is logged in to: `--provider` naming another
    /// is refused (exit 2) before anything is sent, printed or deleted.
    @Test func aProviderThatIsNotTheStoredLoginsIsRefused() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox)
        defer { env.remove() }
        let stored = try Data(contentsOf: URL(fileURLWithPath: env.credentialsPath))
        let before = try await sandbox.log().count
        for command in [
            ["me"], ["token"], ["token", "--refresh-token"], ["api", "/v2/user/me"], ["status"], ["logout"], ["unlink"],
            ["scopes"]
        ] {
            let run = try await env.run(command + ["--provider", "snapchat"])
            #expect(run.code == 2, "\(command): \(run.err)")
            #expect(run.out.isEmpty, "\(command) printed \(run.out)")
            #expect(run.err.contains("profile 'default' is logged in to kakao, not snapchat"), "\(command): \(run.err)")
        }
        let json = try await env.run(["token", "--provider", "snapchat", "--json"])
        #expect(json.code == 2)
        #expect(try parseJSON(json.out).value(at: "error.code") == .string("usage"))
        #expect(try await sandbox.log().count == before, "nothing was sent")
        #expect(try Data(contentsOf: URL(fileURLWithPath: env.credentialsPath)) == stored, "nothing was changed")
        #expect(try await env.run(["token", "--provider", "kakao"]).code == 0, "the stored login's own name is fine")
        // A name no provider has is said as such, with the one meant: a login to `snap` would fail.
        let unknown = try await env.run(["status", "--provider", "snap"])
        #expect(unknown.code == 2 && unknown.err.contains("snapchat"), "\(unknown.err)")
        #expect(!unknown.err.contains("kauth login --provider snap"), "\(unknown.err)")
    }
}
