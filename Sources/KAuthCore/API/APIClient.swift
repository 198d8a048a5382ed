#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where an API call gets its bearer token, and how it recovers from a rejected one.
package struct BearerCredentials: Sendable {
    /// The profile the token belongs to, for messages.
    package var profile: String
    /// A token believed valid (may refresh first).
    package var current: @Sendable () async throws -> String
    /// Called once when the API rejected `token` with -401: returns a new token (refreshing
    /// unless another process already did), or throws when the session cannot recover.
    package var recover: @Sendable (_ rejected: String, _ message: String) async throws -> String

    package init(
        profile: String,
        current: @escaping @Sendable () async throws -> String,
        recover: @escaping @Sendable (String, String) async throws -> String
    ) {
        self.profile = profile
        self.current = current
        self.recover = recover
    }
}

/// Sends `APIRequest`s with the user's token (or the app key): one refresh and one retry when the
/// token is rejected (as Kakao's SDK `AuthRequestRetrier` does on -401), retries with backoff on
/// transient failures of idempotent calls, and errors mapped by the provider's `apiError`.
package struct APIClient: Sendable {
    package var http: HTTPClient
    package var clock: Clock
    package var provider: Provider
    package var credentials: BearerCredentials
    /// Attempts for idempotent calls on transient failures (first try included).
    package var attempts = 3
    /// Delay before the second attempt; doubled for each one after.
    package var backoff: Duration = .milliseconds(500)
    /// Hears of each retry (the attempt about to be made, of how many, and why), for a command
    /// line that wants to show the wait is alive.
    package var onRetry: (@Sendable (_ attempt: Int, _ of: Int, _ reason: KAuthError) -> Void)?

    package init(http: HTTPClient, clock: Clock, provider: Provider, credentials: BearerCredentials) {
        self.http = http.trusting(provider.tls)
        self.clock = clock
        self.provider = provider
        self.credentials = credentials
    }

    package func send<R: APIRequest>(_ request: R) async throws -> APIResult<R.Response> {
        if request.authorization == .appKey {
            guard let key = provider.appKey else { throw KAuthError.missingSetting(.appKey, provider: provider.name) }
            do {
                return try await sendRetrying(request, authorization: "KakaoAK \(key)")
            } catch let rejection as TokenRejected {
                throw KAuthError.appKeyRejected(provider: provider.name, message: rejection.message)
            }
        }
        var token = try await credentials.current()
        var recovered = false
        while true {
            do {
                return try await sendRetrying(request, authorization: "Bearer \(token)")
            } catch let rejection as TokenRejected {
                if recovered {
                    throw KAuthError.sessionExpired(profile: credentials.profile, reason: .rejectedAfterRefresh(message: rejection.message))
                }
                recovered = true
                token = try await credentials.recover(token, rejection.message)
            }
        }
    }

    private func sendRetrying<R: APIRequest>(_ request: R, authorization: String) async throws -> APIResult<R.Response> {
        var attempt = 1
        while true {
            do {
                return try await sendOnce(request, authorization: authorization)
            } catch let error as KAuthError {
                guard case .unavailable = error, request.isIdempotent, attempt < attempts else { throw error }
                try await clock.sleep(backoff * (1 << (attempt - 1)))
                attempt += 1
                onRetry?(attempt, attempts, error)
            }
        }
    }

    private func sendOnce<R: APIRequest>(_ request: R, authorization: String) async throws -> APIResult<R.Response> {
        let base = request.isAbsolute ? "" : try provider.url(request.host)
        let headers = [HTTPHeader("Authorization", authorization), HTTPHeader("Accept", "application/json")]
        let httpRequest: HTTPRequest
        if let raw = request.rawBody {
            let query = request.parameters.isEmpty ? "" : "?" + FormURLEncoding.encode(request.parameters)
            httpRequest = HTTPRequest(
                method: request.method, url: base + request.path + query,
                headers: headers + [HTTPHeader("Content-Type", raw.contentType)], body: raw.data
            )
        } else if request.method == "GET" || request.method == "DELETE" {
            let query = request.parameters.isEmpty ? "" : "?" + FormURLEncoding.encode(request.parameters)
            httpRequest = HTTPRequest(method: request.method, url: base + request.path + query, headers: headers)
        } else {
            var form = HTTPRequest.form(base + request.path, request.parameters, headers: headers)
            form.method = request.method
            httpRequest = form
        }
        let response = try await http.perform(httpRequest)
        if (200..<300).contains(response.status) {
            do {
                let value = try JSONDecoder().decode(R.Response.self, from: response.body.isEmpty ? Data("{}".utf8) : response.body)
                return APIResult(value: value, body: response.body)
            } catch {
                throw KAuthError.invalidResponse("\(request.method) \(request.path) answered \(response.status) with a body that is not the expected JSON")
            }
        }
        throw provider.type.apiError(response, request.path)
    }
}

/// The API rejected the bearer token (Kakao -401, HTTP 401); the client refreshes once and retries.
package struct TokenRejected: Error {
    var message: String
}
