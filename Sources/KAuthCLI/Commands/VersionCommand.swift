import CBuildInfo

/// `kauth version`, and `kauth --version`: the version and the commit kauth was built from, so
/// a bug report or a CI log names the exact build. The archive and the package `make dist` makes
/// take their version from this line, so `CLI.version` is the only place it is written.
enum VersionCommand {
    static let spec = CommandSpec(
        name: "version",
        summary: Localized(
            en: "print kauth's version and the commit it was built from", ko: "kauth의 버전과 빌드한 커밋을 출력합니다"),
        discussion:
            Localized(
                en:
                    "Same as `kauth --version`. The commit is `unknown` for a kauth built outside a git checkout (from a source archive) unless the build was given one (`make KAUTH_COMMIT=…`); `-dirty` after it means the checkout had uncommitted changes.",
                ko:
                    "`kauth --version`과 같습니다. git 체크아웃 밖에서 (소스 아카이브로) 빌드한 kauth는 빌드에 커밋을 주지 않았다면 (`make KAUTH_COMMIT=…`) 커밋이 `unknown`입니다. 뒤에 붙은 `-dirty`는 체크아웃에 커밋하지 않은 변경이 있었다는 뜻입니다."
            ),
        globals: [.noColor],
        examples: [("kauth version", Localized(en: "the version, and the commit it was built from", ko: "버전과 빌드한 커밋"))],
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
