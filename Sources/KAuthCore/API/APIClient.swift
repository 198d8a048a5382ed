import KAuthBasics

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
    /// Called when the API rejects the token `recover` gave: the login is dead, and a stored one
    /// is marked so (no-op for a token kauth does not store).
    package var remember: @Sendable (_ rejected: String, _ message: String) async -> Void

    package init(
        profile: String,
        current: @escaping @Sendable () async throws -> String,
        recover: @escaping @Sendable (String, String) async throws -> String,
        remember: @escaping @Sendable (String, String) async -> Void = { _, _ in }
    ) {
        self.profile = profile
        self.current = current
        self.recover = recover
        self.remember = remember
    }

    /// The error for a token rejected again after `recover`, once the rejection is remembered.
    package func rejectedAfterRefresh(_ token: String, message: String) async -> KAuthError {
        await remember(token, message)
        return KAuthError.sessionExpired(profile: profile, reason: .rejectedAfterRefresh(message: message))
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
    var backoff: Duration = .milliseconds(500)
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
        try await authorized(request) { authorization in
            let response = try await http.perform(try httpRequest(for: request, authorization: authorization))
            guard (200..<300).contains(response.status) else { throw provider.type.apiError(response, request.path) }
            do {
                let value = try JSONDecoder().decode(
                    R.Response.self, from: response.body.isEmpty ? Data("{}".utf8) : response.body)
                return APIResult(value: value, body: response.body)
            } catch {
                throw KAuthError.invalidResponse(
                    .unexpectedBody(method: request.method, path: request.path, status: response.status))
            }
        }
    }

    /// Sends `call` with the same refresh and retries as `send`, and returns the provider's
    /// answer whatever its status or body (`kauth api` prints it, errors included), with the
    /// failure the status means for the exit code. Throws only when there is no answer to show
    /// (the network, the session, the keystore).
    package func exchange(_ call: APICall) async throws -> APIExchange {
        // The URL as sent, query included: what --json shows, and what a walk of pages compares.
        let url = try httpRequest(for: call, authorization: "").url
        do {
            return try await authorized(call) { authorization in
                let response = try await http.perform(try httpRequest(for: call, authorization: authorization))
                guard (200..<300).contains(response.status) else {
                    throw ProviderRefusal(response: response, error: provider.type.apiError(response, call.path))
                }
                return APIExchange(url: url, response: response, failure: nil)
            }
        } catch let refusal as ProviderRefusal {
            let failure =
                refusal.error as? KAuthError
                ?? KAuthError.api(
                    status: refusal.response.status, code: nil, message: "HTTP \(refusal.response.status)")
            return APIExchange(url: url, response: refusal.response, failure: failure)
        }
    }

    /// The URL a call goes to, without its query.
    package func url(of request: some APIRequest) throws -> String {
        (request.isAbsolute ? "" : try provider.url(request.host)) + request.path
    }

    /// Runs `attempt` with the request's credentials: the app key, or the user's token with one
    /// refresh and retry when the API rejects it.
    private func authorized<R: APIRequest, T>(_ request: R, _ attempt: @Sendable (String) async throws -> T)
        async throws -> T
    {
        if request.authorization == .appKey {
            guard let scheme = provider.type.appKeyScheme, let key = provider.appKey else {
                throw KAuthError.missingSetting(.appKey, provider: provider.name)
            }
            do {
                return try await retrying(request) { try await attempt("\(scheme) \(key)") }
            } catch let error {
                guard let rejection = Self.rejection(in: error) else { throw error }
                throw Self.replacing(
                    error, with: KAuthError.appKeyRejected(provider: provider.name, message: rejection.message))
            }
        }
        var token = try await credentials.current()
        var recovered = false
        while true {
            do {
                return try await retrying(request) { [token] in try await attempt("Bearer \(token)") }
            } catch let error {
                guard let rejection = Self.rejection(in: error) else { throw error }
                if recovered {
                    throw Self.replacing(
                        error, with: await credentials.rejectedAfterRefresh(token, message: rejection.message))
                }
                recovered = true
                do {
                    token = try await credentials.recover(token, rejection.message)
                } catch let recovery {
                    throw Self.replacing(error, with: recovery)
                }
            }
        }
    }

    /// Runs `attempt`, again with backoff on transient failures of idempotent calls.
    private func retrying<R: APIRequest, T>(_ request: R, _ attempt: () async throws -> T) async throws -> T {
        var attemptNumber = 1
        while true {
            do {
                return try await attempt()
            } catch let error {
                guard case .unavailable? = Self.failure(in: error), request.isIdempotent, attemptNumber < attempts
                else { throw error }
                try await clock.sleep(backoff * (1 << (attemptNumber - 1)))
                attemptNumber += 1
                onRetry?(attemptNumber, attempts, Self.failure(in: error)!)
            }
        }
    }

    private func httpRequest(for request: some APIRequest, authorization: String) throws -> HTTPRequest {
        let url = try self.url(of: request)
        // The caller's headers replace the default Accept, never the credentials.
        let extra = request.extraHeaders.filter { $0.name.lowercased() != "authorization" }
        let accept =
            extra.contains { $0.name.lowercased() == "accept" } ? [] : [HTTPHeader("Accept", "application/json")]
        let headers = [HTTPHeader("Authorization", authorization)] + accept + extra
        let query =
            request.parameters.isEmpty
            ? "" : (url.contains("?") ? "&" : "?") + FormURLEncoding.encode(request.parameters)
        if let raw = request.rawBody {
            let type =
                headers.contains { $0.name.lowercased() == "content-type" }
                ? [] : [HTTPHeader("Content-Type", raw.contentType)]
            return HTTPRequest(method: request.method, url: url + query, headers: headers + type, body: raw.data)
        }
        if request.method == "GET" || request.method == "DELETE" {
            return HTTPRequest(method: request.method, url: url + query, headers: headers)
        }
        var form = HTTPRequest.form(url, request.parameters, headers: headers)
        form.method = request.method
        return form
    }

    /// The error an attempt ended with, seen through a refusal that carries the provider's answer.
    private static func failure(in error: any Error) -> KAuthError? {
        (error as? KAuthError) ?? ((error as? ProviderRefusal)?.error as? KAuthError)
    }

    private static func rejection(in error: any Error) -> TokenRejected? {
        (error as? TokenRejected) ?? ((error as? ProviderRefusal)?.error as? TokenRejected)
    }

    /// `replacement`, still carrying the provider's answer when `error` did.
    private static func replacing(_ error: any Error, with replacement: any Error) -> any Error {
        guard let refusal = error as? ProviderRefusal else { return replacement }
        return ProviderRefusal(response: refusal.response, error: replacement)
    }
}

/// The provider's answer to `APIClient.exchange`, as it came.
package struct APIExchange: Sendable {
    /// Where the call went, query included.
    package var url: String
    package var response: HTTPResponse
    /// What a status outside 2xx means; nil on success.
    package var failure: KAuthError?
}

/// A failed call's answer together with the error it means, so that retries and the refresh
/// see the error and `exchange` can still show the answer.
private struct ProviderRefusal: Error {
    var response: HTTPResponse
    var error: any Error
}
