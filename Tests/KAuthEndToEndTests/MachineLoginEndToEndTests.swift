import Foundation
import KAuthBasics
import KAuthCore
import KAuthTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A machine's login (`login --client-credentials`) against `kauth sandbox --oidc`, with each way
/// a client can authenticate that the sandbox enforces: a secret in HTTP Basic or the form, a JWT
/// signed with the secret, a JWT signed with an RSA or EC key made by `openssl genpkey`, and a
/// client certificate checked by a TLS front; then renewal, introspection and logout.
@Suite(.serialized) struct MachineLoginEndToEndTests {
    static let secret = "machine-s3cret-value"

    /// A sandbox that requires `secret` by `methods`, and an environment pointed at it as an OIDC
    /// provider through discovery.
    func setUp(_ methods: String, flags: [String] = []) async throws -> (SandboxProcess, TestEnvironment) {
        let sandbox = try await SandboxProcess(
            ["--oidc", "--client-secret", Self.secret, "--client-auth-methods", methods] + flags)
        var env = TestEnvironment(sandbox: sandbox)
        env.variables["KAUTH_CLIENT_ID"] = "machine-app"
        env.variables["KAUTH_KEYRING"] = "off"
        env.variables["LC_ALL"] = "C"
        #expect(try await env.run(["config", "set", "provider.oidc.issuer", sandbox.baseURL]).code == 0)
        return (sandbox, env)
    }

    func tokenCalls(_ sandbox: SandboxProcess) async throws -> [JSONValue] {
        try await sandbox.log().filter { $0["grant_type"]?.stringValue == "client_credentials" }
    }

    @Test(arguments: ["client_secret_basic", "client_secret_post", "client_secret_jwt"])
    func aMachineLogsInWithItsSecret(method: String) async throws {
        let (sandbox, env) = try await setUp(method)
        defer { sandbox.stop() }
        defer { env.remove() }
        let login = try await env.run(
            ["login", "--client-credentials", "--provider", "oidc", "--scopes", "api.read,api.write", "--verbose"],
            extra: ["KAUTH_CLIENT_SECRET": Self.secret])
        #expect(login.code == 0, "\(login.err)")
        #expect(login.err.contains("as the client machine-app"), "\(login.err)")
        #expect(!login.err.contains(Self.secret), "the secret never reaches stderr or --verbose")
        #expect(!login.err.contains("eyJ"), "nor a client_secret_jwt assertion: \(login.err)")
        let calls = try await tokenCalls(sandbox)
        #expect(calls.count == 1)
        #expect(calls.first?["client_auth_method"]?.stringValue == method, "\(calls)")
        #expect(calls.first?["scope"]?.stringValue == "api.read api.write")
        let stored = try #require(try storedSession(env))
        #expect(stored["refresh_token"] == nil || stored["refresh_token"] == .null)
        #expect(stored["grant"]?["type"]?.stringValue == "client_credentials")

        let status = try await env.run(["status"])
        #expect(status.code == 0)
        #expect(status.out.contains("session") && status.out.contains("valid"), "\(status.out)")
        #expect(status.out.contains("grant") && status.out.contains("client_credentials"), "\(status.out)")
        let json = try parseJSON(try await env.run(["status", "--json"]).out)
        #expect(json["session"] == .string("valid"))
        #expect(json["grant"] == .string("client_credentials"))
        #expect(json["has_refresh_token"] == .bool(false))

        let token = try await env.run(["token"])
        #expect(token.code == 0 && token.out == (stored["access_token"]?.stringValue ?? "?") + "\n")
    }

    @Test func withoutScopesNoneAreAskedAndOpenIDOnlyWhenAsked() async throws {
        let (sandbox, env) = try await setUp("client_secret_basic")
        defer { sandbox.stop() }
        defer { env.remove() }
        let login = try await env.run(
            ["login", "--client-credentials", "--provider", "oidc"], extra: ["KAUTH_CLIENT_SECRET": Self.secret])
        #expect(login.code == 0, "\(login.err)")
        let calls = try await tokenCalls(sandbox)
        #expect(calls.first?["scope"]?.stringValue == "", "no scope parameter at all: \(calls)")
        // A browser flag means nothing here.
        let refused = try await env.run(
            ["login", "--client-credentials", "--provider", "oidc", "--no-browser"],
            extra: ["KAUTH_CLIENT_SECRET": Self.secret])
        #expect(refused.code == 2)
        #expect(refused.err.contains("--no-browser does not apply"), "\(refused.err)")
        // Kakao has no client credentials grant: said, nothing sent.
        let kakao = try await env.run(["login", "--client-credentials", "--provider", "kakao", "--profile", "k"])
        #expect(kakao.code == 2, "\(kakao.err)")
    }

    /// RFC 8707 on the client credentials grant: the resources reach the provider (its
    /// introspection says them as the token's `aud`), are stored with the login and asked for
    /// again at every renewal; `token --resource` asks the same grant for one of them, kept apart.
    @Test func resourcesReachTheProviderAndAreAskedAgainAtEveryRenewal() async throws {
        let (sandbox, env) = try await setUp("client_secret_basic")
        defer { sandbox.stop() }
        defer { env.remove() }
        let secret = ["KAUTH_CLIENT_SECRET": Self.secret]
        let both: JSONValue = .array([.string("https://api.example.com"), .string("https://files.example.com")])
        let login = try await env.run(
            [
                "login", "--client-credentials", "--provider", "oidc", "--scopes", "api.read", "--resource",
                "https://api.example.com", "--resource", "https://files.example.com", "--verbose"
            ], extra: secret)
        #expect(login.code == 0, "\(login.err)")
        #expect(
            login.err.contains("Resources: https://api.example.com https://files.example.com"), "\(login.err)")
        #expect(!login.err.contains(Self.secret))
        #expect(try await tokenCalls(sandbox).last?["resources"] == both)
        let introspected = try parseJSON(try await env.run(["token", "introspect", "--json"], extra: secret).out)
        #expect(introspected["response"]?["aud"] == both, "the provider's own view: \(introspected)")
        #expect(try parseJSON(try await env.run(["status", "--json"]).out)["resources"] == both)
        #expect(try storedSession(env)?["grant"]?["resources"] == both)

        // The renewal asks the same grant with the same resources.
        try await expireStored(env)
        let renewed = try await env.run(["token"], extra: secret)
        #expect(renewed.code == 0, "\(renewed.err)")
        #expect(try await tokenCalls(sandbox).count == 2)
        #expect(try await tokenCalls(sandbox).last?["resources"] == both)
        #expect(try await tokenCalls(sandbox).last?["scope"]?.stringValue == "api.read")
        let again = try parseJSON(try await env.run(["token", "introspect", "--json"], extra: secret).out)
        #expect(again["response"]?["aud"] == both, "\(again)")

        // A token for one resource: the same grant asked for that resource alone, kept apart.
        let own = try #require(try storedSession(env)?["access_token"]?.stringValue)
        let one = try await env.run(["token", "--resource", "https://files.example.com", "--json"], extra: secret)
        #expect(one.code == 0, "\(one.err)")
        let files = try #require(try parseJSON(one.out)["access_token"]?.stringValue)
        #expect(files != own)
        #expect(try await tokenCalls(sandbox).last?["resources"] == .array([.string("https://files.example.com")]))
        #expect(try storedSession(env)?["access_token"]?.stringValue == own, "the login's own token is left alone")
        let audience = try parseJSON(
            try await env.run(
                ["token", "introspect", "--json", "--provider", "oidc"],
                extra: secret.merging(["KAUTH_ACCESS_TOKEN": files]) { $1 }
            ).out)
        #expect(audience["response"]?["aud"] == .string("https://files.example.com"), "\(audience)")
        // Asked again while it is valid: the kept token, no request.
        #expect(
            try await env.run(["token", "--resource", "https://files.example.com"], extra: secret).out == files + "\n")
        #expect(try await tokenCalls(sandbox).count == 3)

        // In Korean too.
        let korean = try await env.run(
            ["login", "--client-credentials", "--provider", "oidc", "--resource", "https://api.example.com"],
            extra: secret.merging(["KAUTH_LANG": "ko"]) { $1 })
        #expect(korean.code == 0, "\(korean.err)")
        #expect(korean.err.contains("리소스: https://api.example.com"), "\(korean.err)")
    }

    /// A resource the provider does not serve is its `invalid_target`: exit 1, nothing stored; a
    /// resource that is not an absolute URI and RFC 8693's `--audience` are refused before anything is sent.
    @Test func aResourceRefusedOrMalformedStoresNothing() async throws {
        let (sandbox, env) = try await setUp("client_secret_post")
        defer { sandbox.stop() }
        defer { env.remove() }
        let secret = ["KAUTH_CLIENT_SECRET": Self.secret]
        let refused = try await env.run(
            ["login", "--client-credentials", "--provider", "oidc", "--resource", "https://other.example.com"],
            extra: secret)
        #expect(refused.code == 1, "\(refused.err)")
        #expect(refused.err.contains("invalid_target"), "\(refused.err)")
        #expect(try await tokenCalls(sandbox).last?["resources"] == .array([.string("https://other.example.com")]))
        #expect(!FileManager.default.fileExists(atPath: env.credentialsPath), "nothing stored")

        let sent = try await tokenCalls(sandbox).count
        let malformed = try await env.run(
            ["login", "--client-credentials", "--provider", "oidc", "--resource", "not a uri"], extra: secret)
        #expect(malformed.code == 2, "\(malformed.err)")
        let audience = try await env.run(
            ["login", "--client-credentials", "--provider", "oidc", "--audience", "orders"], extra: secret)
        #expect(audience.code == 2, "\(audience.err)")
        #expect(audience.err.contains("--audience"), "\(audience.err)")
        #expect(try await tokenCalls(sandbox).count == sent, "nothing sent")
        #expect(!FileManager.default.fileExists(atPath: env.credentialsPath))

        // The provider's `resource` key, written once for every login of the team.
        #expect(try await env.run(["config", "set", "provider.oidc.resource", "https://api.example.com"]).code == 0)
        let configured = try await env.run(["login", "--client-credentials", "--provider", "oidc"], extra: secret)
        #expect(configured.code == 0, "\(configured.err)")
        #expect(try await tokenCalls(sandbox).last?["resources"] == .array([.string("https://api.example.com")]))
    }

    @Test func aWrongSecretIsRefusedAndNothingIsStored() async throws {
        let (sandbox, env) = try await setUp("client_secret_basic")
        defer { sandbox.stop() }
        defer { env.remove() }
        let login = try await env.run(
            ["login", "--client-credentials", "--provider", "oidc", "--verbose"],
            extra: ["KAUTH_CLIENT_SECRET": "not-the-secret-at-all"])
        #expect(login.code == 1, "\(login.err)")
        #expect(login.err.contains("invalid_client"), "\(login.err)")
        #expect(!login.err.contains("not-the-secret-at-all"))
        #expect(!FileManager.default.fileExists(atPath: env.credentialsPath), "nothing stored")
    }

    @Test(arguments: [("rsa", "RS256"), ("ec-p256", "ES256"), ("ec-p384", "ES384"), ("rsa-traditional", "RS256")])
    func aMachineLogsInWithAKeyItSignsAssertionsWith(kind: String, algorithm: String) async throws {
        let keys = try TestKeys(kind)
        let (sandbox, env) = try await setUp("private_key_jwt", flags: ["--client-public-key", keys.publicKey])
        defer { sandbox.stop() }
        defer { env.remove() }
        #expect(try await env.run(["config", "set", "provider.oidc.private_key", keys.privateKey]).code == 0)
        let login = try await env.run(["login", "--client-credentials", "--provider", "oidc", "--verbose"])
        #expect(login.code == 0, "\(login.err)")
        #expect(!login.err.contains("eyJ"), "no assertion in --verbose: \(login.err)")
        #expect(!login.err.contains("PRIVATE KEY"), "no key in --verbose: \(login.err)")
        let calls = try await tokenCalls(sandbox)
        #expect(calls.first?["client_auth_method"]?.stringValue == "private_key_jwt", "\(calls)")

        // Renewal signs a new assertion (a new jti): the sandbox refuses a replayed one.
        try await sandbox.control("/_sandbox/expire-access-tokens")
        let expired = try #require(try storedSession(env)?["access_token"]?.stringValue)
        try await expireStored(env)
        let token = try await env.run(["token"])
        #expect(token.code == 0, "\(token.err)")
        #expect(token.out != expired + "\n")
        #expect(try await tokenCalls(sandbox).count == 2)
        // Introspection and renewal sign their own assertions; none is traced, nor the token.
        let current = try #require(try storedSession(env)?["access_token"]?.stringValue)
        for command in [["token", "introspect", "--verbose"], ["token", "refresh", "--verbose"]] {
            let traced = try await env.run(command)
            #expect(traced.code == 0, "\(command): \(traced.err)")
            #expect(!traced.err.contains("eyJ") && !traced.err.contains("PRIVATE KEY"), "\(traced.err)")
            #expect(!traced.err.contains(current), "the access token is not traced: \(traced.err)")
        }

        // Only the algorithm the provider lists is used.
        try await sandbox.control("/_sandbox/config", [("assertion_algs", algorithm)])
        let again = try await env.run(["login", "--client-credentials", "--provider", "oidc"])
        #expect(again.code == 0, "\(again.err)")
    }

    /// A provider that wants an assertion's `aud` to be, as one string, the endpoint it is
    /// presented at (Glewlwyd 2.7): the introspection and revocation endpoints refuse the list of
    /// the token endpoint and theirs, and kauth asks once more with theirs alone.
    @Test func anEndpointThatWantsItselfAloneAsTheAudienceIsAskedAgain() async throws {
        let keys = try TestKeys("ec-p256")
        let (sandbox, env) = try await setUp("private_key_jwt", flags: ["--client-public-key", keys.publicKey])
        defer { sandbox.stop() }
        defer { env.remove() }
        try await sandbox.control("/_sandbox/config", [("assertion_audience", "endpoint")])
        #expect(try await env.run(["config", "set", "provider.oidc.private_key", keys.privateKey]).code == 0)
        let login = try await env.run(["login", "--client-credentials", "--provider", "oidc"])
        #expect(login.code == 0, "\(login.err)")
        let introspect = try await env.run(["token", "introspect", "--json", "--verbose"])
        #expect(introspect.code == 0, "\(introspect.err)")
        #expect(try parseJSON(introspect.out)["active"] == .bool(true), "\(introspect.out)")
        #expect(!introspect.err.contains("eyJ"), "no assertion in --verbose")
        let asked = try await sandbox.calls("/oauth/introspect").map { $0["status"] }
        #expect(asked == [.number(401), .number(200)], "\(asked)")
        let logout = try await env.run(["logout"])
        #expect(logout.code == 0 && !logout.err.contains("warning"), "\(logout.err)")
        let revoked = try await sandbox.calls("/oauth/revoke").map { $0["status"] }
        #expect(revoked == [.number(401), .number(200)], "\(revoked)")
    }

    /// The device endpoint (RFC 8628 §3.1) is asked again with the endpoint alone as the
    /// assertion's audience, as introspection and revocation are.
    @Test func theDeviceEndpointIsAskedAgainWithItselfAloneAsTheAudience() async throws {
        let keys = try TestKeys("ec-p256")
        let (sandbox, machine) = try await setUp("private_key_jwt", flags: ["--client-public-key", keys.publicKey])
        var env = machine
        defer { sandbox.stop() }
        defer { env.remove() }
        try await sandbox.control("/_sandbox/config", [("assertion_audience", "endpoint"), ("device_interval", "1")])
        #expect(try await env.run(["config", "set", "provider.oidc.private_key", keys.privateKey]).code == 0)
        let record = env.useRecordingBrowser()
        let login = try env.spawn(["login", "--provider", "oidc", "--device", "--timeout", "40", "--verbose"])
        let complete = try await firstLine(of: record)
        #expect(try await followLikeABrowser(complete).status == 200)
        let result = await login.wait()
        #expect(result.code == 0, "\(result.err)")
        #expect(!result.err.contains("eyJ"), "no assertion in --verbose")
        let asked = try await sandbox.calls("/oauth/device/code").map { $0["status"] }
        #expect(asked == [.number(401), .number(200)], "\(asked)")
    }

    @Test func aKeyTheProviderCannotTakeOrThatIsNotAKeyIsSaidPlainly() async throws {
        let keys = try TestKeys("ec-p256")
        let (sandbox, env) = try await setUp(
            "private_key_jwt", flags: ["--client-public-key", keys.publicKey])
        defer { sandbox.stop() }
        defer { env.remove() }
        try await sandbox.control("/_sandbox/config", [("assertion_algs", "RS256")])
        #expect(try await env.run(["config", "set", "provider.oidc.private_key", keys.privateKey]).code == 0)
        let mismatch = try await env.run(["login", "--client-credentials", "--provider", "oidc"])
        #expect(mismatch.code == 2, "\(mismatch.err)")
        #expect(mismatch.err.contains("RS256") && mismatch.err.contains("ES256"), "\(mismatch.err)")
        #expect(try await tokenCalls(sandbox).isEmpty, "nothing sent")

        #expect(try await env.run(["config", "set", "provider.oidc.private_key", keys.publicKey]).code == 0)
        let notAKey = try await env.run(["login", "--client-credentials", "--provider", "oidc"])
        #expect(notAKey.code == 2, "\(notAKey.err)")
        #expect(notAKey.err.contains("no PEM private key"), "\(notAKey.err)")

        #expect(try await env.run(["config", "unset", "provider.oidc.private_key"]).code == 0)
        #expect(
            try await env.run(["config", "set", "provider.oidc.token_endpoint_auth_method", "private_key_jwt"]).code
                == 0)
        let none = try await env.run(["login", "--client-credentials", "--provider", "oidc"])
        #expect(none.code == 2, "\(none.err)")
        #expect(none.err.contains("provider.oidc.private_key"), "\(none.err)")

        // Another key than the registered one: the provider refuses the signature.
        let other = try TestKeys("ec-p256")
        #expect(try await env.run(["config", "set", "provider.oidc.private_key", other.privateKey]).code == 0)
        try await sandbox.control("/_sandbox/config", [("assertion_algs", "ES256")])
        let wrong = try await env.run(["login", "--client-credentials", "--provider", "oidc"])
        #expect(wrong.code == 1, "\(wrong.err)")
        #expect(wrong.err.contains("invalid_client"), "\(wrong.err)")
    }

    @Test func parallelTokenCallsAfterExpiryAskTheGrantOnce() async throws {
        let (sandbox, env) = try await setUp("client_secret_post", flags: ["--access-token-ttl", "2"])
        defer { sandbox.stop() }
        defer { env.remove() }
        let secret = ["KAUTH_CLIENT_SECRET": Self.secret]
        #expect(try await env.run(["login", "--client-credentials", "--provider", "oidc"], extra: secret).code == 0)
        try await Task.sleep(for: .seconds(2))
        try await sandbox.control("/_sandbox/config", [("access_token_lifetime", "3600")])
        let status = try parseJSON(try await env.run(["status", "--json"]).out)
        #expect(status["session"] == .string("refreshable"), "a machine's login renews itself")

        let processes = try (0..<12).map { _ in try env.spawn(["token"], extra: secret) }
        var outputs: [String] = []
        for process in processes {
            let result = await process.wait()
            #expect(result.code == 0, "\(result.err)")
            outputs.append(result.out)
        }
        #expect(Set(outputs).count == 1)
        #expect(try await tokenCalls(sandbox).count == 2, "the login and one renewal")
        #expect(try await sandbox.tokenCalls("refresh_token") == 0)

        #expect(try await env.run(["token", "refresh"], extra: secret).code == 0)
        #expect(try await tokenCalls(sandbox).count == 3)
    }

    @Test func introspectionAndLogoutRevokingTheToken() async throws {
        let (sandbox, env) = try await setUp("client_secret_basic")
        defer { sandbox.stop() }
        defer { env.remove() }
        let secret = ["KAUTH_CLIENT_SECRET": Self.secret]
        #expect(
            try await env.run(
                ["login", "--client-credentials", "--provider", "oidc", "--scopes", "api.read"], extra: secret
            ).code == 0)
        let human = try await env.run(["token", "introspect"], extra: secret)
        #expect(human.code == 0, "\(human.err)")
        #expect(human.out.contains("active     true"), "\(human.out)")
        #expect(human.out.contains("scope      api.read"), "\(human.out)")
        #expect(human.out.contains("client_id  machine-app"), "\(human.out)")
        let json = try parseJSON(try await env.run(["token", "introspect", "--json"], extra: secret).out)
        #expect(json["active"] == .bool(true))
        #expect(json["client_id"] == .string("machine-app"))
        if case .number? = json["exp"] {} else { Issue.record("no exp: \(json)") }
        let introspections = try await sandbox.calls("/oauth/introspect")
        #expect(introspections.allSatisfy { $0["client_auth_method"]?.stringValue == "client_secret_basic" })

        let token = try #require(try storedSession(env)?["access_token"]?.stringValue)
        let traced = try await env.run(["token", "introspect", "--verbose"], extra: secret)
        #expect(!traced.err.contains(token) && !traced.err.contains(Self.secret), "\(traced.err)")
        let logout = try await env.run(["logout", "--verbose"], extra: secret)
        #expect(!logout.err.contains(token) && !logout.err.contains(Self.secret), "\(logout.err)")
        #expect(logout.code == 0, "\(logout.err)")
        #expect(!logout.err.contains("warning"), "\(logout.err)")
        let revocations = try await sandbox.calls("/oauth/revoke")
        #expect(revocations.count == 1 && revocations.first?["status"] == .number(200), "\(revocations)")
        // The revoked token is no longer active.
        let after = try await env.run(
            ["token", "introspect", "--json", "--provider", "oidc"],
            extra: secret.merging(["KAUTH_ACCESS_TOKEN": token]) { $1 })
        #expect(try parseJSON(after.out)["active"] == .bool(false), "\(after.out) \(after.err)")
    }

    /// `tls_client_auth` (RFC 8705 §2.1.2): the TLS front checks that the certificate chains to
    /// the CA and passes its subject on; the provider takes the client only when that subject is
    /// the registered `tls_client_auth_subject_dn`. Another certificate of the same CA is another
    /// client: `invalid_client`, exit 1, nothing stored.
    @Test(.enabled(if: TLSFront.available, "socat and openssl are not installed (Tests/Scripts/deps.sh installs them)"))
    func aMachineLogsInWithItsClientCertificateAndNotAnother() async throws {
        let pki = try TestPKI()
        let port = try freePort()
        let issuer = "https://127.0.0.1:\(port)"
        let sandbox = try await SandboxProcess([
            "--oidc", "--client-auth-methods", "tls_client_auth", "--issuer", issuer,
            "--tls-client-auth-subject-dn", "CN = kauth test client, O = kauth tests"
        ])
        defer { sandbox.stop() }
        let front = try await TLSFront(
            pki: pki, upstream: sandbox.baseURL, requireClientCertificate: true, port: port, passSubject: true)
        defer { front.stop() }
        var env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        env.variables["KAUTH_CLIENT_ID"] = "cert-app"
        env.variables["KAUTH_CA_FILE"] = pki.caFile
        env.variables["KAUTH_KEYRING"] = "off"
        env.variables["LC_ALL"] = "C"
        #expect(try await env.run(["config", "set", "provider.oidc.issuer", issuer]).code == 0)

        // Without a certificate the TLS server refuses the connection.
        let without = try await env.run(["login", "--client-credentials", "--provider", "oidc"])
        #expect(without.code != 0, "\(without.err)")

        // Another client's certificate, from the same CA: TLS accepts it, the provider does not.
        #expect(
            try await env.run(["config", "set", "provider.oidc.client_cert", pki.otherClientCertificate]).code == 0)
        #expect(try await env.run(["config", "set", "provider.oidc.client_key", pki.otherClientKey]).code == 0)
        let other = try await env.run(["login", "--client-credentials", "--provider", "oidc", "--verbose"])
        #expect(other.code == 1, "\(other.err)")
        #expect(other.err.contains("invalid_client"), "\(other.err)")
        #expect(!other.err.contains("PRIVATE KEY"), "\(other.err)")
        #expect(!FileManager.default.fileExists(atPath: env.credentialsPath), "nothing stored")
        let refused = try await tokenCalls(sandbox)
        #expect(refused.last?["status"] == .number(401), "\(refused)")
        #expect(refused.last?["client_cert_subject"]?.stringValue == "CN=kauth other client,O=kauth tests")

        // The registered certificate.
        #expect(try await env.run(["config", "set", "provider.oidc.client_cert", pki.clientCertificate]).code == 0)
        #expect(try await env.run(["config", "set", "provider.oidc.client_key", pki.clientKey]).code == 0)
        let with = try await env.run(["login", "--client-credentials", "--provider", "oidc"])
        #expect(with.code == 0, "\(with.err)")
        let calls = try await tokenCalls(sandbox)
        #expect(calls.last?["client_auth_method"]?.stringValue == "tls_client_auth", "\(calls)")
        #expect(calls.last?["client_cert_subject"]?.stringValue == TestPKI.clientSubject, "\(calls)")
        #expect(try await env.run(["token", "introspect"]).out.contains("active     true"))

        // Renewal presents the certificate again.
        try await expireStored(env)
        #expect(try await env.run(["token"]).code == 0)
        #expect(try await tokenCalls(sandbox).last?["client_cert_subject"]?.stringValue == TestPKI.clientSubject)

        // The other certificate cannot renew the stored login either, and leaves it as it was.
        try await expireStored(env)
        let expired = try String(contentsOfFile: env.credentialsPath, encoding: .utf8)
        #expect(
            try await env.run(["config", "set", "provider.oidc.client_cert", pki.otherClientCertificate]).code == 0)
        #expect(try await env.run(["config", "set", "provider.oidc.client_key", pki.otherClientKey]).code == 0)
        let renewal = try await env.run(["token"])
        #expect(renewal.code != 0, "\(renewal.err)")
        #expect(renewal.err.contains("invalid_client"), "\(renewal.err)")
        #expect(try String(contentsOfFile: env.credentialsPath, encoding: .utf8) == expired)
    }

    /// A sandbox asked for `tls_client_auth` without a registered subject takes no certificate,
    /// and its subject must be a distinguished name.
    @Test func theSandboxTakesACertificateOnlyForARegisteredSubject() async throws {
        let sandbox = try await SandboxProcess(["--oidc", "--client-auth-methods", "tls_client_auth"])
        defer { sandbox.stop() }
        var env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        env.variables["LC_ALL"] = "C"
        let token = try await sandbox.http.send(
            .form(
                sandbox.baseURL + "/oauth/token", [("grant_type", "client_credentials"), ("client_id", "cert-app")],
                headers: [HTTPHeader("X-SSL-Client-S-DN", "CN=kauth test client")]))
        let body = String(decoding: token.body, as: UTF8.self)
        #expect(token.status == 401, "\(body)")
        #expect(body.contains("no tls_client_auth_subject_dn is registered"), "\(body)")
        let bad = try await env.run(["sandbox", "--tls-client-auth-subject-dn", "not a dn"])
        #expect(bad.code == 2, "\(bad.err)")
        #expect(bad.err.contains("is not a distinguished name"), "\(bad.err)")
        let korean = try await env.run(
            ["sandbox", "--tls-client-auth-subject-dn", "not a dn"], extra: ["KAUTH_LANG": "ko"])
        #expect(korean.code == 2 && korean.err.contains("고유 이름(DN)이 아닙니다"), "\(korean.err)")
    }
}

/// Marks the stored access token expired, as time passing would.
func expireStored(_ env: TestEnvironment) async throws {
    let text = try String(contentsOfFile: env.credentialsPath, encoding: .utf8)
    guard let range = text.range(of: #""access_token_expires_at"\s*:\s*"[^"]*""#, options: .regularExpression) else {
        Issue.record("no expiry in the keystore")
        return
    }
    let replaced = text.replacingCharacters(in: range, with: #""access_token_expires_at":"2000-01-01T00:00:00Z""#)
    try replaced.write(toFile: env.credentialsPath, atomically: true, encoding: .utf8)
    chmod(env.credentialsPath, 0o600)
}

/// A private key and its public half made by `openssl genpkey`, in a folder of their own.
struct TestKeys {
    let folder = TemporaryDirectory().path
    var privateKey: String { folder + "/key.pem" }
    var publicKey: String { folder + "/public.pem" }

    init(_ kind: String) throws {
        switch kind {
        case "rsa", "rsa-traditional":
            try Self.openssl(["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", privateKey])
        case "ec-p384":
            try Self.openssl(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-384", "-out", privateKey])
        default:
            try Self.openssl(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", privateKey])
        }
        if kind == "rsa-traditional" {
            // PKCS#1 `RSA PRIVATE KEY`, as older tools write it.
            try Self.openssl(["pkey", "-in", privateKey, "-traditional", "-out", privateKey + ".1"])
            try FileManager.default.removeItem(atPath: privateKey)
            try FileManager.default.moveItem(atPath: privateKey + ".1", toPath: privateKey)
        }
        try Self.openssl(["pkey", "-in", privateKey, "-pubout", "-out", publicKey])
    }

    static func openssl(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TLSFront.tool("openssl") ?? "/usr/bin/openssl")
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: ["openssl": arguments])
        }
    }
}
