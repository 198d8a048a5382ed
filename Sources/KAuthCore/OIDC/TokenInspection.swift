import KAuthBasics

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What `kauth token inspect` finds in a token: its header and claims when it is a JWT, and
/// whether its signature was verified, and by which key. Never the token itself.
package struct TokenInspection: Sendable, Equatable {
    /// Not a JWT (RFC 7519): a reference the provider alone can read (RFC 7662 introspection).
    package var opaque: Bool
    package var header: JSONValue?
    package var claims: JSONValue?
    package var verified: Bool
    /// The `kid` of the key that verified it, or that the header names.
    package var keyID: String?
    /// Why it was not verified, when verification was tried.
    package var failure: KAuthError?
}

/// Looks inside a stored token. An ID token is verified as at login (OIDC Core §3.1.3.7, with
/// the provider's JWK set, cached; no nonce: that was checked when it was stored); an access
/// token only when asked, by its signature alone (its audience is a resource, not this client).
package struct TokenInspector: Sendable {
    package var world: World
    /// `$KAUTH_HOME`, where the JWKS cache lives.
    package var keystoreDirectory: String

    package init(world: World, keystoreDirectory: String) {
        self.world = world
        self.keystoreDirectory = keystoreDirectory
    }

    /// - Parameter provider: the login's provider, needed to verify (nil: not verified).
    package func inspect(_ token: String, isIDToken: Bool, verify: Bool, provider: Provider?) async
        -> TokenInspection
    {
        let jwt: JWT
        do {
            jwt = try JWT(compact: token)
        } catch {
            return TokenInspection(opaque: true, verified: false)
        }
        var result = TokenInspection(
            opaque: false, header: .object(jwt.header.members), claims: jwt.claims, verified: false,
            keyID: jwt.header.kid)
        guard isIDToken || verify, let provider else { return result }
        do {
            let endpoints = try provider.requireEndpoints()
            if isIDToken {
                _ = try await IDTokenVerification(world: world, keystoreDirectory: keystoreDirectory)
                    .verify(token, provider: provider, endpoints: endpoints, nonce: nil)
            } else {
                try await verifySignature(jwt, provider: provider, endpoints: endpoints)
            }
            result.verified = true
        } catch let error as KAuthError {
            result.failure = error
        } catch {
            result.failure = .unexpected(description: "\(error)")
        }
        return result
    }

    /// The signature of an access token that is a JWT, with the provider's keys: an algorithm
    /// kauth verifies and never `none` or a MAC (a client cannot know the key of one).
    private func verifySignature(_ jwt: JWT, provider: Provider, endpoints: ProviderEndpoints) async throws {
        guard let jwks = endpoints.jwks else {
            throw KAuthError.idTokenRefused(provider: provider.displayName, .noIssuerOrKeys)
        }
        func refused(_ error: IDTokenError) -> KAuthError {
            .idTokenRefused(provider: provider.displayName, .invalid(error))
        }
        if jwt.header.alg.lowercased() == JWSAlgorithm.none { throw refused(.algorithmNone) }
        guard let algorithm = JWSAlgorithm(rawValue: jwt.header.alg), algorithm.family != .hmac else {
            throw refused(.unsupportedAlgorithm(jwt.header.alg))
        }
        let cache = JWKSCache(
            jwksURI: jwks, paths: KAuthPaths(home: keystoreDirectory), fileSystem: world.fileSystem,
            http: world.http.trusting(provider.tls), clock: world.clock)
        let keys = try await cache.keys(forKid: jwt.header.kid)
        do throws(IDTokenError) {
            let key = try keys.verificationKey(forKid: jwt.header.kid, algorithm: algorithm).verificationKey(
                for: algorithm)
            guard key.verify(signature: jwt.signature, message: jwt.signingInput) else { throw .invalidSignature }
        } catch {
            throw refused(error)
        }
    }
}
