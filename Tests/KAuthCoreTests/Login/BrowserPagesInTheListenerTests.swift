import Foundation
import KAuthBasics
import KAuthTestSupport
import Testing

@testable import KAuthCore

@Suite struct BrowserPagesInTheListenerTests {
    @Test func theListenerAnswersInTheBrowsersLanguage() async throws {
        let listener = try Listener.live.start(
            CallbackListenerConfig(port: 0, path: "/callback", expectedState: "s1", providerName: "Kakao"), { _ in })
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
}
