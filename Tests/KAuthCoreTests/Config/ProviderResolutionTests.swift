import Foundation
import KAuthTestSupport
import KakaoAPI
import Testing

@testable import KAuthBasics
@testable import KAuthCore

@Suite struct ProviderResolutionTests {
    @Test func oidcNeedsAnIssuerOverHTTPS() throws {
        let provider = try Provider.resolved(
            "oidc", overrides: ProviderOverrides(clientID: "cli", issuer: "https://id.example.com/"))
        #expect(provider.type.id == "oidc")
        #expect(provider.issuer == "https://id.example.com/", "kept as given: discovery must name it exactly")
        #expect(provider.endpoints == nil)
        #expect(provider.scopes == ["openid", "profile", "email"])
        #expect(throws: KAuthError.insecureURL(label: "issuer", url: "http://id.example.com")) {
            try Provider.resolved("oidc", overrides: ProviderOverrides(issuer: "http://id.example.com"))
        }
        #expect(
            try Provider.resolved("oidc", overrides: ProviderOverrides(issuer: "http://127.0.0.1:9000")).issuer
                == "http://127.0.0.1:9000")
    }

    @Test func namedOIDCProvidersComeFromConfigWithARevocationOverride() throws {
        let config = try ConfigFile(
            parsing:
                "provider.work.type = oidc\nprovider.work.issuer = https://id.example.com\nprovider.work.client_id = cli\nprovider.work.revocation_endpoint = https://id.example.com/oauth/revoke\n",
            path: "c")
        let provider = try Provider.resolved(
            "work", environment: ["KAUTH_KAKAO_AUTH_URL": "http://127.0.0.1:1"], config: config)
        #expect(provider.type.id == "oidc" && provider.clientID == "cli")
        #expect(provider.revocationOverride == "https://id.example.com/oauth/revoke")
        #expect(provider.urls[.auth] == nil, "KAUTH_KAKAO_* apply to Kakao-type providers only")
        #expect(provider.urls[.api] == nil, "no Kakao default leaks into an OpenID Connect provider")
        #expect(provider.displayName == "work (id.example.com)")
    }

    @Test func snapchatHasItsEndpointsAndDefaultScopes() throws {
        let provider = try Provider.resolved("snapchat", overrides: ProviderOverrides(clientID: "snap"))
        #expect(provider.endpoints?.authorization == "https://accounts.snapchat.com/accounts/oauth2/auth")
        #expect(provider.endpoints?.revocation == "https://accounts.snapchat.com/accounts/oauth2/revoke")
        #expect(provider.scopes == ["user.display_name", "user.external_id"])
        let plan = try RedirectPlan.resolve(provider: provider)
        #expect(plan.uri(port: plan.port) == "http://127.0.0.1:52884/callback/snapchat")
    }

    @Test func oidcListensOnAnyLoopbackPort() throws {
        var provider = try Provider.resolved("oidc", overrides: ProviderOverrides(issuer: "https://id.example.com"))
        provider.endpoints = ProviderEndpoints(
            issuer: "https://id.example.com", authorization: "https://id.example.com/a",
            token: "https://id.example.com/t")
        #expect(try RedirectPlan.resolve(provider: provider).port == 0)
    }

    @Test func kakaoURLsComeFromTheEnvironmentThenConfigThenTheStoredLoginThenTheDefault() throws {
        let config = try ConfigFile(parsing: "provider.kakao.api_url = https://api.config.example\n", path: "c")
        let stored = StoredSession(
            provider: "kakao", clientID: "stored-client", accessToken: "t", accessTokenExpiresAt: Date(),
            authBaseURL: "https://auth.stored.example", apiBaseURL: "https://api.stored.example", createdAt: Date(),
            updatedAt: Date())
        let provider = try Provider.resolved(
            "kakao", overrides: ProviderOverrides(clientID: "flag-client"),
            environment: ["KAUTH_KAKAO_SHARER_URL": "https://sharer.env.example/"], config: config, stored: stored)
        #expect(provider.urls[.sharer] == "https://sharer.env.example")
        #expect(provider.urls[.api] == "https://api.config.example")
        #expect(provider.urls[.auth] == "https://auth.stored.example")
        #expect(provider.urls[.apps] == "https://apps.kakao.com")
        #expect(provider.clientID == "stored-client", "a stored login's tokens belong to its client")
        #expect(provider.endpoints?.token == "https://auth.stored.example/oauth/token")
    }

    @Test func aStoredSecretIsUsedUnlessTheEnvironmentOrConfigSayOtherwise() throws {
        let stored = StoredSession(
            provider: "oidc", providerType: "oidc", clientID: "c", clientSecret: "from-login", accessToken: "t",
            accessTokenExpiresAt: Date(), issuer: "https://id.example.com", createdAt: Date(), updatedAt: Date())
        #expect(try Provider.resolved("oidc", stored: stored).clientSecret == "from-login")
        #expect(
            try Provider.resolved("oidc", environment: ["KAUTH_CLIENT_SECRET": "env"], stored: stored).clientSecret
                == "env")
    }

    /// `--provider` picks the provider of a new login; for a stored one it must agree, or that
    /// login's tokens would go to the hosts of the provider named.
    @Test func aProviderOtherThanTheStoredLoginsIsRefused() throws {
        let stored = StoredSession(
            provider: "kakao", clientID: "c", accessToken: "t", accessTokenExpiresAt: Date(), createdAt: Date(),
            updatedAt: Date())
        let snapchat = ProviderResolver(
            environment: Environment([:]), loadConfig: { ConfigFile() }, selected: "snapchat")
        #expect(throws: KAuthError.providerMismatch(profile: "work", stored: "kakao", selected: "snapchat")) {
            try snapchat.provider(for: stored, of: "work")
        }
        #expect(try snapchat.provider(for: nil, of: "work").name == "snapchat", "nothing stored: the one named")
        #expect(try snapchat.selectedProvider().name == "snapchat")
        let kakao = ProviderResolver(environment: Environment([:]), loadConfig: { ConfigFile() }, selected: "kakao")
        #expect(try kakao.provider(for: stored, of: "work").name == "kakao")
        let unnamed = ProviderResolver(environment: Environment([:]), loadConfig: { ConfigFile() })
        #expect(try unnamed.provider(for: stored, of: "work").name == "kakao")
    }

    @Test func unknownNamesAndTypesAreRefusedWithWhatExists() throws {
        let config = try ConfigFile(parsing: "provider.work.type = oidc\nprovider.odd.type = saml\n", path: "c")
        #expect(throws: KAuthError.unknownProvider(name: "kako", known: ["kakao", "snapchat", "oidc", "odd", "work"])) {
            try Provider.resolved("kako", config: config)
        }
        #expect(
            throws: KAuthError.invalidSetting(
                name: "provider.odd.type", value: "saml", expected: ["kakao", "snapchat", "oidc"])
        ) {
            try Provider.resolved("odd", config: config)
        }
    }

    @Test func aForcedClientAuthenticationMethodIsRead() throws {
        let config = try ConfigFile(
            parsing:
                "provider.work.type = oidc\nprovider.work.issuer = https://id.example.com\nprovider.work.token_endpoint_auth_method = client_secret_post\nprovider.bad.type = oidc\nprovider.bad.token_endpoint_auth_method = basic\n",
            path: "c")
        #expect(try Provider.resolved("work", config: config).forcedClientAuth == .clientSecretPost)
        #expect(throws: KAuthError.self) { try Provider.resolved("bad", config: config) }
    }
}
