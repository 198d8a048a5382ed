import CBuildInfo

/// `kauth version`, and `kauth --version`: the version and the commit kauth was built from, so
/// a bug report or a CI log names the exact build. The archive and the package `make dist` makes
/// take their version from this line, so `CLI.version` is the only place it is written.
enum VersionCommand {
    static let spec = CommandSpec(
        name: "version",
        summary: VersionHelpWords.summary,
        discussion: VersionHelpWords.discussion,
        globals: [.noColor],
        examples: [("kauth version", VersionHelpWords.exampleTheVersionAndTheCommit)],
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
