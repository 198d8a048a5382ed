#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What `fileInfo` reports about a path.
package struct FileInfo: Sendable, Equatable {
    /// Permission bits (`st_mode & 0o7777`).
    package var permissions: UInt16
    /// Owner user id.
    package var ownerID: UInt32
    package var isDirectory: Bool

    package init(permissions: UInt16, ownerID: UInt32, isDirectory: Bool) {
        self.permissions = permissions
        self.ownerID = ownerID
        self.isDirectory = isDirectory
    }
}

/// A failed file operation, with the path and the system's reason.
package enum FileSystemError: Error, Sendable, Equatable {
    case io(path: String, operation: String, reason: String)
    /// Another process held the lock for longer than the timeout.
    case lockTimeout(path: String)
    /// A file kauth keeps its secrets beside is not safe to use: someone else owns it, others can
    /// write it, or it is a symbolic link.
    case unsafe(path: String, reason: UnsafeFile)
}

/// Why a file kauth keeps beside its secrets (keystore, lock, config) cannot be trusted.
package enum UnsafeFile: Sendable, Equatable {
    case symbolicLink
    case otherOwner
    /// Not a regular file, or others may write it (the lock file's check, which does not say which).
    case notPrivateRegularFile
    case folder
    case othersCanWrite
}

/// Whether this process may write a path, as `faccessat(2)` answers for the effective user.
package enum WriteAccess: Sendable, Equatable {
    case writable
    case missing
    /// The path is on a file system mounted read-only (`EROFS`): not even root may write it.
    case readOnlyFileSystem
    /// Any other refusal (permission denied, most often), in the system's words.
    case refused(String)
}

/// A held exclusive lock; `release` is idempotent.
package struct FileLock: Sendable {
    package var release: @Sendable () -> Void

    package init(release: @escaping @Sendable () -> Void) {
        self.release = release
    }
}

/// The few file operations kauth needs: read, atomic write, remove, stat, mkdir, lock.
package struct FileSystem: Sendable {
    /// The bytes of one of kauth's own files (under `KAUTH_HOME`), or nil when it does not exist.
    /// A symbolic link is not followed: it is an error.
    package var readFile: @Sendable (_ path: String) throws -> Data?
    /// The bytes of a file the user named (a template, an image), links followed; nil when it
    /// does not exist.
    package var readUserFile: @Sendable (_ path: String) throws -> Data?
    /// Writes `data` to a temporary file beside `path` with `permissions`, fsyncs it, renames it
    /// over `path` and fsyncs the folder: readers see the old or the new file, never a mix.
    package var writeFileAtomically: @Sendable (_ path: String, _ data: Data, _ permissions: UInt16) throws -> Void
    /// Removes the file; removing a missing file is not an error.
    package var removeFile: @Sendable (_ path: String) throws -> Void
    /// Mode and owner of `path`, or nil when it does not exist (`lstat`: links are not followed).
    package var fileInfo: @Sendable (_ path: String) throws -> FileInfo?
    /// Creates the folder and missing parents; the last component gets `permissions`.
    package var createDirectory: @Sendable (_ path: String, _ permissions: UInt16) throws -> Void
    /// Takes an exclusive `flock` on `path` (created 0600 if missing, never through a symbolic
    /// link, refused when another user owns it or others can write it), waiting at most `timeout`.
    package var lockExclusive: @Sendable (_ path: String, _ timeout: Duration) async throws -> FileLock
    /// The effective user id of this process.
    package var currentUserID: @Sendable () -> UInt32
    /// Whether `path` could be written, asked without opening or creating anything: so that a
    /// command whose result must be stored can find a read-only home before it asks a provider.
    package var writeAccess: @Sendable (_ path: String) -> WriteAccess

    package init(
        readFile: @escaping @Sendable (String) throws -> Data?,
        readUserFile: (@Sendable (String) throws -> Data?)? = nil,
        writeFileAtomically: @escaping @Sendable (String, Data, UInt16) throws -> Void,
        removeFile: @escaping @Sendable (String) throws -> Void,
        fileInfo: @escaping @Sendable (String) throws -> FileInfo?,
        createDirectory: @escaping @Sendable (String, UInt16) throws -> Void,
        lockExclusive: @escaping @Sendable (String, Duration) async throws -> FileLock,
        currentUserID: @escaping @Sendable () -> UInt32,
        writeAccess: @escaping @Sendable (String) -> WriteAccess
    ) {
        self.readFile = readFile
        self.readUserFile = readUserFile ?? readFile
        self.writeFileAtomically = writeFileAtomically
        self.removeFile = removeFile
        self.fileInfo = fileInfo
        self.createDirectory = createDirectory
        self.lockExclusive = lockExclusive
        self.currentUserID = currentUserID
        self.writeAccess = writeAccess
    }
}
