/// `kauth __man`: the kauth(1) man page in roff, made from the command tree; `make install`
/// writes it to share/man/man1/kauth.1.
enum ManCommand {
    static let spec = CommandSpec(
        name: "__man",
        summary: ManHelpWords.summary,
        globals: [],
        examples: [("kauth __man | man -l -", ManHelpWords.exampleReadWithoutInstalling)],
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
