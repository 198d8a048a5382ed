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
        try await update { $0.profiles[profile] = session }
    }

    /// Deletes the profile's stored login (logout, unlink); other profiles are untouched. With
    /// `only`, only while the profile still holds that login (refreshed or not): a login another
    /// kauth stored there meanwhile is left alone, and false says so.
    @discardableResult
    package func delete(profile: String, only read: StoredSession? = nil) async throws -> Bool {
        var deleted = false
        try await update { contents in
            if let read, let now = contents.profiles[profile], !now.isSameLogin(as: read) { return }
            deleted = contents.profiles.removeValue(forKey: profile) != nil
            if contents.defaultProfile == profile { contents.defaultProfile = nil }
        }
        return deleted
    }

    /// Merges a freshly fetched profile into the stored login's cache. A filtered fetch
    /// (`--property-keys`) may lack fields: those keep their cached values. With `of`, only while
    /// the profile still holds that login: another login stored meanwhile is not relabelled with
    /// this user.
    package func updateCachedUser(_ fetched: CachedUser, profile: String, of read: StoredSession? = nil) async throws {
        try await update { contents in
            guard var session = contents.profiles[profile] else { return }
            if let read, !session.isSameLogin(as: read) { return }
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

    /// Records the scopes the provider reports as agreed (after `kauth scopes` or a revoke), so
    /// `kauth status` does not go on listing a withdrawn consent. `openid` is not a consent item
    /// and is kept.
    package func updateAgreedScopes(_ agreed: [String], profile: String) async throws {
        try await update { contents in
            guard var session = contents.profiles[profile] else { return }
            session.scopes = agreed + (session.scopes.contains("openid") && !agreed.contains("openid") ? ["openid"] : [])
            contents.profiles[profile] = session
        }
    }

    /// Makes `name` the default profile; it must hold a stored login.
    package func makeDefault(profile name: String) async throws {
        try await update { contents in
            guard contents.profiles[name] != nil else { throw KAuthError.notLoggedIn(profile: name) }
            contents.defaultProfile = name == "default" ? nil : name
        }
    }

    private func update(_ body: (inout KeystoreContents) throws -> Void) async throws {
        try await KeystoreErrors.mapping {
            try await keystore.update(lockTimeout: lockTimeout) { contents in try body(&contents) }
        }
    }
}
