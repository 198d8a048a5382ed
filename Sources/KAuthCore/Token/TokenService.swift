#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Gives out valid access tokens for one profile, refreshing through the keystore lock so that
/// any number of processes make one refresh call between them.
package struct TokenService: Sendable {
    package var world: World
    package var keystore: FileKeystore
    package var profile: String
    /// The provider a session talks to (flag > env > config > the session's own record).
    package var resolveProvider: @Sendable (_ session: StoredSession?) throws -> ResolvedProvider
    /// How long to wait for another process's refresh before giving up (exit 7).
    package var lockTimeout: Duration = .seconds(30)

    package init(world: World, keystore: FileKeystore, profile: String, resolveProvider: @escaping @Sendable (StoredSession?) throws -> ResolvedProvider) {
        self.world = world
        self.keystore = keystore
        self.profile = profile
        self.resolveProvider = resolveProvider
    }

    /// The stored session, read without the network or the lock.
    package func storedSession() throws -> StoredSession? {
        try KeystoreErrors.mapping { try keystore.session(profile: profile) }
    }

    /// A session whose access token is valid for at least `minValid` seconds, refreshing first if
    /// needed. Without a stored login, `KAUTH_REFRESH_TOKEN` bootstraps one.
    package func validSession(minValid: Int = 60) async throws -> StoredSession {
        if let session = try storedSession() {
            if session.accessTokenValid(for: minValid, at: world.clock.now()) { return session }
        } else if world.environment["KAUTH_REFRESH_TOKEN"] == nil {
            throw KAuthError.notLoggedIn(profile: profile)
        }
        return try await refreshUnderLock(.ifNeeded(minValid: minValid))
    }

    /// Refreshes now, whatever the expiry (`kauth token refresh`).
    package func forceRefresh() async throws -> StoredSession {
        if try storedSession() == nil && world.environment["KAUTH_REFRESH_TOKEN"] == nil {
            throw KAuthError.notLoggedIn(profile: profile)
        }
        return try await refreshUnderLock(.always)
    }

    /// After the API rejected `token` (-401): refreshes, unless another process already replaced
    /// that token, in which case the new one is used as it is.
    package func recover(rejected token: String) async throws -> StoredSession {
        try await refreshUnderLock(.unlessReplaced(token))
    }

    /// Deletes the profile's stored login (logout, unlink); other profiles are untouched.
    package func deleteStoredSession() async throws {
        try await KeystoreErrors.mapping {
            try await keystore.update(lockTimeout: lockTimeout) { contents in
                contents.profiles.removeValue(forKey: profile)
                if contents.defaultProfile == profile { contents.defaultProfile = nil }
            }
        }
    }

    /// Merges a freshly fetched profile into the stored login's cache. A filtered fetch
    /// (`--property-keys`) may lack fields: those keep their cached values.
    package func updateCachedUser(_ fetched: CachedUser) async throws {
        try await KeystoreErrors.mapping {
            try await keystore.update(lockTimeout: lockTimeout) { contents in
                guard var session = contents.profiles[profile] else { return }
                let old = session.user ?? CachedUser()
                session.user = CachedUser(
                    id: fetched.id ?? old.id, nickname: fetched.nickname ?? old.nickname, email: fetched.email ?? old.email,
                    phoneNumber: fetched.phoneNumber ?? old.phoneNumber, displayName: fetched.displayName ?? old.displayName,
                    country: fetched.country ?? old.country
                )
                session.userID = session.user?.id ?? session.userID
                contents.profiles[profile] = session
            }
        }
    }

    /// Records the scopes the provider reports as agreed (after `kauth scopes` or a revoke), so
    /// `kauth status` does not go on listing a withdrawn consent. `openid` is not a consent item
    /// and is kept.
    package func updateAgreedScopes(_ agreed: [String]) async throws {
        try await KeystoreErrors.mapping {
            try await keystore.update(lockTimeout: lockTimeout) { contents in
                guard var session = contents.profiles[profile] else { return }
                session.scopes = agreed + (session.scopes.contains("openid") && !agreed.contains("openid") ? ["openid"] : [])
                contents.profiles[profile] = session
            }
        }
    }

    /// Makes `name` the default profile; it must hold a stored login.
    package func makeDefault(profile name: String) async throws {
        try await KeystoreErrors.mapping {
            try await keystore.update(lockTimeout: lockTimeout) { contents in
                guard contents.profiles[name] != nil else { throw KAuthError.notLoggedIn(profile: name) }
                contents.defaultProfile = name == "default" ? nil : name
            }
        }
    }

    enum Mode {
        case ifNeeded(minValid: Int)
        case always
        case unlessReplaced(String)
    }

    private func refreshUnderLock(_ mode: Mode) async throws -> StoredSession {
        try await KeystoreErrors.mapping {
            try await keystore.update(lockTimeout: lockTimeout) { contents in
                let now = world.clock.now()
                guard let session = contents.profiles[profile] else {
                    guard let bootstrap = world.environment["KAUTH_REFRESH_TOKEN"] else {
                        throw KAuthError.notLoggedIn(profile: profile)
                    }
                    let created = try await bootstrapSession(refreshToken: bootstrap, now: now)
                    contents.profiles[profile] = created
                    return created
                }
                // Re-checked under the lock: another process may have refreshed while we waited.
                switch mode {
                case .ifNeeded(let minValid) where session.accessTokenValid(for: minValid, at: now):
                    return session
                case .unlessReplaced(let token) where session.accessToken != token && session.accessTokenValid(for: 0, at: now):
                    return session
                default:
                    break
                }
                let refreshed = try await refresh(session, now: now)
                contents.profiles[profile] = refreshed
                return refreshed
            }
        }
    }

    /// One refresh; on `invalid_grant` the store is read once more in case a process that did not
    /// take the lock rotated the refresh token, and the newer one is tried.
    private func refresh(_ session: StoredSession, now: Date) async throws -> StoredSession {
        guard let refreshToken = session.refreshToken else {
            throw KAuthError.sessionExpired(profile: profile, reason: "the access token expired and no refresh token is stored")
        }
        if let expiry = session.refreshTokenExpiresAt, expiry <= now {
            throw KAuthError.sessionExpired(profile: profile, reason: "the refresh token expired at \(RFC3339.string(from: expiry))")
        }
        let endpoint = TokenEndpoint(http: world.http, provider: try resolveProvider(session))
        do {
            return session.applying(try await endpoint.refresh(refreshToken: refreshToken), now: now)
        } catch KAuthError.oauth(error: "invalid_grant", let description, let code) {
            if let latest = try? keystore.session(profile: profile), let newer = latest.refreshToken, newer != refreshToken {
                do {
                    return latest.applying(try await endpoint.refresh(refreshToken: newer), now: now)
                } catch KAuthError.oauth(error: "invalid_grant", _, _) {}
            }
            let detail = [description, code].compactMap { $0 }.joined(separator: ", ")
            throw KAuthError.sessionExpired(profile: profile, reason: "the provider rejected the refresh token (invalid_grant\(detail.isEmpty ? "" : ": " + detail))")
        }
    }

    /// A session made from `KAUTH_REFRESH_TOKEN` alone (CI): refreshed once, then stored so that
    /// a rotated refresh token is kept for the rest of the job.
    private func bootstrapSession(refreshToken: String, now: Date) async throws -> StoredSession {
        let provider = try resolveProvider(nil)
        let clientID = try provider.requireClientID()
        do {
            let response = try await TokenEndpoint(http: world.http, provider: provider).refresh(refreshToken: refreshToken)
            var session = StoredSession.from(response, provider: provider, clientID: clientID, openID: false, now: now)
            if session.refreshToken == nil { session.refreshToken = refreshToken }
            return session
        } catch KAuthError.oauth(error: "invalid_grant", let description, _) {
            throw KAuthError.sessionExpired(
                profile: profile,
                reason: "the provider rejected KAUTH_REFRESH_TOKEN (\(description ?? "invalid_grant")); store a fresh refresh token in the secret"
            )
        }
    }
}

/// Turns keystore failures into exit code 7 with their message: the one place a `KeystoreError`
/// becomes a `KAuthError`.
package enum KeystoreErrors {
    package static func mapping<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as KeystoreError {
            throw KAuthError.keystore(error.message)
        }
    }

    package static func mapping<T>(isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as KeystoreError {
            throw KAuthError.keystore(error.message)
        }
    }
}
