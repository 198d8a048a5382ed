/// The help of `kauth version` (summaries, discussions, arguments, flags, example notes).
enum VersionHelpWords {
    static let summary = Localized(
        en: "print kauth's version and the commit it was built from", ko: "kauth의 버전과 빌드한 커밋을 출력합니다")
    static let discussion = Localized(
        en:
            "Same as `kauth --version`. The commit is `unknown` for a kauth built outside a git checkout (from a source archive) unless the build was given one (`make KAUTH_COMMIT=…`); `-dirty` after it means the checkout had uncommitted changes.",
        ko:
            "`kauth --version`과 같습니다. git 체크아웃 밖에서 (소스 아카이브로) 빌드한 kauth는 빌드에 커밋을 주지 않았다면 (`make KAUTH_COMMIT=…`) 커밋이 `unknown`입니다. 뒤에 붙은 `-dirty`는 체크아웃에 커밋하지 않은 변경이 있었다는 뜻입니다."
    )
    static let exampleTheVersionAndTheCommit = Localized(
        en: "the version, and the commit it was built from", ko: "버전과 빌드한 커밋")
}
