import KAuthBasics

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// RFC 7662 token introspection: the provider's view of a token, asked at discovery's
/// `introspection_endpoint` with the client's own authentication (its advertised methods).
package struct TokenIntrospection: Sendable {
    /// What the provider said (RFC 7662 §2.2). Only `active` is required; the rest is there when
    /// the token is active and the provider chose to say it.
    package struct Answer: Sendable, Equatable {
        package var active: Bool
        package var scope: String?
        package var clientID: String?
        package var subject: String?
        package var username: String?
        package var tokenType: String?
        package var expiresAt: Int?
        package var issuedAt: Int?
        /// The whole answer, for `--json`.
        package var body: JSONValue
    }

    var world: World
    var provider: Provider

    package init(world: World, provider: Provider) {
        self.world = world
        self.provider = provider
    }

    /// Asks about `token` (`hint`: `access_token` or `refresh_token`, RFC 7662 §2.1).
    package func introspect(token: String, hint: String) async throws -> Answer {
        try provider.require(.introspection)
        let provider = try await self.provider.discovered(http: world.http)
        guard let endpoint = try provider.requireEndpoints().introspection else {
            throw KAuthError.unsupported(provider: provider.name, .feature(.introspection))
        }
        let credentials = try provider.introspectionCredentials(fileSystem: world.fileSystem)
        let http = world.http.trusting(provider.tls)
        func ask(_ credentials: ClientCredentials) async throws -> HTTPResponse {
            let (form, headers) = try credentials.apply(
                to: [("token", token), ("token_type_hint", hint)], at: endpoint, clock: world.clock,
                random: world.random)
            return try await http.perform(
                .form(endpoint, form, headers: headers + [HTTPHeader("Accept", "application/json")]))
        }
        var response = try await ask(credentials)
        if let alone = credentials.withEndpointAudience(at: endpoint, after: response) {
            response = try await ask(alone)
        }
        guard response.status == 200 else {
            if response.status >= 500 {
                throw KAuthError.unavailable(.serverError(.introspection(url: endpoint), status: response.status))
            }
            if let failure = OAuthErrorResponse.decode(response.body) {
                throw KAuthError.oauth(failure.failure(provider: provider))
            }
            throw KAuthError.invalidResponse(.noOAuthError(.introspection(url: endpoint), status: response.status))
        }
        let body = JSONValue.decoding(response.body)
        // `active` is REQUIRED and a boolean (§2.2): anything else is no answer, never "active".
        guard case .object(let members) = body, case .bool(let active)? = members["active"] else {
            throw KAuthError.invalidResponse(.unexpectedBody(method: "POST", path: endpoint, status: response.status))
        }
        func text(_ key: String) -> String? { members[key]?.stringValue }
        func seconds(_ key: String) -> Int? {
            guard case .number(let value)? = members[key], value.isFinite, abs(value) < 1e12 else { return nil }
            return Int(value)
        }
        return Answer(
            active: active, scope: text("scope"), clientID: text("client_id"), subject: text("sub"),
            username: text("username"), tokenType: text("token_type"), expiresAt: seconds("exp"),
            issuedAt: seconds("iat"), body: body)
    }
}
