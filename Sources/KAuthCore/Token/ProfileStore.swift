#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Changes to stored logins other than refreshes: saving a login, deleting one, the cached
/// profile, the agreed scopes, the default profile. Each is one locked update of the keystore.
package struct ProfileStore: Sendable {
    package var keystore: FileKeystore
    /// How long to wait for another process's update before giving up (exit 7).
    package var lockTimeout: Duration = .seconds(30)

    package init(keystore: FileKeystore) {
        self.keystore = keystore
    }

    /// Stores a new login under `profile`, replacing the one there.
    package func save(_ session: StoredSession, profile: String) async throws {
        try await update(before: .login) { $0.profiles[profile] = session }
    }

    /// Throws (exit 7) when the keystore cannot be written, before a command sends a request
    /// whose answer it must store: a login's tokens, a logout or unlink that must delete the
    /// login the provider ended.
    package func requireWritable(before write: KeystoreWrite) throws {
        try KeystoreErrors.mapping { try keystore.requireWritable(before: write) }
    }

    /// Deletes the profile's stored login (logout, unlink); other profiles are untouched. Returns
    /// what commands without `--profile` use from now on, as the keystore says under the lock.
    /// With `only`, only while the profile still holds that login (refreshed or not): a login
    /// another kauth stored there meanwhile is left alone, and nil says so.
    @discardableResult
    package func delete(profile: String, only read: StoredSession? = nil) async throws -> ProfileInUse? {
        try await delete(profile: profile, only: read, unlinked: nil)
    }

    /// Deletes the profile's stored login after an unlink, which ended every token of that user
    /// in that app: other profiles holding a login of the same user, app and server are marked
    /// rejected (their tokens are dead too). Returns what is used from now on and who was marked;
    /// nil when the profile holds another login than `session` by now, which is left alone.
    package func deleteUnlinked(profile: String, session: StoredSession, at now: Date) async throws -> (
        inUse: ProfileInUse, marked: [String]
    )? {
        var marked: [String] = []
        let inUse = try await delete(profile: profile, only: session) { contents in
            guard let user = session.userID else { return }
            for (name, other) in contents.profiles.sorted(by: { $0.key < $1.key })
            where other.rejection == nil
                && other.userID == user && other.clientID == session.clientID
                && (other.providerType ?? other.provider) == (session.providerType ?? session.provider)
                && other.authBaseURL == session.authBaseURL && other.issuer == session.issuer
            {
                var dead = other
                dead.rejection = SessionRejection(at: now.wholeSeconds, cause: .unlinked, byProfile: profile)
                contents.profiles[name] = dead
                marked.append(name)
            }
        }
        return inUse.map { ($0, marked) }
    }

    private func delete(profile: String, only read: StoredSession?, unlinked: ((inout KeystoreContents) -> Void)?)
        async throws -> ProfileInUse?
    {
        var inUse: ProfileInUse?
        try await update(before: unlinked == nil ? .logout : .unlink) { contents in
            if let read, let stored = contents.profiles[profile], !stored.isSameLogin(as: read) { return }
            let used = contents.defaultProfile ?? "default"
            contents.profiles.removeValue(forKey: profile)
            if contents.defaultProfile == profile { contents.defaultProfile = nil }
            unlinked?(&contents)
            let next = contents.defaultProfile ?? "default"
            inUse = ProfileInUse(wasInUse: used == profile, now: contents.profiles[next] == nil ? nil : next)
        }
        return inUse
    }

    /// Merges a freshly fetched profile into the stored login's cache. A filtered fetch
    /// (`--property-keys`) may lack fields: those keep their cached values. With `of`, only while
    /// the profile still holds that login: another login stored meanwhile is not relabelled with
    /// this user. `basedOn` is the command's read of the keystore, which the update starts from
    /// while the file is unchanged, so that it is not decoded (or decrypted) a second time.
    @discardableResult
    package func updateCachedUser(
        _ fetched: CachedUser, profile: String, of read: StoredSession? = nil, basedOn snapshot: KeystoreSnapshot? = nil
    ) async throws -> CacheWrite {
        try await cache(basedOn: snapshot) { contents in
            guard var session = contents.profiles[profile] else { return }
            if let read, !session.isSameLogin(as: read) { return }
            let old = session.user ?? CachedUser()
            session.user = CachedUser(
                id: fetched.id ?? old.id, nickname: fetched.nickname ?? old.nickname, email: fetched.email ?? old.email,
                phoneNumber: fetched.phoneNumber ?? old.phoneNumber,
                displayName: fetched.displayName ?? old.displayName,
                country: fetched.country ?? old.country
            )
            session.userID = session.user?.id ?? session.userID
            contents.profiles[profile] = session
        }
    }

    /// Records the scopes the provider reports as agreed (after `kauth scopes` or a revoke), so
    /// `kauth status` does not go on listing a withdrawn consent. `openid` is not a consent item
    /// and is kept.
    @discardableResult
    package func updateAgreedScopes(_ agreed: [String], profile: String) async throws -> CacheWrite {
        try await cache { contents in
            guard var session = contents.profiles[profile] else { return }
            session.scopes =
                agreed + (session.scopes.contains("openid") && !agreed.contains("openid") ? ["openid"] : [])
            contents.profiles[profile] = session
        }
    }

    /// Makes `name` the default profile; it must hold a stored login.
    package func makeDefault(profile name: String) async throws {
        try await update(before: .defaultProfile) { contents in
            guard contents.profiles[name] != nil else { throw KAuthError.notLoggedIn(profile: name) }
            contents.defaultProfile = name == "default" ? nil : name
        }
    }

    /// A write that only keeps what a command read from the provider: a keystore that cannot be
    /// written skips it (the command still shows what it read), and says so in the result.
    private func cache(basedOn snapshot: KeystoreSnapshot? = nil, _ body: (inout KeystoreContents) throws -> Void)
        async throws -> CacheWrite
    {
        if let (path, reason) = keystore.writeRefusal() { return .skipped(path: path, reason: reason) }
        try await update(basedOn: snapshot, body)
        return .kept
    }

    private func update(
        basedOn snapshot: KeystoreSnapshot? = nil, before write: KeystoreWrite = .change,
        _ body: (inout KeystoreContents) throws -> Void
    ) async throws {
        try await KeystoreErrors.mapping {
            try await keystore.update(basedOn: snapshot, lockTimeout: lockTimeout, before: write) { contents in
                try body(&contents)
            }
        }
    }
}

/// What became of a write that only keeps what was read (a cached profile, the agreed scopes):
/// kept, or skipped because the keystore cannot be written, which is no error for a command that
/// only reads.
package enum CacheWrite: Sendable, Equatable {
    case kept
    case skipped(path: String, reason: WriteRefusal)
}

/// Which profile commands without `--profile` (and without `KAUTH_PROFILE`) use after a login
/// was deleted: logging out of the profile in use must not silently hand out another account's
/// token on the next command.
package struct ProfileInUse: Sendable, Equatable {
    /// Whether the deleted profile was the one in use.
    package var wasInUse: Bool
    /// The profile in use from now on, when it holds a login.
    package var now: String?
}
