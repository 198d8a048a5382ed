import Foundation
import KakaoAPI
import Testing

@testable import KAuthBasics
@testable import KAuthCore

@Suite struct AuthorizeURLTests {
    let request = AuthorizationRequest(
        clientID: "rest-key", redirectURI: "http://127.0.0.1:52884/callback", scopes: [],
        state: "STATE", codeChallenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
    )

    @Test func carriesClientRedirectCodeStateAndS256Challenge() {
        #expect(
            AuthorizationURL.build(
                provider: .kakao, endpoint: "https://kauth.kakao.com/oauth/authorize", request: request)
                == "https://kauth.kakao.com/oauth/authorize?client_id=rest-key&redirect_uri=http%3A%2F%2F127.0.0.1%3A52884%2Fcallback&response_type=code&state=STATE&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256"
        )
    }

    @Test func addsScopesPromptsHintTermsAndNonceInKakaosForms() throws {
        var request = request
        request.scopes = ["account_email", "profile_nickname", "openid"]
        request.prompts = ["login", "select_account"]
        request.loginHint = "user@example.com"
        request.extraParameters = [.serviceTerms(["tag1", "tag2"])]
        request.nonce = "n-0"
        let url = AuthorizationURL.build(
            provider: .kakao, endpoint: "http://127.0.0.1:9/oauth/authorize", request: request)
        let query = FormURLEncoding.decode(String(url.split(separator: "?")[1]))
        #expect(query.first(named: "scope") == "account_email profile_nickname openid")
        #expect(query.first(named: "prompt") == "login,select_account")
        #expect(query.first(named: "login_hint") == "user@example.com")
        #expect(query.first(named: "service_terms") == "tag1,tag2")
        #expect(query.first(named: "nonce") == "n-0")
        #expect(url.hasPrefix("http://127.0.0.1:9/oauth/authorize?"))
    }
}
