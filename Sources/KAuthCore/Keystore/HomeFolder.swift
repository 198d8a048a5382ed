import KAuthBasics

/// The checks on `KAUTH_HOME` itself, as ssh checks `~/.ssh`: whoever owns or can write the folder
/// can replace the keystore or plant a config that sends tokens to their own server, so such a
/// folder is refused (exit 7) before any file in it is believed or any request is made.
enum HomeFolder {
    /// Throws when `directory` exists and is not a folder of this user's that only they can write.
    /// A missing folder is fine: kauth creates it `0700` on the first write.
    ///
    /// `directory/.` is checked rather than `directory` so that a folder that is a symbolic link
    /// (dotfiles managers do this) is judged by the folder it points to.
    static func check(_ directory: String, fileSystem: FileSystem) throws {
        let info: FileInfo?
        do {
            info = try fileSystem.fileInfo(directory + "/.")
        } catch {
            throw KeystoreError.unreadable(path: directory, reason: FileKeystore.problem(error))
        }
        guard let info else { return }
        guard info.isDirectory else { throw KeystoreError.unwritable(path: directory, reason: .notAFolder) }
        guard info.ownerID == fileSystem.currentUserID() else { throw KeystoreError.folderNotOwned(path: directory) }
        guard info.permissions & 0o022 == 0 else {
            throw KeystoreError.folderTooOpen(path: directory, permissions: info.permissions)
        }
    }

    /// Why a file in `directory` could not be written, found without writing anything; nil when it
    /// would not be refused for that. Asks about the folder (or, while it does not exist, the
    /// nearest folder above it, where it would be created), each of `openedFiles` (opened for
    /// writing: the lock), and each of `replacedFiles` only for a read-only mount, since a write
    /// replaces them by `rename`, which their own mode does not stop.
    static func writeRefusal(
        _ directory: String, opened openedFiles: [String] = [], replaced replacedFiles: [String],
        fileSystem: FileSystem
    ) -> (path: String, reason: WriteRefusal)? {
        var folder = directory
        while true {
            switch fileSystem.writeAccess(folder) {
            case .writable: break
            case .missing:
                guard let slash = folder.lastIndex(of: "/"), folder != "/" else { return nil }
                folder = slash == folder.startIndex ? "/" : String(folder[..<slash])
                continue
            case .readOnlyFileSystem: return (folder, .readOnlyFileSystem)
            case .refused(let reason): return (folder, .refused(reason))
            }
            break
        }
        for file in openedFiles {
            switch fileSystem.writeAccess(file) {
            case .writable, .missing: break
            case .readOnlyFileSystem: return (file, .readOnlyFileSystem)
            case .refused(let reason): return (file, .refused(reason))
            }
        }
        for file in replacedFiles where fileSystem.writeAccess(file) == .readOnlyFileSystem {
            return (file, .readOnlyFileSystem)
        }
        return nil
    }
}
