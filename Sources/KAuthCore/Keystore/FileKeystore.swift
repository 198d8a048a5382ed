import KAuthBasics

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The credentials file, `$KAUTH_HOME/credentials.json`: one JSON document holding every profile's
/// session, kept `0600` in a `0700` folder.
///
/// Reads take no lock: every write replaces the file with one `rename`, so a reader sees either the
/// old or the new file, never a mix. Writes go through `update`, which holds an exclusive `flock` on
/// `credentials.json.lock` while it re-reads, changes and writes; callers that refresh a token
/// re-check inside `update`, which is what turns N parallel `kauth token` into one refresh.
///
/// A file that fails a check (too open, foreign, not a file, corrupt, undecryptable, its key not
/// in the keyring) is an error and is never overwritten: it may hold the only copy of a refresh
/// token, and the user decides.
///
/// How the file is protected is written in it (`KeystoreProtection`), and every read follows the
/// file. A write keeps the file's protection, except that `KAUTH_PASSPHRASE` always wins, and a
/// login (`choosingProtection()`), or the write that creates the file, chooses afresh: the
/// keyring when `KAUTH_KEYRING` is not `off` and a new key stores and reads back in time, else a
/// plain file, which records why. The key of a keyring file is reused while the file lives and
/// deleted from the keyring when the file stops using it (the last profile logged out, a
/// passphrase set): never a new key over a file encrypted under an old one.
package struct FileKeystore: Sendable {
    package static let fileName = "credentials.json"
    /// PBKDF2 rounds for new encrypted writes: OWASP's 2023 figure for PBKDF2-HMAC-SHA256. Each
    /// read of an encrypted file costs about 0.2 s on a current x86 core; that is the price of
    /// `KAUTH_PASSPHRASE`, and files keep their own count, so it can change without a migration.
    static let defaultKDFIterations = 600_000

    /// The folder holding the keystore (`KAUTH_HOME`).
    package let directory: String
    /// `directory/credentials.json`.
    package let path: String
    /// `directory/credentials.json.lock`: a separate, never-deleted file, because the data file is
    /// replaced on every write and a lock on it would be a lock on the old inode.
    let lockPath: String

    private let fileSystem: FileSystem
    private let passphrase: String?
    private let random: RandomSource
    private let kdfIterations: Int
    /// The OS keyring; nil where there is none (some tests), which reads like a keyring that has
    /// no key and writes like `KAUTH_KEYRING=off`.
    private let keyring: Keyring?
    /// `KAUTH_KEYRING=off`: no new key is put in the keyring (files using one are still read).
    private let keyringTurnedOff: Bool
    /// Whether a write may change the file's protection (a login), not just keep it.
    private var choosesProtection = false

    /// - Parameters:
    ///   - passphrase: `KAUTH_PASSPHRASE`; when set, writes are encrypted (and plaintext files are
    ///     still read, then encrypted by the next write).
    ///   - random: salts and nonces for encrypted writes.
    ///   - kdfIterations: PBKDF2 rounds for writes; tests pass a small number to stay fast.
    ///   - keyring: where keystore keys live; nil: nowhere.
    ///   - keyringTurnedOff: `KAUTH_KEYRING=off`.
    package init(
        directory: String,
        fileSystem: FileSystem,
        passphrase: String?,
        random: RandomSource,
        kdfIterations: Int = FileKeystore.defaultKDFIterations,
        keyring: Keyring? = nil,
        keyringTurnedOff: Bool = false
    ) {
        var directory = directory
        while directory.count > 1, directory.hasSuffix("/") { directory.removeLast() }
        self.directory = directory
        self.path = (directory == "/" ? "" : directory) + "/" + Self.fileName
        self.lockPath = path + ".lock"
        self.fileSystem = fileSystem
        self.passphrase = passphrase
        self.random = random
        self.kdfIterations = max(1, kdfIterations)
        self.keyring = keyring
        self.keyringTurnedOff = keyringTurnedOff
    }

    /// This keystore, for a login: its writes choose the protection afresh, so a plain file moves
    /// to the keyring (and a keyring file to a plain one under `KAUTH_KEYRING=off`).
    package func choosingProtection() -> FileKeystore {
        var keystore = self
        keystore.choosesProtection = true
        return keystore
    }

    /// How the file on disk is protected, from its header alone (nothing is decrypted); nil when
    /// there is no file.
    package func protection() throws -> KeystoreProtection? {
        guard let data = try readBytes() else { return nil }
        return try header(data).protection
    }

    /// The keystore as it is on disk; empty when there is no file yet.
    package func load() throws -> KeystoreContents {
        try read().contents
    }

    /// The keystore as it is on disk, with the bytes it was decoded from.
    ///
    /// Throws `KeystoreError` when the file is a folder, belongs to someone else, has any group or
    /// other permission bit (like ssh, because it holds bearer secrets), cannot be read or decoded,
    /// has an unknown version, or is encrypted and cannot be decrypted.
    ///
    /// The checks use `lstat`, so a symbolic link is judged by its own mode, which always has
    /// group and other bits on Linux: it is refused as too open rather than followed.
    package func read() throws -> KeystoreSnapshot {
        guard let data = try readBytes() else { return KeystoreSnapshot(data: nil, contents: .empty) }
        return try decode(data)
    }

    /// Why a write of the keystore would fail, found without writing anything; nil when it would
    /// not be refused for that (see `HomeFolder.writeRefusal`). A read-only home (a read-only
    /// mount, a folder without write permission) lets every read work, so commands ask this before
    /// they send a request whose answer must be kept: a rotated refresh token that cannot be
    /// stored is a lost login.
    package func writeRefusal() -> (path: String, reason: WriteRefusal)? {
        HomeFolder.writeRefusal(directory, opened: [lockPath], replaced: [path], fileSystem: fileSystem)
    }

    /// Throws `readOnly` when `writeRefusal` finds one; `before` says what would have been lost.
    package func requireWritable(before write: KeystoreWrite) throws(KeystoreError) {
        if let (path, reason) = writeRefusal() { throw .readOnly(path: path, reason: reason, before: write) }
    }

    /// Reads, changes and writes the keystore while holding its lock, and returns what `body`
    /// returns.
    ///
    /// Creates the folder `0700` when missing and refuses one that group or others can write. The
    /// file is re-read under the lock (with all of `read`'s checks, so a corrupt file aborts before
    /// `body` runs) — unless its bytes are those of `snapshot`, an earlier read by the same command,
    /// whose decoded contents are then used as they are (an encrypted file is not decrypted twice).
    /// It is written back atomically with mode `0600` only if `body` changed the contents, and only
    /// after the new bytes were read back to the same contents. The lock is released on every
    /// path, including a throwing `body`, whose changes are then discarded. Waiting for the lock
    /// longer than `lockTimeout` throws `lockTimeout`. A keystore that `writeRefusal` finds
    /// read-only throws `readOnly` before `body` runs, so nothing `body` would ask is asked.
    ///
    /// `body` runs in the caller's isolation, so it may capture non-`Sendable` state.
    package func update<T>(
        basedOn snapshot: KeystoreSnapshot? = nil,
        lockTimeout: Duration = .seconds(10),
        before write: KeystoreWrite = .change,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (inout KeystoreContents) async throws -> T
    ) async throws -> T {
        try requireWritable(before: write)
        try prepareFolder()
        let lock: FileLock
        do {
            lock = try await fileSystem.lockExclusive(lockPath, lockTimeout)
        } catch FileSystemError.lockTimeout {
            throw KeystoreError.lockTimeout(path: lockPath)
        } catch FileSystemError.unsafe(let path, let reason) {
            throw KeystoreError.unsafeFile(path: path, reason: reason)
        } catch let error as FileSystemError {
            throw KeystoreError.unwritable(path: lockPath, reason: Self.problem(error))
        }
        defer { lock.release() }

        let bytes = try readBytes()
        let original =
            if let snapshot, snapshot.data == bytes { snapshot } else {
                try bytes.map(decode) ?? KeystoreSnapshot(data: nil, contents: .empty)
            }
        var contents = original.contents
        let result = try await body(&contents)
        // Compared as bytes: that is what "changed on disk" means, and it ignores sub-second date
        // differences the file could not record anyway.
        let newJSON = try encodeJSON(contents)
        guard try newJSON != encodeJSON(original.contents) else { return result }
        try checkRoundTrip(newJSON)
        let target = targetProtection(for: contents, current: original)
        let data: Data
        switch target {
        case .passphrase:
            data = try KeystoreEncryption(
                passphrase: passphrase ?? "", random: random, iterations: kdfIterations, path: path
            ).seal(newJSON)
        case .keyring(let key):
            data = try KeyringKeystoreFile.seal(newJSON, key: key, random: random, path: path)
        case .none(let reason):
            var plain = contents
            plain.protection = KeystoreProtection.none(nil).name
            plain.noKeyringReason = reason?.rawValue
            data = try encodeJSON(plain)
        }
        do {
            try fileSystem.writeFileAtomically(path, data, 0o600)
        } catch {
            if case .keyring(let key) = target, key != original.key {
                try? keyring?.remove(KeyringItem(home: directory, keyID: key.keyID))
            }
            throw KeystoreError.unwritable(path: path, reason: Self.problem(error))
        }
        // The old key protects nothing any more: the keyring keeps no key for a file that is gone.
        if let old = original.key, target.key != old {
            try? keyring?.remove(KeyringItem(home: directory, keyID: old.keyID))
        }
        return result
    }

    /// How a write protects the file (see the type's comment for the order).
    private func targetProtection(for contents: KeystoreContents, current: KeystoreSnapshot) -> WriteProtection {
        if passphrase != nil { return .passphrase }
        // No login left: nothing for a key to protect, and the key leaves the keyring with the
        // last profile.
        if contents.profiles.isEmpty { return .none(nil) }
        if let key = current.key, !(choosesProtection && keyringTurnedOff) { return .keyring(key) }
        guard choosesProtection || current.data == nil else {
            if case .none(let reason) = current.protection { return .none(reason) }
            return .none(nil)
        }
        if keyringTurnedOff { return .none(.turnedOff) }
        guard let keyring else { return .none(.unavailable) }
        do {
            guard let key = try newKey(in: keyring) else { return .none(.unavailable) }
            return .keyring(key)
        } catch {
            return .none(NoKeyringReason(error))
        }
    }

    /// A new random key, stored in the keyring and read back: a keyring that stores but cannot
    /// give the key back in time would leave a file nobody can open. Nil when the random source
    /// gave too few bytes or the keyring gave back another key.
    private func newKey(in keyring: Keyring) throws(KeyringFailure) -> KeyringKeystoreKey? {
        let bytes = random.bytes(AESGCM.keyLength)
        let id = random.bytes(16)
        guard bytes.count == AESGCM.keyLength, id.count == 16 else { return nil }
        let key = KeyringKeystoreKey(kind: keyring.kind, keyID: Base64URL.encode(id), bytes: bytes)
        let item = KeyringItem(home: directory, keyID: key.keyID)
        try keyring.store(item, Base64URL.encode(bytes))
        let readBack: String
        do throws(KeyringFailure) {
            readBack = try keyring.lookup(item, false)
        } catch {
            try? keyring.remove(item)
            throw error
        }
        guard readBack == Base64URL.encode(bytes) else {
            try? keyring.remove(item)
            return nil
        }
        return key
    }

    /// How one write protects the file, with the key itself for the keyring.
    private enum WriteProtection {
        case none(NoKeyringReason?)
        case passphrase
        case keyring(KeyringKeystoreKey)

        var key: KeyringKeystoreKey? {
            if case .keyring(let key) = self { return key }
            return nil
        }
    }

    // MARK: - File

    /// The file's bytes after the folder's and the file's ownership and permission checks; nil
    /// when there is no file.
    private func readBytes() throws -> Data? {
        try HomeFolder.check(directory, fileSystem: fileSystem)
        let info: FileInfo?
        do {
            info = try fileSystem.fileInfo(path)
        } catch {
            throw KeystoreError.unreadable(path: path, reason: Self.problem(error))
        }
        guard let info else { return nil }
        guard !info.isDirectory else { throw KeystoreError.notARegularFile(path: path) }
        guard info.ownerID == fileSystem.currentUserID() else { throw KeystoreError.notOwned(path: path) }
        guard info.permissions & 0o077 == 0 else {
            throw KeystoreError.tooOpen(path: path, permissions: info.permissions)
        }
        do {
            // Removed between the stat and the read: a logout in another process; same as no file.
            return try fileSystem.readFile(path)
        } catch {
            throw KeystoreError.unreadable(path: path, reason: Self.problem(error))
        }
    }

    /// Creates the folder `0700` when missing; an existing one must pass `HomeFolder.check`.
    private func prepareFolder() throws {
        let exists: Bool
        do {
            exists = try fileSystem.fileInfo(directory + "/.") != nil
        } catch {
            throw KeystoreError.unwritable(path: directory, reason: Self.problem(error))
        }
        guard exists else {
            do {
                try fileSystem.createDirectory(directory, 0o700)
            } catch {
                throw KeystoreError.unwritable(path: directory, reason: Self.problem(error))
            }
            return
        }
        try HomeFolder.check(directory, fileSystem: fileSystem)
    }

    // MARK: - Encoding

    private func encodeJSON(_ contents: KeystoreContents) throws -> Data {
        do {
            return try KeystoreJSON.encode(contents)
        } catch {
            throw KeystoreError.unwritable(path: path, reason: .cannotEncode(KeystoreJSON.fault(error)))
        }
    }

    /// Never writes what the reader would refuse: the new JSON must decode and encode back to the
    /// same bytes, or the old file stays.
    private func checkRoundTrip(_ json: Data) throws {
        do {
            let decoded = try KeystoreJSON.decode(KeystoreContents.self, from: json)
            guard try KeystoreJSON.encode(decoded) == json else {
                throw KeystoreError.unwritable(path: path, reason: .readBackDiffers)
            }
        } catch let error as KeystoreError {
            throw error
        } catch {
            throw KeystoreError.unwritable(path: path, reason: .wouldNotReadBack(KeystoreJSON.fault(error)))
        }
    }

    /// The file's version, checked, and the protection it declares.
    private func header(_ data: Data) throws -> (protection: KeystoreProtection, encrypted: Bool) {
        let header: KeystoreFileHeader
        do {
            header = try KeystoreJSON.decode(KeystoreFileHeader.self, from: data)
        } catch {
            throw KeystoreError.corrupt(path: path, reason: KeystoreJSON.fault(error))
        }
        try checkVersion(header.version)
        switch header.protection {
        case KeyringKeystoreFile.protection:
            let (file, kind) = try KeyringKeystoreFile.decode(data, path: path)
            return (.keyring(kind, keyID: file.encryption.keyID), true)
        case EncryptedKeystoreFile.protection:
            return (.passphrase, true)
        case nil where header.isEncrypted:
            return (.passphrase, true)
        case nil, "none":
            guard !header.isEncrypted else {
                throw KeystoreError.corrupt(path: path, reason: .encryptionWithoutProtection)
            }
            return (.none(header.noKeyringReason.flatMap(NoKeyringReason.init(rawValue:))), false)
        case let other?:
            throw KeystoreError.corrupt(path: path, reason: .unknownProtection(other))
        }
    }

    private func decode(_ data: Data) throws -> KeystoreSnapshot {
        let (protection, encrypted) = try header(data)
        var key: KeyringKeystoreKey?
        let json: Data
        switch protection {
        case .keyring(let kind, let keyID):
            (json, key) = try openWithKeyring(data, kind: kind, keyID: keyID)
        case .passphrase:
            json = try KeystoreEncryption.open(data, passphrase: passphrase, path: path)
        case .none:
            json = data
        }
        var contents: KeystoreContents
        do {
            contents = try KeystoreJSON.decode(KeystoreContents.self, from: json)
        } catch {
            let reason = KeystoreJSON.fault(error)
            throw KeystoreError.corrupt(path: path, reason: encrypted ? .inDecryptedContents(reason) : reason)
        }
        try checkVersion(contents.version)
        contents.protection = nil
        contents.noKeyringReason = nil
        return KeystoreSnapshot(data: data, contents: contents, protection: protection, key: key)
    }

    /// The plaintext of a keyring file and its key: a cached copy of the key first, then the
    /// keyring itself when there is none or it does not open the file.
    private func openWithKeyring(_ data: Data, kind: KeyringKind, keyID: String) throws -> (Data, KeyringKeystoreKey) {
        let (file, _) = try KeyringKeystoreFile.decode(data, path: path)
        guard let keyring, keyring.kind == kind else {
            throw KeystoreError.keyUnavailable(path: path, keyring: kind, failure: .notFound)
        }
        let item = KeyringItem(home: directory, keyID: keyID)
        // Twice at most: a cached copy that does not open the file (a key replaced in the keyring)
        // is forgotten, and the second lookup asks the keyring and caches its answer.
        for _ in 0..<2 {
            let text: String
            do {
                text = try keyring.lookup(item, true)
            } catch {
                throw KeystoreError.keyUnavailable(path: path, keyring: kind, failure: error)
            }
            let bytes = Base64URL.decode(text).map([UInt8].init) ?? []
            if let json = try file.open(with: bytes, path: path) {
                return (json, KeyringKeystoreKey(kind: kind, keyID: keyID, bytes: bytes))
            }
            keyring.forgetCached(item)
        }
        throw KeystoreError.wrongKey(path: path)
    }

    private func checkVersion(_ version: Int?) throws {
        guard let version else {
            throw KeystoreError.corrupt(path: path, reason: .missingVersion)
        }
        guard version == KeystoreContents.currentVersion else {
            throw KeystoreError.corrupt(
                path: path, reason: .unsupportedVersion(version, supported: KeystoreContents.currentVersion))
        }
    }

    static func problem(_ error: any Error) -> KeystoreProblem {
        switch error {
        case FileSystemError.io(_, let operation, let reason):
            return .system("\(operation): \(reason)")
        case FileSystemError.lockTimeout(let path):
            return .lockTimedOut(path: path)
        case FileSystemError.unsafe(_, let reason):
            return .unsafe(reason)
        case CryptoError.invalidParameter(let text), CryptoError.library(let text):
            return .system(text)
        default:
            return .system(String(describing: error))
        }
    }
}

/// One read of the keystore: the bytes on disk (nil: no file), what they decoded to, and how the
/// file is protected.
package struct KeystoreSnapshot: Sendable, Equatable {
    package var data: Data?
    package var contents: KeystoreContents
    /// What the file says; `.none(nil)` when there is no file.
    package var protection: KeystoreProtection
    /// The keyring key that opened the file, kept so a write under the lock reuses it.
    var key: KeyringKeystoreKey?

    init(data: Data?, contents: KeystoreContents, protection: KeystoreProtection = .none(nil)) {
        self.data = data
        self.contents = contents
        self.protection = protection
    }

    init(data: Data?, contents: KeystoreContents, protection: KeystoreProtection, key: KeyringKeystoreKey?) {
        self.init(data: data, contents: contents, protection: protection)
        self.key = key
    }
}
