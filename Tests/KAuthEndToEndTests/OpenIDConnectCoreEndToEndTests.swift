import Foundation
import KAuthBasics
import KAuthCore
import Testing

/// A generic OpenID Connect login held to OpenID Connect Core against the sandbox in the modes
/// that need it: the scopes discovery offers, ID tokens signed with every algorithm kauth
/// verifies, a userinfo answer about someone else, OpenID Connect's prompt values, and a provider
/// that issues no refresh token unless asked.
@Suite(.serialized) struct OpenIDConnectCoreEndToEndTests {
    /// An environment logged out, whose browser follows the authorize URL.
    static func environment(_ sandbox: SandboxProcess) -> TestEnvironment {
        var env = TestEnvironment(sandbox: sandbox)
        env.useFollowingBrowser()
        return env
    }

    static func login(_ env: TestEnvironment, _ sandbox: SandboxProcess, _ more: [String] = []) async throws
        -> RunResult
    {
        try await env.run(
            ["login", "--provider", "oidc", "--issuer", sandbox.baseURL, "--client-id", "generic-cli"] + more)
    }

    static func lastAuthorize(_ sandbox: SandboxProcess) async throws -> JSONValue? {
        try await sandbox.log().last { $0["path"]?.stringValue == "/oauth/authorize" }
    }

    @Test func defaultScopesAreTheOnesDiscoveryOffers() async throws {
        let sandbox = try await SandboxProcess(["--oidc"])
        defer { sandbox.stop() }
        let env = Self.environment(sandbox)
        defer { env.remove() }
        // Like Kakao's own document, the sandbox's lists neither profile nor email.
        let bare = try await Self.login(env, sandbox)
        #expect(bare.code == 0, "\(bare.err)")
        #expect(try await Self.lastAuthorize(sandbox)?["scope"] == .string("openid"))

        try await sandbox.control("/_sandbox/config", [("advertise_standard_scopes", "true")])
        #expect(try await Self.login(env, sandbox).code == 0)
        #expect(try await Self.lastAuthorize(sandbox)?["scope"] == .string("openid profile email"))
        // What the user asks for is asked for, offered or not.
        #expect(try await Self.login(env, sandbox, ["--scopes", "openid,account_email"]).code == 0)
        #expect(try await Self.lastAuthorize(sandbox)?["scope"] == .string("openid account_email"))
    }

    @Test(arguments: ["ES256", "ES384", "ES512", "PS256", "PS384", "PS512", "RS384", "RS512", "EdDSA"])
    func idTokensSignedWithWhatDiscoveryLists(alg: String) async throws {
        let sandbox = try await SandboxProcess(["--oidc", "--id-token-alg", alg])
        defer { sandbox.stop() }
        let env = Self.environment(sandbox)
        defer { env.remove() }
        let login = try await Self.login(env, sandbox)
        #expect(login.code == 0, "\(alg): \(login.err)")
        let idToken = try await env.run(["token", "--id-token"])
        #expect(idToken.code == 0, "\(idToken.err)")
        let header = try JWT(compact: idToken.out.trimmingCharacters(in: .newlines)).header
        #expect(header.alg == alg)
        // A refresh's new ID token is verified the same way, from the stored discovery.
        #expect(try await env.run(["token", "refresh"]).code == 0)
    }

    @Test func hs256IsVerifiedWithTheClientSecret() async throws {
        let secret = "a client secret of more than thirty-two bytes"
        let sandbox = try await SandboxProcess(["--oidc", "--client-secret", secret, "--id-token-alg", "HS256"])
        defer { sandbox.stop() }
        let env = Self.environment(sandbox)
        defer { env.remove() }
        let login = try await Self.login(env, sandbox, ["--client-secret", secret])
        #expect(login.code == 0, "\(login.err)")
        let idToken = try await env.run(["token", "--id-token"])
        #expect(try JWT(compact: idToken.out.trimmingCharacters(in: .newlines)).header.alg == "HS256")

    }

    @Test func aUserinfoAnswerForAnotherSubjectIsNeverUsed() async throws {
        let sandbox = try await SandboxProcess(["--oidc", "--userinfo-sub", "foobar"])
        defer { sandbox.stop() }
        let env = Self.environment(sandbox)
        defer { env.remove() }
        let login = try await Self.login(env, sandbox)
        #expect(login.code == 0, "\(login.err)")
        #expect(!login.err.contains("as foobar"), "\(login.err)")
        #expect(login.err.contains("'foobar'") && login.err.contains("not used"), "\(login.err)")
        let status = try parseJSON(try await env.run(["status", "--json"]).out)
        #expect(status["user_id"] == .string("4242424242"), "the ID token's subject, not userinfo's")
        #expect(!(try String(contentsOfFile: env.credentialsPath, encoding: .utf8)).contains("foobar"))

        for arguments in [["me"], ["me", "--oidc"], ["me", "--field", "sub"]] {
            let me = try await env.run(arguments)
            #expect(me.code == 1 && me.out.isEmpty && me.err.contains("'foobar'"), "\(arguments): \(me.err)")
        }
        let json = try await env.run(["me", "--json"])
        #expect(try parseJSON(json.out).value(at: "error.code") == .string("userinfo_subject_mismatch"))
        #expect(!(try String(contentsOfFile: env.credentialsPath, encoding: .utf8)).contains("foobar"))
    }

    @Test func promptValuesAreTheProvidersOwn() async throws {
        let sandbox = try await SandboxProcess(["--oidc"])
        defer { sandbox.stop() }
        let env = Self.environment(sandbox)
        defer { env.remove() }
        #expect(try await Self.login(env, sandbox, ["--prompt", "consent"]).code == 0)
        #expect(try await Self.lastAuthorize(sandbox)?["prompt"] == .string("consent"))
        let kakaos = try await Self.login(env, sandbox, ["--prompt", "create"])
        #expect(kakaos.code == 2)
        #expect(kakaos.err.contains("none, login, consent, select_account"), "\(kakaos.err)")
        let kakao = try await env.run(["login", "--prompt", "consent"])
        #expect(kakao.code == 2 && kakao.err.contains("login, create, select_account"), "\(kakao.err)")
    }

    @Test func noRefreshTokenIsSaidAtLoginAndAtRefresh() async throws {
        let sandbox = try await SandboxProcess(["--oidc", "--no-refresh-tokens"])
        defer { sandbox.stop() }
        let env = Self.environment(sandbox)
        defer { env.remove() }
        let login = try await Self.login(env, sandbox)
        #expect(login.code == 0, "\(login.err)")
        #expect(
            login.err.contains("issued no refresh token") && login.err.contains("offline_access")
                && login.err.contains("--prompt consent"), "\(login.err)")

        let refresh = try await env.run(["token", "refresh"])
        #expect(refresh.code == 3)
        #expect(
            refresh.err.contains("issued no refresh token") && refresh.err.contains("stays valid until"),
            "\(refresh.err)")
        #expect(!refresh.err.contains("expired"), "the access token has not expired: \(refresh.err)")
        #expect(try await env.run(["token"]).code == 0, "the access token still serves")

        // Asked for as the note says, the provider issues one.
        let offline = try await Self.login(env, sandbox, ["--scopes", "openid offline_access", "--prompt", "consent"])
        #expect(offline.code == 0 && !offline.err.contains("issued no refresh token"), "\(offline.err)")
        #expect(try await env.run(["token", "refresh"]).code == 0)
    }
}
