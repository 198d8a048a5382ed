import KAuthBasics

/// The ID token of a login, verified before anything is stored (OIDC Core §3.1.3.7).
struct VerifiedIDToken: Sendable, Equatable {
    var subject: String
    var claims: IDTokenClaims
}

/// Verifies a login's ID token with the provider's JWKS (cached beside the keystore under its
/// HTTP caching headers, re-fetched once for an unknown `kid`).
struct IDTokenVerification: Sendable {
    var world: World
    /// `$KAUTH_HOME`, where the JWKS cache lives.
    var keystoreDirectory: String

    /// - Parameter nonce: the nonce sent with the authorization request; the token must carry it.
    /// - Parameter maxAge: the `max_age` sent, which makes `auth_time` required and bounded.
    func verify(
        _ token: String, provider: Provider, endpoints: ProviderEndpoints, nonce: String?, maxAge: Int? = nil
    ) async throws -> VerifiedIDToken {
        guard let issuer = endpoints.issuer, let jwks = endpoints.jwks else {
            throw KAuthError.idTokenRefused(provider: provider.displayName, .noIssuerOrKeys)
        }
        let cache = JWKSCache(
            jwksURI: jwks, paths: KAuthPaths(home: keystoreDirectory), fileSystem: world.fileSystem,
            http: world.http.trusting(provider.tls), clock: world.clock)
        do {
            let validator = IDTokenValidator(
                issuer: issuer, clientID: try provider.requireClientID(), nonce: nonce, clock: world.clock,
                maxAge: maxAge.map { Double($0) }, algorithms: endpoints.idTokenSigningAlgorithms,
                clientSecret: provider.clientSecret)
            let claims = try await validator.validate(token, keys: cache)
            return VerifiedIDToken(subject: claims.sub, claims: claims)
        } catch let error as IDTokenError {
            throw KAuthError.idTokenRefused(provider: provider.displayName, .invalid(error))
        }
    }

    /// An ID token from a refresh response (OIDC Core §12.2): checked as at login, without a
    /// nonce (a refresh carries none), and it must name the same user as the one it replaces.
    func verifyRefreshed(
        _ token: String, replacing previous: String, provider: Provider, endpoints: ProviderEndpoints
    ) async throws -> VerifiedIDToken {
        let verified = try await verify(token, provider: provider, endpoints: endpoints, nonce: nil)
        guard let subject = JWTClaims.unverifiedSubject(of: previous), subject == verified.subject else {
            throw KAuthError.idTokenRefused(provider: provider.displayName, .anotherUser)
        }
        return verified
    }
}
