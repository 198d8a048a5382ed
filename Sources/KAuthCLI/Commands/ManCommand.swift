/// `kauth __man`: the kauth(1) man page in roff, made from the command tree; `make install`
/// writes it to share/man/man1/kauth.1.
enum ManCommand {
    static let spec = CommandSpec(
        name: "__man",
        summary: Localized(en: "print the kauth(1) man page (roff)", ko: "kauth(1) 매뉴얼 페이지를 출력합니다 (roff)"),
        globals: [],
        examples: [("kauth __man | man -l -", Localized(en: "read it without installing", ko: "설치하지 않고 읽습니다"))],
        run: run,
        hidden: true
    )

    static func run(_ context: CommandContext) async throws -> Int32 {
        context.out(
            ManPage.render(
                root: Commands.root, globalFlags: GlobalFlags.specs, version: context.version,
                language: context.language))
        return 0
    }
}
