import KAuthBasics

/// Where kauth keeps its files: `$KAUTH_HOME`, else `$XDG_CONFIG_HOME/kauth`, else `~/.config/kauth`.
package struct KAuthPaths: Sendable, Equatable {
    package var home: String

    package init(home: String) {
        self.home = home
    }

    package static func resolve(_ environment: Environment) -> KAuthPaths {
        if let home = environment["KAUTH_HOME"] {
            return KAuthPaths(home: home)
        }
        if let xdg = environment["XDG_CONFIG_HOME"] {
            return KAuthPaths(home: xdg + "/kauth")
        }
        return KAuthPaths(home: (environment["HOME"] ?? ".") + "/.config/kauth")
    }

    package var credentials: String { home + "/credentials.json" }
    package var config: String { home + "/config" }
}
