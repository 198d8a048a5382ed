import Foundation
import KAuthTestSupport
import Testing

@testable import KAuthCore

@Suite struct DeviceGrantTests {
    func provider() throws -> Provider {
        var provider = try Provider.resolved(
            "oidc", overrides: ProviderOverrides(clientID: "cli", issuer: "https://id.example.com"))
        provider.endpoints = ProviderEndpoints(
            issuer: "https://id.example.com", authorization: "https://id.example.com/a",
            token: "https://id.example.com/token", deviceAuthorization: "https://id.example.com/device")
        return provider
    }

    let authorization = DeviceAuthorization(
        deviceCode: "dc", userCode: "ABCD-EFGH", verificationURI: "https://id.example.com/device",
        verificationURIComplete: nil, expiresIn: 600, interval: 2)

    @Test func pollsAtTheIntervalSlowsDownAndReturnsTheTokens() async throws {
        let answers = Counter()
        let http = FakeHTTP { request in
            #expect(request.form.first(named: "grant_type") == "urn:ietf:params:oauth:grant-type:device_code")
            #expect(request.form.first(named: "device_code") == "dc")
            answers.increment()
            switch answers.value - 1 {
            case 0: return FakeHTTP.json(400, #"{"error":"authorization_pending"}"#)
            case 1: return FakeHTTP.json(400, #"{"error":"slow_down"}"#)
            case 2: return FakeHTTP.json(400, #"{"error":"authorization_pending"}"#)
            default: return FakeHTTP.json(200, #"{"access_token":"at","token_type":"Bearer","expires_in":3600}"#)
            }
        }
        let clock = TestClock()
        let tokens = try await DeviceAuthorization.poll(
            authorization, provider: try provider(), world: .test(http: http.client, clock: clock.clock),
            lifetime: .seconds(600))
        #expect(tokens.accessToken == "at")
        #expect(clock.sleeps == [.seconds(2), .seconds(2), .seconds(7), .seconds(7)])
    }

    @Test(arguments: ["access_denied", "expired_token"])
    func deniedOrExpiredEndsTheLoginAsCancelled(error: String) async throws {
        let http = FakeHTTP { _ in FakeHTTP.json(400, #"{"error":"\#(error)"}"#) }
        await #expect {
            try await DeviceAuthorization.poll(
                authorization, provider: try provider(), world: .test(http: http.client, clock: TestClock().clock),
                lifetime: .seconds(600))
        } throws: { thrown in
            guard case .loginCancelled(let end)? = thrown as? KAuthError else { return false }
            return end == (error == "access_denied" ? .deviceDenied(provider: "id.example.com") : .deviceExpired)
        }
    }

    @Test func startsWithTheClientIdAndScope() async throws {
        let http = FakeHTTP { _ in
            FakeHTTP.json(
                200,
                #"{"device_code":"dc","user_code":"ABCD-EFGH","verification_uri":"https://id.example.com/device","expires_in":600}"#
            )
        }
        let started = try await DeviceAuthorization.start(
            endpoint: "https://id.example.com/device", provider: try provider(), scopes: ["openid", "email"],
            world: .test(http: http.client))
        #expect(started.userCode == "ABCD-EFGH" && started.interval == nil)
        #expect(http.requests[0].form.first(named: "client_id") == "cli")
        #expect(http.requests[0].form.first(named: "scope") == "openid email")
    }

    // MARK: - A provider's answer is not trusted

    @Test func hostileNumbersAreBoundedAndTheTimeoutWins() async throws {
        let body =
            #"{"device_code":"dc","user_code":"U","verification_uri":"https://id.example.com/device","verification_uri_complete":"file:///etc/passwd","expires_in":1e300,"interval":9223372036854775807}"#
        let started = try JSONDecoder().decode(DeviceAuthorization.self, from: Data(body.utf8))
        #expect(started.expiresIn == 86_400)
        #expect(started.safeVerificationURIComplete == nil, "file:// is never opened or shown")
        #expect(started.safeVerificationURI == "https://id.example.com/device")
        let http = FakeHTTP { _ in FakeHTTP.json(400, #"{"error":"slow_down"}"#) }
        let clock = TestClock()
        await #expect(throws: KAuthError.loginCancelled(.deviceTimedOut(seconds: 90))) {
            try await DeviceAuthorization.poll(
                started, provider: try provider(), world: .test(http: http.client, clock: clock.clock),
                lifetime: .seconds(90))
        }
        #expect(clock.sleeps.allSatisfy { $0 <= .seconds(60) }, "the interval is clamped")
        #expect(clock.sleeps.reduce(.zero, +) <= .seconds(90), "the wait never outlasts --timeout")
    }

    @Test(arguments: ["file:///etc/passwd", "smb://host/share", "http://id.example.com/device", "javascript:alert(1)"])
    func aVerificationURIThatIsNotHTTPSIsRefused(uri: String) async throws {
        let http = FakeHTTP { _ in
            FakeHTTP.json(200, #"{"device_code":"dc","user_code":"U","verification_uri":"\#(uri)","expires_in":600}"#)
        }
        await #expect(throws: KAuthError.self) {
            try await DeviceAuthorization.start(
                endpoint: "https://id.example.com/device", provider: try provider(), scopes: [],
                world: .test(http: http.client))
        }
    }
}
