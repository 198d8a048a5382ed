import Foundation
import KAuthBasics
import KAuthCore
import Testing

/// Token exchange (RFC 8693) from a CI job's own token, the shaping of the authorization request
/// (extra parameters, acr_values, max_age, RFC 8707 resources), per-resource tokens and
/// `token inspect`, end to end against the sandbox's OpenID provider and its CI issuer.
@Suite(.serialized) struct TokenExchangeEndToEndTests {
    static let exchangeGrant = "urn:ietf:params:oauth:grant-type:token-exchange"

    /// A job the sandbox's CI issuer plays: its token and GitHub-like request URL and token.
    func ciJob(_ sandbox: SandboxProcess, _ form: [(String, String)] = []) async throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: try await sandbox.control("/_sandbox/ci-job", form).body)
    }

    /// An environment with no secret at all: no client secret, no refresh token.
    func ciEnvironment(_ sandbox: SandboxProcess) -> TestEnvironment {
        var env = TestEnvironment(sandbox: sandbox)
        env.variables["KAUTH_CLIENT_SECRET"] = nil
        env.variables["KAUTH_REFRESH_TOKEN"] = nil
        return env
    }

    func keystoreText(_ env: TestEnvironment) -> String {
        (try? String(contentsOfFile: env.credentialsPath, encoding: .utf8)) ?? ""
    }

    @Test func aGitHubActionsJobTradesItsOIDCTokenAndReExchangesWhenItExpires() async throws {
        let sandbox = try await SandboxProcess(["--oidc", "--access-token-ttl", "8"])
        defer { sandbox.stop() }
        let job = try await ciJob(sandbox)
        let env = ciEnvironment(sandbox)
        defer { env.remove() }
        let github = [
            "ACTIONS_ID_TOKEN_REQUEST_URL": try #require(job["request_url"]?.stringValue),
            "ACTIONS_ID_TOKEN_REQUEST_TOKEN": try #require(job["request_token"]?.stringValue)
        ]
        let login = try await env.run(
            [
                "login", "--provider", "oidc", "--issuer", sandbox.baseURL, "--token-exchange", "--github-actions",
                "--json"
            ], extra: github)
        #expect(login.code == 0, "\(login.err)")
        let status = try parseJSON(login.out)
        #expect(status["subject_token_source"] == .string("github-actions"))
        #expect(status["has_refresh_token"] == .bool(false))
        let asked = try await sandbox.calls("/ci/github/token")
        #expect(asked.count == 1)
        #expect(asked.first?["audiences"] == .array([.string(sandbox.baseURL)]), "the audience: the issuer")
        let exchange = try #require(
            try await sandbox.log().last { $0["grant_type"]?.stringValue == Self.exchangeGrant })
        #expect(exchange["status"] == .number(200))
        #expect(exchange["subject"] == .string("repo:kauth/demo:ref:refs/heads/main"))
        #expect(exchange["subject_token_type"] == .string("urn:ietf:params:oauth:token-type:jwt"))
        // The subject token (a JWT) is stored nowhere; the source is.
        #expect(!keystoreText(env).contains("eyJ"))
        #expect(keystoreText(env).contains("github_actions"))

        let first = try await env.run(["token"], extra: github)
        #expect(first.code == 0)
        // Counted from here: on a slow machine the 8-second token may already be due at `first`.
        let exchangesBefore = try await sandbox.tokenCalls(Self.exchangeGrant)
        let githubCalls = try await sandbox.calls("/ci/github/token").count
        try await Task.sleep(for: .seconds(9))
        // Expired: exchanged again from the same source, with the request traced but no secret.
        let again = try await env.run(["token", "--verbose"], extra: github)
        #expect(again.code == 0, "\(again.err)")
        #expect(again.out != first.out)
        #expect(try await sandbox.tokenCalls(Self.exchangeGrant) == exchangesBefore + 1)
        #expect(try await sandbox.calls("/ci/github/token").count == githubCalls + 1)
        #expect(again.err.contains("subject_token=[redacted]"), "\(again.err)")
        #expect(!again.err.contains("eyJ"), "no JWT in the trace: \(again.err)")
        #expect(!again.err.contains(github["ACTIONS_ID_TOKEN_REQUEST_TOKEN"] ?? "?"))

        // Expired again, and four commands at once: one exchange between them, under the lock.
        try await Task.sleep(for: .seconds(9))
        let exchanges = try await sandbox.tokenCalls(Self.exchangeGrant)
        let runs = try (0..<4).map { _ in try env.spawn(["token"], extra: github) }
        var printed: Set<String> = []
        for run in runs {
            let result = await run.wait()
            #expect(result.code == 0, "\(result.err)")
            printed.insert(result.out)
        }
        #expect(printed.count == 1, "every parallel run printed the one new token")
        #expect(try await sandbox.tokenCalls(Self.exchangeGrant) == exchanges + 1)

        // The job's request token is gone (another job): exit 3 naming GitHub Actions, nothing stored.
        let before = keystoreText(env)
        try await Task.sleep(for: .seconds(9))
        let stale = try await env.run(
            ["token"], extra: github.merging(["ACTIONS_ID_TOKEN_REQUEST_TOKEN": "not-this-jobs"]) { $1 })
        #expect(stale.code == 3)
        #expect(stale.err.contains("GitHub Actions"), "\(stale.err)")
        #expect(!stale.err.contains("kauth login"))
        #expect(keystoreText(env) == before)
        // Outside GitHub Actions, or without `id-token: write`.
        let outside = try await env.run([
            "login", "--provider", "oidc", "--issuer", sandbox.baseURL, "--token-exchange", "--github-actions"
        ])
        #expect(outside.code == 3)
        #expect(outside.err.contains("id-token: write"), "\(outside.err)")
    }

    @Test func aFileOrAVariableIsReadAgainAndAnExpiredOrForeignTokenStoresNothing() async throws {
        let sandbox = try await SandboxProcess(["--oidc"])
        defer { sandbox.stop() }
        let env = ciEnvironment(sandbox)
        defer { env.remove() }
        // A Kubernetes-style token file.
        let good = try #require(try await ciJob(sandbox)["id_token"]?.stringValue)
        let file = try env.file("sa-token", good + "\n")
        let login = try await env.run([
            "login", "--provider", "oidc", "--issuer", sandbox.baseURL, "--token-exchange", "--subject-token-file",
            file, "--scopes", "read,write",
            "--audience", "orders", "--resource", "https://api.example.com"
        ])
        #expect(login.code == 0, "\(login.err)")
        #expect(login.err.contains("exchanges the token from the file"), "\(login.err)")
        let exchange = try #require(
            try await sandbox.log().last { $0["grant_type"]?.stringValue == Self.exchangeGrant })
        #expect(exchange["audiences"] == .array([.string("orders")]))
        #expect(exchange["resources"] == .array([.string("https://api.example.com")]))
        // The answer had no `scope`: what was asked is kept, said to be unconfirmed (RFC 6749 §5.1).
        let status = try parseJSON(try await env.run(["status", "--json"]).out)
        #expect(status["scopes"] == .array([.string("read"), .string("write")]))
        #expect(status["scopes_confirmed"] == .bool(false))
        #expect(try await env.run(["status"]).out.contains("the server did not confirm them"))
        #expect(!keystoreText(env).contains(good))

        // An expired token: refused before it is sent, exit 3 naming the file, nothing stored.
        let expired = try #require(try await ciJob(sandbox, [("lifetime", "-60")])["id_token"]?.stringValue)
        let expiredFile = try env.file("expired", expired)
        let calls = try await sandbox.tokenCalls(Self.exchangeGrant)
        let refused = try await env.run([
            "login", "--provider", "oidc", "--issuer", sandbox.baseURL, "--profile", "ci2", "--token-exchange",
            "--subject-token-file", expiredFile
        ])
        #expect(refused.code == 3)
        #expect(refused.err.contains(expiredFile) && refused.err.contains("expired"), "\(refused.err)")
        #expect(!refused.err.contains("run `kauth login"))
        #expect(!refused.err.contains(expired))
        #expect(try await sandbox.tokenCalls(Self.exchangeGrant) == calls, "an expired token is not sent")
        #expect(try storedSession(env, profile: "ci2") == nil)

        // A token of an issuer the provider does not trust, in a variable: the provider refuses.
        let foreign = try #require(try await ciJob(sandbox, [("foreign", "true")])["id_token"]?.stringValue)
        let json = try await env.run(
            [
                "login", "--provider", "oidc", "--issuer", sandbox.baseURL, "--profile", "ci3", "--token-exchange",
                "--subject-token-env", "CI_JOB_JWT", "--json"
            ],
            extra: ["CI_JOB_JWT": foreign])
        #expect(json.code == 3)
        let error = try parseJSON(json.out)
        #expect(error.value(at: "error.code") == .string("subject_token_refused"))
        #expect(error.value(at: "error.message")?.stringValue?.contains("the variable CI_JOB_JWT") == true)
        #expect(!json.out.contains(foreign) && !json.err.contains(foreign))
        #expect(try storedSession(env, profile: "ci3") == nil)

        // Usage: one source, and browser flags do not apply.
        #expect(
            try await env.run(["login", "--provider", "oidc", "--issuer", sandbox.baseURL, "--token-exchange"]).code
                == 2)
        #expect(
            try await env.run([
                "login", "--provider", "oidc", "--issuer", sandbox.baseURL, "--token-exchange", "--subject-token-file",
                file, "--no-browser"
            ])
            .code == 2)
        #expect(
            try await env.run(["login", "--provider", "oidc", "--issuer", sandbox.baseURL, "--subject-token-file", file]
            ).code == 2)
    }

    @Test func theAuthorizationRequestIsShapedAndAuthTimeIsChecked() async throws {
        let sandbox = try await SandboxProcess(["--oidc"])
        defer { sandbox.stop() }
        var env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        env.useFollowingBrowser()
        let base = ["login", "--provider", "oidc", "--issuer", sandbox.baseURL]
        let login = try await env.run(
            base + [
                "--auth-param", "ui_locales=ko", "--auth-param", "claims_locales=en", "--acr-values", "urn:kauth:loa2",
                "--max-age", "600", "--resource", "https://api.example.com"
            ])
        #expect(login.code == 0, "\(login.err)")
        let authorize = try #require(try await sandbox.calls("/oauth/authorize").last)
        #expect(
            authorize["other_parameters"] == .object(["ui_locales": .string("ko"), "claims_locales": .string("en")]))
        #expect(authorize["acr_values"] == .string("urn:kauth:loa2"))
        #expect(authorize["max_age"] == .string("600"))
        #expect(authorize["resources"] == .array([.string("https://api.example.com")]))
        #expect(authorize["scope"]?.stringValue?.contains("openid") == true, "max_age implies openid")
        let status = try parseJSON(try await env.run(["status", "--json"]).out)
        #expect(status["acr"] == .string("urn:kauth:loa2"))
        #expect(status["resources"] == .array([.string("https://api.example.com")]))
        #expect(try await env.run(["status"]).out.contains("urn:kauth:loa2"))

        // A parameter kauth writes itself is refused before anything is sent.
        let calls = try await sandbox.calls("/oauth/authorize").count
        for reserved in ["state=x", "scope=openid", "redirect_uri=http://127.0.0.1:1/x", "nonce=n"] {
            let refused = try await env.run(base + ["--auth-param", reserved])
            #expect(refused.code == 2, "\(reserved): \(refused.err)")
        }
        #expect(try await env.run(base + ["--auth-param", "novalue"]).code == 2)
        #expect(try await env.run(base + ["--resource", "not a uri"]).code == 2)
        #expect(try await sandbox.calls("/oauth/authorize").count == calls)

        // The provider ignores max_age: an auth_time older than it is refused, nothing stored.
        try await sandbox.control("/_sandbox/config", [("auth_time_age", "4000")])
        let before = keystoreText(env)
        let stale = try await env.run(base + ["--max-age", "60", "--profile", "fresh"])
        #expect(stale.code == 1)
        #expect(stale.err.contains("max_age"), "\(stale.err)")
        #expect(try storedSession(env, profile: "fresh") == nil)
        #expect(keystoreText(env) == before)
        // Without max_age the same ID token is fine.
        #expect(try await env.run(base + ["--profile", "fresh"]).code == 0)

        // Config keys, per provider: written once.
        try await sandbox.control("/_sandbox/config", [("auth_time_age", "0")])
        for (key, value) in [
            ("type", "oidc"), ("issuer", sandbox.baseURL), ("auth_params", "ui_locales=ja"),
            ("acr_values", "urn:kauth:loa3"), ("max_age", "300"), ("resource", "https://files.example.com")
        ] {
            #expect(try await env.run(["config", "set", "provider.team.\(key)", value]).code == 0)
        }
        #expect(try await env.run(["login", "--provider", "team", "--profile", "team"]).code == 0)
        let configured = try #require(try await sandbox.calls("/oauth/authorize").last)
        #expect(configured["other_parameters"] == .object(["ui_locales": .string("ja")]))
        #expect(configured["acr_values"] == .string("urn:kauth:loa3"))
        #expect(configured["max_age"] == .string("300"))
        #expect(configured["resources"] == .array([.string("https://files.example.com")]))
    }

    @Test func aTokenPerResourceIsKeptApartAndAnUnnamedResourceIsRefused() async throws {
        let sandbox = try await SandboxProcess(["--oidc"])
        defer { sandbox.stop() }
        var env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        env.useFollowingBrowser()
        let login = try await env.run([
            "login", "--provider", "oidc", "--issuer", sandbox.baseURL, "--resource", "https://api.example.com",
            "--resource", "https://files.example.com"
        ])
        #expect(login.code == 0, "\(login.err)")
        let main = try await env.run(["token"])
        let api = try await env.run(["token", "--resource", "https://api.example.com"])
        #expect(api.code == 0, "\(api.err)")
        #expect(api.out != main.out)
        let refresh = try #require(try await sandbox.log().last { $0["grant_type"]?.stringValue == "refresh_token" })
        #expect(refresh["resources"] == .array([.string("https://api.example.com")]))
        // Kept: asked again, no request; the login's own token is untouched.
        let refreshes = try await sandbox.tokenCalls("refresh_token")
        #expect(try await env.run(["token", "--resource", "https://api.example.com"]).out == api.out)
        #expect(try await sandbox.tokenCalls("refresh_token") == refreshes)
        #expect(try await env.run(["token"]).out == main.out)
        let files = try await env.run(["token", "--resource", "https://files.example.com", "--json"])
        #expect(try parseJSON(files.out)["resource"] == .string("https://files.example.com"))

        // A resource the login did not name: the provider says invalid_target; exit 1 with the login to run.
        let other = try await env.run(["token", "--resource", "https://other.example.com"])
        #expect(other.code == 1)
        #expect(other.err.contains("kauth login --resource https://other.example.com"), "\(other.err)")
        #expect(try await env.run(["token"]).code == 0, "the login is not spoilt by the refusal")

        // A login naming a resource the provider does not serve: the same login again would be
        // refused again, so the words point at the resource, not at a retry.
        let refused = try await env.run(["login", "--provider", "oidc", "--resource", "https://other.example.com"])
        #expect(refused.code != 0)
        #expect(refused.err.contains("check the URI") && !refused.err.contains("to try again"), "\(refused.err)")
    }

    @Test func inspectShowsClaimsAndNeverTheToken() async throws {
        let sandbox = try await SandboxProcess(["--oidc"])
        defer { sandbox.stop() }
        var env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        env.useFollowingBrowser()
        #expect(try await env.run(["login", "--provider", "oidc", "--issuer", sandbox.baseURL]).code == 0)
        let idToken = try await env.run(["token", "--id-token"]).out.trimmingCharacters(in: .whitespacesAndNewlines)
        let accessToken = try await env.run(["token"]).out.trimmingCharacters(in: .whitespacesAndNewlines)

        let inspected = try await env.run(["token", "inspect", "--id-token", "--json"])
        #expect(inspected.code == 0, "\(inspected.err)")
        let json = try parseJSON(inspected.out)
        #expect(json["opaque"] == .bool(false))
        #expect(json["verified"] == .bool(true))
        #expect(json.value(at: "header.alg") == .string("RS256"))
        #expect(json.value(at: "claims.iss") == .string(sandbox.baseURL))
        #expect(json["key_id"] == json.value(at: "header.kid"))
        let human = try await env.run(["token", "inspect", "--id-token"])
        #expect(human.out.contains("verified"))
        // The sandbox's access tokens are opaque.
        let opaque = try parseJSON(try await env.run(["token", "inspect", "--json"]).out)
        #expect(opaque["opaque"] == .bool(true))
        #expect(opaque["verified"] == .bool(false))
        #expect(try await env.run(["token", "inspect"]).out.contains("opaque"))
        for run in [inspected, human] {
            #expect(!run.out.contains(idToken) && !run.err.contains(idToken))
            #expect(!run.out.contains(accessToken))
        }
    }
}
