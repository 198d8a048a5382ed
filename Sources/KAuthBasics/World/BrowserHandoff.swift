#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The page a browser is started on instead of a secret URL.
///
/// Every user of the machine can read every process's command line (`/proc/PID/cmdline`, `ps`).
/// A start link or a device grant's `verification_uri_complete` given to the browser as an
/// argument could be read and used by another user before the browser gets to it. So the
/// browser is given the path of a small HTML page that forwards to the URL: the page is created
/// with mode 0600 in a new folder of mode 0700 (`mkdtemp`), so other users can read the path but
/// not the page. Pages are removed when the wait they were written for is over.
final class BrowserHandoff: @unchecked Sendable {
    /// Where the pages' folders are made: `XDG_RUNTIME_DIR` (a folder of this user's alone, in
    /// memory, emptied at logout) when it is one, else `TMPDIR`, else `/tmp`.
    let base: String
    private let lock = Lock()
    private var folders: [String] = []

    init(environment: Environment) {
        if let runtime = environment["XDG_RUNTIME_DIR"], Self.isPrivateFolder(runtime) {
            base = runtime
        } else {
            base = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        }
    }

    /// Writes a page forwarding to `url` and returns its path.
    func write(forwardingTo url: String) throws(BrowserError) -> String {
        var template = Array((base + "/kauth-XXXXXX").utf8CString)
        // mkdtemp fills in the X's in place and returns the same buffer: read the folder from it.
        let made = template.withUnsafeMutableBufferPointer { buffer in
            mkdtemp(buffer.baseAddress!).map { String(cString: $0) }
        }
        guard let folder = made else { throw .pageNotWritten(folder: base, reason: String(cString: strerror(errno))) }
        lock.withLock { folders.append(folder) }
        let path = folder + "/open.html"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .pageNotWritten(folder: folder, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        let bytes = Array(Self.page(forwardingTo: url).utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw .pageNotWritten(folder: folder, reason: String(cString: strerror(errno))) }
            offset += written
        }
        return path
    }

    /// Removes every page written so far, and its folder.
    func removeAll() {
        let gone = lock.withLock { () -> [String] in
            defer { folders = [] }
            return folders
        }
        for folder in gone {
            unlink(folder + "/open.html")
            rmdir(folder)
        }
    }

    /// A page that sends the browser on at once (`meta refresh`, no script), with a link for a
    /// browser that does not follow it, and no `Referer` for the page it goes to.
    static func page(forwardingTo url: String) -> String {
        let target = HTML.escape(url)
        return """
            <!doctype html>
            <html><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">
            <meta http-equiv="refresh" content="0;url=\(target)">
            <title>kauth</title></head>
            <body><p><a href="\(target)">Continue</a></p></body></html>

            """
    }

    /// A folder this user owns that no one else may enter or write.
    private static func isPrivateFolder(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return false }
        return info.st_uid == geteuid() && (info.st_mode & 0o077) == 0
    }
}

/// `write(2)`, named through the platform module: `BrowserHandoff` has a `write` of its own.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
