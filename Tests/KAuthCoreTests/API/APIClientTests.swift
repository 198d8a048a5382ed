import Foundation
import KAuthTestSupport
import KakaoAPI
import Testing

@testable import KAuthBasics
@testable import KAuthCore

@Suite struct APIClientTests {
    func client(
        _ http: FakeHTTP, clock: TestClock, recover: @escaping @Sendable (String, String) async throws -> String
    ) -> APIClient {
        let provider = Provider(
            name: "kakao", type: .kakao, clientID: "app",
            urls: [.auth: "http://auth.test", .api: "http://api.test", .sharer: "http://sharer.test"])
        return APIClient(
            http: http.client, clock: clock.clock, provider: provider,
            credentials: BearerCredentials(profile: "default", current: { "at-1" }, recover: recover)
        )
    }

    /// Kakao's profile request, as its provider value writes it.
    func kakaoProfile(propertyKeys: [String] = []) throws -> any APIRequest<JSONValue> {
        try ProviderType.kakao.profile.request(Provider(name: "kakao", type: .kakao), propertyKeys)
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
        let provider = Provider(
            name: "kakao", type: .kakao, clientID: "app", appKey: "app-key",
            urls: [.auth: "http://auth.test", .api: "http://api.test", .sharer: "http://sharer.test"])
        let client = APIClient(
            http: http.client, clock: TestClock().clock, provider: provider,
            credentials: BearerCredentials(
                profile: "default",
                current: {
                    Issue.record("no user token expected")
                    return "x"
                }, recover: { _, _ in "x" })
        )
        _ = try await client.send(AppKeyRequest())
        #expect(http.requests[0].headers.value(for: "Authorization") == "KakaoAK app-key")
        #expect(http.requests[0].form.first(named: "image_url") == "https://example.com/a.png")
    }

    @Test func sendsTheBearerTokenAndQueryParameters() async throws {
        let http = FakeHTTP { _ in FakeHTTP.json(200, #"{"id":1}"#) }
        let result = try await client(http, clock: TestClock(), recover: { _, _ in "unused" }).send(
            try kakaoProfile(propertyKeys: ["kakao_account.email"]))
        #expect(result.value["id"] == .number(1))
        let request = http.requests[0]
        #expect(
            request.url
                == "http://api.test/v2/user/me?secure_resource=true&property_keys=%5B%22kakao_account.email%22%5D")
        #expect(request.headers.value(for: "authorization") == "Bearer at-1")
    }

    @Test func aRejectedTokenIsRefreshedOnceAndTheCallRetried() async throws {
        let http = FakeHTTP { request in
            request.headers.value(for: "Authorization") == "Bearer at-2"
                ? FakeHTTP.json(200, #"{"id":7,"expires_in":100,"app_id":3}"#)
                : FakeHTTP.json(401, #"{"msg":"this access token does not exist","code":-401}"#)
        }
        let result = try await client(
            http, clock: TestClock(),
            recover: { rejected, _ in
                #expect(rejected == "at-1")
                return "at-2"
            }
        ).send(AccessTokenInfoRequest())
        #expect(result.value.id == 7)
        #expect(http.requests.count == 2)
    }

    @Test func aSecondRejectionEndsTheSession() async throws {
        let http = FakeHTTP { _ in FakeHTTP.json(401, #"{"msg":"this access token does not exist","code":-401}"#) }
        await #expect {
            try await client(http, clock: TestClock(), recover: { _, _ in "at-2" }).send(AccessTokenInfoRequest())
        } throws: { error in
            guard case .sessionExpired(_, .rejectedAfterRefresh)? = error as? KAuthError else { return false }
            return true
        }
        #expect(http.requests.count == 2)
    }

    @Test func transientFailuresOfIdempotentCallsAreRetriedWithBackoff() async throws {
        let clock = TestClock()
        let http = FakeHTTP { _ in FakeHTTP.json(503, #"{"msg":"system maintenance","code":-9798}"#) }
        await #expect {
            try await client(http, clock: clock, recover: { _, _ in "x" }).send(AccessTokenInfoRequest())
        } throws: { error in
            guard case .unavailable? = error as? KAuthError else { return false }
            return true
        }
        #expect(http.requests.count == 3)
        #expect(clock.sleeps == [.milliseconds(500), .milliseconds(1000)])
    }

    @Test func eachRetryIsReportedForTheCommandLineToShow() async throws {
        let http = FakeHTTP { _ in FakeHTTP.json(503, #"{"msg":"system maintenance","code":-9798}"#) }
        let retries = EventRecorder<String>()
        var client = client(http, clock: TestClock(), recover: { _, _ in "x" })
        client.onRetry = { attempt, attempts, _ in retries.record("\(attempt)/\(attempts)") }
        await #expect(throws: KAuthError.self) { try await client.send(AccessTokenInfoRequest()) }
        #expect(retries.events == ["2/3", "3/3"])
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
        let http = FakeHTTP { _ in
            FakeHTTP.json(
                403,
                #"{"msg":"insufficient scopes.","code":-402,"api_type":"KAPI","required_scopes":["account_email"]}"#)
        }
        await #expect(throws: KAuthError.consentRequired(scopes: ["account_email"], message: "insufficient scopes.")) {
            try await client(http, clock: TestClock(), recover: { _, _ in "x" }).send(try kakaoProfile())
        }
    }

    @Test func otherErrorsKeepKakaosCodeAndMessage() async throws {
        let http = FakeHTTP { _ in FakeHTTP.json(400, #"{"msg":"NotRegisteredUserException","code":-101}"#) }
        await #expect(throws: KAuthError.api(status: 400, code: -101, message: "NotRegisteredUserException")) {
            try await client(http, clock: TestClock(), recover: { _, _ in "x" }).send(try kakaoProfile())
        }
    }

    @Test func connectionFailuresAreUnavailable() async throws {
        let http = FakeHTTP { request in
            throw HTTPTransportError.connectionFailed(url: request.url, detail: "Connection refused")
        }
        await #expect {
            try await client(http, clock: TestClock(), recover: { _, _ in "x" }).send(AccessTokenInfoRequest())
        } throws: { error in
            guard case KAuthError.unavailable(.unreachable(_, let detail)) = error else { return false }
            return detail == "Connection refused"
        }
        #expect(http.requests.count == 3)
    }

    // MARK: - exchange (kauth api)

    @Test func anExchangeKeepsTheAnswerOfAFailedCallWithWhatItMeans() async throws {
        let http = FakeHTTP { _ in
            FakeHTTP.json(403, #"{"msg":"insufficient scopes.","code":-402,"required_scopes":["friends"]}"#)
        }
        let exchange = try await client(http, clock: TestClock(), recover: { _, _ in "x" }).exchange(
            APICall(method: "GET", host: .api, path: "/v1/api/talk/friends"))
        #expect(exchange.response.status == 403)
        #expect(String(decoding: exchange.response.body, as: UTF8.self).contains("required_scopes"))
        #expect(exchange.failure == .consentRequired(scopes: ["friends"], message: "insufficient scopes."))
        #expect(exchange.url == "http://api.test/v1/api/talk/friends")
    }

    @Test func anExchangeRefreshesAndRetriesAndKeepsTheLastAnswerAfterRetries() async throws {
        let http = FakeHTTP { request in
            request.headers.value(for: "Authorization") == "Bearer at-2"
                ? FakeHTTP.json(503, #"{"msg":"system maintenance","code":-9798}"#)
                : FakeHTTP.json(401, #"{"msg":"this access token does not exist","code":-401}"#)
        }
        let exchange = try await client(http, clock: TestClock(), recover: { _, _ in "at-2" }).exchange(
            APICall(method: "GET", host: .api, path: "/v2/user/me"))
        #expect(http.requests.count == 4, "one rejected, then three attempts on a transient failure")
        guard case .unavailable? = exchange.failure else {
            Issue.record("\(String(describing: exchange.failure)) is not unavailable")
            return
        }
        #expect(String(decoding: exchange.response.body, as: UTF8.self).contains("maintenance"))
    }

    @Test func callerHeadersNeverReplaceTheToken() async throws {
        let http = FakeHTTP { _ in FakeHTTP.json(200, "{}") }
        var call = APICall(method: "POST", host: .api, path: "/x")
        call.extraHeaders = [
            HTTPHeader("Authorization", "Bearer stolen"), HTTPHeader("Accept", "text/plain"), HTTPHeader("X-A", "1")
        ]
        call.rawBody = ("application/json", Data("{}".utf8))
        _ = try await client(http, clock: TestClock(), recover: { _, _ in "x" }).exchange(call)
        let headers = http.requests[0].headers
        #expect(headers.filter { $0.name.lowercased() == "authorization" }.map(\.value) == ["Bearer at-1"])
        #expect(headers.filter { $0.name.lowercased() == "accept" }.map(\.value) == ["text/plain"])
        #expect(headers.value(for: "Content-Type") == "application/json" && headers.value(for: "X-A") == "1")
    }
}
