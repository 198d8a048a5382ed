import KAuthCore

/// `kauth completion bash|zsh|fish`: shell completion generated from the command tree, so it
/// never falls behind the commands and flags.
enum CompletionCommand {
    static let spec = CommandSpec(
        name: "completion",
        summary: "print a shell completion script (bash, zsh, fish)",
        discussion: "Completes commands, subcommands and flags. Load it from your shell's start-up file.",
        arguments: [ArgumentSpec(name: "SHELL", help: "bash, zsh or fish", minimum: 1, maximum: 1)],
        examples: [
            ("echo 'source <(kauth completion bash)' >> ~/.bashrc", "bash"),
            ("kauth completion zsh > \"${fpath[1]}/_kauth\"", "zsh"),
            ("kauth completion fish > ~/.config/fish/completions/kauth.fish", "fish"),
        ],
        run: run
    )

    static func run(_ context: CommandContext) async throws -> Int32 {
        let shell = context.command.arguments[0]
        let tree = CompletionTree(root: Commands.root, globalFlags: CLI.globalFlags)
        switch shell {
        case "bash": context.out(tree.bash())
        case "zsh": context.out(tree.zsh())
        case "fish": context.out(tree.fish())
        default:
            throw KAuthError.usage("unknown shell '\(shell)'; use bash, zsh or fish")
        }
        return 0
    }
}

/// Every command path with the words that may follow it.
struct CompletionTree {
    struct Node {
        var path: [String]
        var subcommands: [String]
        var flags: [String]
        var valueFlags: [String]
    }

    var nodes: [Node] = []

    init(root: CommandSpec, globalFlags: [FlagSpec]) {
        func visit(_ command: CommandSpec, _ path: [String]) {
            let flags = command.flags + globalFlags
            nodes.append(Node(
                path: path,
                subcommands: command.subcommands.filter { !$0.hidden }.map(\.name),
                flags: flags.map { "--\($0.name)" } + ["--help"],
                valueFlags: flags.filter(\.takesValue).map { "--\($0.name)" }
            ))
            for sub in command.subcommands where !sub.hidden {
                visit(sub, path + [sub.name])
            }
        }
        visit(root, [root.name])
    }

    func bash() -> String {
        var cases = ""
        var steps = ""
        var values = Set<String>()
        for node in nodes {
            let key = node.path.joined(separator: " ")
            cases += "    \"\(key)\") words=\"\((node.subcommands + node.flags).joined(separator: " "))\" ;;\n"
            for sub in node.subcommands {
                steps += "      \"\(key) \(sub)\") path=\"$path $word\" ;;\n"
            }
            values.formUnion(node.valueFlags)
        }
        return """
        # bash completion for kauth; load with: source <(kauth completion bash)
        _kauth() {
          local cur word path words i skip=0
          cur="${COMP_WORDS[COMP_CWORD]}"
          path="kauth"
          for ((i = 1; i < COMP_CWORD; i++)); do
            word="${COMP_WORDS[i]}"
            if ((skip)); then skip=0; continue; fi
            case "$word" in
              \(values.sorted().joined(separator: "|"))) skip=1; continue ;;
              -*) continue ;;
            esac
            case "$path $word" in
        \(steps)    esac
          done
          case "$path" in
        \(cases)    *) words="" ;;
          esac
          COMPREPLY=($(compgen -W "$words" -- "$cur"))
        }
        complete -F _kauth kauth

        """
    }

    func zsh() -> String {
        "#compdef kauth\n# zsh completion for kauth: the bash completion through bashcompinit.\nautoload -U +X bashcompinit && bashcompinit\n" + bash()
    }

    func fish() -> String {
        var out = """
        # fish completion for kauth
        function __kauth_path
            set -l words (commandline -opc)
            set -l path kauth
            for word in $words[2..-1]
                if string match -q -- '-*' $word
                    continue
                end
                switch "$path $word"
        
        """
        for node in nodes {
            for sub in node.subcommands {
                out += "            case '\(node.path.joined(separator: " ")) \(sub)'\n                set path \"$path $word\"\n"
            }
        }
        out += "        end\n    end\n    echo $path\nend\ncomplete -c kauth -f\n"
        for node in nodes {
            let condition = "test (__kauth_path) = '\(node.path.joined(separator: " "))'"
            if !node.subcommands.isEmpty {
                out += "complete -c kauth -n \"\(condition)\" -a '\(node.subcommands.joined(separator: " "))'\n"
            }
            for flag in node.flags {
                let name = String(flag.dropFirst(2))
                let value = node.valueFlags.contains(flag) ? " -r" : ""
                out += "complete -c kauth -n \"\(condition)\" -l \(name)\(value)\n"
            }
        }
        return out
    }
}
