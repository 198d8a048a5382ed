#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension FileSystem {
    /// The real disk, through POSIX calls only.
    ///
    /// `FileManager` is avoided on purpose: it cannot create a file with `O_EXCL` and a mode in one
    /// step, fsync, or lock, and each of those matters for a file that holds refresh tokens.
    package static let live = FileSystem(
        readFile: { path in try POSIXFile.contents(of: path, followLinks: false) },
        readUserFile: { path in try POSIXFile.contents(of: path, followLinks: true) },
        writeFileAtomically: { path, data, permissions in
            try POSIXFile.writeAtomically(path, data, permissions: permissions)
        },
        removeFile: { path in
            if unlink(path) != 0, errno != ENOENT {
                throw POSIXFile.failure(path, "remove")
            }
        },
        fileInfo: { path in try POSIXFile.info(path) },
        createDirectory: { path, permissions in
            try POSIXFile.createDirectory(path, permissions: permissions)
        },
        lockExclusive: { path, timeout in try await POSIXFile.lockExclusive(path, timeout: timeout) },
        currentUserID: { UInt32(geteuid()) },
        writeAccess: { path in POSIXFile.writeAccess(path) }
    )
}

/// The POSIX plumbing behind `FileSystem.live`.
private enum POSIXFile {
    /// How often a contended lock is retried. `flock` has no timed wait, and a blocking call would
    /// hold a cooperative-pool thread (there are only as many as cores); 15 ms keeps the added
    /// latency after a release far below a token refresh's round trip.
    static let lockPollInterval: Duration = .milliseconds(15)

    /// An `io` error for the current `errno`.
    static func failure(_ path: String, _ operation: String, code: Int32 = errno) -> FileSystemError {
        .io(path: path, operation: operation, reason: String(cString: strerror(code)))
    }

    static func contents(of path: String, followLinks: Bool) throws -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | (followLinks ? 0 : O_NOFOLLOW))
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            if errno == ELOOP && !followLinks {
                throw FileSystemError.unsafe(path: path, reason: .symbolicLink)
            }
            throw failure(path, "open")
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_size > 0 {
            bytes.reserveCapacity(Int(status.st_size))
        }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress, buffer.count)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(path, "read")
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return Data(bytes)
    }

    static func writeAtomically(_ path: String, _ data: Data, permissions: UInt16) throws {
        let (folder, name) = split(path)
        // A hidden, unique name in the same folder: rename(2) is only atomic within one file
        // system, and O_EXCL means a stale or hostile file of that name is never written through.
        var descriptor: Int32 = -1
        var temporary = ""
        for _ in 0..<8 {
            temporary = folder + "/." + name + ".tmp-" + String(UInt64.random(in: .min ... .max), radix: 16)
            // The mode is passed to open so the file never exists with wider permissions, not
            // even for the moment between creation and a chmod.
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(permissions))
            if descriptor >= 0 || errno != EEXIST { break }
        }
        if descriptor < 0 {
            throw failure(temporary, "create")
        }
        var renamed = false
        defer {
            if !renamed { unlink(temporary) }
        }
        do {
            defer { close(descriptor) }
            try writeAll(descriptor, data, path: temporary)
            // Without this a crash after the rename can leave the new name pointing at an empty
            // file on file systems that order metadata before data (ext4 without auto_da_alloc).
            guard fsync(descriptor) == 0 else { throw failure(temporary, "fsync") }
        }
        guard rename(temporary, path) == 0 else {
            throw failure(path, "rename")
        }
        renamed = true
        try syncFolder(folder)
    }

    /// Makes the rename itself durable. Some file systems cannot fsync a folder (EINVAL); the data
    /// is in place either way, so that is not reported.
    private static func syncFolder(_ folder: String) throws {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(folder, "open folder") }
        defer { close(descriptor) }
        if fsync(descriptor) != 0, errno != EINVAL, errno != ENOTSUP {
            throw failure(folder, "fsync folder")
        }
    }

    private static func writeAll(_ descriptor: Int32, _ data: Data, path: String) throws {
        try data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    throw failure(path, "write")
                }
                offset += count
            }
        }
    }

    static func info(_ path: String) throws -> FileInfo? {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            if errno == ENOENT { return nil }
            throw failure(path, "stat")
        }
        return FileInfo(
            permissions: UInt16(status.st_mode & 0o7777),
            ownerID: UInt32(status.st_uid),
            isDirectory: (status.st_mode & S_IFMT) == S_IFDIR
        )
    }

    static func createDirectory(_ path: String, permissions: UInt16) throws {
        let absolute = path.hasPrefix("/")
        let components = path.split(separator: "/", omittingEmptySubsequences: true)
        var prefix = absolute ? "" : "."
        for (index, component) in components.enumerated() {
            prefix += "/" + component
            let isLast = index == components.count - 1
            // Parents get 0700, as the XDG base-directory spec asks for folders it creates on the
            // user's behalf; only the last one gets the caller's mode.
            let mode = isLast ? permissions : 0o700
            if mkdir(prefix, mode_t(mode)) == 0 { continue }
            let code = errno
            guard code == EEXIST else { throw failure(prefix, "create folder", code: code) }
            var status = stat()
            // stat, not lstat: a parent that is a symlink to a folder (a linked ~/.config) is normal.
            guard stat(prefix, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
                throw FileSystemError.io(path: prefix, operation: "create folder", reason: "exists and is not a folder")
            }
        }
    }

    static func writeAccess(_ path: String) -> WriteAccess {
        // AT_EACCESS: the effective user's rights, the ones a write would be judged by.
        if faccessat(AT_FDCWD, path, W_OK, AT_EACCESS) == 0 { return .writable }
        let code = errno
        switch code {
        case ENOENT: return .missing
        case EROFS: return .readOnlyFileSystem
        default: return .refused(String(cString: strerror(code)))
        }
    }

    static func lockExclusive(_ path: String, timeout: Duration) async throws -> FileLock {
        // The lock file is separate from the data file and never deleted: the data file is
        // replaced by rename on every write, so a lock on it would be a lock on a stale inode, and
        // deleting a lock file lets two processes lock two different files of the same name.
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, mode_t(0o600))
        guard descriptor >= 0 else {
            if errno == ELOOP { throw FileSystemError.unsafe(path: path, reason: .symbolicLink) }
            throw failure(path, "open lock")
        }
        // A lock file someone else planted could be held by them for ever, or swapped.
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            close(descriptor)
            throw failure(path, "stat lock")
        }
        if status.st_uid != geteuid() || status.st_mode & 0o022 != 0 || (status.st_mode & S_IFMT) != S_IFREG {
            close(descriptor)
            throw FileSystemError.unsafe(
                path: path,
                reason: status.st_uid != geteuid() ? .otherOwner : .notPrivateRegularFile)
        }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while true {
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
                let handle = LockHandle(descriptor)
                return FileLock(release: { handle.release() })
            }
            let code = errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK else {
                close(descriptor)
                throw failure(path, "lock", code: code)
            }
            guard clock.now < deadline else {
                close(descriptor)
                throw FileSystemError.lockTimeout(path: path)
            }
            do {
                try await Task.sleep(for: min(lockPollInterval, deadline - clock.now))
            } catch {
                close(descriptor)
                throw error
            }
        }
    }

    private static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }
}

/// The descriptor behind a held lock. Closing it drops the `flock`, so `release` must run at most
/// once: a second `close` could close a descriptor number that has since been reused.
private final class LockHandle: @unchecked Sendable {
    // @unchecked: `descriptor` is only read and changed while `mutex` is held.
    private let mutex = Lock()
    private var descriptor: Int32

    init(_ descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        release()
    }

    func release() {
        mutex.lock()
        defer { mutex.unlock() }
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }
}
