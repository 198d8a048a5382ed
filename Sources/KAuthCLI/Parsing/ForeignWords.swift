/// Words people bring from other tools (`gh auth login`, `whoami`, `gcloud auth print-access-token`,
/// kubelogin's `get-token`, gh's `--hostname`): edit distance cannot find kauth's own word for
/// them, so each is pointed at it by name.
enum ForeignWords {
    /// Commands at the top level, by the word other tools use.
    static let commands: [String: String] = [
        "whoami": "me",
        "refresh": "token refresh",
        "print-access-token": "token",
        "get-token": "token --exec-credential"
    ]

    /// Flags, by the name other tools give them, with kauth's flags for the same, best first.
    /// gh's `--jq` and kubectl's `-o json` / `--output json` and `--format json` ask for JSON or
    /// for one value of it: kauth's `--json` and `--field PATH`.
    static let flags: [String: [String]] = [
        "--hostname": ["--provider"],
        "--jq": ["--field", "--json"],
        "--format": ["--json", "--field"],
        "--output": ["--json", "--field"],
        "-o": ["--json", "--field"]
    ]

    /// kauth's command for `word` at the top level. `auth` is gh's (and gcloud's) group:
    /// `auth login`, `auth status`, `auth logout`, `auth token` are kauth's commands without it.
    static func command(for word: String, next: String?, in root: CommandSpec) -> String? {
        if word == "auth" {
            guard let next, !next.hasPrefix("-") else { return "login" }
            if root.subcommand(named: next) != nil { return next }
            return commands[next] ?? "login"
        }
        return commands[word]
    }
}
