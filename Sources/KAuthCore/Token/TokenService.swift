import KAuthBasics

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

    /// The refresh token in `KAUTH_REFRESH_TOKEN`, nil when it is unset. Spaces and line breaks
    /// around it (a secret pasted with its newline) are dropped; an empty one, or one with spaces
    /// inside, is refused as what it is: a CI job cannot "log in again".
    package static func bootstrapToken(_ environment: Environment) throws -> String? {
        // Read raw: an empty KAUTH_REFRESH_TOKEN is a missing CI secret, not "unset".
        guard let raw = environment.values[bootstrapVariable] else { return nil }
        let token = raw.trimmingSpacesAndLineBreaks()
        if token.isEmpty { throw KAuthError.sessionExpired(profile: "", reason: .bootstrapUnusable(.empty)) }
        if token.contains(where: { $0.isWhitespace }) {
            throw KAuthError.sessionExpired(profile: "", reason: .bootstrapUnusable(.spacesInside))
        }
        return token
    }

    /// Whether `KAUTH_REFRESH_TOKEN` had spaces or line breaks around it.
    static func bootstrapPadded(_ environment: Environment) -> Bool {
        environment.values[bootstrapVariable].map { $0 != $0.trimmingSpacesAndLineBreaks() } ?? false
    }

    /// A token valid for at least `minValid` seconds (nil: the default window, see
    /// `StoredSession.tokenDecision`), refreshing first when needed.
    package func validToken(minValid: Int? = nil) async throws -> TokenGrant {
        if let session = login.session {
            try Self.checkNotRejected(session, profile: profile)
            switch session.tokenDecision(minValid: minValid, now: world.clock.now()) {
            case .use: return TokenGrant(session: session, refreshed: false, shortOf: nil)
            case .useShort(let lifetime): return TokenGrant(session: session, refreshed: false, shortOf: lifetime)
            case .refresh: break
            }
        } else if try Self.bootstrapToken(world.environment) == nil {
            throw KAuthError.notLoggedIn(profile: profile)
        }
        return try await refreshUnderLock(.ifNeeded(minValid: minValid))
    }

    /// A login the provider rejected gives nothing, offline, until a new login replaces it.
    package static func checkNotRejected(_ session: StoredSession, profile: String) throws {
        if let rejection = session.rejection {
            throw KAuthError.sessionExpired(profile: profile, reason: .rejected(rejection))
        }
    }

    /// Refreshes now, whatever the expiry (`kauth token refresh`).
    package func forceRefresh() async throws -> StoredSession {
        if login.session == nil, try Self.bootstrapToken(world.environment) == nil {
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
        /// The token of one resource (RFC 8707 §2.2), kept apart from the login's own.
        case resource(String, minValid: Int?)
    }

    /// A token for `resource` alone (RFC 8707 §2.2: asked with the refresh token), valid for at
    /// least `minValid` seconds, kept in the keystore apart from the login's own token and
    /// refreshed on its own under the same lock.
    package func validResourceToken(_ resource: String, minValid: Int? = nil) async throws -> ResourceToken {
        guard let session = login.session else { throw KAuthError.notLoggedIn(profile: profile) }
        try Self.checkNotRejected(session, profile: profile)
        if let token = session.resourceTokens?[resource], Self.usable(token, minValid: minValid, now: world.clock.now())
        {
            return token
        }
        let grant = try await refreshUnderLock(.resource(resource, minValid: minValid))
        guard let token = grant.session.resourceTokens?[resource] else {
            throw KAuthError.invalidResponse(.noAccessToken(status: 200))
        }
        return token
    }

    private static func usable(_ token: ResourceToken, minValid: Int?, now: Date) -> Bool {
        StoredSession.tokenDecision(expiresAt: token.expiresAt, issuedAt: token.issuedAt, minValid: minValid, now: now)
            != .refresh
    }

    private func refreshUnderLock(_ mode: Mode) async throws -> TokenGrant {
        let provider = try providers.provider(for: login.session, of: profile)
        let outcome: Result<TokenGrant, KAuthError> = try await KeystoreErrors.mapping {
            // A refresh's answer may rotate the refresh token: one that cannot be stored is a lost
            // login, so a read-only keystore refuses before anything is sent.
            try await keystore.update(basedOn: login.snapshot, lockTimeout: lockTimeout, before: .refresh) { contents in
                let now = world.clock.now()
                var resourceAsked: String?
                guard let session = contents.profiles[profile] else {
                    guard let bootstrap = try Self.bootstrapToken(world.environment) else {
                        throw KAuthError.notLoggedIn(profile: profile)
                    }
                    let created = try await bootstrapSession(
                        refreshToken: bootstrap, provider: provider.discovered(http: world.http), now: now)
                    contents.profiles[profile] = created
                    return .success(TokenGrant(session: created, refreshed: true, shortOf: nil))
                }
                // A login made meanwhile under this profile may belong to another provider, or to
                // the same provider's name on another server or client. Its tokens are not handed
                // out or refreshed: the command's API client was built for the login it read.
                let read = login.session?.serverIdentity
                guard session.provider == provider.name, read == nil || session.serverIdentity == read else {
                    throw KAuthError.loginReplaced(profile: profile, provider: session.provider)
                }
                // Another process may have learnt meanwhile that the provider rejected the login.
                if let rejection = session.rejection {
                    throw KAuthError.sessionExpired(profile: profile, reason: .rejected(rejection))
                }
                // Re-checked under the lock: another process may have refreshed while we waited.
                switch mode {
                case .ifNeeded(let minValid):
                    switch session.tokenDecision(minValid: minValid, now: now) {
                    case .use: return .success(TokenGrant(session: session, refreshed: false, shortOf: nil))
                    case .useShort(let lifetime):
                        return .success(TokenGrant(session: session, refreshed: false, shortOf: lifetime))
                    case .refresh: break
                    }
                case .unlessReplaced(let token)
                where session.accessToken != token && session.accessTokenValid(for: 0, at: now):
                    return .success(TokenGrant(session: session, refreshed: false, shortOf: nil))
                case .resource(let resource, let minValid):
                    if let token = session.resourceTokens?[resource], Self.usable(token, minValid: minValid, now: now) {
                        return .success(TokenGrant(session: session, refreshed: false, shortOf: nil))
                    }
                    resourceAsked = resource
                default:
                    break
                }
                let refreshed: StoredSession
                do {
                    refreshed = try await refresh(session, provider: provider, now: now, resource: resourceAsked)
                } catch let refusal as RefreshRefusal {
                    // Remembered, so that `status` and `token` say so offline until a new login;
                    // nothing else of the login changes.
                    var marked = session
                    marked.rejection = refusal.rejection
                    contents.profiles[profile] = marked
                    return .failure(refusal.error)
                }
                contents.profiles[profile] = refreshed
                var shortOf: Int?
                if case .ifNeeded(let minValid?) = mode, !refreshed.accessTokenValid(for: minValid, at: now) {
                    shortOf = refreshed.accessTokenLifetime
                }
                return .success(TokenGrant(session: refreshed, refreshed: true, shortOf: shortOf))
            }
        }
        return try outcome.get()
    }

    /// The provider refused the stored refresh token: the error to report and what to record.
    private struct RefreshRefusal: Error {
        var error: KAuthError
        var rejection: SessionRejection
    }

    /// One refresh. The store was re-read under the lock just before, so the refresh token is the
    /// newest any kauth process wrote: a refusal means the session is over.
    ///
    /// A token-exchange login has no refresh token: its subject token is read again from its
    /// source and exchanged (RFC 8693). With `resource`, the answer is that resource's token,
    /// kept apart (RFC 8707 §2.2); a rotated refresh token is kept either way.
    private func refresh(_ session: StoredSession, provider: Provider, now: Date, resource: String? = nil)
        async throws -> StoredSession
    {
        if let grant = session.grant {
            return try await renew(session, grant: grant, provider: provider, now: now, resource: resource)
        }
        if var exchange = session.tokenExchange {
            guard let resource else {
                return try await exchanged(exchange, provider: provider, now: now, replacing: session)
            }
            exchange.resources = [resource]
            let fresh = try await exchanged(exchange, provider: provider, now: now, replacing: session)
            var updated = session
            updated.resourceTokens = (session.resourceTokens ?? [:]).merging(
                [resource: ResourceToken(session: fresh)]) { $1 }
            return updated
        }
        guard let refreshToken = session.refreshToken else {
            throw KAuthError.sessionExpired(profile: profile, reason: session.withoutRefreshToken(at: now))
        }
        if let expiry = session.refreshTokenExpiresAt, expiry <= now {
            throw KAuthError.sessionExpired(profile: profile, reason: .refreshTokenExpired(at: expiry))
        }
        do {
            let response = try await TokenEndpoint(world: world, provider: provider).refresh(
                refreshToken: refreshToken, resource: resource)
            if let resource { return session.applying(response, now: now, resource: resource) }
            return session.applying(
                response, now: now,
                verifiedIDToken: await renewedIDToken(response, session: session, provider: provider))
        } catch KAuthError.oauth(let failure) where failure.error == "invalid_target" && resource != nil {
            throw KAuthError.resourceRefused(
                profile: profile, resource: resource ?? "",
                named: resource.map { session.resources?.contains($0) == true } ?? false, failure)
        } catch KAuthError.oauth(let failure) where failure.error == "invalid_grant" {
            throw RefreshRefusal(
                error: .sessionExpired(profile: profile, reason: .refreshRejected(failure)),
                rejection: SessionRejection(
                    at: now.wholeSeconds, cause: .refreshToken, error: failure.error, detail: failure.description,
                    providerCode: failure.providerCode)
            )
        } catch let refused as RefreshRefused {
            throw RefreshRefusal(
                error: .sessionExpired(profile: profile, reason: .refreshRefused(status: refused.status)),
                rejection: SessionRejection(at: now.wholeSeconds, cause: .refreshToken, status: refused.status)
            )
        }
    }

    /// Starts a token-exchange login (RFC 8693): the subject token read from its source,
    /// exchanged, and the answer stored as the profile's login with its source (never the subject
    /// token). A subject token that cannot be had, has expired or is refused stores nothing.
    package func exchangeLogin(_ request: TokenExchangeRequest, provider: Provider) async throws -> StoredSession {
        try KeystoreErrors.mapping { try keystore.requireWritable(before: .login) }
        let provider = try await provider.discovered(http: world.http)
        try provider.require(.tokenExchange)
        let session = try await exchanged(request, provider: provider, now: world.clock.now(), replacing: nil)
        try await KeystoreErrors.mapping {
            try await keystore.update(basedOn: login.snapshot, lockTimeout: lockTimeout, before: .login) {
                $0.profiles[profile] = session
            }
        }
        return session
    }

    /// One token exchange: the session it gives, which keeps what `previous` knew of the user.
    /// A refresh token in the answer is not kept: the login renews from its source.
    private func exchanged(
        _ request: TokenExchangeRequest, provider: Provider, now: Date, replacing previous: StoredSession?
    ) async throws -> StoredSession {
        let subjectToken = try await SubjectTokenReader(world: world).read(request.source)
        let response = try await TokenEndpoint(world: world, provider: provider).exchange(
            subjectToken: subjectToken, request: request)
        var session = try StoredSession.from(
            response, provider: provider, openID: false, now: now, asked: request.scopes)
        session.refreshToken = nil
        session.refreshTokenExpiresAt = nil
        session.idToken = nil
        session.tokenExchange = request
        session.resources = request.resources.isEmpty ? nil : request.resources
        if let previous {
            session.tokenExchange = previous.tokenExchange
            session.resources = previous.resources
            session.resourceTokens = previous.resourceTokens
            session.user = previous.user
            session.userID = previous.userID
            session.createdAt = previous.createdAt
        }
        return session
    }

    /// Records that the API rejected `accessToken` right after a refresh gave it: the login is
    /// dead. Under the lock, and only while that token is still the stored one (a login made
    /// meanwhile is left alone). A failure to record is not the command's error: it already has one.
    package func rememberRejected(accessToken: String, message: String) async {
        _ = try? await keystore.update(lockTimeout: lockTimeout) { contents in
            guard var session = contents.profiles[profile], session.accessToken == accessToken, session.rejection == nil
            else { return }
            session.rejection = SessionRejection(
                at: world.clock.now().wholeSeconds, cause: .accessToken, detail: message)
            contents.profiles[profile] = session
        }
    }

    /// Records that a server refused `accessToken` (git's `erase` after a 401): it expires now, so
    /// the next command refreshes it. The fact is the token's, not the login's: unlike
    /// `rememberRejected`, the refresh token and the login stay good, and `status` says
    /// `refreshable`. Under the lock, and only while that token is still the stored one (another
    /// process may have refreshed it meanwhile); nil marks whatever token is stored. Returns
    /// whether anything changed.
    @discardableResult
    package func markStale(accessToken: String?) async throws -> Bool {
        guard login.session != nil else { return false }
        return try await KeystoreErrors.mapping {
            try await keystore.update(basedOn: login.snapshot, lockTimeout: lockTimeout) { contents in
                let now = world.clock.now().wholeSeconds
                guard var session = contents.profiles[profile],
                    accessToken == nil || session.accessToken == accessToken,
                    session.accessTokenExpiresAt > now
                else { return false }
                session.accessTokenExpiresAt = now
                contents.profiles[profile] = session
                return true
            }
        }
    }

    /// A new ID token from a refresh response, when it passes OIDC Core §12.2's checks; nil keeps
    /// the stored one (a provider that sends none, or one that does not pass).
    private func renewedIDToken(_ response: TokenResponse, session: StoredSession, provider: Provider) async -> String?
    {
        guard let token = response.idToken, let previous = session.idToken, let endpoints = provider.endpoints else {
            return nil
        }
        let verification = IDTokenVerification(world: world, keystoreDirectory: keystore.directory)
        return
            (try? await verification.verifyRefreshed(
                token, replacing: previous, provider: provider, endpoints: endpoints)).map { _ in token }
    }

    /// The stored ID token, refreshed first when it expires within `minValid` seconds (nil: the
    /// default window) and the provider renews ID tokens on refresh (kubectl's OIDC credentials).
    package func validIDToken(minValid: Int? = nil) async throws -> (token: String, expiresAt: Date?) {
        var session = login.session
        if session == nil, try Self.bootstrapToken(world.environment) != nil {
            // A CI job with KAUTH_REFRESH_TOKEN alone: the session (and its ID token) starts here.
            session = try await refreshUnderLock(.ifNeeded(minValid: nil)).session
        }
        guard let session else { throw KAuthError.notLoggedIn(profile: profile) }
        try Self.checkNotRejected(session, profile: profile)
        guard let token = session.idToken else {
            // A provider that never issues one: nothing a new login could fix.
            if let type = ProviderType.named(session.providerType ?? session.provider),
                !type.features.contains(.idToken)
            {
                throw KAuthError.unsupported(provider: session.provider, .feature(.idToken))
            }
            throw KAuthError.sessionExpired(profile: profile, reason: .noIDToken)
        }
        let window = TimeInterval(minValid ?? StoredSession.defaultWindow)
        if let expiry = JWTClaims.expiry(of: token), expiry.timeIntervalSince(world.clock.now()) >= window {
            return (token, expiry)
        }
        let refreshed = try await refreshUnderLock(.always).session
        guard let renewed = refreshed.idToken,
            renewed != token
                || JWTClaims.expiry(of: renewed).map({ $0.timeIntervalSince(world.clock.now()) > 0 }) == true
        else {
            throw KAuthError.sessionExpired(profile: profile, reason: .idTokenNotRenewed)
        }
        return (renewed, JWTClaims.expiry(of: renewed))
    }

    /// Starts a session from a refresh token the user hands over (`kauth login --with-token`):
    /// one refresh checks it, and the session replaces whatever the profile held.
    package func adopt(refreshToken: String, provider: Provider, openID: Bool = false) async throws -> StoredSession {
        // The refresh that checks the token may rotate it: refused before it when it cannot be kept.
        try KeystoreErrors.mapping { try keystore.requireWritable(before: .login) }
        let provider = try await provider.discovered(http: world.http)
        let now = world.clock.now()
        let response: TokenResponse
        do {
            response = try await TokenEndpoint(world: world, provider: provider).refresh(refreshToken: refreshToken)
        } catch KAuthError.oauth(let failure) where failure.error == "invalid_grant" {
            throw KAuthError.sessionExpired(
                profile: profile, reason: .givenTokenRejected(detail: .said(failure.description ?? failure.error)))
        } catch let refused as RefreshRefused {
            throw KAuthError.sessionExpired(
                profile: profile, reason: .givenTokenRejected(detail: .status(refused.status)))
        }
        var session = try await handedOver(
            response, refreshToken: refreshToken, provider: provider, openID: openID, now: now)
        if let user = try? await ProfileLookup.cachedUser(
            world: world, provider: provider, accessToken: session.accessToken, profile: profile)
        {
            session.user = user
            session.userID = user.id
        }
        let stored = session
        try await KeystoreErrors.mapping {
            try await keystore.update(basedOn: login.snapshot, lockTimeout: lockTimeout, before: .login) {
                $0.profiles[profile] = stored
            }
        }
        return stored
    }

    /// A session made from `KAUTH_REFRESH_TOKEN` alone (CI): refreshed once, then stored so that
    /// a rotated refresh token is kept for the rest of the job.
    private func bootstrapSession(refreshToken: String, provider: Provider, now: Date) async throws -> StoredSession {
        let padded = Self.bootstrapPadded(world.environment)
        let response: TokenResponse
        do {
            response = try await TokenEndpoint(world: world, provider: provider).refresh(refreshToken: refreshToken)
        } catch KAuthError.oauth(let failure) where failure.error == "invalid_grant" {
            throw KAuthError.sessionExpired(
                profile: profile,
                reason: .bootstrapRejected(detail: .said(failure.description ?? failure.error), padded: padded))
        } catch let refused as RefreshRefused {
            throw KAuthError.sessionExpired(
                profile: profile, reason: .bootstrapRejected(detail: .status(refused.status), padded: padded))
        }
        return try await handedOver(response, refreshToken: refreshToken, provider: provider, openID: false, now: now)
    }

    /// A session from the refresh of a token handed over (`--with-token`, `KAUTH_REFRESH_TOKEN`).
    /// An ID token in the answer is kept when it passes the checks of a refreshed one (OIDC Core
    /// §12.2: signature, issuer, audience, expiry; a refresh carries no nonce), so an OpenID
    /// Connect login hands off to CI with its ID token (`token --id-token`, kubectl).
    private func handedOver(
        _ response: TokenResponse, refreshToken: String, provider: Provider, openID: Bool, now: Date
    ) async throws -> StoredSession {
        var session = try StoredSession.from(response, provider: provider, openID: openID, now: now)
        if session.refreshToken == nil { session.refreshToken = refreshToken }
        session.idToken = nil
        if let token = response.idToken, let endpoints = provider.endpoints {
            let verification = IDTokenVerification(world: world, keystoreDirectory: keystore.directory)
            if (try? await verification.verify(token, provider: provider, endpoints: endpoints, nonce: nil)) != nil {
                session.idToken = token
                session.openID = true
            }
        }
        return session
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
