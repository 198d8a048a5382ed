import Foundation
import Testing

@testable import KAuthBasics
@testable import KAuthCore

@Suite struct ProviderQuirksTests {

    @Test func snapchatScopesBecomeFullURLs() {
        let request = AuthorizationRequest(
            clientID: "id", redirectURI: "http://127.0.0.1:1/callback/snapchat",
            scopes: ["display_name", "user.bitmoji.avatar", "https://auth.snapchat.com/oauth2/api/user.external_id"],
            state: "s", codeChallenge: "c")
        let query = FormURLEncoding.decode(
            String(
                AuthorizationURL.build(
                    provider: .snapchat, endpoint: "https://a.example/accounts/oauth2/auth", request: request
                ).split(separator: "?")[1]))
        #expect(
            query.first(named: "scope")
                == "https://auth.snapchat.com/oauth2/api/user.display_name https://auth.snapchat.com/oauth2/api/user.bitmoji.avatar https://auth.snapchat.com/oauth2/api/user.external_id"
        )
    }

    @Test func oidcPromptsAreSpaceSeparatedAndPKCECanBeLeftOut() {
        let request = AuthorizationRequest(
            clientID: "id", redirectURI: "http://127.0.0.1:1/callback", scopes: ["openid", "email"], state: "s",
            codeChallenge: nil, prompts: ["login", "consent"], nonce: "n")
        let url = AuthorizationURL.build(
            provider: .oidc, endpoint: "https://a.example/authorize?tenant=x", request: request)
        #expect(url.hasPrefix("https://a.example/authorize?tenant=x&client_id=id"))
        let query = FormURLEncoding.decode(String(url.split(separator: "?")[1]))
        #expect(query.first(named: "prompt") == "login consent")
        #expect(query.first(named: "code_challenge") == nil)
        #expect(query.first(named: "nonce") == "n")
    }
}
