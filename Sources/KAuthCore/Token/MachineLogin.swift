import KAuthBasics

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A machine's login (RFC 6749 §4.4 client credentials): no browser, no user, no refresh token.
/// The grant is stored with the login, and `TokenService` asks it again, under the same lock and
/// with the same decision as a refresh, when the access token runs out.
extension TokenService {
    /// Logs the client in and stores the login under the profile, replacing whatever it held.
    ///
    /// - Parameters:
    ///   - scopes: `--scopes`; nil: the provider's configured `scopes`, else none (the server's
    ///     default for the client). `openid` only when asked for.
    ///   - resources: RFC 8707 resource indicators, sent with this request and every renewal.
    package func clientCredentialsLogin(provider: Provider, scopes: [String]?, resources: [String] = [])
        async throws -> StoredSession
    {
        try KeystoreErrors.mapping { try keystore.requireWritable(before: .login) }
        try provider.require(.clientCredentials)
        _ = try provider.requireClientID()
        let provider = try await provider.discovered(http: world.http)
        let asked = scopes ?? (provider.scopesAreDefault ? [] : provider.scopes)
        let grant = MachineGrant(type: .clientCredentials, scopes: asked, resources: resources)
        let now = world.clock.now()
        let response = try await TokenEndpoint(world: world, provider: provider).clientCredentials(
            scopes: asked, resources: resources)
        var session = try StoredSession.from(response, provider: provider, openID: false, now: now)
        // RFC 6749 §4.4.3: "A refresh token SHOULD NOT be included"; one that comes is not used,
        // and no ID token describes a user here.
        session.refreshToken = nil
        session.refreshTokenExpiresAt = nil
        session.idToken = nil
        session.grant = grant
        session.resources = grant.resources
        let stored = session
        try await KeystoreErrors.mapping {
            try await keystore.update(basedOn: login.snapshot, lockTimeout: lockTimeout, before: .login) {
                $0.profiles[profile] = stored
            }
        }
        return stored
    }

    /// A new access token by the stored grant (the caller holds the keystore lock). With
    /// `resource` (`kauth token --resource`), a token for that one resource, asked by the same
    /// grant and kept apart (RFC 8707 §2.2); the login's own token is left alone.
    func renew(_ session: StoredSession, grant: MachineGrant, provider: Provider, now: Date, resource: String? = nil)
        async throws -> StoredSession
    {
        switch grant.type {
        case .clientCredentials:
            let endpoint = TokenEndpoint(world: world, provider: provider)
            if let resource {
                let response = try await endpoint.clientCredentials(scopes: grant.scopes, resources: [resource])
                var renewed = session.applying(response, now: now, resource: resource)
                renewed.refreshToken = nil
                renewed.refreshTokenExpiresAt = nil
                return renewed
            }
            let response = try await endpoint.clientCredentials(scopes: grant.scopes, resources: grant.resources ?? [])
            var renewed = session.applying(response, now: now)
            renewed.refreshToken = nil
            renewed.refreshTokenExpiresAt = nil
            return renewed
        }
    }
}
