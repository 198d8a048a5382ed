import Foundation
import KAuthTestSupport
import KakaoAPI
import Testing

@testable import KAuthBasics
@testable import KAuthCore

/// The login flow through a fake listener and a scripted provider: what is sent, what the
/// browser is given, what is stored, what the browser hears and what the user is told.
@Suite struct LoginFlowTests {
    let kakao = Provider(
        name: "kakao", type: .kakao, clientID: "app", urls: [.auth: "https://auth.test", .api: "https://api.test"])

    /// The provider's token and profile endpoints.
    static func provider(tokenStatus: Int = 200) -> FakeHTTP {
        FakeHTTP { request in
            if request.url.hasPrefix("https://auth.test/oauth/token") {
                return tokenStatus == 200
                    ? FakeHTTP.json(
                        200,
                        #"{"token_type":"bearer","access_token":"at","expires_in":21599,"refresh_token":"rt","refresh_token_expires_in":5183999,"scope":"profile_nickname"}"#
                    )
                    : FakeHTTP.json(tokenStatus, #"{"error":"invalid_grant","error_code":"KOE320"}"#)
            }
            if request.url.hasPrefix("https://api.test/v2/user/me") {
                return FakeHTTP.json(200, #"{"id":42,"kakao_account":{"profile":{"nickname":"Ryan"}}}"#)
            }
            return FakeHTTP.json(404, "{}")
        }
    }

    /// A listener that answers with a code when the armed URL carries the state it expects.
    static func answering(_ outcome: CallbackOutcome? = .code("the-code")) -> FakeListener {
        FakeListener { config, url in
            guard let url else { return .timedOut }
            let query = FormURLEncoding.decode(String(url.split(separator: "?", maxSplits: 1)[1]))
            guard query.first(named: "state") == config.expectedState else {
                return .providerError(error: "bad_state", description: nil)
            }
            return outcome
        }
    }

    struct Setup {
        let home = TemporaryDirectory()
        let world: World
        let keystore: FileKeystore
        let events: EventRecorder<LoginEvent>

        init(
            http: FakeHTTP, listener: FakeListener, browserFails: Bool = false, browser: Browser? = nil,
            input: (@Sendable () -> String?)? = nil, events: EventRecorder<LoginEvent> = EventRecorder()
        ) {
            self.events = events
            let browser = browser ?? listener.browser(fails: browserFails)
            var terminal = TerminalRecorder().terminal
            if let input { terminal.readLine = input }
            world = World.test(
                http: http.client, clock: TestClock().clock, browser: browser, terminal: terminal,
                listener: listener.listener)
            keystore = FileKeystore(
                directory: home.path, fileSystem: .live, passphrase: nil, random: .seeded(5), kdfIterations: 1)
        }

        func flow(_ provider: Provider) -> LoginFlow {
            LoginFlow(
                world: world, keystore: keystore, provider: provider, profile: "default", pages: { _ in .unshown })
        }
    }

    @Test func aLoginSendsTheBrowserASingleUseLinkAndStoresTheSessionAfterTheExchange() async throws {
        let http = Self.provider()
        let listener = Self.answering()
        let setup = Setup(http: http, listener: listener)
        defer { setup.home.remove() }
        let result = try await setup.flow(kakao).run(
            LoginOptions(scopes: ["profile_nickname"]), events: setup.events.record)

        let config = try #require(listener.config)
        #expect(config.port == 52884 && config.path == "/callback", "Kakao's fixed redirect URI")
        let startPath = try #require(config.startPath)
        #expect(listener.visited == ["http://127.0.0.1:52884\(startPath)"], "the browser gets the start link only")
        let authorize = try #require(listener.authorizationURLs.first)
        let query = FormURLEncoding.decode(String(authorize.split(separator: "?", maxSplits: 1)[1]))
        #expect(authorize.hasPrefix("https://auth.test/oauth/authorize?"))
        #expect(query.first(named: "state") == config.expectedState)
        #expect(query.first(named: "redirect_uri") == "http://127.0.0.1:52884/callback")
        #expect(query.first(named: "nonce") == nil, "no openid, no nonce")

        let token = try #require(http.requests.first { $0.url == "https://auth.test/oauth/token" })
        #expect(token.form.first(named: "code") == "the-code")
        #expect(token.form.first(named: "redirect_uri") == "http://127.0.0.1:52884/callback")
        let verifier = try #require(token.form.first(named: "code_verifier"))
        #expect(PKCE.codeChallenge(for: verifier) == query.first(named: "code_challenge"))

        #expect(listener.concluded == [.loggedIn], "the browser hears of success after the exchange")
        #expect(
            result.session.accessToken == "at" && result.session.user?.nickname == "Ryan"
                && result.session.userID == "42")
        #expect(try setup.keystore.load().profiles["default"] == result.session)
        #expect(setup.events.events.contains(.openingBrowser(authorizationURL: authorize)))
        #expect(setup.events.events.contains(.waiting(timeout: .seconds(300))))
        #expect(listener.closeCount >= 1)
    }

    @Test func aFailedExchangeTellsTheBrowserAndStoresNothing() async throws {
        let listener = Self.answering()
        let setup = Setup(http: Self.provider(tokenStatus: 400), listener: listener)
        defer { setup.home.remove() }
        await #expect {
            try await setup.flow(kakao).run(LoginOptions())
        } throws: { error in
            guard case KAuthError.oauth(let failure) = error else { return false }
            return failure.error == "invalid_grant" && failure.providerCode == "KOE320"
        }
        #expect(listener.concluded == [.failed])
        #expect(try setup.keystore.load().profiles.isEmpty)
    }

    @Test(arguments: [
        (
            CallbackOutcome.providerError(error: "access_denied", description: "User denied access"),
            KAuthError.loginCancelled(
                .denied(provider: "Kakao", error: "access_denied", description: "User denied access"))
        ),
        (.takeover, .loginCancelled(.takeover)),
        (.interrupted, .loginCancelled(.interrupted))
    ])
    func anOutcomeWithoutACodeEndsTheLoginUnexchanged(outcome: CallbackOutcome, expected: KAuthError) async throws {
        let http = Self.provider()
        let setup = Setup(http: http, listener: Self.answering(outcome))
        defer { setup.home.remove() }
        await #expect(throws: expected) { try await setup.flow(kakao).run(LoginOptions()) }
        #expect(http.requests.isEmpty)
        #expect(try setup.keystore.load().profiles.isEmpty)
    }

    /// After a silence the user hears what usually keeps the redirect away, and the timeout
    /// says it again with the exact redirect URI to register.
    @Test func aLoginThatNeverArrivesSaysWhy() async throws {
        let events = EventRecorder<LoginEvent>()
        let heard: @Sendable () -> Bool = {
            events.events.contains { if case .stillWaiting = $0 { true } else { false } }
        }
        let setup = Setup(
            http: Self.provider(), listener: FakeListener(timeOutOnceHeard: heard) { _, _ in nil }, events: events)
        defer { setup.home.remove() }
        let hint = NoRedirectHint(
            provider: "Kakao", redirectURI: "http://127.0.0.1:52884/callback",
            registration: ProviderType.kakao.help.redirectRegistration, clientIDName: "REST API key")
        await #expect(throws: KAuthError.loginCancelled(.timedOut(seconds: 3, hint: hint))) {
            try await setup.flow(kakao).run(LoginOptions(timeout: .seconds(3)), events: setup.events.record)
        }
        #expect(setup.events.events.contains(.stillWaiting(hint)))
    }

    /// No browser: the paste path opens at once, and a pasted redirect URL finishes the login.
    @Test func withoutABrowserThePastedRedirectLogsIn() async throws {
        let listener = FakeListener { _, _ in nil }
        let pasted = PastedLines(listener: listener)
        let setup = Setup(http: Self.provider(), listener: listener, browserFails: true, input: pasted.next)
        defer { setup.home.remove() }
        let result = try await setup.flow(kakao).run(LoginOptions(), events: setup.events.record)
        #expect(result.session.accessToken == "at")
        let events = setup.events.events
        #expect(events.contains(.browserFailed(.noDisplay)))
        #expect(events.contains(.pastedURLRejected(.notTheRedirect(expectedPath: "/callback"))))
        #expect(
            events.contains {
                if case .pasteExpected(_, "http://127.0.0.1:52884/callback") = $0 { return true } else { return false }
            })
    }

    /// No browser, and an input that is not a terminal and has ended (CI, cron, `</dev/null`):
    /// nothing can bring the redirect, so the login ends at once instead of at the timeout.
    @Test func noBrowserAndAnEndedInputEndAtOnce() async throws {
        let setup = Setup(
            http: Self.provider(), listener: FakeListener { _, _ in nil }, browserFails: true, input: { nil })
        defer { setup.home.remove() }
        let started = ContinuousClock.now
        await #expect(throws: KAuthError.loginCancelled(.noBrowserNoTerminal(deviceGrant: false))) {
            try await setup.flow(kakao).run(LoginOptions(timeout: .seconds(50)), events: setup.events.record)
        }
        #expect(ContinuousClock.now - started < .seconds(20))
    }

    /// A machine where no browser can be started (no display, no opener) is told so before
    /// anything is announced: no "opening the browser", nothing started, the paste path at once.
    @Test func aMachineWithoutABrowserGoesStraightToThePastePath() async throws {
        let listener = FakeListener { _, _ in nil }
        let pasted = PastedLines(listener: listener)
        let started = Counter()
        let browser = Browser(open: { _ in started.increment() }, unavailable: { .noDisplay })
        let setup = Setup(http: Self.provider(), listener: listener, browser: browser, input: pasted.next)
        defer { setup.home.remove() }
        let result = try await setup.flow(kakao).run(LoginOptions(), events: setup.events.record)
        #expect(result.session.accessToken == "at")
        #expect(started.value == 0, "nothing was started")
        #expect(listener.authorizationURLs.isEmpty, "no start link to race for")
        let events = setup.events.events
        #expect(!events.contains { if case .openingBrowser = $0 { return true } else { return false } })
        let failed = try #require(events.firstIndex(of: .browserFailed(.noDisplay)))
        let paste = try #require(
            events.firstIndex { if case .pasteExpected = $0 { return true } else { return false } })
        let waiting = try #require(events.firstIndex { if case .waiting = $0 { return true } else { return false } })
        #expect(failed < paste && paste < waiting)
    }

    /// Whenever `openid` is in the scope, a fresh nonce goes with it — the OIDC default scopes
    /// included — and `iss` is checked against the discovered issuer.
    @Test func anOpenIDLoginAlwaysSendsANonce() async throws {
        let discovery =
            #"{"issuer":"https://id.example.com","authorization_endpoint":"https://id.example.com/authorize","token_endpoint":"https://id.example.com/token","code_challenge_methods_supported":["S256"],"scopes_supported":["openid","profile","email","offline_access"]}"#
        let http = FakeHTTP { _ in FakeHTTP.json(200, discovery) }
        let listener = FakeListener { _, _ in .interrupted }
        let setup = Setup(http: http, listener: listener)
        defer { setup.home.remove() }
        let oidc = try Provider.resolved(
            "oidc", overrides: ProviderOverrides(clientID: "cli", issuer: "https://id.example.com"))
        await #expect(throws: KAuthError.self) { try await setup.flow(oidc).run(LoginOptions()) }
        let url = try #require(listener.authorizationURLs.first)
        let query = FormURLEncoding.decode(String(url.split(separator: "?", maxSplits: 1)[1]))
        #expect(query.first(named: "scope") == "openid profile email")
        #expect(query.first(named: "nonce")?.count == 43)
        #expect(listener.config?.port == 0, "any loopback port (RFC 8252 §7.3)")
        #expect(listener.config?.expectedIssuer == "https://id.example.com")
        #expect(listener.config?.requireIssuer == false, "not announced: checked when present")
    }

    @Test func whatTheProviderCannotDoIsRefusedBeforeAnythingHappens() async throws {
        let setup = Setup(
            http: FakeHTTP { _ in
                Issue.record("no request")
                return FakeHTTP.json(500, "{}")
            }, listener: FakeListener { _, _ in nil })
        defer { setup.home.remove() }
        await #expect(
            throws: KAuthError.unsupported(
                provider: "kakao", .prompt("none", allowed: ["login", "create", "select_account"]))
        ) {
            try await setup.flow(kakao).run(LoginOptions(prompts: ["none"]))
        }
        await #expect(throws: KAuthError.unsupported(provider: "kakao", .deviceGrant(discovered: false))) {
            try await setup.flow(kakao).run(LoginOptions(device: true))
        }
        let snap = Provider(
            name: "snapchat", type: .snapchat, clientID: "s", urls: [.auth: "https://a.test", .api: "https://b.test"])
        await #expect(throws: KAuthError.unsupported(provider: "snapchat", .feature(.serviceTerms))) {
            try await setup.flow(snap).run(
                LoginOptions(extraParameters: [.serviceTerms(["t"])], requiredFeatures: [.serviceTerms]))
        }
    }
}

/// Lines a user pastes: first something that is not the redirect, then the redirect URL of the
/// login the listener was armed for.
final class PastedLines: @unchecked Sendable {
    let listener: FakeListener
    private let lock = NSLock()
    private var count = 0

    init(listener: FakeListener) {
        self.listener = listener
    }

    var next: @Sendable () -> String? {
        { [self] in
            let index = lock.withLock { () -> Int in
                defer { count += 1 }
                return count
            }
            if index == 0 { return "https://example.com/not-it" }
            if index > 1 { return nil }
            let deadline = Date().addingTimeInterval(5)
            while listener.config == nil, Date() < deadline { usleep(1000) }
            let state = listener.config?.expectedState ?? ""
            return "http://127.0.0.1:52884/callback?code=pasted&state=\(state)"
        }
    }
}
