import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Kakao's app-guest token (AGT), as its SDKs get it (`AuthApi.agt()`): `POST {auth}/api/agt`
/// with form `client_id` and `access_token` answers `{"agt": "…"}`. The AGT opens Kakao's
/// account pages (the shipping-address picker) as the user, once, for a few minutes: a
/// credential like the token it came from. It is never printed, and `Redaction` masks it in
/// traces.
enum AgentToken {
    static let path = "/api/agt"

    /// A fresh AGT for the user of `client`'s token. A token the endpoint rejects (401 other than
    /// `invalid_client`) is recovered once through the client's credentials, as API calls are.
    /// Not retried otherwise: each answer is a new credential.
    static func issue(client: APIClient) async throws -> String {
        let provider = client.provider
        let clientID = try provider.requireClientID()
        let url = try provider.url(.auth) + path
        var token = try await client.credentials.current()
        var recovered = false
        while true {
            let response = try await client.http.perform(
                .form(
                    url, [("client_id", clientID), ("access_token", token)],
                    headers: [HTTPHeader("Accept", "application/json")]))
            if (200..<300).contains(response.status) {
                guard let body = try? JSONDecoder().decode(Body.self, from: response.body), let agt = body.agt,
                    !agt.isEmpty
                else {
                    throw KAuthError.addressPicker(.noAgentToken(path: path, status: response.status))
                }
                return agt
            }
            let failure = OAuthErrorResponse.decode(response.body)
            if response.status == 401, failure?.error != "invalid_client" {
                let message =
                    failure.map {
                        [$0.error, $0.errorDescription, $0.errorCode].compactMap { $0 }.joined(separator: ", ")
                    }
                    ?? "HTTP 401"
                guard !recovered else {
                    throw await client.credentials.rejectedAfterRefresh(token, message: message)
                }
                recovered = true
                token = try await client.credentials.recover(token, message)
                continue
            }
            if let failure {
                if response.status >= 500 || failure.isTemporary(for: provider.type) {
                    throw KAuthError.unavailable(
                        .temporaryError(.api(path: path), status: response.status, error: failure.error))
                }
                throw KAuthError.oauth(failure.failure(provider: provider))
            }
            if response.status >= 500 {
                throw KAuthError.unavailable(.serverError(.api(path: path), status: response.status))
            }
            throw KAuthError.addressPicker(.agentTokenUnreadable(path: path, status: response.status))
        }
    }

    private struct Body: Decodable {
        var agt: String?
    }
}
