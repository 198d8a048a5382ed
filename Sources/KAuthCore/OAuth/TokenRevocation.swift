import KAuthBasics

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// RFC 7009 token revocation: `token` and `token_type_hint` with the client's authentication at
/// the revocation endpoint (its own advertised methods).
///
/// A public client has no secret to authenticate with, and some servers then refuse it (401).
/// Such servers may take the grant's access token as a bearer credential instead, so that is tried
/// once when the access token is still valid.
struct TokenRevocation: Sendable {
    var http: HTTPClient
    var provider: Provider
    /// The clock, randomness and files a signed client assertion needs.
    var world: World

    init(world: World, provider: Provider) {
        self.http = world.http.trusting(provider.tls)
        self.provider = provider
        self.world = world
    }

    /// What became of the refresh token (or access token) at the provider.
    package enum Outcome: Sendable, Equatable {
        case revoked
        /// Nothing was revoked: the provider advertises no revocation endpoint.
        case noEndpoint
        /// The provider refused every way kauth has of asking (status, OAuth error if any).
        case refused(status: Int, error: String?)
    }

    /// Revokes `token` (RFC 7009 §2.1). `bearer` is a still-valid access token of the same grant.
    func revoke(token: String, hint: String, bearer: String?) async throws -> Outcome {
        guard let endpoint = try provider.requireEndpoints().revocation else { return .noEndpoint }
        let credentials = try provider.revocationCredentials(fileSystem: world.fileSystem)
        let (form, headers) = try credentials.apply(
            to: [("token", token), ("token_type_hint", hint)], at: endpoint, clock: world.clock, random: world.random)
        var response = try await send(endpoint, form, headers)
        if let alone = credentials.withEndpointAudience(at: endpoint, after: response) {
            let (form, headers) = try alone.apply(
                to: [("token", token), ("token_type_hint", hint)], at: endpoint, clock: world.clock,
                random: world.random)
            response = try await send(endpoint, form, headers)
        }
        if ClientCredentials.refusesClient(response), credentials.method == .none, let bearer {
            response = try await send(endpoint, form, [HTTPHeader("Authorization", "Bearer " + bearer)])
        }
        // RFC 7009 §2.2: 200 for success and for tokens the server does not know alike.
        if response.status == 200 { return .revoked }
        if response.status >= 500 {
            throw KAuthError.unavailable(.serverError(.revocation(url: endpoint), status: response.status))
        }
        return .refused(status: response.status, error: OAuthErrorResponse.decode(response.body)?.error)
    }

    private func send(_ endpoint: String, _ form: [(String, String)], _ headers: [HTTPHeader]) async throws
        -> HTTPResponse
    {
        try await http.perform(.form(endpoint, form, headers: headers + [HTTPHeader("Accept", "application/json")]))
    }

}
