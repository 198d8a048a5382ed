import Foundation
import KAuthBasics
import KAuthTestSupport
import Testing

@testable import KAuthCLI
@testable import KAuthCore

@Suite struct BrowserPagesInTheListenerTests {
    @Test func theListenerAnswersInTheBrowsersLanguage() async throws {
        let listener = try Listener.live.start(
            CallbackListenerConfig(
                port: 0, path: "/callback", expectedState: "s1", pages: CallbackPages.listenerPages(provider: "Kakao")),
            { _ in })
        defer { listener.close() }
        let ignored = RawSocketClient.exchange(
            port: listener.port,
            "GET /callback?code=x&state=wrong HTTP/1.1\r\nAccept-Language: ko-KR,ko;q=0.9,en;q=0.8\r\n\r\n")
        #expect(ignored.hasPrefix("HTTP/1.1 400 "))
        #expect(ignored.contains("<html lang=\"ko\">") && ignored.contains("<title>요청 무시됨 — kauth</title>"))
        let port = listener.port
        // The code's page waits for the login to conclude, so it is asked for on another thread.
        let request = Task {
            await RawSocketClient.exchangeInBackground(
                port: port,
                "GET /callback?code=good&state=s1 HTTP/1.1\r\naccept-language: en-US,en;q=0.9,ko;q=0.8\r\n\r\n")
        }
        #expect(await listener.wait(.seconds(5)) == .code("good"))
        let again = RawSocketClient.exchange(
            port: listener.port, "GET /callback?code=again&state=s1 HTTP/1.1\r\nAccept-Language: ko\r\n\r\n")
        #expect(again.hasPrefix("HTTP/1.1 409 "))
        #expect(again.contains("이 로그인은 이미 끝났습니다"))
        listener.conclude(.loggedIn)
        let done = await request.value
        #expect(done.hasPrefix("HTTP/1.1 200 "))
        #expect(done.contains("<html lang=\"en\">") && done.contains("You are logged in to Kakao"))
    }

    /// Providers are named by their brand; an OpenID Connect provider by its issuer's host, which
    /// people recognise; a configured name stays in front.
    @Test func providersAreNamedByTheirBrand() {
        func provider(_ name: String, _ type: ProviderType, issuer: String? = nil) -> Provider {
            Provider(
                name: name, type: type, clientID: "id", urls: [.auth: "https://a.example", .api: "https://b.example"],
                issuer: issuer)
        }
        #expect(provider("kakao", .kakao).displayName == "Kakao")
        #expect(provider("work-kakao", .kakao).displayName == "work-kakao (Kakao)")
        #expect(provider("snapchat", .snapchat).displayName == "Snapchat")
        #expect(
            provider("oidc", .oidc, issuer: "https://login.example.com:8443/realms/x").displayName
                == "login.example.com:8443")
        #expect(
            provider("my-keycloak", .oidc, issuer: "https://sso.example.org").displayName
                == "my-keycloak (sso.example.org)")
        #expect(provider("my-keycloak", .oidc).displayName == "my-keycloak (OpenID Connect)")
    }

    @Test func answersEachSituationWithAPage() {
        let request = HTTPServerRequest(method: "GET", target: "/callback")
        #expect(CallbackPages.response(.notThisLogin, status: 400, for: request).status == 400)
        let success = CallbackPages.response(
            CallbackPages.page(for: .loggedIn, provider: "Kakao"), status: 200, for: request)
        #expect(success.status == 200)
        #expect(String(decoding: success.body, as: UTF8.self).contains("You are logged in to Kakao"))
        let (page, status) = CallbackPages.page(
            for: .providerError(error: "access_denied", description: "<script>"), provider: "Kakao")
        #expect(status == 200)
        let text = String(decoding: CallbackPages.response(page, status: status, for: request).body, as: UTF8.self)
        #expect(text.contains("access_denied"))
        #expect(!text.contains("<script>"))
        #expect(text.contains("&lt;script&gt;"))
        #expect(
            CallbackPages.page(for: nil, provider: "Kakao") == .exchangeFailed(provider: "Kakao"),
            "a login that never concludes sends the user to the terminal")
    }
}
