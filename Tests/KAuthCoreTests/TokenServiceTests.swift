import Foundation
import Testing
@testable import KAuthCore
import KAuthTestSupport

/// The token lifecycle over a real keystore in a temporary folder and a scripted token endpoint.
@Suite struct TokenServiceTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    func provider() -> ResolvedProvider {
        ResolvedProvider(
            name: "kakao", kind: .kakao, clientID: "app", clientSecret: nil, appKey: nil, authBaseURL: "http://auth.test",
            apiBaseURL: "http://api.test", sharerBaseURL: "http://sharer.test", redirectURI: nil, port: nil, scopes: []
        )
    }

    func service(_ home: TemporaryDirectory, http: FakeHTTP, clock: TestClock, environment: [String: String] = [:]) -> TokenService {
        let world = World.test(http: http.client, clock: clock.clock, environment: environment)
        let keystore = FileKeystore(directory: home.path, fileSystem: .live, passphrase: nil, random: .seeded(3), kdfIterations: 1)
        let provider = provider()
        return TokenService(world: world, keystore: keystore, profile: "default") { _ in provider }
    }

    func store(_ service: TokenService, expiresIn: TimeInterval, refreshToken: String? = "rt-1") async throws {
        let session = StoredSession(
            provider: "kakao", clientID: "app", accessToken: "at-1", accessTokenExpiresAt: start.addingTimeInterval(expiresIn),
            refreshToken: refreshToken, refreshTokenExpiresAt: start.addingTimeInterval(50 * 86_400),
            scopes: ["profile_nickname"], createdAt: start, updatedAt: start
        )
        try await service.keystore.update { $0.profiles["default"] = session }
    }

    @Test func aValidTokenIsReturnedWithoutAnyRequest() async throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let http = FakeHTTP { _ in Issue.record("no request expected"); return FakeHTTP.json(500, "{}") }
        let tokens = service(home, http: http, clock: TestClock(start))
        try await store(tokens, expiresIn: 3600)
        #expect(try await tokens.validSession().accessToken == "at-1")
    }

    @Test func aTokenExpiringWithinTheMinimumIsRefreshedAndTheOldRefreshTokenKept() async throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let http = FakeHTTP { _ in FakeHTTP.json(200, #"{"token_type":"bearer","access_token":"at-2","expires_in":21599}"#) }
        let tokens = service(home, http: http, clock: TestClock(start))
        try await store(tokens, expiresIn: 59)
        let session = try await tokens.validSession(minValid: 60)
        #expect(session.accessToken == "at-2")
        #expect(session.refreshToken == "rt-1")
        let form = http.requests[0].form
        #expect(http.requests[0].url == "http://auth.test/oauth/token")
        #expect(form.first(named: "grant_type") == "refresh_token")
        #expect(form.first(named: "refresh_token") == "rt-1")
        #expect(form.first(named: "client_id") == "app")
        #expect(try tokens.storedSession()?.accessToken == "at-2")
    }

    @Test func aRotatedRefreshTokenIsStored() async throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let http = FakeHTTP { _ in
            FakeHTTP.json(200, #"{"token_type":"bearer","access_token":"at-2","expires_in":21599,"refresh_token":"rt-2","refresh_token_expires_in":5183999}"#)
        }
        let tokens = service(home, http: http, clock: TestClock(start))
        try await store(tokens, expiresIn: 10)
        _ = try await tokens.forceRefresh()
        let stored = try #require(try tokens.storedSession())
        #expect(stored.refreshToken == "rt-2")
        #expect(stored.refreshTokenExpiresAt == start.addingTimeInterval(5_183_999))
    }

    @Test func invalidGrantEndsTheSessionWithoutDeletingIt() async throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let http = FakeHTTP { _ in FakeHTTP.json(400, #"{"error":"invalid_grant","error_description":"expired_or_invalid_refresh_token","error_code":"KOE322"}"#) }
        let tokens = service(home, http: http, clock: TestClock(start))
        try await store(tokens, expiresIn: 10)
        await #expect {
            try await tokens.validSession()
        } throws: { error in
            guard case KAuthError.sessionExpired(let profile, let reason) = error else { return false }
            return profile == "default" && reason.contains("KOE322")
        }
        #expect(try tokens.storedSession()?.refreshToken == "rt-1")
        #expect(http.requests.count == 1)
    }

    @Test func aTokenReplacedByAnotherProcessIsUsedInsteadOfRefreshing() async throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let http = FakeHTTP { _ in Issue.record("no refresh expected"); return FakeHTTP.json(500, "{}") }
        let tokens = service(home, http: http, clock: TestClock(start))
        try await store(tokens, expiresIn: 3600)
        #expect(try await tokens.recover(rejected: "an-older-token").accessToken == "at-1")
    }

    @Test func withoutAStoredLoginItIsNotLoggedIn() async throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let tokens = service(home, http: FakeHTTP { _ in FakeHTTP.json(500, "{}") }, clock: TestClock(start))
        await #expect(throws: KAuthError.notLoggedIn(profile: "default")) { try await tokens.validSession() }
    }

    @Test func aRefreshTokenFromTheEnvironmentBootstrapsAndStoresASession() async throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let http = FakeHTTP { _ in FakeHTTP.json(200, #"{"token_type":"bearer","access_token":"at-env","expires_in":21599}"#) }
        let tokens = service(home, http: http, clock: TestClock(start), environment: ["KAUTH_REFRESH_TOKEN": "rt-env"])
        #expect(try await tokens.validSession().accessToken == "at-env")
        #expect(http.requests[0].form.first(named: "refresh_token") == "rt-env")
        let stored = try #require(try tokens.storedSession())
        #expect(stored.refreshToken == "rt-env")
        #expect(try await tokens.validSession().accessToken == "at-env")
        #expect(http.requests.count == 1)
    }

    @Test func anExpiredRefreshTokenIsNotSent() async throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let clock = TestClock(start)
        let tokens = service(home, http: FakeHTTP { _ in Issue.record("no request expected"); return FakeHTTP.json(500, "{}") }, clock: clock)
        try await store(tokens, expiresIn: 10)
        clock.advance(by: 51 * 86_400)
        await #expect(throws: KAuthError.self) { try await tokens.validSession() }
    }
}

@Suite struct APIClientTests {
    func client(_ http: FakeHTTP, clock: TestClock, recover: @escaping @Sendable (String, String) async throws -> String) -> APIClient {
        let provider = ResolvedProvider(
            name: "kakao", kind: .kakao, clientID: "app", clientSecret: nil, appKey: nil, authBaseURL: "http://auth.test",
            apiBaseURL: "http://api.test", sharerBaseURL: "http://sharer.test", redirectURI: nil, port: nil, scopes: []
        )
        return APIClient(
            http: http.client, clock: clock.clock, provider: provider,
            credentials: BearerCredentials(profile: "default", current: { "at-1" }, recover: recover)
        )
    }

    struct AppKeyRequest: APIRequest {
        typealias Response = JSONValue
        var method: String { "POST" }
        var path: String { "/v2/api/talk/message/image/scrap" }
        var authorization: APIAuthorization { .appKey }
        var parameters: [(String, String)] { [("image_url", "https://example.com/a.png")] }
    }

    @Test func appKeyRequestsUseKakaoAKAndNeverTheUserToken() async throws {
        let http = FakeHTTP { _ in FakeHTTP.json(200, "{}") }
        let provider = ResolvedProvider(
            name: "kakao", kind: .kakao, clientID: "app", clientSecret: nil, appKey: "app-key", authBaseURL: "http://auth.test",
            apiBaseURL: "http://api.test", sharerBaseURL: "http://sharer.test", redirectURI: nil, port: nil, scopes: []
        )
        let client = APIClient(
            http: http.client, clock: TestClock().clock, provider: provider,
            credentials: BearerCredentials(profile: "default", current: { Issue.record("no user token expected"); return "x" }, recover: { _, _ in "x" })
        )
        _ = try await client.send(AppKeyRequest())
        #expect(http.requests[0].headers.value(for: "Authorization") == "KakaoAK app-key")
        #expect(http.requests[0].form.first(named: "image_url") == "https://example.com/a.png")
    }

    @Test func sendsTheBearerTokenAndQueryParameters() async throws {
        let http = FakeHTTP { _ in FakeHTTP.json(200, #"{"id":1}"#) }
        let result = try await client(http, clock: TestClock(), recover: { _, _ in "unused" }).send(UserMeRequest(propertyKeys: ["kakao_account.email"]))
        #expect(result.value["id"] == .number(1))
        let request = http.requests[0]
        #expect(request.url == "http://api.test/v2/user/me?secure_resource=true&property_keys=%5B%22kakao_account.email%22%5D")
        #expect(request.headers.value(for: "authorization") == "Bearer at-1")
    }

    @Test func aRejectedTokenIsRefreshedOnceAndTheCallRetried() async throws {
        let http = FakeHTTP { request in
            request.headers.value(for: "Authorization") == "Bearer at-2"
                ? FakeHTTP.json(200, #"{"id":7,"expires_in":100,"app_id":3}"#)
                : FakeHTTP.json(401, #"{"msg":"this access token does not exist","code":-401}"#)
        }
        let result = try await client(http, clock: TestClock(), recover: { rejected, _ in
            #expect(rejected == "at-1")
            return "at-2"
        }).send(AccessTokenInfoRequest())
        #expect(result.value.id == 7)
        #expect(http.requests.count == 2)
    }

    @Test func aSecondRejectionEndsTheSession() async throws {
        let http = FakeHTTP { _ in FakeHTTP.json(401, #"{"msg":"this access token does not exist","code":-401}"#) }
        await #expect {
            try await client(http, clock: TestClock(), recover: { _, _ in "at-2" }).send(AccessTokenInfoRequest())
        } throws: { error in
            (error as? KAuthError)?.exitCode == 3
        }
        #expect(http.requests.count == 2)
    }

    @Test func transientFailuresOfIdempotentCallsAreRetriedWithBackoff() async throws {
        let clock = TestClock()
        let http = FakeHTTP { _ in FakeHTTP.json(503, #"{"msg":"system maintenance","code":-9798}"#) }
        await #expect {
            try await client(http, clock: clock, recover: { _, _ in "x" }).send(AccessTokenInfoRequest())
        } throws: { error in
            (error as? KAuthError)?.exitCode == 5
        }
        #expect(http.requests.count == 3)
        #expect(clock.sleeps == [.milliseconds(500), .milliseconds(1000)])
    }

    @Test func nonIdempotentCallsAreNotRetried() async throws {
        let http = FakeHTTP { _ in FakeHTTP.json(500, #"{"msg":"internal error","code":-1}"#) }
        await #expect(throws: KAuthError.self) {
            try await client(http, clock: TestClock(), recover: { _, _ in "x" }).send(UnlinkRequest())
        }
        #expect(http.requests.count == 1)
        #expect(http.requests[0].method == "POST")
    }

    @Test func insufficientScopeCarriesTheRequiredScopes() async throws {
        let http = FakeHTTP { _ in FakeHTTP.json(403, #"{"msg":"insufficient scopes.","code":-402,"api_type":"KAPI","required_scopes":["account_email"]}"#) }
        await #expect(throws: KAuthError.consentRequired(scopes: ["account_email"], message: "insufficient scopes.")) {
            try await client(http, clock: TestClock(), recover: { _, _ in "x" }).send(UserMeRequest())
        }
    }

    @Test func otherErrorsKeepKakaosCodeAndMessage() async throws {
        let http = FakeHTTP { _ in FakeHTTP.json(400, #"{"msg":"NotRegisteredUserException","code":-101}"#) }
        await #expect(throws: KAuthError.api(status: 400, code: -101, message: "NotRegisteredUserException")) {
            try await client(http, clock: TestClock(), recover: { _, _ in "x" }).send(UserMeRequest())
        }
    }

    @Test func connectionFailuresAreUnavailable() async throws {
        let http = FakeHTTP { request in throw HTTPTransportError.connectionFailed(url: request.url, detail: "Connection refused") }
        await #expect {
            try await client(http, clock: TestClock(), recover: { _, _ in "x" }).send(AccessTokenInfoRequest())
        } throws: { error in
            guard case KAuthError.unavailable(let text) = error else { return false }
            return text.contains("Connection refused")
        }
        #expect(http.requests.count == 3)
    }
}

@Suite struct LoopbackCallbackListenerTests {
    @Test func wrongStateIsRefusedAndTheRightCallbackStillEndsTheWait() async throws {
        let notices = TerminalRecorder()
        let listener = try Listener.live.start(CallbackListenerConfig(port: 0, path: "/callback", expectedState: "s1"), { notices.terminal.writeErr($0) })
        defer { listener.close() }
        #expect(RawSocketClient.exchange(port: listener.port, "GET /favicon.ico HTTP/1.1\r\n\r\n").hasPrefix("HTTP/1.1 404 "))
        #expect(RawSocketClient.exchange(port: listener.port, "GET /callback?code=evil&state=s2 HTTP/1.1\r\n\r\n").hasPrefix("HTTP/1.1 400 "))
        #expect(notices.err.contains("wrong state"))
        #expect(RawSocketClient.exchange(port: listener.port, "GET /callback?code=good&state=s1 HTTP/1.1\r\n\r\n").hasPrefix("HTTP/1.1 200 "))
        #expect(await listener.wait(.seconds(5)) == .code("good"))
        #expect(RawSocketClient.exchange(port: listener.port, "GET /callback?code=again&state=s1 HTTP/1.1\r\n\r\n").hasPrefix("HTTP/1.1 409 "))
    }

    @Test func waitingEndsAtTheTimeout() async throws {
        let listener = try Listener.live.start(CallbackListenerConfig(port: 0, path: "/callback", expectedState: "s"), { _ in })
        defer { listener.close() }
        #expect(await listener.wait(.milliseconds(100)) == .timedOut)
    }

    @Test func aDeliveredPasteEndsTheWait() async throws {
        let listener = try Listener.live.start(CallbackListenerConfig(port: 0, path: "/callback", expectedState: "s"), { _ in })
        defer { listener.close() }
        listener.deliver(.code("pasted"))
        #expect(await listener.wait(.seconds(5)) == .code("pasted"))
    }
}
