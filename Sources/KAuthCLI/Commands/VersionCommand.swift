import CBuildInfo

/// `kauth version`, and `kauth --version`: the version and the commit kauth was built from, so
/// a bug report or a CI log names the exact build. The archive and the package `make dist` makes
/// take their version from this line, so `CLI.version` is the only place it is written.
enum VersionCommand {
    static let spec = CommandSpec(
        name: "version",
        summary: "print kauth's version and the commit it was built from",
        discussion:
            "Same as `kauth --version`. The commit is `unknown` for a kauth built outside a git checkout (from a source archive) unless the build was given one (`make KAUTH_COMMIT=…`); `-dirty` after it means the checkout had uncommitted changes.",
        globals: [.noColor],
        examples: [("kauth version", "the version, and the commit it was built from")],
        run: run
    )

    /// The commit the build was given, "" when none.
    static let commit = String(cString: kauth_build_commit())

    static func line(version: String, commit: String = commit) -> String {
        "kauth \(version) (commit \(commit.isEmpty ? "unknown" : commit))\n"
    }

    static func run(_ context: CommandContext) async throws -> Int32 {
        context.out(line(version: context.version))
        return 0
    }
}
