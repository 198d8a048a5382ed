import Foundation
import KAuthBasics
import KAuthTestSupport
import Testing

@testable import KAuthCLI
@testable import KAuthCore

/// The live redirect listener on real loopback sockets.
@Suite struct LoopbackCallbackListenerTests {
    /// Sends `request` from another thread: a code's request is answered only once the login concludes.
    func send(_ port: UInt16, _ request: String) -> Task<String, Never> {
        Task { await RawSocketClient.exchangeInBackground(port: port, request) }
    }

    @Test func wrongStateIsRefusedAndTheRightCallbackStillEndsTheWait() async throws {
        let notices = NoticeRecorder()
        let listener = try Listener.live.start(
            CallbackListenerConfig(
                port: 0, path: "/callback", expectedState: "s1",
                pages: CallbackPages.listenerPages(provider: "the provider")), notices.record)
        defer { listener.close() }
        #expect(
            RawSocketClient.exchange(port: listener.port, "GET /favicon.ico HTTP/1.1\r\n\r\n").hasPrefix(
                "HTTP/1.1 404 "))
        #expect(
            RawSocketClient.exchange(port: listener.port, "GET /callback?code=evil&state=s2 HTTP/1.1\r\n\r\n")
                .hasPrefix("HTTP/1.1 400 "))
        #expect(notices.all == [.wrongState])
        let good = send(listener.port, "GET /callback?code=good&state=s1 HTTP/1.1\r\n\r\n")
        #expect(await listener.wait(.seconds(5)) == .code("good"))
        #expect(
            RawSocketClient.exchange(port: listener.port, "GET /callback?code=again&state=s1 HTTP/1.1\r\n\r\n")
                .hasPrefix("HTTP/1.1 409 "))
        listener.conclude(.loggedIn)
        let answer = await good.value
        #expect(answer.hasPrefix("HTTP/1.1 200 "))
        #expect(answer.contains("You are logged in to"))
    }

    @Test func theBrowserHearsOfAFailedExchangeInsteadOfSuccess() async throws {
        let listener = try Listener.live.start(
            CallbackListenerConfig(
                port: 0, path: "/callback", expectedState: "s1", pages: CallbackPages.listenerPages(provider: "Kakao")),
            { _ in })
        defer { listener.close() }
        let request = send(listener.port, "GET /callback?code=good&state=s1 HTTP/1.1\r\n\r\n")
        #expect(await listener.wait(.seconds(5)) == .code("good"))
        listener.conclude(.failed)
        let answer = await request.value
        #expect(!answer.contains("You are logged in"))
        #expect(answer.contains("Login failed"))
    }

    @Test func theStartLinkRedirectsOnceAndASecondUseEndsTheLogin() async throws {
        let listener = try Listener.live.start(
            CallbackListenerConfig(
                port: 0, path: "/callback", expectedState: "s1", startPath: "/start/abc",
                pages: CallbackPages.listenerPages(provider: "the provider")), { _ in })
        defer { listener.close() }
        #expect(
            RawSocketClient.exchange(port: listener.port, "GET /start/abc HTTP/1.1\r\n\r\n").hasPrefix("HTTP/1.1 404 "),
            "not armed yet")
        listener.arm("https://provider.example/authorize?state=s1")
        let first = RawSocketClient.exchange(port: listener.port, "GET /start/abc HTTP/1.1\r\n\r\n")
        #expect(first.hasPrefix("HTTP/1.1 302 "))
        #expect(first.contains("Location: https://provider.example/authorize?state=s1"))
        let second = RawSocketClient.exchange(port: listener.port, "GET /start/abc HTTP/1.1\r\n\r\n")
        #expect(second.hasPrefix("HTTP/1.1 409 "))
        #expect(!second.contains("state=s1"), "the second visitor learns nothing")
        #expect(await listener.wait(.seconds(5)) == .takeover)
        #expect(
            RawSocketClient.exchange(port: listener.port, "GET /start/other HTTP/1.1\r\n\r\n").hasPrefix(
                "HTTP/1.1 404 "))
    }

    @Test func aProviderErrorIsAnsweredAtOnce() async throws {
        let listener = try Listener.live.start(
            CallbackListenerConfig(
                port: 0, path: "/callback", expectedState: "s1",
                pages: CallbackPages.listenerPages(provider: "the provider")), { _ in })
        defer { listener.close() }
        let answer = RawSocketClient.exchange(
            port: listener.port, "GET /callback?error=access_denied&state=s1 HTTP/1.1\r\n\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 200 "))
        #expect(answer.contains("access_denied"))
        #expect(await listener.wait(.seconds(5)) == .providerError(error: "access_denied", description: nil))
    }

    @Test func waitingEndsAtTheTimeout() async throws {
        let listener = try Listener.live.start(
            CallbackListenerConfig(
                port: 0, path: "/callback", expectedState: "s",
                pages: CallbackPages.listenerPages(provider: "the provider")), { _ in })
        defer { listener.close() }
        #expect(await listener.wait(.milliseconds(100)) == .timedOut)
    }

    @Test func aDeliveredPasteEndsTheWait() async throws {
        let listener = try Listener.live.start(
            CallbackListenerConfig(
                port: 0, path: "/callback", expectedState: "s",
                pages: CallbackPages.listenerPages(provider: "the provider")), { _ in })
        defer { listener.close() }
        listener.deliver(.code("pasted"))
        #expect(await listener.wait(.seconds(5)) == .code("pasted"))
        listener.conclude(.loggedIn)
    }
}

/// Collects the listener's notices.
final class NoticeRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var notices: [ListenerNotice] = []

    var all: [ListenerNotice] { lock.withLock { notices } }

    var record: @Sendable (ListenerNotice) -> Void {
        { notice in self.lock.withLock { self.notices.append(notice) } }
    }
}
