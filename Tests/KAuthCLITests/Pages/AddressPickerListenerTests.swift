import Foundation
import KAuthBasics
import KAuthTestSupport
import Testing

@testable import KAuthCLI
@testable import KAuthCore
@testable import KakaoAPI

/// The live listener serving the shipping-address picker on real loopback sockets: the same
/// listener as the login's, with the picker's judge.
@Suite struct AddressPickerListenerTests {
    static let path = "/address/cmFuZG9tLXBhdGgtb2YtdGhpcy1ydW4"

    func start(startPath: String? = nil, notices: NoticeRecorder = NoticeRecorder()) throws
        -> RunningAddressPickerListener
    {
        try Listener.live.start(
            AddressPickerListenerConfig(
                port: 0, path: Self.path, startPath: startPath,
                pages: AddressPickerPage.listenerPages(provider: "Kakao")),
            notices.record)
    }

    @Test func otherPathsGet404AndTheRightOneEndsTheWaitWithTheAddressPage() async throws {
        let notices = NoticeRecorder()
        let listener = try start(notices: notices)
        defer { listener.close() }
        #expect(
            RawSocketClient.exchange(port: listener.port, "GET /address/guess?status=ok&address_id=1 HTTP/1.1\r\n\r\n")
                .hasPrefix("HTTP/1.1 404 "))
        #expect(
            RawSocketClient.exchange(port: listener.port, "GET /callback?status=ok&address_id=1 HTTP/1.1\r\n\r\n")
                .hasPrefix("HTTP/1.1 404 "))
        let incomplete = RawSocketClient.exchange(
            port: listener.port, "GET \(Self.path)?status=ok&address_id=x HTTP/1.1\r\n\r\n")
        #expect(incomplete.hasPrefix("HTTP/1.1 400 "))
        #expect(
            incomplete.contains("still waiting for your choice") && !incomplete.lowercased().contains("login"),
            "the picker's page, not a login's")
        #expect(notices.all == [.incomplete])

        let answer = RawSocketClient.exchange(
            port: listener.port, "GET \(Self.path)?status=ok&address_id=7100003 HTTP/1.1\r\n\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 200 "), "answered at once: nothing to conclude first")
        #expect(answer.contains("Shipping address chosen"))
        #expect(await listener.wait(.seconds(5)) == .addressChosen(id: 7_100_003))
        let again = RawSocketClient.exchange(
            port: listener.port, "GET \(Self.path)?status=ok&address_id=9 HTTP/1.1\r\n\r\n")
        #expect(
            again.hasPrefix("HTTP/1.1 409 ") && again.contains("Choosing an address has already finished")
                && !again.lowercased().contains("login"))
    }

    @Test func aKAEErrorIsShownInTheBrowsersLanguageAndEndsTheWait() async throws {
        let listener = try start()
        defer { listener.close() }
        let answer = RawSocketClient.exchange(
            port: listener.port,
            "GET \(Self.path)?status=error&error_code=KAE206&error_msg=%3Cb%3Eno%3C%2Fb%3E HTTP/1.1\r\nAccept-Language: ko-KR,ko;q=0.9\r\n\r\n"
        )
        #expect(answer.hasPrefix("HTTP/1.1 200 "))
        #expect(answer.contains("<html lang=\"ko\">") && answer.contains("배송지를 선택하지 못했습니다"))
        #expect(
            answer.contains("KAE206") && answer.contains("&lt;b&gt;no&lt;/b&gt;") && !answer.contains("<b>no</b>"),
            "Kakao's text is escaped")
        #expect(await listener.wait(.seconds(5)) == .pickerFailed(code: "KAE206", message: "<b>no</b>"))
    }

    @Test func theStartLinkLeadsToKpidtOnceAndASecondUseEndsThePicker() async throws {
        let listener = try start(startPath: "/start/once")
        defer { listener.close() }
        listener.arm("https://apps.test/auth/kpidt?app_key=k&agt=secret-agt&continue=x")
        let first = RawSocketClient.exchange(port: listener.port, "GET /start/once HTTP/1.1\r\n\r\n")
        #expect(first.hasPrefix("HTTP/1.1 302 ") && first.contains("Location: https://apps.test/auth/kpidt?"))
        let second = RawSocketClient.exchange(port: listener.port, "GET /start/once HTTP/1.1\r\n\r\n")
        #expect(
            second.hasPrefix("HTTP/1.1 409 ") && !second.contains("secret-agt"), "the second visitor learns nothing")
        #expect(second.contains("kauth stopped choosing an address") && !second.lowercased().contains("login"))
        #expect(await listener.wait(.seconds(5)) == .takeover)
        #expect(
            RawSocketClient.exchange(port: listener.port, "GET \(Self.path)?status=ok&address_id=1 HTTP/1.1\r\n\r\n")
                .hasPrefix("HTTP/1.1 409 "), "too late: the wait is over")
    }

    @Test func silenceEndsAtTheTimeout() async throws {
        let listener = try start()
        defer { listener.close() }
        #expect(await listener.wait(.milliseconds(100)) == .timedOut)
    }
}
