#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// RFC 8628: the device authorization grant, for machines where no browser can reach the
/// loopback listener.
package struct DeviceAuthorization: Decodable, Sendable, Equatable {
    package var deviceCode: String
    package var userCode: String
    package var verificationURI: String
    package var verificationURIComplete: String?
    package var expiresIn: Int
    /// Seconds between polls (default 5, §3.2).
    package var interval: Int?

    enum CodingKeys: String, CodingKey {
        case deviceCode = "device_code"
        case userCode = "user_code"
        case verificationURI = "verification_uri"
        case verificationURIComplete = "verification_uri_complete"
        case expiresIn = "expires_in"
        case interval
    }

    /// §3.1–3.2: `client_id` and `scope` to the device authorization endpoint.
    package static func start(endpoint: String, provider: ResolvedProvider, scopes: [String], http: HTTPClient) async throws -> DeviceAuthorization {
        var pairs = [("client_id", try provider.requireClientID())]
        if !scopes.isEmpty { pairs.append(("scope", scopes.joined(separator: " "))) }
        if let secret = provider.clientSecret { pairs.append(("client_secret", secret)) }
        let response = try await http.perform(.form(endpoint, pairs, headers: [HTTPHeader("Accept", "application/json")]))
        guard response.status == 200, let authorization = try? JSONDecoder().decode(DeviceAuthorization.self, from: response.body) else {
            if let failure = try? JSONDecoder().decode(OAuthErrorResponse.self, from: response.body) {
                throw KAuthError.oauth(error: failure.error, description: failure.errorDescription, providerCode: failure.errorCode)
            }
            if response.status >= 500 { throw KAuthError.unavailable("device authorization answered HTTP \(response.status)") }
            throw KAuthError.invalidResponse("device authorization answered HTTP \(response.status) without a device code")
        }
        return authorization
    }

    /// §3.4–3.5: poll until tokens, a denial or expiry; `slow_down` adds 5 s to the interval for
    /// good.
    package static func poll(
        _ authorization: DeviceAuthorization, provider: ResolvedProvider, http: HTTPClient, clock: Clock, lifetime: Duration
    ) async throws -> TokenResponse {
        let endpoint = TokenEndpoint(http: http, provider: provider)
        var interval = max(1, authorization.interval ?? 5)
        let deadline = clock.now().addingTimeInterval(TimeInterval(lifetime.components.seconds))
        while clock.now() < deadline {
            try await clock.sleep(.seconds(interval))
            do {
                return try await endpoint.pollDevice(deviceCode: authorization.deviceCode)
            } catch KAuthError.oauth(error: "authorization_pending", _, _) {
                continue
            } catch KAuthError.oauth(error: "slow_down", _, _) {
                interval += 5
            } catch KAuthError.oauth(error: "access_denied", _, _) {
                throw KAuthError.loginCancelled("the login was denied at \(provider.name) (access_denied); run `kauth login --device` to try again")
            } catch KAuthError.oauth(error: "expired_token", _, _) {
                throw KAuthError.loginCancelled("the device code expired before the login was approved; run `kauth login --device` again")
            }
        }
        throw KAuthError.loginCancelled("no approval arrived within \(lifetime.components.seconds) s; run `kauth login --device` again")
    }
}
