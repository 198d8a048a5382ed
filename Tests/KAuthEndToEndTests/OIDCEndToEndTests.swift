import Foundation
import KAuthBasics
import KAuthCore
import Testing

/// OpenID Connect (Kakao's and any provider's), the device grant and Snapchat, end to end.
@Suite(.serialized) struct OIDCEndToEndTests {
    @Test func kakaoOpenIDLoginStoresAVerifiedIDToken() async throws {
        let sandbox = try await SandboxProcess(["--oidc"])
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox, arguments: ["--openid"])
        defer { env.remove() }
        let status = try parseJSON(try await env.run(["status", "--json"]).out)
        #expect(status["has_id_token"] == .bool(true))
        let idToken = try await env.run(["token", "--id-token"])
        #expect(idToken.code == 0)
        let claims = try #require(JWTClaims.unverifiedClaims(of: idToken.out.trimmingCharacters(in: .newlines)))
        #expect(claims["iss"] == .string(sandbox.baseURL))
        #expect(claims["aud"] == .string("e2e-app"))
        #expect(claims["nonce"] != nil)
        let userinfo = try await env.run(["me", "--oidc", "--json"])
        #expect(userinfo.code == 0, "\(userinfo.err)")
        #expect(try parseJSON(userinfo.out).value(at: "response.sub") == claims["sub"])
        let readable = try await env.run(["me", "--oidc"])
        #expect(readable.out.contains("sub") && readable.out.contains("4242424242"))
        #expect(FileManager.default.fileExists(atPath: env.home + "/jwks"))

        // A new signing key: the cached JWKS lacks its kid, so it is fetched once more.
        try await sandbox.control("/_sandbox/rotate-key")
        #expect(try await env.run(["login", "--openid"]).code == 0)
        #expect(try await sandbox.log().filter { $0["path"]?.stringValue == "/.well-known/jwks.json" }.count == 2)
    }

    @Test func anyOIDCProviderThroughDiscoveryWithRevocationOnLogout() async throws {
        let sandbox = try await SandboxProcess(["--oidc"])
        defer { sandbox.stop() }
        var env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        env.useFollowingBrowser()
        let login = try await env.run([
            "login", "--provider", "oidc", "--issuer", sandbox.baseURL, "--client-id", "generic-cli"
        ])
        #expect(login.code == 0, "\(login.err)")
        let authorize = try await sandbox.log().last { $0["path"]?.stringValue == "/oauth/authorize" }
        #expect(authorize?["code_challenge_method"] == .string("S256"))
        let status = try parseJSON(try await env.run(["status", "--json"]).out)
        #expect(status["provider"] == .string("oidc"))
        #expect(status["has_id_token"] == .bool(true))
        let me = try await env.run(["me", "--json"])
        #expect(me.code == 0, "\(me.err)")
        #expect(try parseJSON(me.out).value(at: "response.sub") != nil)
        #expect(try await env.run(["scopes"]).code == 2, "Kakao's consent API is not an OIDC provider's")

        // Refresh without discovery: the endpoints were stored with the login.
        #expect(try await env.run(["token", "refresh"]).code == 0)
        let refresh = try await sandbox.log().filter { $0["path"]?.stringValue == "/.well-known/openid-configuration" }
        #expect(refresh.count == 1)

        let stored = try #require(try storedSession(env)?["refresh_token"]?.stringValue)
        let logout = try await env.run(["logout"])
        #expect(logout.code == 0, "\(logout.err)")
        #expect(try await sandbox.log().contains { $0["path"]?.stringValue == "/oauth/revoke" })
        let reuse = try await HTTPClient.live.send(
            .form(
                sandbox.baseURL + "/oauth/token",
                [("grant_type", "refresh_token"), ("refresh_token", stored), ("client_id", "generic-cli")]))
        #expect(reuse.status == 400)
    }

    @Test func aNamedProviderFromConfigAndFlagsOverridingIt() async throws {
        let sandbox = try await SandboxProcess(["--oidc"])
        defer { sandbox.stop() }
        var env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        env.useFollowingBrowser()
        for (key, value) in [
            ("type", "oidc"), ("issuer", sandbox.baseURL), ("client_id", "from-config"), ("scopes", "openid profile")
        ] {
            #expect(try await env.run(["config", "set", "provider.work.\(key)", value]).code == 0)
        }
        let login = try await env.run(["login", "--provider", "work", "--profile", "work", "--client-id", "from-flag"])
        #expect(login.code == 0, "\(login.err)")
        let authorize = try await sandbox.log().last { $0["path"]?.stringValue == "/oauth/authorize" }
        #expect(authorize?["client_id"] == .string("from-flag"))
        #expect(authorize?["scope"] == .string("openid profile"))
        let status = try parseJSON(try await env.run(["status", "--json", "--profile", "work"]).out)
        #expect(status["provider"] == .string("work"))
        #expect(status["provider_type"] == .string("oidc"), "a named provider says which kind it is")
        #expect(
            try await env.run(["token", "refresh", "--profile", "work"]).code == 0,
            "refresh uses the stored endpoints and client")
    }

    @Test func aWrongIssuerIsRefusedBeforeAnythingElse() async throws {
        let sandbox = try await SandboxProcess(["--oidc"])
        defer { sandbox.stop() }
        var env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        env.useFollowingBrowser()
        let login = try await env.run([
            "login", "--provider", "oidc", "--issuer", sandbox.baseURL + "/", "--client-id", "x"
        ])
        #expect(login.code != 0)
        let remote = try await env.run([
            "login", "--provider", "oidc", "--issuer", "http://id.example.com", "--client-id", "x"
        ])
        #expect(remote.code == 2)
        #expect(remote.err.contains("https"))
    }

    @Test func theDeviceGrantPollsUntilTheUserApproves() async throws {
        let sandbox = try await SandboxProcess(["--oidc"])
        defer { sandbox.stop() }
        try await sandbox.control("/_sandbox/config", [("device_interval", "1")])
        var env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        env.useFollowingBrowser()  // "the user" opens verification_uri_complete, which approves
        let login = try await env.run(
            ["login", "--provider", "oidc", "--issuer", sandbox.baseURL, "--client-id", "tv", "--device"],
            timeout: .seconds(60))
        #expect(login.code == 0, "\(login.err)")
        #expect(login.err.contains("enter the code"))
        #expect(try await env.run(["status"]).code == 0)
        let polls = try await sandbox.log().filter {
            $0["grant_type"]?.stringValue == "urn:ietf:params:oauth:grant-type:device_code"
        }
        #expect(polls.count >= 1)

        var denied = TestEnvironment(sandbox: sandbox)
        defer { denied.remove() }
        let record = denied.useRecordingBrowser()
        let pending = try denied.spawn([
            "login", "--provider", "oidc", "--issuer", sandbox.baseURL, "--client-id", "tv", "--device"
        ])
        let url = try await firstLine(of: record)
        let userCode = try #require(queryItems(url).first(named: "user_code"))
        try await sandbox.control("/_sandbox/device/deny", [("user_code", userCode)])
        let result = await pending.wait()
        #expect(result.code == 6)
        let kakao = try await env.run(["login", "--device"])
        #expect(kakao.code == 2, "kakao has no device grant")
        #expect(
            kakao.err.contains("no device authorization") && !kakao.err.contains("discovery"),
            "Kakao's endpoints are fixed: no discovery was read")
    }

    @Test func snapchatLoginProfileLogoutAndUnlink() async throws {
        let sandbox = try await SandboxProcess(["--snapchat"])
        defer { sandbox.stop() }
        var env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        env.useFollowingBrowser()
        // What the sandbox printed is all it takes: no config change.
        #expect(
            sandbox.exports["KAUTH_SNAPCHAT_AUTH_URL"] == sandbox.baseURL
                && sandbox.exports["KAUTH_KAKAO_AUTH_URL"] == nil)
        let login = try await env.run([
            "login", "--provider", "snapchat", "--scopes", "display_name,bitmoji.avatar,external_id"
        ])
        #expect(login.code == 0, "\(login.err)")
        let authorize = try await sandbox.log().last { $0["path"]?.stringValue == "/accounts/oauth2/auth" }
        #expect(
            authorize?["scope"]?.stringValue?.contains("https://auth.snapchat.com/oauth2/api/user.display_name") == true
        )
        let me = try await env.run(["me", "--json"])
        #expect(me.code == 0, "\(me.err)")
        let externalID = try #require(try parseJSON(me.out).value(at: "response.data.me.externalId")?.stringValue)
        #expect(externalID.contains(where: { "+/=".contains($0) }), "the sandbox's externalId is standard Base64")
        let files = try FileManager.default.subpathsOfDirectory(atPath: env.home)
        #expect(!files.contains { $0.contains(externalID) })
        let readable = try await env.run(["me"])
        #expect(readable.out.contains("displayName") && readable.out.contains("Sandbox User"))
        // --field reads the names `me` shows, and the whole answer's paths too.
        let field = try await env.run(["me", "--field", "displayName"])
        #expect(field.code == 0 && field.out == "Sandbox User\n", "\(field.err)")
        #expect(try await env.run(["me", "--field", "data.me.displayName"]).out == "Sandbox User\n")
        // Snapchat issues no ID token: a usage error saying so, not "log in with --openid".
        let idToken = try await env.run(["token", "--id-token"])
        #expect(
            idToken.code == 2 && idToken.err.contains("issues no ID tokens") && idToken.err.contains("--id-token")
                && !idToken.err.contains("--openid"), "\(idToken.err)")
        #expect(try await env.run(["login", "--provider", "snapchat", "--openid"]).code == 2)
        #expect(try await env.run(["status", "--json"]).code == 0)
        #expect(try await env.run(["token", "info"]).code == 2)

        #expect(try await env.run(["logout"]).code == 0)
        #expect(try await sandbox.log().contains { $0["path"]?.stringValue == "/accounts/oauth2/revoke" })
        #expect(try await env.run(["status"]).code == 3)

        #expect(try await env.run(["login", "--provider", "snapchat"]).code == 0)
        let unlink = try await env.run(["unlink"])
        #expect(unlink.code == 0, "\(unlink.err)")
        #expect(try await sandbox.log().contains { $0["path"]?.stringValue == "/v1/oauth2/revoke_client" })
        #expect(try await env.run(["status"]).code == 3)
        #expect(!FileManager.default.fileExists(atPath: env.home + "/config"))
    }
}
