import KAuthBasics

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The token endpoint (RFC 6749 §4.1.3, §6; RFC 8628 §3.4): code exchange, refresh and device
/// polls, with the client authentication the provider takes.
struct TokenEndpoint: Sendable {
    var http: HTTPClient
    var provider: Provider
    /// The clock, randomness and files a signed client assertion needs.
    var world: World

    init(world: World, provider: Provider) {
        self.http = world.http.trusting(provider.tls)
        self.provider = provider
        self.world = world
    }

    /// Exchanges an authorization code; `redirect_uri` must be the one sent to the authorization
    /// endpoint.
    /// `resources`: RFC 8707 §2.2, the resources the token is for (a subset of those authorized).
    func exchange(code: String, redirectURI: String, codeVerifier: String?, resources: [String] = []) async throws
        -> TokenResponse
    {
        var pairs = [("grant_type", "authorization_code"), ("redirect_uri", redirectURI), ("code", code)]
        if let codeVerifier { pairs.append(("code_verifier", codeVerifier)) }
        pairs += resources.map { ("resource", $0) }
        return try await post(pairs).orInvalid()
    }

    /// Refreshes. The response carries `refresh_token` only when the provider rotated it.
    ///
    /// Throws `RefreshRefused` for an HTTP 400 or 401 without an OAuth error body: servers answer
    /// a revoked, expired or replayed refresh token that way, and it means "log in again".
    /// `resource`: RFC 8707 §2.2, a token for that one resource; a refusal of it is
    /// `invalid_target`, an OAuth error like any other here.
    func refresh(refreshToken: String, resource: String? = nil) async throws -> TokenResponse {
        var pairs = [("grant_type", "refresh_token"), ("refresh_token", refreshToken)]
        if let resource { pairs.append(("resource", resource)) }
        let outcome = try await post(pairs)
        if case .bareRefusal(let status) = outcome, status == 400 || status == 401 {
            throw RefreshRefused(status: status)
        }
        return try outcome.orInvalid()
    }

    /// RFC 8693 §2.1: trades `subjectToken` for the provider's token. The client authenticates
    /// as at every other grant. A refused subject token (RFC 8693 §2.2.2's `invalid_request`,
    /// or `invalid_grant` and `invalid_token`, which providers use, or a bare 400/401) is
    /// `KAuthError.subjectToken(.providerRefused…)`, naming where it came from.
    func exchange(subjectToken: String, request: TokenExchangeRequest) async throws -> TokenResponse {
        let outcome: Outcome
        do {
            outcome = try await post(request.pairs(subjectToken: subjectToken))
        } catch KAuthError.oauth(let failure)
            where ["invalid_request", "invalid_grant", "invalid_token"].contains(failure.error)
        {
            throw KAuthError.subjectToken(source: request.source, .providerRefused(failure))
        }
        if case .bareRefusal(let status) = outcome, status == 400 || status == 401 {
            throw KAuthError.subjectToken(source: request.source, .providerRefusedStatus(status))
        }
        return try outcome.orInvalid()
    }

    /// RFC 8628 §3.4: one poll of the device grant. `authorization_pending` and `slow_down` come
    /// back as `KAuthError.oauth` for the caller's loop.
    func pollDevice(deviceCode: String) async throws -> TokenResponse {
        try await post([("grant_type", "urn:ietf:params:oauth:grant-type:device_code"), ("device_code", deviceCode)])
            .orInvalid()
    }

    /// RFC 6749 §4.4: a token for the client itself, no user, no refresh token. `scope` only when
    /// scopes are asked for: a server then grants its default for the client. `resources`: RFC
    /// 8707 §2, one `resource` parameter each, the resources the token is meant for.
    func clientCredentials(scopes: [String], resources: [String] = []) async throws -> TokenResponse {
        var pairs = [("grant_type", "client_credentials")]
        if !scopes.isEmpty { pairs.append(("scope", scopes.joined(separator: " "))) }
        pairs += resources.map { ("resource", $0) }
        return try await post(pairs).orInvalid()
    }

    enum Outcome {
        case tokens(TokenResponse)
        case bareRefusal(status: Int)

        func orInvalid() throws -> TokenResponse {
            switch self {
            case .tokens(let response): return response
            case .bareRefusal(let status):
                throw KAuthError.invalidResponse(.noOAuthError(.token, status: status))
            }
        }
    }

    /// Not retried: a lost answer to a refresh may already have rotated the refresh token.
    private func post(_ pairs: [(String, String)]) async throws -> Outcome {
        let credentials = try provider.tokenCredentials(fileSystem: world.fileSystem)
        let url = try provider.requireEndpoints().token
        let (form, authorization) = try credentials.apply(
            to: pairs, at: url, clock: world.clock, random: world.random)
        let response = try await http.perform(
            .form(url, form, headers: authorization + [HTTPHeader("Accept", "application/json")]))
        if (200..<300).contains(response.status) {
            do {
                return .tokens(try JSONDecoder().decode(TokenResponse.self, from: response.body))
            } catch let malformed as TokenForm.Malformed {
                throw KAuthError.invalidResponse(.tokenCharacters(field: malformed.field))
            } catch {
                throw KAuthError.invalidResponse(.noAccessToken(status: response.status))
            }
        }
        if let failure = OAuthErrorResponse.decode(response.body) {
            if response.status >= 500 || failure.isTemporary(for: provider.type) {
                throw KAuthError.unavailable(.temporaryError(.token, status: response.status, error: failure.error))
            }
            throw KAuthError.oauth(failure.failure(provider: provider))
        }
        // A provider's own refusal in its API error shape (Kakao's -10 when a user's token issues
        // or refreshes are used up) is no verdict on the refresh token: the login stays as it is.
        if case let refused as KAuthError = provider.type.apiError(response, URLComponents(string: url)?.path ?? url),
            case .apiRefused = refused
        {
            throw refused
        }
        if response.status >= 500 {
            throw KAuthError.unavailable(.serverError(.token, status: response.status))
        }
        return .bareRefusal(status: response.status)
    }
}

/// A refresh refused with HTTP 400 or 401 and no OAuth error: the session is over.
struct RefreshRefused: Error, Equatable {
    var status: Int
}
