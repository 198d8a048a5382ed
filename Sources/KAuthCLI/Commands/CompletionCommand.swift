import KAuthCore

/// `kauth completion bash|zsh|fish`: shell completion generated from the command tree, so it
/// never falls behind the commands, flags and the kinds of their values.
enum CompletionCommand {
    static let shells = ["bash", "zsh", "fish"]

    static let spec = CommandSpec(
        name: "completion",
        summary: CompletionHelpWords.summary,
        discussion: CompletionHelpWords.discussion,
        globals: [.noColor],
        arguments: [
            ArgumentSpec(
                name: "SHELL", help: CompletionHelpWords.shellArgument, minimum: 1,
                maximum: 1, values: .choices(shells))
        ],
        examples: [
            ("echo 'source <(kauth completion bash)' >> ~/.bashrc", .verbatim("bash")),
            ("kauth completion zsh > \"${fpath[1]}/_kauth\"", .verbatim("zsh")),
            ("kauth completion fish > ~/.config/fish/completions/kauth.fish", .verbatim("fish"))
        ],
        run: run
    )

    static func run(_ context: CommandContext) async throws -> Int32 {
        let shell = context.command.arguments[0]
        let tree = CompletionTree(root: Commands.root, globalFlags: GlobalFlags.specs)
        switch shell {
        case "bash": context.out(tree.bash())
        case "zsh": context.out(tree.zsh())
        case "fish": context.out(tree.fish(language: context.language))
        default:
            throw CommandError.usage(CommandUsageWords.unknownShell(given: shell).localized)
        }
        return 0
    }
}
