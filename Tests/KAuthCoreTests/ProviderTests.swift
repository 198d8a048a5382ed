import Foundation
import Testing
@testable import KAuthCore
import KAuthTestSupport

@Suite struct OIDCDiscoveryTests {
    let document = #"{"issuer":"https://id.example.com","authorization_endpoint":"https://id.example.com/authorize","token_endpoint":"https://id.example.com/token","userinfo_endpoint":"https://id.example.com/userinfo","jwks_uri":"https://id.example.com/jwks","revocation_endpoint":"https://id.example.com/revoke","device_authorization_endpoint":"https://id.example.com/device","code_challenge_methods_supported":["S256","plain"],"authorization_response_iss_parameter_supported":true}"#

    @Test func readsTheEndpointsOfAMatchingIssuer() async throws {
        let http = FakeHTTP { _ in FakeHTTP.json(200, document) }
        let endpoints = try await OIDCDiscovery.fetch(issuer: "https://id.example.com", http: http.client)
        #expect(http.requests.map(\.url) == ["https://id.example.com/.well-known/openid-configuration"])
        #expect(endpoints == ProviderEndpoints(
            issuer: "https://id.example.com", authorization: "https://id.example.com/authorize", token: "https://id.example.com/token",
            revocation: "https://id.example.com/revoke", userinfo: "https://id.example.com/userinfo", jwks: "https://id.example.com/jwks",
            deviceAuthorization: "https://id.example.com/device", codeChallengeMethods: ["S256", "plain"], issParameterSupported: true
        ))
    }

    @Test func refusesADocumentForAnotherIssuer() async throws {
        let http = FakeHTTP { _ in FakeHTTP.json(200, document) }
        await #expect {
            try await OIDCDiscovery.fetch(issuer: "https://id.example.com/tenant", http: http.client)
        } throws: { error in
            (error as? KAuthError)?.message.contains("names the issuer 'https://id.example.com'") == true
        }
    }

    @Test func refusesPlainHTTPEndpointsOffLoopback() async throws {
        let insecure = document.replacingOccurrences(of: "https://id.example.com/token", with: "http://id.example.com/token")
        let http = FakeHTTP { _ in FakeHTTP.json(200, insecure) }
        await #expect(throws: KAuthError.self) { try await OIDCDiscovery.fetch(issuer: "https://id.example.com", http: http.client) }
    }

    @Test func aProviderWithoutPKCEIsNotTakenForOne() throws {
        let endpoints = ProviderEndpoints(issuer: "https://i", authorization: "https://i/a", token: "https://i/t", codeChallengeMethods: nil)
        #expect(!endpoints.supportsS256)
    }
}

@Suite struct ProviderResolutionTests {
    @Test func oidcNeedsAnIssuerOverHTTPS() throws {
        let config = ConfigFile()
        let provider = try ResolvedProvider.resolve(name: "oidc", overrides: ProviderOverrides(clientID: "cli", issuer: "https://id.example.com/"), environment: Environment([:]), config: config)
        #expect(provider.kind == .oidc)
        #expect(provider.issuer == "https://id.example.com/", "kept as given: discovery must name it exactly")
        #expect(provider.endpoints == nil)
        #expect(provider.scopes == ["openid", "profile", "email"])
        #expect(throws: KAuthError.self) {
            try ResolvedProvider.resolve(name: "oidc", overrides: ProviderOverrides(issuer: "http://id.example.com"), environment: Environment([:]), config: config)
        }
        #expect(try ResolvedProvider.resolve(name: "oidc", overrides: ProviderOverrides(issuer: "http://127.0.0.1:9000"), environment: Environment([:]), config: config).issuer == "http://127.0.0.1:9000")
    }

    @Test func namedOIDCProvidersComeFromConfigWithARevocationOverride() throws {
        let config = try ConfigFile(parsing: "provider.work.type = oidc\nprovider.work.issuer = https://id.example.com\nprovider.work.client_id = cli\nprovider.work.revocation_endpoint = https://id.example.com/oauth/revoke\n", path: "c")
        let provider = try ResolvedProvider.resolve(name: "work", environment: Environment(["KAUTH_KAKAO_AUTH_URL": "http://127.0.0.1:1"]), config: config)
        #expect(provider.kind == .oidc && provider.clientID == "cli")
        #expect(provider.revocationOverride == "https://id.example.com/oauth/revoke")
        #expect(provider.authBaseURL == Kakao.authURL, "KAUTH_KAKAO_* apply to Kakao-type providers only")
    }

    @Test func snapchatHasItsEndpointsAndDefaultScopes() throws {
        let provider = try ResolvedProvider.resolve(name: "snapchat", overrides: ProviderOverrides(clientID: "snap"), environment: Environment([:]), config: ConfigFile())
        #expect(provider.endpoints?.authorization == "https://accounts.snapchat.com/accounts/oauth2/auth")
        #expect(provider.endpoints?.revocation == "https://accounts.snapchat.com/accounts/oauth2/revoke")
        #expect(provider.scopes == ["user.display_name", "user.external_id"])
        let plan = try RedirectPlan.resolve(provider: provider)
        #expect(plan.uri(port: plan.port) == "http://127.0.0.1:52884/callback/snapchat")
    }

    @Test func oidcListensOnAnyLoopbackPort() throws {
        var provider = try ResolvedProvider.resolve(name: "oidc", overrides: ProviderOverrides(issuer: "https://id.example.com"), environment: Environment([:]), config: ConfigFile())
        provider.endpoints = ProviderEndpoints(issuer: "https://id.example.com", authorization: "https://id.example.com/a", token: "https://id.example.com/t")
        #expect(try RedirectPlan.resolve(provider: provider).port == 0)
    }
}

@Suite struct IssuerCheckTests {
    @Test func aProviderThatSendsIssMustSendItsOwn() {
        func verdict(_ query: String) -> RedirectCallback.Verdict {
            let request = HTTPServerRequest(method: "GET", target: "/callback?" + query)
            return RedirectCallback.evaluate(path: request.path, query: request.query, expectedPath: "/callback", expectedState: "s", expectedIssuer: "https://id.example.com")
        }
        #expect(verdict("code=c&state=s&iss=https%3A%2F%2Fid.example.com") == .outcome(.code("c")))
        guard case .outcome(.providerError("invalid_issuer", _)) = verdict("code=c&state=s&iss=https%3A%2F%2Fevil.example") else {
            Issue.record("a foreign iss must end the login")
            return
        }
        guard case .outcome(.providerError("invalid_issuer", _)) = verdict("code=c&state=s") else {
            Issue.record("a missing iss must end the login")
            return
        }
        #expect(verdict("code=c&state=other&iss=https%3A%2F%2Fid.example.com") == .stateMismatch)
    }
}

@Suite struct DeviceGrantTests {
    func provider() throws -> ResolvedProvider {
        var provider = try ResolvedProvider.resolve(name: "oidc", overrides: ProviderOverrides(clientID: "cli", issuer: "https://id.example.com"), environment: Environment([:]), config: ConfigFile())
        provider.endpoints = ProviderEndpoints(issuer: "https://id.example.com", authorization: "https://id.example.com/a", token: "https://id.example.com/token", deviceAuthorization: "https://id.example.com/device")
        return provider
    }

    let authorization = DeviceAuthorization(deviceCode: "dc", userCode: "ABCD-EFGH", verificationURI: "https://id.example.com/device", verificationURIComplete: nil, expiresIn: 600, interval: 2)

    @Test func pollsAtTheIntervalSlowsDownAndReturnsTheTokens() async throws {
        let answers = Counter()
        let http = FakeHTTP { request in
            #expect(request.form.first(named: "grant_type") == "urn:ietf:params:oauth:grant-type:device_code")
            #expect(request.form.first(named: "device_code") == "dc")
            answers.increment()
            switch answers.value - 1 {
            case 0: return FakeHTTP.json(400, #"{"error":"authorization_pending"}"#)
            case 1: return FakeHTTP.json(400, #"{"error":"slow_down"}"#)
            case 2: return FakeHTTP.json(400, #"{"error":"authorization_pending"}"#)
            default: return FakeHTTP.json(200, #"{"access_token":"at","token_type":"Bearer","expires_in":3600}"#)
            }
        }
        let clock = TestClock()
        let tokens = try await DeviceAuthorization.poll(authorization, provider: try provider(), http: http.client, clock: clock.clock, lifetime: .seconds(600))
        #expect(tokens.accessToken == "at")
        #expect(clock.sleeps == [.seconds(2), .seconds(2), .seconds(7), .seconds(7)])
    }

    @Test(arguments: ["access_denied", "expired_token"])
    func deniedOrExpiredEndsTheLoginWithExitSix(error: String) async throws {
        let http = FakeHTTP { _ in FakeHTTP.json(400, #"{"error":"\#(error)"}"#) }
        await #expect {
            try await DeviceAuthorization.poll(authorization, provider: try provider(), http: http.client, clock: TestClock().clock, lifetime: .seconds(600))
        } throws: { ($0 as? KAuthError)?.exitCode == 6 }
    }

    @Test func startsWithTheClientIdAndScope() async throws {
        let http = FakeHTTP { _ in FakeHTTP.json(200, #"{"device_code":"dc","user_code":"ABCD-EFGH","verification_uri":"https://id.example.com/device","expires_in":600}"#) }
        let started = try await DeviceAuthorization.start(endpoint: "https://id.example.com/device", provider: try provider(), scopes: ["openid", "email"], http: http.client)
        #expect(started.userCode == "ABCD-EFGH" && started.interval == nil)
        #expect(http.requests[0].form.first(named: "client_id") == "cli")
        #expect(http.requests[0].form.first(named: "scope") == "openid email")
    }
}

@Suite struct LoginWithoutPKCETests {
    @Test func aProviderWithoutS256IsRefusedUnlessAllowed() async throws {
        let discovery = #"{"issuer":"https://id.example.com","authorization_endpoint":"https://id.example.com/a","token_endpoint":"https://id.example.com/t"}"#
        let http = FakeHTTP { _ in FakeHTTP.json(200, discovery) }
        let home = TemporaryDirectory()
        defer { home.remove() }
        let world = World.test(http: http.client)
        let keystore = FileKeystore(directory: home.path, fileSystem: .live, passphrase: nil, random: .seeded(1), kdfIterations: 1)
        let provider = try ResolvedProvider.resolve(name: "oidc", overrides: ProviderOverrides(clientID: "cli", issuer: "https://id.example.com"), environment: Environment([:]), config: ConfigFile())
        await #expect {
            try await LoginFlow(world: world, keystore: keystore, provider: provider, profile: "default").run(LoginOptions(openBrowser: false))
        } throws: { error in
            guard case KAuthError.usage(let message) = error else { return false }
            return message.contains("--allow-no-pkce")
        }
        #expect(http.requests.count == 1, "refused after discovery, before any listener or browser")
    }
}
