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
/// A file that fails a check (too open, foreign, not a file, corrupt, undecryptable) is an error and
/// is never overwritten: it may hold the only copy of a refresh token, and the user decides.
package struct FileKeystore: Sendable {
    package static let fileName = "credentials.json"
    /// PBKDF2 rounds for new encrypted writes: OWASP's 2023 figure for PBKDF2-HMAC-SHA256. Each
    /// read of an encrypted file costs about 0.2 s on a current x86 core; that is the price of
    /// `KAUTH_PASSPHRASE`, and files keep their own count, so it can change without a migration.
    package static let defaultKDFIterations = 600_000

    /// The folder holding the keystore (`KAUTH_HOME`).
    package let directory: String
    /// `directory/credentials.json`.
    package let path: String
    /// `directory/credentials.json.lock`: a separate, never-deleted file, because the data file is
    /// replaced on every write and a lock on it would be a lock on the old inode.
    package let lockPath: String

    private let fileSystem: FileSystem
    private let passphrase: String?
    private let random: RandomSource
    private let kdfIterations: Int

    /// - Parameters:
    ///   - passphrase: `KAUTH_PASSPHRASE`; when set, writes are encrypted (and plaintext files are
    ///     still read, then encrypted by the next write).
    ///   - random: salts and nonces for encrypted writes.
    ///   - kdfIterations: PBKDF2 rounds for writes; tests pass a small number to stay fast.
    package init(
        directory: String,
        fileSystem: FileSystem,
        passphrase: String?,
        random: RandomSource,
        kdfIterations: Int = FileKeystore.defaultKDFIterations
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
        return KeystoreSnapshot(data: data, contents: try decode(data))
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
    /// longer than `lockTimeout` throws `lockTimeout`.
    ///
    /// `body` runs in the caller's isolation, so it may capture non-`Sendable` state.
    package func update<T>(
        basedOn snapshot: KeystoreSnapshot? = nil,
        lockTimeout: Duration = .seconds(10),
        isolation: isolated (any Actor)? = #isolation,
        _ body: (inout KeystoreContents) async throws -> T
    ) async throws -> T {
        try prepareFolder()
        let lock: FileLock
        do {
            lock = try await fileSystem.lockExclusive(lockPath, lockTimeout)
        } catch FileSystemError.lockTimeout {
            throw KeystoreError.lockTimeout(path: lockPath)
        } catch FileSystemError.unsafe(let path, let reason) {
            throw KeystoreError.unsafeFile(path: path, reason: reason)
        } catch let error as FileSystemError {
            throw KeystoreError.unwritable(path: lockPath, reason: Self.describe(error))
        }
        defer { lock.release() }

        let bytes = try readBytes()
        let original = if let snapshot, snapshot.data == bytes { snapshot.contents } else { try bytes.map(decode) ?? .empty }
        var contents = original
        let result = try await body(&contents)
        // Compared as bytes: that is what "changed on disk" means, and it ignores sub-second date
        // differences the file could not record anyway.
        let newJSON = try encodeJSON(contents)
        if try newJSON != encodeJSON(original) {
            try checkRoundTrip(newJSON)
            let data = try passphrase.map { try KeystoreEncryption(passphrase: $0, random: random, iterations: kdfIterations, path: path).seal(newJSON) } ?? newJSON
            do {
                try fileSystem.writeFileAtomically(path, data, 0o600)
            } catch {
                throw KeystoreError.unwritable(path: path, reason: Self.describe(error))
            }
        }
        return result
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
            throw KeystoreError.unreadable(path: path, reason: Self.describe(error))
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
            throw KeystoreError.unreadable(path: path, reason: Self.describe(error))
        }
    }

    /// Creates the folder `0700` when missing; an existing one must pass `HomeFolder.check`.
    private func prepareFolder() throws {
        let exists: Bool
        do {
            exists = try fileSystem.fileInfo(directory + "/.") != nil
        } catch {
            throw KeystoreError.unwritable(path: directory, reason: Self.describe(error))
        }
        guard exists else {
            do {
                try fileSystem.createDirectory(directory, 0o700)
            } catch {
                throw KeystoreError.unwritable(path: directory, reason: Self.describe(error))
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
            throw KeystoreError.unwritable(path: path, reason: "cannot encode: \(KeystoreJSON.describe(error))")
        }
    }

    /// Never writes what the reader would refuse: the new JSON must decode and encode back to the
    /// same bytes, or the old file stays.
    private func checkRoundTrip(_ json: Data) throws {
        do {
            let decoded = try KeystoreJSON.decode(KeystoreContents.self, from: json)
            guard try KeystoreJSON.encode(decoded) == json else {
                throw KeystoreError.unwritable(path: path, reason: "the new contents do not read back the same; nothing was written")
            }
        } catch let error as KeystoreError {
            throw error
        } catch {
            throw KeystoreError.unwritable(path: path, reason: "the new contents would not read back (\(KeystoreJSON.describe(error))); nothing was written")
        }
    }

    private func decode(_ data: Data) throws -> KeystoreContents {
        let header: KeystoreFileHeader
        do {
            header = try KeystoreJSON.decode(KeystoreFileHeader.self, from: data)
        } catch {
            throw KeystoreError.corrupt(path: path, reason: KeystoreJSON.describe(error))
        }
        try checkVersion(header.version)
        let json = header.isEncrypted ? try KeystoreEncryption.open(data, passphrase: passphrase, path: path) : data
        let contents: KeystoreContents
        do {
            contents = try KeystoreJSON.decode(KeystoreContents.self, from: json)
        } catch {
            let reason = KeystoreJSON.describe(error)
            throw KeystoreError.corrupt(path: path, reason: header.isEncrypted ? "decrypted contents: \(reason)" : reason)
        }
        try checkVersion(contents.version)
        return contents
    }

    private func checkVersion(_ version: Int?) throws {
        guard let version else {
            throw KeystoreError.corrupt(path: path, reason: "missing 'version'")
        }
        guard version == KeystoreContents.currentVersion else {
            throw KeystoreError.corrupt(
                path: path,
                reason: "version \(version) is not supported (this kauth reads version \(KeystoreContents.currentVersion)); a newer kauth may have written it")
        }
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case FileSystemError.io(_, let operation, let reason):
            return "\(operation): \(reason)"
        case FileSystemError.lockTimeout(let path):
            return "lock '\(path)' timed out"
        case FileSystemError.unsafe(_, let reason):
            return reason
        case CryptoError.invalidParameter(let text), CryptoError.library(let text):
            return text
        default:
            return String(describing: error)
        }
    }
}

/// One read of the keystore: the bytes on disk (nil: no file) and what they decoded to.
package struct KeystoreSnapshot: Sendable, Equatable {
    package var data: Data?
    package var contents: KeystoreContents

    package init(data: Data?, contents: KeystoreContents) {
        self.data = data
        self.contents = contents
    }
}
