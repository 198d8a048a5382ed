import KAuthCore

/// `kauth completion bash|zsh|fish`: shell completion generated from the command tree, so it
/// never falls behind the commands, flags and the kinds of their values.
enum CompletionCommand {
    static let shells = ["bash", "zsh", "fish"]

    static let spec = CommandSpec(
        name: "completion",
        summary: "print a shell completion script (bash, zsh, fish)",
        discussion:
            "Completes commands, subcommands and flags, and their values: providers, stored profiles, config keys, prompts, shells, template types, and files where a file goes. Names of profiles and providers come from `kauth __complete`, which reads only the local config and keystore (never the network, and no profile names from an encrypted keystore). `make install` puts the scripts where bash, zsh and fish look; otherwise load one from your shell's start-up file.",
        globals: [.noColor],
        arguments: [
            ArgumentSpec(name: "SHELL", help: "bash, zsh or fish", minimum: 1, maximum: 1, values: .choices(shells))
        ],
        examples: [
            ("echo 'source <(kauth completion bash)' >> ~/.bashrc", "bash"),
            ("kauth completion zsh > \"${fpath[1]}/_kauth\"", "zsh"),
            ("kauth completion fish > ~/.config/fish/completions/kauth.fish", "fish")
        ],
        run: run
    )

    static func run(_ context: CommandContext) async throws -> Int32 {
        let shell = context.command.arguments[0]
        let tree = CompletionTree(root: Commands.root, globalFlags: GlobalFlags.specs)
        switch shell {
        case "bash": context.out(tree.bash())
        case "zsh": context.out(tree.zsh())
        case "fish": context.out(tree.fish())
        default:
            throw CommandError.usage(ConfigWords.unknownShell(shell).localized)
        }
        return 0
    }
}
