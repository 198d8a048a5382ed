import Foundation
import KAuthBasics
import KAuthCore
import Testing

/// A provider may grant other scopes than the login asked for: under names of its own (the
/// Kakao-style sandbox answers OpenID Connect's `email` with `account_email`, `profile` with
/// `profile_nickname profile_image`), or with ones agreed earlier. The login's last line and
/// `status` say both; when it grants just what was asked, they say it once.
@Suite(.serialized) struct ScopesAskedEndToEndTests {
    /// A login asking for `scopes`: its environment and what it printed.
    func login(_ sandbox: SandboxProcess, scopes: String) async throws -> (TestEnvironment, RunResult) {
        var env = TestEnvironment(sandbox: sandbox)
        env.useFollowingBrowser()
        let login = try await env.run(["login", "--scopes", scopes])
        #expect(login.code == 0, "\(login.err)")
        return (env, login)
    }

    @Test func openIDScopesOnAKakaoStyleProviderAreSaidAsAskedAndAsGranted() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let (env, login) = try await self.login(sandbox, scopes: "openid,email")
        defer { env.remove() }
        let last = login.err.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.hasPrefix("Scopes: ") && last.contains("account_email"), "\(login.err)")
        #expect(last.hasSuffix("(as Kakao granted them; the login asked for: openid email)"), "\(last)")

        let status = try await env.run(["status"])
        let row = status.out.split(separator: "\n").first { $0.hasPrefix("  scopes ") }.map(String.init) ?? ""
        #expect(row.contains("account_email") && row.hasSuffix("the login asked for: openid email)"), "\(status.out)")
        let korean = try await env.run(["status"], extra: ["KAUTH_LANG": "ko"])
        #expect(korean.out.contains("(카카오에서 허용한 항목입니다. 로그인 때 요청한 항목: openid email)"), "\(korean.out)")

        let json = try parseJSON(try await env.run(["status", "--json"]).out)
        #expect(json["scopes_asked"] == .array([.string("openid"), .string("email")]))
        guard case .array(let granted)? = json["scopes"] else { throw Failure("no scopes in \(json)") }
        #expect(granted.contains(.string("account_email")) && !granted.contains(.string("email")))
        #expect(json["scopes_confirmed"] == .bool(true))
    }

    @Test func scopesGrantedAsAskedAreSaidOnce() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let (env, login) = try await self.login(sandbox, scopes: "account_email,profile_image,profile_nickname")
        defer { env.remove() }
        #expect(login.err.contains("Scopes: profile_nickname profile_image account_email\n"), "\(login.err)")
        #expect(!login.err.contains("asked for"), "\(login.err)")
        let status = try await env.run(["status"])
        #expect(!status.out.contains("asked for"), "\(status.out)")
        #expect(
            try parseJSON(try await env.run(["status", "--json"]).out)["scopes_asked"]
                == .array([.string("account_email"), .string("profile_image"), .string("profile_nickname")]))
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
