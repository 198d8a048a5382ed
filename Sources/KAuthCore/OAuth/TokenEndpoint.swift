#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The token endpoint (RFC 6749 §4.1.3 and §6; Kakao §3): code exchange and refresh.
package struct TokenEndpoint: Sendable {
    package var http: HTTPClient
    package var provider: ResolvedProvider

    package init(http: HTTPClient, provider: ResolvedProvider) {
        self.http = http
        self.provider = provider
    }

    func url() throws -> String { try provider.requireEndpoints().token }

    /// Exchanges an authorization code; `redirect_uri` must be the one sent to `/oauth/authorize`.
    package func exchange(code: String, redirectURI: String, codeVerifier: String?) async throws -> TokenResponse {
        var pairs = [
            ("grant_type", "authorization_code"),
            ("client_id", try provider.requireClientID()),
            ("redirect_uri", redirectURI),
            ("code", code),
        ]
        if let codeVerifier { pairs.append(("code_verifier", codeVerifier)) }
        if let secret = provider.clientSecret { pairs.append(("client_secret", secret)) }
        return try await post(pairs)
    }

    /// Refreshes. The response carries `refresh_token` only when the provider rotated it.
    package func refresh(refreshToken: String) async throws -> TokenResponse {
        var pairs = [
            ("grant_type", "refresh_token"),
            ("client_id", try provider.requireClientID()),
            ("refresh_token", refreshToken),
        ]
        if let secret = provider.clientSecret { pairs.append(("client_secret", secret)) }
        return try await post(pairs)
    }

    /// RFC 8628 §3.4: one poll of the device grant. `authorization_pending` and `slow_down` come
    /// back as `KAuthError.oauth` for the caller's loop.
    package func pollDevice(deviceCode: String) async throws -> TokenResponse {
        var pairs = [
            ("grant_type", "urn:ietf:params:oauth:grant-type:device_code"),
            ("device_code", deviceCode),
            ("client_id", try provider.requireClientID()),
        ]
        if let secret = provider.clientSecret { pairs.append(("client_secret", secret)) }
        return try await post(pairs)
    }

    /// Not retried: a lost answer to a refresh may already have rotated the refresh token.
    private func post(_ pairs: [(String, String)]) async throws -> TokenResponse {
        let response = try await http.perform(.form(try url(), pairs, headers: [HTTPHeader("Accept", "application/json")]))
        if (200..<300).contains(response.status) {
            do {
                return try JSONDecoder().decode(TokenResponse.self, from: response.body)
            } catch {
                throw KAuthError.invalidResponse("the token endpoint answered \(response.status) without an access token")
            }
        }
        if let failure = try? JSONDecoder().decode(OAuthErrorResponse.self, from: response.body) {
            if response.status >= 500 || failure.error == "server_error" || failure.error == "temporarily_unavailable" || failure.errorCode == "KOE003" {
                throw KAuthError.unavailable("the token endpoint is unavailable (HTTP \(response.status), \(failure.error))")
            }
            throw KAuthError.oauth(error: failure.error, description: failure.errorDescription, providerCode: failure.errorCode)
        }
        if response.status >= 500 {
            throw KAuthError.unavailable("the token endpoint answered HTTP \(response.status)")
        }
        throw KAuthError.invalidResponse("the token endpoint answered HTTP \(response.status) without an OAuth error")
    }
}
