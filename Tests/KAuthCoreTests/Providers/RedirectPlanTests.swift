import Foundation
import Testing

@testable import KAuthBasics
@testable import KAuthCore

@Suite struct RedirectPlanTests {
    func provider(auth: String = "https://kauth.kakao.com", redirectURI: String? = nil, port: UInt16? = nil) -> Provider
    {
        Provider(
            name: "kakao", type: .kakao, clientID: "id", urls: [.auth: auth, .api: "https://kapi.kakao.com"],
            redirectURI: redirectURI, redirectPort: port)
    }

    @Test func kakaoUsesOneFixedDocumentedRedirectURI() throws {
        let plan = try RedirectPlan.resolve(provider: provider())
        #expect(plan.uri(port: plan.port) == "http://127.0.0.1:52884/callback")
    }

    /// Where the provider's URLs point changes nothing: a local test server gets the redirect URI
    /// users of the real one register.
    @Test func aProviderOnThisMachineKeepsTheFixedRedirectURI() throws {
        let plan = try RedirectPlan.resolve(provider: provider(auth: "http://127.0.0.1:4000"))
        #expect(plan.uri(port: plan.port) == "http://127.0.0.1:52884/callback")
    }

    @Test func portZeroAsksForAFreePort() throws {
        #expect(try RedirectPlan.resolve(provider: provider(port: 0)).port == 0)
        let plan = try RedirectPlan.resolve(provider: provider(redirectURI: "http://localhost:9000/kakao/cb", port: 0))
        #expect(plan == RedirectPlan(advertisedHost: "localhost", port: 0, path: "/kakao/cb"))
    }

    @Test func portAndRedirectURIOverrideTheDefault() throws {
        #expect(
            try RedirectPlan.resolve(provider: provider(port: 8080)).uri(port: 8080) == "http://127.0.0.1:8080/callback"
        )
        let plan = try RedirectPlan.resolve(provider: provider(redirectURI: "http://localhost:9000/kakao/cb"))
        #expect(plan == RedirectPlan(advertisedHost: "localhost", port: 9000, path: "/kakao/cb"))
    }

    @Test(arguments: [
        "https://127.0.0.1:9000/callback", "http://example.com:9000/callback", "http://127.0.0.1/callback",
        "http://127.0.0.1:9000/callback?x=1", "http://[::1]:9000/callback", "nonsense"
    ])
    func refusesRedirectURIsTheListenerCannotServe(uri: String) {
        #expect(throws: KAuthError.self) { try RedirectPlan.resolve(provider: provider(redirectURI: uri)) }
    }

    @Test func aPortFlagThatDisagreesWithTheRedirectURIFlagIsAUsageError() throws {
        let resolver = ProviderResolver(
            environment: Environment(["KAUTH_CLIENT_ID": "id"]), loadConfig: { ConfigFile() },
            overrides: ProviderOverrides(redirectURI: "http://127.0.0.1:9000/cb", port: 9001))
        #expect(throws: KAuthError.redirectPortConflict(port: 9001, uri: "http://127.0.0.1:9000/cb")) {
            try resolver.selectedProvider()
        }
    }

    /// flag > environment > config: `KAUTH_REDIRECT_PORT` replaces a configured URI's port, not a
    /// `--redirect-uri`'s.
    @Test func theEnvironmentPortOverridesTheConfiguredURIButNotTheFlag() throws {
        let config = try ConfigFile(parsing: "provider.kakao.redirect_uri = http://127.0.0.1:8080/cb\n", path: "c")
        let environment = Environment(["KAUTH_CLIENT_ID": "id", "KAUTH_REDIRECT_PORT": "0"])
        let fromConfig = try ProviderResolver(environment: environment, loadConfig: { config }).selectedProvider()
        #expect(
            try RedirectPlan.resolve(provider: fromConfig)
                == RedirectPlan(advertisedHost: "127.0.0.1", port: 0, path: "/cb"))
        let fromFlag = try ProviderResolver(
            environment: environment, loadConfig: { config },
            overrides: ProviderOverrides(redirectURI: "http://127.0.0.1:7000/x")
        )
        .selectedProvider()
        #expect(
            try RedirectPlan.resolve(provider: fromFlag)
                == RedirectPlan(advertisedHost: "127.0.0.1", port: 7000, path: "/x"))
        #expect(throws: KAuthError.self) {
            try ProviderResolver(
                environment: Environment(["KAUTH_REDIRECT_PORT": "port"]), loadConfig: { ConfigFile() }
            ).selectedProvider()
        }
    }
}
