/// Why the keystore could not be read or written. Every case is exit code 7: the file is never
/// silently replaced, so the user has to act, and `message` says how.
package enum KeystoreError: Error, Sendable, Equatable {
    /// The file has a group or other permission bit (`permissions` is `st_mode & 0o7777`).
    case tooOpen(path: String, permissions: UInt16)
    /// The file belongs to another user.
    case notOwned(path: String)
    /// The path is a folder, or a symbolic link or other special file (see `FileKeystore.load`).
    case notARegularFile(path: String)
    /// The file is not JSON, not the expected shape, or of an unknown version.
    case corrupt(path: String, reason: String)
    /// The file could not be read (or its folder not inspected).
    case unreadable(path: String, reason: String)
    /// The new contents could not be written; the old file is still in place.
    case unwritable(path: String, reason: String)
    /// Another process held the keystore lock (`path` is the lock file) for the whole timeout.
    case lockTimeout(path: String)
    /// The file is encrypted and no `KAUTH_PASSPHRASE` was given.
    case passphraseRequired(path: String)
    /// The file is encrypted and did not decrypt with the given passphrase (or was altered).
    case wrongPassphrase(path: String)
    /// The keystore folder is writable by group or others, who could swap the file underneath.
    case folderTooOpen(path: String, permissions: UInt16)

    /// One sentence for people: what happened and what to do about it.
    package var message: String {
        switch self {
        case .tooOpen(let path, let permissions):
            return "permissions \(octal(permissions)) for '\(path)' are too open; run: chmod 600 \(path)"
        case .notOwned(let path):
            return "'\(path)' belongs to another user; move it away and run `kauth login` again"
        case .notARegularFile(let path):
            return "'\(path)' is not a regular file; move it away and run `kauth login` again"
        case .corrupt(let path, let reason):
            return "the keystore '\(path)' cannot be used (\(reason)); it was left as is: fix or move it away, then run `kauth login`"
        case .unreadable(let path, let reason):
            return "cannot read the keystore '\(path)' (\(reason)); check the file and its folder, or set KAUTH_HOME"
        case .unwritable(let path, let reason):
            return "cannot write the keystore '\(path)' (\(reason)); the previous contents are unchanged: check the folder, or set KAUTH_HOME"
        case .lockTimeout(let path):
            return "another kauth process kept the keystore lock '\(path)' too long; wait for it to finish and try again"
        case .passphraseRequired(let path):
            return "the keystore '\(path)' is encrypted; set KAUTH_PASSPHRASE to its passphrase"
        case .wrongPassphrase(let path):
            return "cannot decrypt the keystore '\(path)': KAUTH_PASSPHRASE is wrong or the file was altered; set the right passphrase, or move the file away and run `kauth login`"
        case .folderTooOpen(let path, let permissions):
            return "permissions \(octal(permissions)) for the folder '\(path)' are too open; run: chmod 700 \(path)"
        }
    }
}

/// `0644`-style text, as `ls`, `chmod` and ssh show modes.
private func octal(_ permissions: UInt16) -> String {
    let digits = String(permissions, radix: 8)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
