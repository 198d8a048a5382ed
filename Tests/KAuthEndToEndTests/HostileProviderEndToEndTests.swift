import Foundation
import KAuthCore
import Testing

/// A broken or hostile provider, played through the sandbox's `POST /_sandbox/respond`: each
/// answer is one no real provider should give, and kauth must neither store what it cannot read
/// back, nor print what it should not, nor follow where it should not go.
@Suite(.serialized) struct HostileProviderEndToEndTests {
    /// Answers the next token call with `body` as `contentType`.
    func respond(
        _ sandbox: SandboxProcess, endpoint: String = "token", status: Int = 200,
        contentType: String = "application/json", body: String, count: Int = 1
    ) async throws {
        let answer = try await sandbox.control(
            "/_sandbox/respond",
            [
                ("endpoint", endpoint), ("status", String(status)), ("content_type", contentType), ("body", body),
                ("count", String(count))
            ])
        #expect(answer.status == 200)
    }

    /// A raw ESC, BEL or C1 control in text a terminal would act on.
    func hasRawControls(_ text: String) -> Bool {
        text.unicodeScalars.contains {
            ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value)
        }
    }

    @Test(arguments: ["-1e12", "1e300", "-1", "0", "\"99999999999999999999\"", "9.2233720368547758e18"])
    func anAbsurdLifetimeIsClampedAndTheKeystoreStaysReadable(expiresIn: String) async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        // A healthy second profile, which one bad answer must not take down with it.
        let env = try await loggedIn(sandbox, arguments: ["--profile", "healthy"])
        defer { env.remove() }
        try await respond(
            sandbox,
            body:
                #"{"access_token":"hostile-access","token_type":"bearer","refresh_token":"hostile-refresh","expires_in":\#(expiresIn),"refresh_token_expires_in":\#(expiresIn)}"#
        )
        let login = try await env.run(["login"])
        #expect(login.code == 0, "\(login.err)")
        let status = try await env.run(["status", "--json"])
        #expect(status.code == 0 || status.code == 3, "\(status.err)")
        #expect(try await env.run(["status", "--profile", "healthy"]).code == 0)
        #expect(try await env.run(["token", "--profile", "healthy"]).code == 0)
        #expect(try await env.run(["switch"]).code == 0)
        let logout = try await env.run(["logout"])
        #expect(logout.code == 0, "\(logout.err)")
        #expect(try await env.run(["login"]).code == 0, "a fresh login works after it")
    }

    @Test(arguments: [
        #"{"access_token":"","token_type":"bearer","expires_in":3600}"#,
        #"{"token_type":"bearer","expires_in":3600}"#,
        #"{"access_token":null,"token_type":"bearer"}"#,
        #"{"access_token":42,"token_type":"bearer"}"#,
        #"[]"#,
        #"not json at all"#
    ])
    func anAnswerWithoutAnAccessTokenIsNotALogin(body: String) async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        var env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        env.useFollowingBrowser()
        try await respond(sandbox, body: body)
        let login = try await env.run(["login"])
        #expect(login.code != 0)
        #expect(login.code != 7)
        #expect(!login.err.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: env.credentialsPath), "nothing was stored")
    }

    @Test func aTokenBodyThatIsNotJSONIsNeverPrintedByVerbose() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox)
        defer { env.remove() }
        try await respond(
            sandbox, contentType: "text/plain",
            body: "access_token=leaked-access-value&refresh_token=leaked-refresh-value&expires_in=3600")
        let refresh = try await env.run(["token", "refresh", "--verbose"])
        #expect(refresh.code != 0 && refresh.code != 7)
        #expect(
            !refresh.err.contains("leaked-access-value") && !refresh.err.contains("leaked-refresh-value"),
            "\(refresh.err)")
        #expect(!refresh.out.contains("leaked"))
        #expect(try await env.run(["token"]).code == 0, "the stored login is as it was")
    }

    @Test func aSecretInAJSONTokenBodyWithAnyContentTypeIsMaskedByVerbose() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox)
        defer { env.remove() }
        try await respond(
            sandbox, contentType: "text/html",
            body:
                #"{"access_token":"masked-access-value","token_type":"bearer","refresh_token":"masked-refresh-value","expires_in":3600}"#
        )
        let refresh = try await env.run(["token", "refresh", "--verbose"])
        #expect(
            !refresh.err.contains("masked-access-value") && !refresh.err.contains("masked-refresh-value"),
            "\(refresh.err)")
    }

    @Test func terminalEscapesFromTheProviderAreMadeVisible() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox)
        defer { env.remove() }
        let keystore = try Data(contentsOf: URL(fileURLWithPath: env.credentialsPath))
        try await respond(
            sandbox, status: 400,
            body:
                #"{"error":"invalid_request\u001b]52;c;cHduZWQ=\u0007","error_description":"\u001b[2J\u001b]0;pwned\u0007\u009b31m bidi \u202e gnp.exe"}"#
        )
        let refresh = try await env.run(["token", "refresh"])
        #expect(refresh.code != 0 && refresh.code != 7)
        #expect(!hasRawControls(refresh.err), "\(refresh.err.debugDescription)")
        #expect(!refresh.err.unicodeScalars.contains("\u{202E}"))
        #expect(refresh.err.contains("pwned"), "the text is still shown, made harmless")
        #expect(try Data(contentsOf: URL(fileURLWithPath: env.credentialsPath)) == keystore)
        let json = try await env.run(["token", "refresh", "--json"])
        #expect(!hasRawControls(json.out + json.err))
    }

    @Test func aDeviceGrantThatPointsTheBrowserAwayFromHTTPSIsRefused() async throws {
        let sandbox = try await SandboxProcess(["--oidc"])
        defer { sandbox.stop() }
        var env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        let opened = env.useRecordingBrowser()
        try await respond(
            sandbox, endpoint: "device_authorization",
            body:
                #"{"device_code":"d","user_code":"ABCD-EFGH","verification_uri":"file:///etc/passwd","verification_uri_complete":"smb://attacker.example/share","expires_in":600,"interval":5}"#
        )
        let login = try await env.run([
            "login", "--provider", "oidc", "--issuer", sandbox.baseURL, "--client-id", "tv", "--device"
        ])
        #expect(login.code != 0 && login.code != 7)
        #expect(login.err.contains("https"), "\(login.err)")
        #expect(!FileManager.default.fileExists(atPath: opened), "nothing was opened")
    }

    @Test func aHugeDeviceIntervalDoesNotOutliveTheTimeout() async throws {
        let sandbox = try await SandboxProcess(["--oidc"])
        defer { sandbox.stop() }
        let env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        let verification = "https://127.0.0.1/device"
        try await respond(
            sandbox, endpoint: "device_authorization",
            body:
                #"{"device_code":"d","user_code":"ABCD-EFGH","verification_uri":"\#(verification)","expires_in":600,"interval":9223372036854775807}"#
        )
        // Every poll, if kauth makes any, hears "not yet".
        try await respond(sandbox, status: 400, body: #"{"error":"authorization_pending"}"#, count: 100)
        let started = ContinuousClock.now
        let login = try await env.run(
            [
                "login", "--provider", "oidc", "--issuer", sandbox.baseURL, "--client-id", "tv", "--device",
                "--no-browser", "--timeout", "3"
            ], timeout: .seconds(30))
        #expect(login.code == 6, "\(login.err) \(login.out)")
        #expect(ContinuousClock.now - started < .seconds(20), "the timeout wins over the interval")
    }

    @Test func theBrowserGetsNoneOfKauthsSecretsAndNoListeningSocket() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        var env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        // A browser that records its environment and open descriptors, then follows the URL.
        let record = env.home + ".browser-env"
        let script = env.home + ".browser-env.sh"
        try """
        #!/bin/sh
        env > '\(record)'
        ls -l /proc/$$/fd >> '\(record)' 2>&1
        exec '\(packageRoot)/Tests/Scripts/follow-browser.sh' "$@"
        """.write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        env.variables["BROWSER"] = script
        let secrets = ["KAUTH_PASSPHRASE": "browser-must-not-see-1", "KAUTH_CLIENT_SECRET": "browser-must-not-see-2"]
        try await sandbox.control("/_sandbox/config", [("client_secret", "browser-must-not-see-2")])
        let login = try await env.run(["login"], extra: secrets)
        #expect(login.code == 0, "\(login.err)")
        let seen = try String(contentsOfFile: record, encoding: .utf8)
        #expect(!seen.contains("browser-must-not-see"))
        #expect(!seen.contains("KAUTH_"), "no kauth variable reaches the browser")
        #expect(!seen.contains("socket:"), "no socket of kauth's is inherited: \(seen)")
    }
}
