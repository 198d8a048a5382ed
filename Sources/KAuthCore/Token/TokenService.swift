#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Gives out valid access tokens for one profile, refreshing through the keystore lock so that
/// any number of processes make one refresh call between them.
///
/// The keystore was read once by the command (`login`); a token that is valid costs nothing more.
/// A refresh resolves the provider first — which may read the config file — and only then takes
/// the lock, re-checks the stored session (another process may have refreshed it meanwhile),
/// refreshes and writes.
package struct TokenService: Sendable {
    package var world: World
    package var keystore: FileKeystore
    package var login: StoredLogin
    /// Resolves the provider of the stored session (or of a `KAUTH_REFRESH_TOKEN` bootstrap).
    package var providers: ProviderResolver
    /// How long to wait for another process's refresh before giving up (exit 7).
    package var lockTimeout: Duration = .seconds(30)

    package init(world: World, keystore: FileKeystore, login: StoredLogin, providers: ProviderResolver) {
        self.world = world
        self.keystore = keystore
        self.login = login
        self.providers = providers
    }

    package var profile: String { login.profile }

    /// The environment variable whose refresh token starts a session when none is stored (CI).
    package static let bootstrapVariable = "KAUTH_REFRESH_TOKEN"

    /// A token valid for at least `minValid` seconds (nil: the default window, see
    /// `StoredSession.tokenDecision`), refreshing first when needed.
    package func validToken(minValid: Int? = nil) async throws -> TokenGrant {
        if let session = login.session {
            switch session.tokenDecision(minValid: minValid, now: world.clock.now()) {
            case .use: return TokenGrant(session: session, refreshed: false, shortOf: nil)
            case .useShort(let lifetime): return TokenGrant(session: session, refreshed: false, shortOf: lifetime)
            case .refresh: break
            }
        } else if world.environment[Self.bootstrapVariable] == nil {
            throw KAuthError.notLoggedIn(profile: profile)
        }
        return try await refreshUnderLock(.ifNeeded(minValid: minValid))
    }

    /// Refreshes now, whatever the expiry (`kauth token refresh`).
    package func forceRefresh() async throws -> StoredSession {
        if login.session == nil && world.environment[Self.bootstrapVariable] == nil {
            throw KAuthError.notLoggedIn(profile: profile)
        }
        return try await refreshUnderLock(.always).session
    }

    /// After the API rejected `token`: refreshes, unless another process already replaced that
    /// token, in which case the new one is used as it is.
    package func recover(rejected token: String) async throws -> StoredSession {
        try await refreshUnderLock(.unlessReplaced(token)).session
    }

    enum Mode {
        case ifNeeded(minValid: Int?)
        case always
        case unlessReplaced(String)
    }

    private func refreshUnderLock(_ mode: Mode) async throws -> TokenGrant {
        let provider = try providers.provider(for: login.session, of: profile)
        return try await KeystoreErrors.mapping {
            try await keystore.update(basedOn: login.snapshot, lockTimeout: lockTimeout) { contents in
                let now = world.clock.now()
                guard let session = contents.profiles[profile] else {
                    guard let bootstrap = world.environment[Self.bootstrapVariable] else {
                        throw KAuthError.notLoggedIn(profile: profile)
                    }
                    let created = try await bootstrapSession(refreshToken: bootstrap, provider: provider, now: now)
                    contents.profiles[profile] = created
                    return TokenGrant(session: created, refreshed: true, shortOf: nil)
                }
                // A login made meanwhile under this profile may belong to another provider, or to
                // the same provider's name on another server or client. Its tokens are not handed
                // out or refreshed: the command's API client was built for the login it read.
                let read = login.session?.serverIdentity
                guard session.provider == provider.name, read == nil || session.serverIdentity == read else {
                    throw KAuthError.loginReplaced(profile: profile, provider: session.provider)
                }
                // Re-checked under the lock: another process may have refreshed while we waited.
                switch mode {
                case .ifNeeded(let minValid):
                    switch session.tokenDecision(minValid: minValid, now: now) {
                    case .use: return TokenGrant(session: session, refreshed: false, shortOf: nil)
                    case .useShort(let lifetime): return TokenGrant(session: session, refreshed: false, shortOf: lifetime)
                    case .refresh: break
                    }
                case .unlessReplaced(let token) where session.accessToken != token && session.accessTokenValid(for: 0, at: now):
                    return TokenGrant(session: session, refreshed: false, shortOf: nil)
                default:
                    break
                }
                let refreshed = try await refresh(session, provider: provider, now: now)
                contents.profiles[profile] = refreshed
                var shortOf: Int?
                if case .ifNeeded(let minValid?) = mode, !refreshed.accessTokenValid(for: minValid, at: now) {
                    shortOf = refreshed.accessTokenLifetime
                }
                return TokenGrant(session: refreshed, refreshed: true, shortOf: shortOf)
            }
        }
    }

    /// One refresh. The store was re-read under the lock just before, so the refresh token is the
    /// newest any kauth process wrote: a refusal means the session is over.
    private func refresh(_ session: StoredSession, provider: Provider, now: Date) async throws -> StoredSession {
        guard let refreshToken = session.refreshToken else {
            throw KAuthError.sessionExpired(profile: profile, reason: .noRefreshToken)
        }
        if let expiry = session.refreshTokenExpiresAt, expiry <= now {
            throw KAuthError.sessionExpired(profile: profile, reason: .refreshTokenExpired(at: expiry))
        }
        do {
            let response = try await TokenEndpoint(http: world.http, provider: provider).refresh(refreshToken: refreshToken)
            return session.applying(response, now: now, verifiedIDToken: await renewedIDToken(response, session: session, provider: provider))
        } catch KAuthError.oauth(let failure) where failure.error == "invalid_grant" {
            throw KAuthError.sessionExpired(profile: profile, reason: .refreshRejected(failure))
        } catch let refused as RefreshRefused {
            throw KAuthError.sessionExpired(profile: profile, reason: .refreshRefused(status: refused.status))
        }
    }

    /// A new ID token from a refresh response, when it passes OIDC Core §12.2's checks; nil keeps
    /// the stored one (a provider that sends none, or one that does not pass).
    private func renewedIDToken(_ response: TokenResponse, session: StoredSession, provider: Provider) async -> String? {
        guard let token = response.idToken, let previous = session.idToken, let endpoints = provider.endpoints else { return nil }
        let verification = IDTokenVerification(world: world, keystoreDirectory: keystore.directory)
        return (try? await verification.verifyRefreshed(token, replacing: previous, provider: provider, endpoints: endpoints)).map { _ in token }
    }

    /// The stored ID token, refreshed first when it expires within `minValid` seconds (nil: the
    /// default window) and the provider renews ID tokens on refresh (kubectl's OIDC credentials).
    package func validIDToken(minValid: Int? = nil) async throws -> (token: String, expiresAt: Date?) {
        guard let session = login.session else { throw KAuthError.notLoggedIn(profile: profile) }
        guard let token = session.idToken else { throw KAuthError.sessionExpired(profile: profile, reason: .noIDToken) }
        let window = TimeInterval(minValid ?? StoredSession.defaultWindow)
        if let expiry = JWTClaims.expiry(of: token), expiry.timeIntervalSince(world.clock.now()) >= window {
            return (token, expiry)
        }
        let refreshed = try await refreshUnderLock(.always).session
        guard let renewed = refreshed.idToken, renewed != token || JWTClaims.expiry(of: renewed).map({ $0.timeIntervalSince(world.clock.now()) > 0 }) == true else {
            throw KAuthError.sessionExpired(profile: profile, reason: .idTokenNotRenewed)
        }
        return (renewed, JWTClaims.expiry(of: renewed))
    }

    /// Starts a session from a refresh token the user hands over (`kauth login --with-token`):
    /// one refresh checks it, and the session replaces whatever the profile held.
    package func adopt(refreshToken: String, provider: Provider) async throws -> StoredSession {
        let provider = try await provider.discovered(http: world.http)
        let now = world.clock.now()
        let response: TokenResponse
        do {
            response = try await TokenEndpoint(http: world.http, provider: provider).refresh(refreshToken: refreshToken)
        } catch KAuthError.oauth(let failure) where failure.error == "invalid_grant" {
            throw KAuthError.sessionExpired(profile: profile, reason: .givenTokenRejected(detail: failure.description ?? failure.error))
        } catch let refused as RefreshRefused {
            throw KAuthError.sessionExpired(profile: profile, reason: .givenTokenRejected(detail: "HTTP \(refused.status)"))
        }
        var session = try StoredSession.from(response, provider: provider, openID: false, now: now)
        if session.refreshToken == nil { session.refreshToken = refreshToken }
        // The ID token of a refresh cannot be bound to a login's nonce: it is not kept.
        session.idToken = nil
        if let user = try? await ProfileLookup.cachedUser(world: world, provider: provider, accessToken: session.accessToken, profile: profile) {
            session.user = user
            session.userID = user.id
        }
        let stored = session
        try await KeystoreErrors.mapping {
            try await keystore.update(basedOn: login.snapshot, lockTimeout: lockTimeout) { $0.profiles[profile] = stored }
        }
        return stored
    }

    /// A session made from `KAUTH_REFRESH_TOKEN` alone (CI): refreshed once, then stored so that
    /// a rotated refresh token is kept for the rest of the job.
    private func bootstrapSession(refreshToken: String, provider: Provider, now: Date) async throws -> StoredSession {
        do {
            let response = try await TokenEndpoint(http: world.http, provider: provider).refresh(refreshToken: refreshToken)
            var session = try StoredSession.from(response, provider: provider, openID: false, now: now)
            if session.refreshToken == nil { session.refreshToken = refreshToken }
            return session
        } catch KAuthError.oauth(let failure) where failure.error == "invalid_grant" {
            throw KAuthError.sessionExpired(profile: profile, reason: .bootstrapRejected(detail: failure.description ?? failure.error))
        } catch let refused as RefreshRefused {
            throw KAuthError.sessionExpired(profile: profile, reason: .bootstrapRejected(detail: "HTTP \(refused.status)"))
        }
    }
}

/// A valid session and how it was obtained.
package struct TokenGrant: Sendable, Equatable {
    package var session: StoredSession
    /// Whether this call refreshed it.
    package var refreshed: Bool
    /// The provider's token lifetime in seconds when the token is valid for less than was asked
    /// for (a refresh cannot help, or would not be worth it).
    package var shortOf: Int?
}
