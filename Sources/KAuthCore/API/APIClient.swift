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

/// Sends `APIRequest`s with the user's token (or the app key): one refresh and one retry on -401
/// (as Kakao's SDK `AuthRequestRetrier`), retries with backoff on transient failures of idempotent
/// calls, and errors mapped by `Kakao.apiError` (other providers' plain 401s map the same way).
package struct APIClient: Sendable {
    package var http: HTTPClient
    package var clock: Clock
    package var provider: ResolvedProvider
    package var credentials: BearerCredentials
    /// Attempts for idempotent calls on transient failures (first try included).
    package var attempts = 3
    /// Delay before the second attempt; doubled for each one after.
    package var backoff: Duration = .milliseconds(500)

    package init(http: HTTPClient, clock: Clock, provider: ResolvedProvider, credentials: BearerCredentials) {
        self.http = http
        self.clock = clock
        self.provider = provider
        self.credentials = credentials
    }

    package func send<R: APIRequest>(_ request: R) async throws -> APIResult<R.Response> {
        if request.authorization == .appKey {
            guard let key = provider.appKey else {
                throw KAuthError.usage("no app key for provider '\(provider.name)'; set KAUTH_APP_KEY, KAUTH_CLIENT_ID or `kauth config set provider.\(provider.name).app_key KEY`")
            }
            do {
                return try await sendRetrying(request, authorization: "KakaoAK \(key)")
            } catch let rejection as TokenRejected {
                throw KAuthError.api(status: 401, code: -401, message: "the app key was rejected (\(rejection.message)); check KAUTH_APP_KEY")
            }
        }
        var token = try await credentials.current()
        var recovered = false
        while true {
            do {
                return try await sendRetrying(request, authorization: "Bearer \(token)")
            } catch let rejection as TokenRejected {
                if recovered {
                    throw KAuthError.sessionExpired(profile: credentials.profile, reason: "the API still rejects the refreshed token (\(rejection.message))")
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
            }
        }
    }

    private func sendOnce<R: APIRequest>(_ request: R, authorization: String) async throws -> APIResult<R.Response> {
        let base = request.isAbsolute ? "" : request.host == .auth ? provider.authBaseURL : provider.apiBaseURL
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
                throw KAuthError.invalidResponse("\(request.method) \(request.path) answered \(response.status) with a body kauth cannot read (\(error))")
            }
        }
        throw Kakao.apiError(status: response.status, body: response.body, path: request.path)
    }
}

/// The API rejected the bearer token (-401); the client refreshes once and retries.
struct TokenRejected: Error {
    var message: String
}
