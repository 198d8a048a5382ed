#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens a URL for the user. The login flow always prints the URL too, so a failure here is
/// reported as a hint, never fatal.
package struct Browser: Sendable {
    package var open: @Sendable (_ url: String) throws -> Void

    package init(open: @escaping @Sendable (String) throws -> Void) {
        self.open = open
    }

    /// `$BROWSER` (a `:`-separated list of commands; `%s` is replaced by the URL, otherwise the URL
    /// is the last argument), else `open` on macOS or `xdg-open` elsewhere.
    package static func live(environment: Environment) -> Browser {
        Browser { url in
            let candidates: [[String]]
            if let browser = environment["BROWSER"] {
                candidates = browser.split(separator: ":").map { command in
                    let words = command.split(separator: " ").map(String.init)
                    return words.contains("%s")
                        ? words.map { $0 == "%s" ? url : $0 }
                        : words + [url]
                }
            } else {
                #if os(macOS)
                candidates = [["open", url]]
                #else
                candidates = [["xdg-open", url]]
                #endif
            }
            var failures: [String] = []
            for argv in candidates where !argv.isEmpty {
                if let error = spawnDetached(argv) {
                    failures.append("\(argv[0]): \(error)")
                } else {
                    return
                }
            }
            throw BrowserError(message: failures.joined(separator: "; "))
        }
    }
}

/// Why no browser could be started.
package struct BrowserError: Error, Sendable, Equatable {
    package var message: String
}

/// Starts `argv` with standard input and output on /dev/null and standard error inherited, and
/// does not wait for it: a browser may live on after kauth exits. Returns an error text or nil.
private func spawnDetached(_ argv: [String]) -> String? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    closeDescriptorsAboveStandardError(&actions)
    var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) }
    cArgs.append(nil)
    defer { cArgs.forEach { free($0) } }
    var pid = pid_t()
    let status = posix_spawnp(&pid, argv[0], &actions, nil, cArgs, environ)
    if status != 0 {
        return String(cString: strerror(status))
    }
    return nil
}

/// Makes the spawned program start with no descriptor above 2. kauth's own descriptors are
/// close-on-exec already; this also covers any a library opened without the flag (libcurl 7.x's
/// wake-up socket pair during a transfer), so the browser, which may outlive kauth, never holds
/// a socket of kauth's. glibc 2.34 added the call, which its Swift module does not declare
/// (it is a GNU extension), so it is looked up by name; without it nothing more is done.
private func closeDescriptorsAboveStandardError(_ actions: inout posix_spawn_file_actions_t) {
    #if canImport(Glibc)
    typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return }
    _ = unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, 3)
    #endif
}
