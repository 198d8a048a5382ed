/// What a command read of the keystore — every profile, once — and which profile it is about.
///
/// Commands read the keystore once: this value carries that read to whatever needs it (the
/// profile's session, the default profile, the other profiles for `status`), and `TokenService`
/// hands its bytes to `FileKeystore.update` so the re-read under the lock does not decode (or
/// decrypt) the same file again.
package struct StoredLogin: Sendable {
    /// The profile: `--profile` or `KAUTH_PROFILE` when given, else the keystore's default profile,
    /// else `default`.
    package var profile: String
    package var snapshot: KeystoreSnapshot

    package init(profile: String, snapshot: KeystoreSnapshot) {
        self.profile = profile
        self.snapshot = snapshot
    }

    /// Reads the keystore and picks the profile.
    package static func read(_ keystore: FileKeystore, profile explicit: String?) throws -> StoredLogin {
        let snapshot = try KeystoreErrors.mapping { try keystore.read() }
        return StoredLogin(profile: explicit ?? snapshot.contents.defaultProfile ?? "default", snapshot: snapshot)
    }

    /// Every stored profile.
    package var contents: KeystoreContents { snapshot.contents }

    /// The profile's stored session, if any.
    package var session: StoredSession? { snapshot.contents.profiles[profile] }
}
