import Foundation
import KAuthBasics
import KAuthCore
import KAuthTestSupport
import Testing

/// Every "run … again" hint, run as printed, recreates the login; errors name the real fault;
/// settings left from the sandbox are not silently used against a real provider.
@Suite(.serialized) struct HintsEndToEndTests {
    /// The first `kauth login …` command quoted in backticks in `text`, as words.
    func hint(in text: String) throws -> [String] {
        let start = try #require(text.range(of: "`kauth login"), "no login hint in: \(text)")
        let rest = text[start.upperBound...]
        let end = try #require(rest.firstIndex(of: "`"))
        let line = "login" + rest[..<end]
        #expect(!line.contains("'"), "the test splits on spaces: \(line)")
        return line.split(separator: " ").map(String.init)
    }

    /// An environment with a configured OpenID Connect provider `work` on the sandbox.
    func workEnvironment(_ sandbox: SandboxProcess) async throws -> TestEnvironment {
        var env = TestEnvironment(sandbox: sandbox)
        env.useFollowingBrowser()
        for (key, value) in [("type", "oidc"), ("issuer", sandbox.baseURL), ("client_id", "work-cli")] {
            #expect(try await env.run(["config", "set", "provider.work.\(key)", value]).code == 0)
        }
        return env
    }

    @Test func theHintAfterARefusedRefreshRecreatesAnOIDCLogin() async throws {
        let sandbox = try await SandboxProcess(["--oidc"])
        defer { sandbox.stop() }
        let env = try await workEnvironment(sandbox)
        defer { env.remove() }
        #expect(try await env.run(["login", "--provider", "work", "--profile", "work"]).code == 0)
        try await sandbox.control(
            "/_sandbox/fail",
            [("path", "/oauth/token"), ("status", "400"), ("error", "invalid_grant"), ("code", "KOE322")])
        let refused = try await env.run(["token", "refresh", "--profile", "work"])
        #expect(refused.code == 3)
        let again = try hint(in: refused.err)
        #expect(again.contains("work") && again.contains("--provider"), "\(again)")
        let rerun = try await env.run(again)
        #expect(rerun.code == 0, "\(again): \(rerun.err)")
        let status = try parseJSON(try await env.run(["status", "--json", "--profile", "work"]).out)
        #expect(status["provider"] == .string("work"))
        #expect(status["session"] == .string("valid"))
    }

    @Test func theHintAfterALoginTimeoutRepeatsTheProviderAndIssuer() async throws {
        let sandbox = try await SandboxProcess(["--oidc"])
        defer { sandbox.stop() }
        var env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        _ = env.useRecordingBrowser()
        let timedOut = try await env.run([
            "login", "--provider", "oidc", "--issuer", sandbox.baseURL, "--client-id", "cli", "--profile", "p",
            "--timeout", "1"
        ])
        #expect(timedOut.code == 6)
        let again = try hint(in: timedOut.err)
        env.useFollowingBrowser()
        let rerun = try await env.run(again)
        #expect(rerun.code == 0, "\(again): \(rerun.err)")
        let status = try parseJSON(try await env.run(["status", "--json", "--profile", "p"]).out)
        #expect(status["provider"] == .string("oidc"))
    }

    @Test func anOIDCLoginHandsOffToCIWithItsIDToken() async throws {
        let sandbox = try await SandboxProcess(["--oidc"])
        defer { sandbox.stop() }
        let env = try await workEnvironment(sandbox)
        defer { env.remove() }
        #expect(try await env.run(["login", "--provider", "work", "--profile", "src"]).code == 0)
        let refresh = try await env.run(["token", "--refresh-token", "--profile", "src"])
        let token = refresh.out.trimmingCharacters(in: .whitespacesAndNewlines)

        let handOver = try env.spawn(["login", "--with-token", "--provider", "work", "--profile", "ci"])
        handOver.write(token + "\n")
        handOver.closeInput()
        let adopted = await handOver.wait()
        #expect(adopted.code == 0, "\(adopted.err)")
        #expect(try await env.run(["token", "--id-token", "--profile", "ci"]).code == 0)
        let credential = try await env.run(["token", "--exec-credential", "--id-token", "--profile", "ci"])
        #expect(credential.code == 0, "\(credential.err)")

        // A CI job with only the config and the secret.
        var ci = TestEnvironment(sandbox: sandbox)
        defer { ci.remove() }
        try FileManager.default.createDirectory(atPath: ci.home, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: env.home + "/config", toPath: ci.home + "/config")
        ci.variables["KAUTH_REFRESH_TOKEN"] = try #require(
            try storedSession(env, profile: "ci")?["refresh_token"]?.stringValue)
        let bootstrap = try await ci.run(["token", "--provider", "work", "--exec-credential", "--id-token"])
        #expect(bootstrap.code == 0, "\(bootstrap.err)")
        #expect(try parseJSON(bootstrap.out).value(at: "status.token") != nil)
    }

    @Test func kauthRefreshTokenProblemsAreNamedNotLogin() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox)
        defer { env.remove() }
        let good = try #require(try storedSession(env)?["refresh_token"]?.stringValue)
        for (value, words) in [("", "empty"), ("abc def", "spaces"), ("nonsense", "KAUTH_REFRESH_TOKEN")] {
            let ci = TestEnvironment(sandbox: sandbox)
            defer { ci.remove() }
            let run = try await ci.run(["token"], extra: ["KAUTH_REFRESH_TOKEN": value])
            #expect(run.code == 3, "\(value): \(run.err)")
            #expect(run.err.contains(words), "\(value): \(run.err)")
            #expect(!run.err.contains("kauth login"), "CI cannot log in: \(run.err)")
        }
        let padded = TestEnvironment(sandbox: sandbox)
        defer { padded.remove() }
        #expect(try await padded.run(["token"], extra: ["KAUTH_REFRESH_TOKEN": "  \(good)\n"]).code == 0)
    }

    @Test func anHTTPSIssuerOnAPlainHTTPServerIsNamedAsSuch() async throws {
        // A plain-HTTP server, as the sandbox is.
        let server = try LoopbackServer { _ in .text(200, "hello") }
        server.start()
        defer { server.stop() }
        var env = TestEnvironment(sandbox: nil)
        defer { env.remove() }
        _ = env.useRecordingBrowser()
        let started = ContinuousClock.now
        let run = try await env.run([
            "login", "--provider", "oidc", "--issuer", "https://127.0.0.1:\(server.port)", "--client-id", "x"
        ])
        #expect(ContinuousClock.now - started < .seconds(5), "no retries for a wrong scheme")
        #expect(run.code == 2, "\(run.err)")
        #expect(run.err.contains("plain HTTP") && !run.err.contains("network or try again"), "\(run.err)")
        for (issuer, words) in [("id.example.com", "no scheme"), ("htps://id.example.com", "'htps'")] {
            let bad = try await env.run(["login", "--provider", "oidc", "--issuer", issuer, "--client-id", "x"])
            #expect(bad.code == 2)
            #expect(bad.err.contains(words) && !bad.err.contains("must use https"), "\(issuer): \(bad.err)")
        }
    }

    @Test func aWrongClientSecretIsNamedForOIDC() async throws {
        let sandbox = try await SandboxProcess(["--oidc", "--client-secret", "s3cret"])
        defer { sandbox.stop() }
        var env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        env.useFollowingBrowser()
        let run = try await env.run([
            "login", "--provider", "oidc", "--issuer", sandbox.baseURL, "--client-id", "c", "--client-secret", "wrong"
        ])
        #expect(run.code != 0)
        #expect(run.err.contains("client secret was refused"), "\(run.err)")
    }

    @Test func sandboxSettingsAgainstARealProviderAreWarnedAbout() async throws {
        var env = TestEnvironment(sandbox: nil)
        defer { env.remove() }
        _ = env.useRecordingBrowser()
        #expect(try await env.run(["config", "set", "provider.kakao.client_id", "my-real-key"]).code == 0)
        // The authorize URL of the real Kakao is only built and handed to the browser, never fetched.
        let run = try await env.run(
            ["login", "--timeout", "1"], extra: ["KAUTH_CLIENT_ID": "sandbox-app", "KAUTH_REDIRECT_PORT": "0"])
        #expect(run.code == 6)
        #expect(run.err.contains("warning: KAUTH_REDIRECT_PORT=0"), "\(run.err)")
        #expect(run.err.contains("overrides provider.kakao.client_id"), "\(run.err)")
        #expect(
            run.err.contains("cannot be registered") && !run.err.contains("register exactly"),
            "never a free port to register: \(run.err)")
        #expect(run.err.contains("the environment variable KAUTH_CLIENT_ID"), "\(run.err)")
        #expect(!run.err.contains("))"), "no doubled parentheses: \(run.err)")

        let sandbox = try env.spawn(["sandbox", "--port", "0", "--quiet"])
        defer { kill(sandbox.process.processIdentifier, SIGKILL) }
        let err = try await sandbox.waitForErr(containing: "KAUTH_REDIRECT_PORT\n")
        #expect(
            err.contains(
                "unset KAUTH_KAKAO_AUTH_URL KAUTH_KAKAO_API_URL KAUTH_KAKAO_SHARER_URL KAUTH_KAKAO_APPS_URL KAUTH_CLIENT_ID KAUTH_ISSUER KAUTH_SANDBOX_PID KAUTH_REDIRECT_PORT"
            ))
    }

    @Test func configSetChecksTheValueAndTheKey() async throws {
        let env = TestEnvironment(sandbox: nil)
        defer { env.remove() }
        for (key, value) in [
            ("provider.kakao.redirect_uri", "https://example.com/callback"),
            ("provider.kakao.redirect_uri", "http://127.0.0.1/callback"),
            ("provider.kakao.api_url", "kapi.example.com"),
            ("provider.kakao.issuer", "https://id.example.com"),
            ("provider.snapchat.app_key", "k"),
            ("provider.oidc.sharer_url", "https://sharer.example.com"),
            ("provider.kakao.token_endpoint_auth_method", "magic")
        ] {
            let run = try await env.run(["config", "set", key, value])
            #expect(run.code == 2, "\(key) \(value): \(run.err)")
        }
        #expect(!FileManager.default.fileExists(atPath: env.home + "/config"), "nothing was written")
        for (key, value) in [
            ("provider.kakao.redirect_uri", "http://127.0.0.1:8080/callback"),
            ("provider.kakao.ca_file", "/etc/ssl/certs/ca.pem"),
            ("provider.oidc.client_cert", "/tmp/c.pem"),
            ("provider.work.type", "oidc"),
            ("provider.work.issuer", "https://id.example.com")
        ] {
            let run = try await env.run(["config", "set", key, value])
            #expect(run.code == 0, "\(key) \(value): \(run.err)")
        }
        #expect(
            try await env.run(["config", "set", "provider.work.app_key", "k"]).code == 2, "work is an oidc provider")
    }
}
