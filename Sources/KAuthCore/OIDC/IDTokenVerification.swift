/// The ID token of a login, verified before anything is stored (OIDC Core §3.1.3.7).
package struct VerifiedIDToken: Sendable, Equatable {
    package var subject: String
    package var claims: IDTokenClaims
}

/// Verifies a login's ID token with the provider's JWKS (cached beside the keystore under its
/// HTTP caching headers, re-fetched once for an unknown `kid`).
package struct IDTokenVerification: Sendable {
    package var world: World
    /// `$KAUTH_HOME`, where the JWKS cache lives.
    package var keystoreDirectory: String

    package init(world: World, keystoreDirectory: String) {
        self.world = world
        self.keystoreDirectory = keystoreDirectory
    }

    package func verify(_ token: String, provider: ResolvedProvider, endpoints: ProviderEndpoints, clientID: String, nonce: String?) async throws -> VerifiedIDToken {
        guard let issuer = endpoints.issuer, let jwks = endpoints.jwks else {
            throw KAuthError.failure("provider '\(provider.name)' sent an ID token but names no issuer and key set to verify it with; nothing was stored")
        }
        let cache = JWKSCache(jwksURI: jwks, paths: KAuthPaths(home: keystoreDirectory), fileSystem: world.fileSystem, http: world.http, clock: world.clock)
        do {
            let claims = try await IDTokenValidator(issuer: issuer, clientID: clientID, nonce: nonce, clock: world.clock).validate(token, keys: cache)
            return VerifiedIDToken(subject: claims.sub, claims: claims)
        } catch let error as IDTokenError {
            throw KAuthError.failure("the ID token from \(provider.name) was refused: \(error.message); nothing was stored")
        }
    }
}
