/// Whether the browser kauth would start runs confined, unable to read the page
/// `BrowserHandoff` writes for it.
///
/// A snap sees, of the user's files, only non-hidden ones in the home folder (the `home`
/// interface) and its own `~/snap/NAME`; its `/tmp` is private and `XDG_RUNTIME_DIR` is closed to
/// it. A flatpak sees only the folders its manifest grants (browsers: usually Downloads) and its
/// own `~/.var/app/ID`, with a private `/tmp`. Neither can read a page kauth keeps to the user, so
/// kauth does not pretend: it says so and offers the paste path. What is checked: the command
/// `BROWSER` names (found under `/snap/bin`, or `flatpak`), else the desktop entry that opens
/// `text/html` for `xdg-open` (listed by snapd or exported by flatpak).
enum BrowserConfinement {
    static func reason(environment: Environment, pageFolder: String) -> BrowserError? {
        #if os(Linux)
            if let browser = environment["BROWSER"] {
                guard let first = browser.split(separator: ":").first?.split(separator: " ").first.map(String.init)
                else { return nil }
                let located = locate(first, path: environment["PATH"] ?? "/usr/bin:/bin") ?? first
                if first.split(separator: "/").last == "flatpak" || located.contains("/flatpak/exports/bin/") {
                    return .confined(browser: first, sandbox: "flatpak", folder: pageFolder)
                }
                if located.hasPrefix("/snap/") { return .confined(browser: first, sandbox: "snap", folder: pageFolder) }
                return nil
            }
            guard let entry = htmlHandler(environment: environment) else { return nil }
            let name = entry.hasSuffix(".desktop") ? String(entry.dropLast(".desktop".count)) : entry
            if SystemFiles.exists("/var/lib/snapd/desktop/applications/" + entry) {
                return .confined(browser: name, sandbox: "snap", folder: pageFolder)
            }
            let dataHome = environment["XDG_DATA_HOME"] ?? (environment["HOME"] ?? "") + "/.local/share"
            for exports in [dataHome + "/flatpak", "/var/lib/flatpak"]
            where SystemFiles.exists(exports + "/exports/share/applications/" + entry) {
                return .confined(browser: name, sandbox: "flatpak", folder: pageFolder)
            }
        #endif
        return nil
    }

    /// The first place on `path` where `command` is, or nil; a command with a `/` is itself.
    static func locate(_ command: String, path: String) -> String? {
        if command.contains("/") { return command }
        return path.split(separator: ":").map { $0 + "/" + command }.first(where: SystemFiles.exists)
    }

    /// The desktop entry `xdg-open` uses for an HTML file: the first `text/html=` in the
    /// `[Default Applications]` of the mimeapps.list files, in the XDG order (user's config,
    /// system config, user's data, system data; `defaults.list` beside the latter).
    static func htmlHandler(environment: Environment) -> String? {
        let home = environment["HOME"] ?? ""
        let configHome = environment["XDG_CONFIG_HOME"] ?? home + "/.config"
        let configDirs = (environment["XDG_CONFIG_DIRS"] ?? "/etc/xdg").split(separator: ":").map(String.init)
        let dataHome = environment["XDG_DATA_HOME"] ?? home + "/.local/share"
        let dataDirs = (environment["XDG_DATA_DIRS"] ?? "/usr/local/share:/usr/share").split(separator: ":").map(
            String.init)
        var files = [configHome + "/mimeapps.list"] + configDirs.map { $0 + "/mimeapps.list" }
        files += ([dataHome] + dataDirs).flatMap {
            [$0 + "/applications/mimeapps.list", $0 + "/applications/defaults.list"]
        }
        for file in files {
            guard let text = SystemFiles.text(of: file), let entry = defaultEntry(for: "text/html", in: text) else {
                continue
            }
            return entry
        }
        return nil
    }

    /// `type`'s first desktop entry in the `[Default Applications]` section of `text`. Pure.
    static func defaultEntry(for type: String, in text: String) -> String? {
        var inDefaults = false
        for raw in text.split(separator: "\n") {
            let line = raw.trimmingWhitespace()
            if line.hasPrefix("[") {
                inDefaults = line == "[Default Applications]"
                continue
            }
            guard inDefaults, line.hasPrefix(type + "=") else { continue }
            let entries = line.dropFirst(type.count + 1).split(separator: ";").map { $0.trimmingWhitespace() }.filter {
                !$0.isEmpty
            }
            if let first = entries.first { return first }
        }
        return nil
    }
}
