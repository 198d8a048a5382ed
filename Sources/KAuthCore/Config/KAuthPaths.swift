/// Where kauth keeps its files: `$KAUTH_HOME`, else `$XDG_CONFIG_HOME/kauth`, else `~/.config/kauth`.
public struct KAuthPaths: Sendable, Equatable {
    public var home: String

    public init(home: String) {
        self.home = home
    }

    public static func resolve(_ environment: Environment) -> KAuthPaths {
        if let home = environment["KAUTH_HOME"] {
            return KAuthPaths(home: home)
        }
        if let xdg = environment["XDG_CONFIG_HOME"] {
            return KAuthPaths(home: xdg + "/kauth")
        }
        return KAuthPaths(home: (environment["HOME"] ?? ".") + "/.config/kauth")
    }

    public var credentials: String { home + "/credentials.json" }
    public var config: String { home + "/config" }
}
