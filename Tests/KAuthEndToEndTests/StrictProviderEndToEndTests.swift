import Foundation
import KAuthBasics
import KAuthCore
import Testing

/// OpenID providers stricter than Kakao, played by `kauth sandbox` with the flags a user would
/// pass: Basic-only client authentication, bare-400 refresh refusals, one-use refresh tokens,
/// bearer-only revocation, `iss` that was never advertised, a required nonce, tokens that live
/// seconds. Each runs the same commands a user types, with no extra flag on kauth's side.
@Suite(.serialized) struct StrictProviderEndToEndTests {
    /// A generic OIDC login against `sandbox` with only what the providers guide asks for.
    func oidcLogin(_ sandbox: SandboxProcess, _ extra: [String] = []) async throws -> (TestEnvironment, RunResult) {
        var env = TestEnvironment(sandbox: sandbox)
        env.useFollowingBrowser()
        let login = try await env.run(
            ["login", "--provider", "oidc", "--issuer", sandbox.baseURL, "--client-id", "strict-cli"] + extra)
        return (env, login)
    }

    @Test func aNonceIsSentAndBoundWheneverOpenIDIsInTheScope() async throws {
        let sandbox = try await SandboxProcess(["--oidc", "--require-nonce"])
        defer { sandbox.stop() }
        let (env, login) = try await oidcLogin(sandbox)
        defer { env.remove() }
        #expect(login.code == 0, "\(login.err)")
        let authorize = try #require(try await sandbox.log().last { $0["path"]?.stringValue == "/oauth/authorize" })
        #expect(authorize["nonce_sent"] == .bool(true))
        #expect(authorize["scope"]?.stringValue?.contains("openid") == true)
        let idToken = try await env.run(["token", "--id-token"])
        #expect(idToken.code == 0, "\(idToken.err)")
        let claims = try #require(JWTClaims.unverifiedClaims(of: idToken.out.trimmingCharacters(in: .newlines)))
        #expect(claims["nonce"]?.stringValue?.isEmpty == false)
    }

    @Test func aWrongIssIsRefusedEvenWhenTheProviderNeverAdvertisedIt() async throws {
        let sandbox = try await SandboxProcess(["--oidc", "--authorization-response-iss", "wrong"])
        defer { sandbox.stop() }
        let (env, login) = try await oidcLogin(sandbox)
        defer { env.remove() }
        #expect(login.code != 0)
        #expect(login.err.contains("iss"), "\(login.err)")
        #expect(try await sandbox.tokenCalls("authorization_code") == 0, "a mixed-up code is never exchanged")
        #expect(!FileManager.default.fileExists(atPath: env.credentialsPath))
    }

    @Test func aRightIssThatWasNeverAdvertisedIsAccepted() async throws {
        let sandbox = try await SandboxProcess(["--oidc", "--authorization-response-iss", "unadvertised"])
        defer { sandbox.stop() }
        let (env, login) = try await oidcLogin(sandbox)
        defer { env.remove() }
        #expect(login.code == 0, "\(login.err)")
    }

    @Test func aSecretGivenAtLoginIsSentWithBasicAndKeptForRefresh() async throws {
        let sandbox = try await SandboxProcess([
            "--oidc", "--client-id", "strict-cli", "--client-secret", "s3cret-value",
            "--client-auth-methods", "client_secret_basic", "--one-use-refresh-tokens"
        ])
        defer { sandbox.stop() }
        let (env, login) = try await oidcLogin(sandbox, ["--client-secret", "s3cret-value"])
        defer { env.remove() }
        #expect(login.code == 0, "\(login.err)")
        // The secret is not on the command line, in the environment or in the config any more.
        let before = try #require(try storedSession(env))
        for _ in 0..<2 {
            let refresh = try await env.run(["token", "refresh"])
            #expect(refresh.code == 0, "\(refresh.err)")
        }
        let after = try #require(try storedSession(env))
        #expect(after["refresh_token"] != before["refresh_token"], "one-use refresh tokens rotate")
        #expect(try await sandbox.tokenCalls("refresh_token") == 2)
        let refused = try await sandbox.log().filter {
            $0["path"]?.stringValue == "/oauth/token" && $0["status"] != .number(200)
        }
        #expect(refused.isEmpty, "no token call was refused: \(refused)")
        // The secret never reaches the output, even with --verbose.
        let verbose = try await env.run(["token", "refresh", "--verbose"])
        #expect(verbose.code == 0)
        #expect(!verbose.err.contains("s3cret-value") && !verbose.out.contains("s3cret-value"))
    }

    @Test func aBareFourHundredOnRefreshMeansLogInAgainExitThree() async throws {
        let sandbox = try await SandboxProcess(["--oidc", "--bare-refresh-errors", "--one-use-refresh-tokens"])
        defer { sandbox.stop() }
        let (env, login) = try await oidcLogin(sandbox)
        defer { env.remove() }
        #expect(login.code == 0, "\(login.err)")
        #expect(try await env.run(["token", "refresh"]).code == 0)
        // Someone uses the live one-use refresh token elsewhere (a copied keystore): the one kauth
        // holds is now refused with a bare 400 and no OAuth error.
        let current = try #require(try storedSession(env)?["refresh_token"]?.stringValue)
        let elsewhere = try await HTTPClient.live.send(
            .form(
                sandbox.baseURL + "/oauth/token",
                [("grant_type", "refresh_token"), ("refresh_token", current), ("client_id", "strict-cli")]))
        #expect(elsewhere.status == 200)
        let keystore = try #require(try storedSession(env))
        let refresh = try await env.run(["token", "refresh"])
        #expect(refresh.code == 3, "\(refresh.err)")
        #expect(refresh.err.contains("kauth login"), "\(refresh.err)")
        // Nothing was lost, and the refusal is remembered: the login is over, so no command hands
        // out its token until a new login, even one that has not expired yet.
        guard case .object(var after) = try #require(try storedSession(env)) else {
            Issue.record("no session")
            return
        }
        #expect(after.removeValue(forKey: "rejection") != nil)
        #expect(JSONValue.object(after) == keystore, "the keystore is as it was, but for the refusal")
        #expect(try await env.run(["token"]).code == 3)
    }

    @Test func logoutRevokesWithTheAccessTokenWhenTheProviderWantsABearer() async throws {
        let sandbox = try await SandboxProcess(["--oidc", "--revocation-requires-bearer"])
        defer { sandbox.stop() }
        let (env, login) = try await oidcLogin(sandbox)
        defer { env.remove() }
        #expect(login.code == 0, "\(login.err)")
        let refreshToken = try #require(try storedSession(env)?["refresh_token"]?.stringValue)
        let logout = try await env.run(["logout"])
        #expect(logout.code == 0, "\(logout.err)")
        #expect(!logout.err.contains("still valid") && !logout.err.contains("stays valid"), "\(logout.err)")
        let reuse = try await HTTPClient.live.send(
            .form(
                sandbox.baseURL + "/oauth/token",
                [("grant_type", "refresh_token"), ("refresh_token", refreshToken), ("client_id", "strict-cli")]))
        #expect(reuse.status == 400, "the refresh token is dead at the provider")
    }

    @Test func logoutThatCannotRevokeSaysTheRefreshTokenStaysValid() async throws {
        let sandbox = try await SandboxProcess(["--oidc", "--revocation-requires-bearer"])
        defer { sandbox.stop() }
        let (env, login) = try await oidcLogin(sandbox)
        defer { env.remove() }
        #expect(login.code == 0, "\(login.err)")
        // The access token is dead: there is no bearer left to revoke with.
        try await sandbox.control("/_sandbox/expire-access-tokens")
        let logout = try await env.run(["logout"])
        #expect(logout.code == 0, "\(logout.err)")
        #expect(logout.err.contains("stays valid"), "\(logout.err)")
        let gone = try !FileManager.default.fileExists(atPath: env.credentialsPath) || storedSession(env) == nil
        #expect(gone)
    }

    /// Fifty seconds is less than the default minute a token must stay valid, so without the
    /// half-lifetime rule every call would refresh; with it, a token is handed out again for 25 s,
    /// time enough for the calls below on a loaded machine.
    @Test func tokensThatLiveSecondsAreNotRefreshedOnEveryCall() async throws {
        let sandbox = try await SandboxProcess(["--oidc", "--access-token-ttl", "50", "--one-use-refresh-tokens"])
        defer { sandbox.stop() }
        let (env, login) = try await oidcLogin(sandbox)
        defer { env.remove() }
        #expect(login.code == 0, "\(login.err)")
        let first = try await env.run(["token"])
        #expect(first.code == 0)
        for _ in 0..<5 {
            let again = try await env.run(["token"])
            #expect(again.out == first.out, "a token younger than half its life is handed out again")
        }
        // Asking for more validity than the provider ever gives: warned, not refreshed.
        let demanding = try await env.run(["token", "--min-valid", "3600"])
        #expect(demanding.code == 0)
        #expect(demanding.out == first.out)
        #expect(demanding.err.contains("warning"), "\(demanding.err)")
        #expect(try await sandbox.tokenCalls("refresh_token") == 0)
    }

    @Test func anOIDCLoginIsNamedForItsIssuer() async throws {
        let sandbox = try await SandboxProcess(["--oidc"])
        defer { sandbox.stop() }
        let (env, login) = try await oidcLogin(sandbox)
        defer { env.remove() }
        #expect(login.code == 0, "\(login.err)")
        let host = try #require(URLComponents(string: sandbox.baseURL)?.host)
        let status = try await env.run(["status"])
        #expect(status.out.contains(host) || status.err.contains(host), "\(status.out)\(status.err)")
        let api = try await env.run(["api", "/v2/user/me"])
        #expect(api.code == 2, "a relative path has no Kakao host to go to for an OIDC login: \(api.err)")
    }
}
