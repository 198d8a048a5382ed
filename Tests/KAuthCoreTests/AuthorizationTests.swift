import Foundation
import Testing
@testable import KAuthCore

@Suite struct AuthorizeURLTests {
    let request = AuthorizationRequest(
        clientID: "rest-key", redirectURI: "http://127.0.0.1:52884/callback", scopes: [],
        state: "STATE", codeChallenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
    )

    @Test func carriesClientRedirectCodeStateAndS256Challenge() {
        let kakao = ResolvedProvider(name: "kakao", kind: .kakao, clientID: "rest-key", clientSecret: nil, appKey: nil, authBaseURL: Kakao.authURL, apiBaseURL: Kakao.apiURL, sharerBaseURL: Kakao.sharerURL, redirectURI: nil, port: nil, scopes: [])
        #expect(AuthorizationURL.build(provider: kakao, endpoint: "https://kauth.kakao.com/oauth/authorize", request: request) ==
            "https://kauth.kakao.com/oauth/authorize?client_id=rest-key&redirect_uri=http%3A%2F%2F127.0.0.1%3A52884%2Fcallback&response_type=code&state=STATE&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256")
    }

    @Test func addsScopesPromptsHintTermsAndNonceInKakaosForms() throws {
        var request = request
        request.scopes = ["account_email", "profile_nickname", "openid"]
        request.prompts = ["login", "select_account"]
        request.loginHint = "user@example.com"
        request.serviceTerms = ["tag1", "tag2"]
        request.nonce = "n-0"
        let kakao = ResolvedProvider(name: "kakao", kind: .kakao, clientID: "rest-key", clientSecret: nil, appKey: nil, authBaseURL: "http://127.0.0.1:9", apiBaseURL: Kakao.apiURL, sharerBaseURL: Kakao.sharerURL, redirectURI: nil, port: nil, scopes: [])
        let url = AuthorizationURL.build(provider: kakao, endpoint: "http://127.0.0.1:9/oauth/authorize", request: request)
        let query = FormURLEncoding.decode(String(url.split(separator: "?")[1]))
        #expect(query.first(named: "scope") == "account_email profile_nickname openid")
        #expect(query.first(named: "prompt") == "login,select_account")
        #expect(query.first(named: "login_hint") == "user@example.com")
        #expect(query.first(named: "service_terms") == "tag1,tag2")
        #expect(query.first(named: "nonce") == "n-0")
        #expect(url.hasPrefix("http://127.0.0.1:9/oauth/authorize?"))
    }
}

@Suite struct ProviderQuirksTests {
    func provider(_ kind: ProviderKind) -> ResolvedProvider {
        ResolvedProvider(name: kind.rawValue, kind: kind, clientID: "id", clientSecret: nil, appKey: nil, authBaseURL: "https://a.example", apiBaseURL: "https://b.example", sharerBaseURL: Kakao.sharerURL, redirectURI: nil, port: nil, scopes: [])
    }

    @Test func snapchatScopesBecomeFullURLs() {
        let request = AuthorizationRequest(clientID: "id", redirectURI: "http://127.0.0.1:1/callback/snapchat", scopes: ["display_name", "user.bitmoji.avatar", "https://auth.snapchat.com/oauth2/api/user.external_id"], state: "s", codeChallenge: "c")
        let query = FormURLEncoding.decode(String(AuthorizationURL.build(provider: provider(.snapchat), endpoint: "https://a.example/accounts/oauth2/auth", request: request).split(separator: "?")[1]))
        #expect(query.first(named: "scope") == "https://auth.snapchat.com/oauth2/api/user.display_name https://auth.snapchat.com/oauth2/api/user.bitmoji.avatar https://auth.snapchat.com/oauth2/api/user.external_id")
    }

    @Test func oidcPromptsAreSpaceSeparatedAndPKCECanBeLeftOut() {
        let request = AuthorizationRequest(clientID: "id", redirectURI: "http://127.0.0.1:1/callback", scopes: ["openid", "email"], state: "s", codeChallenge: nil, prompts: ["login", "consent"], nonce: "n")
        let url = AuthorizationURL.build(provider: provider(.oidc), endpoint: "https://a.example/authorize?tenant=x", request: request)
        #expect(url.hasPrefix("https://a.example/authorize?tenant=x&client_id=id"))
        let query = FormURLEncoding.decode(String(url.split(separator: "?")[1]))
        #expect(query.first(named: "prompt") == "login consent")
        #expect(query.first(named: "code_challenge") == nil)
        #expect(query.first(named: "nonce") == "n")
    }
}

@Suite struct RedirectCallbackTests {
    func verdict(_ target: String, method: String = "GET") -> RedirectCallback.Verdict {
        let request = HTTPServerRequest(method: method, target: target)
        return RedirectCallback.evaluate(method: method, path: request.path, query: request.query, expectedPath: "/callback", expectedState: "good-state")
    }

    @Test func aMatchingCodeEndsTheWait() {
        #expect(verdict("/callback?code=abc&state=good-state") == .outcome(.code("abc")))
    }

    @Test func providerErrorsEndTheWaitWithTheirDescription() {
        #expect(verdict("/callback?error=access_denied&error_description=User%20denied%20access&state=good-state")
            == .outcome(.providerError(error: "access_denied", description: "User denied access")))
    }

    @Test(arguments: [
        ("/callback?code=abc&state=bad-state", RedirectCallback.Verdict.stateMismatch),
        ("/callback?code=abc", .stateMismatch),
        ("/callback?error=access_denied", .stateMismatch),
        ("/callback?state=good-state", .incomplete),
        ("/callback?code=&state=good-state", .incomplete),
        ("/favicon.ico", .notFound),
        ("/callback/extra?code=abc&state=good-state", .notFound),
        ("/", .notFound),
    ])
    func requestsThatDoNotEndTheWait(target: String, expected: RedirectCallback.Verdict) {
        #expect(verdict(target) == expected)
    }

    @Test func onlyGETIsAccepted() {
        #expect(verdict("/callback?code=abc&state=good-state", method: "POST") == .methodNotAllowed)
    }

    @Test func answersEachVerdictWithAPage() {
        #expect(RedirectCallback.response(for: .notFound, provider: "kakao").status == 404)
        #expect(RedirectCallback.response(for: .stateMismatch, provider: "kakao").status == 400)
        let success = RedirectCallback.response(for: .outcome(.code("x")), provider: "kakao")
        #expect(success.status == 200)
        #expect(String(decoding: success.body, as: UTF8.self).contains("You are logged in to kakao"))
        let failure = RedirectCallback.response(for: .outcome(.providerError(error: "access_denied", description: "<script>")), provider: "kakao")
        let page = String(decoding: failure.body, as: UTF8.self)
        #expect(page.contains("access_denied"))
        #expect(!page.contains("<script>"))
        #expect(page.contains("&lt;script&gt;"))
    }

    @Test func pastedURLsAreJudgedByPathAndQueryOnly() {
        #expect(RedirectCallback.evaluate(pastedURL: "http://127.0.0.1:52884/callback?code=c1&state=good-state", expectedPath: "/callback", expectedState: "good-state") == .outcome(.code("c1")))
        #expect(RedirectCallback.evaluate(pastedURL: "  http://localhost:1/callback?code=c1&state=other ", expectedPath: "/callback", expectedState: "good-state") == .stateMismatch)
        #expect(RedirectCallback.evaluate(pastedURL: "not a url", expectedPath: "/callback", expectedState: "good-state") == .notFound)
    }
}

@Suite struct RedirectPlanTests {
    func provider(auth: String = Kakao.authURL, redirectURI: String? = nil, port: UInt16? = nil) -> ResolvedProvider {
        ResolvedProvider(
            name: "kakao", kind: .kakao, clientID: "id", clientSecret: nil, appKey: nil, authBaseURL: auth,
            apiBaseURL: Kakao.apiURL, sharerBaseURL: Kakao.sharerURL, redirectURI: redirectURI, port: port, scopes: []
        )
    }

    @Test func kakaoUsesOneFixedDocumentedRedirectURI() throws {
        let plan = try RedirectPlan.resolve(provider: provider())
        #expect(plan.uri(port: plan.port) == "http://127.0.0.1:52884/callback")
    }

    @Test func aProviderOnThisMachineGetsAnEphemeralPort() throws {
        #expect(try RedirectPlan.resolve(provider: provider(auth: "http://127.0.0.1:4000")).port == 0)
    }

    @Test func portAndRedirectURIOverrideTheDefault() throws {
        #expect(try RedirectPlan.resolve(provider: provider(port: 8080)).uri(port: 8080) == "http://127.0.0.1:8080/callback")
        let plan = try RedirectPlan.resolve(provider: provider(redirectURI: "http://localhost:9000/kakao/cb"))
        #expect(plan == RedirectPlan(advertisedHost: "localhost", port: 9000, path: "/kakao/cb"))
    }

    @Test(arguments: [
        "https://127.0.0.1:9000/callback", "http://example.com:9000/callback", "http://127.0.0.1/callback",
        "http://127.0.0.1:9000/callback?x=1", "http://[::1]:9000/callback", "nonsense",
    ])
    func refusesRedirectURIsTheListenerCannotServe(uri: String) {
        #expect(throws: KAuthError.self) { try RedirectPlan.resolve(provider: provider(redirectURI: uri)) }
    }

    @Test func aPortThatDisagreesWithTheRedirectURIIsAUsageError() {
        #expect(throws: KAuthError.self) { try RedirectPlan.resolve(provider: provider(redirectURI: "http://127.0.0.1:9000/cb", port: 9001)) }
    }
}
