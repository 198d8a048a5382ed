import KAuthBasics

/// Why the keystore could not be read or written. Every case is exit code 7: the file is never
/// silently replaced, so the user has to act; the command line says how.
package enum KeystoreError: Error, Sendable, Equatable {
    /// The file has a group or other permission bit (`permissions` is `st_mode & 0o7777`).
    case tooOpen(path: String, permissions: UInt16)
    /// The file belongs to another user.
    case notOwned(path: String)
    /// The path is a folder, or a symbolic link or other special file (see `FileKeystore.load`).
    case notARegularFile(path: String)
    /// The file is not JSON, not the expected shape, or of an unknown version.
    case corrupt(path: String, reason: KeystoreProblem)
    /// The file could not be read (or its folder not inspected).
    case unreadable(path: String, reason: KeystoreProblem)
    /// The new contents could not be written; the old file is still in place.
    case unwritable(path: String, reason: KeystoreProblem)
    /// The keystore cannot be written (a read-only home), found before anything was asked or
    /// changed: `path` is what refused, `before` what the write was for.
    case readOnly(path: String, reason: WriteRefusal, before: KeystoreWrite)
    /// Another process held the keystore lock (`path` is the lock file) for the whole timeout.
    case lockTimeout(path: String)
    /// The file is encrypted and no `KAUTH_PASSPHRASE` was given.
    case passphraseRequired(path: String)
    /// The file is encrypted and did not decrypt with the given passphrase (or was altered).
    case wrongPassphrase(path: String)
    /// The file is encrypted under a key kept in the OS keyring, and the key could not be read:
    /// no session bus, a locked or hung keyring, or no such key there (a copy from elsewhere).
    case keyUnavailable(path: String, keyring: KeyringKind, failure: KeyringFailure)
    /// The keyring gave a key that does not open the file: the file was altered, or the key replaced.
    case wrongKey(path: String)
    /// The keystore folder is writable by group or others, who could swap the file underneath.
    case folderTooOpen(path: String, permissions: UInt16)
    /// The keystore folder belongs to another user, who could swap any file in it.
    case folderNotOwned(path: String)
    /// A file kauth keeps beside the keystore (config, lock) is not safe to use: another user owns
    /// it, others can write it, or it is a symbolic link.
    case unsafeFile(path: String, reason: UnsafeFile)
}

/// Why a keystore that can be read cannot be written.
package enum WriteRefusal: Sendable, Equatable {
    /// A read-only mount: not even root may write it.
    case readOnlyFileSystem
    /// Permission denied, or another refusal, in the system's words.
    case refused(String)
}

/// What a keystore write was for, so that its refusal can say what was not done and what was not
/// lost: each is found before a request is sent.
package enum KeystoreWrite: Sendable, Equatable {
    /// A refresh (or a machine login's new token), whose answer may rotate the refresh token.
    case refresh
    /// A login, whose tokens the provider would issue to nobody.
    case login
    /// A logout, which would end the session at the provider and leave it stored.
    case logout
    /// An unlink, which would withdraw every consent and leave the login stored.
    case unlink
    /// Changing the default profile.
    case defaultProfile
    /// Changing the config file, which lives beside the keystore.
    case config
    /// Any other change.
    case change
}

/// Turns keystore failures into `KAuthError.keystore` (exit 7): the one place a `KeystoreError`
/// becomes a `KAuthError`.
enum KeystoreErrors {
    static func mapping<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as KeystoreError {
            throw KAuthError.keystore(error)
        }
    }

    static func mapping<T>(isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T)
        async throws -> T
    {
        do {
            return try await body()
        } catch let error as KeystoreError {
            throw KAuthError.keystore(error)
        }
    }
}
