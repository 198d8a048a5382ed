/// The command tree as the completion scripts need it: every visible command path, the words
/// that may follow it, and what to offer for each flag's value and each argument. The bash, zsh
/// and fish scripts are all written from this one model.
struct CompletionTree {
    /// What to offer for a value.
    enum Action: Hashable {
        /// Free text: offer nothing (rather than flags, which cannot go there).
        case nothing
        case words([String])
        case files
        case filesOrStandardInput
        /// Ask `kauth __complete KIND`.
        case dynamic(DynamicValues)

        init(_ kind: ValueKind) {
            switch kind {
            case .text: self = .nothing
            case .choices(let words): self = .words(words)
            case .file: self = .files
            case .fileOrStandardInput: self = .filesOrStandardInput
            case .dynamic(let values): self = .dynamic(values)
            }
        }
    }

    struct Node {
        var path: [String]
        var spec: CommandSpec
        /// The command's own flags, then the global flags it takes.
        var flagSpecs: [FlagSpec]

        var key: String { path.joined(separator: " ") }
        var visibleSubcommands: [CommandSpec] { spec.subcommands.filter { !$0.hidden } }
        var subcommands: [String] { visibleSubcommands.map(\.name) }
        var flags: [String] { flagSpecs.map { "--\($0.name)" } + ["--help"] }
        var valueFlags: [String] { flagSpecs.filter(\.takesValue).map { "--\($0.name)" } }

        /// What to offer at each argument position; nil position: every position (an argument
        /// of any count, first on the line).
        var argumentActions: [(position: Int?, action: Action)] {
            var result: [(position: Int?, action: Action)] = []
            var position = 0
            for argument in spec.arguments {
                guard let maximum = argument.maximum else {
                    // Only a first argument may take any number of words: after one, positions
                    // cannot be told apart by counting.
                    if position == 0 { result.append((nil, Action(argument.values))) }
                    break
                }
                for offset in 0..<maximum { result.append((position + offset, Action(argument.values))) }
                position += maximum
            }
            return result
        }
    }

    var nodes: [Node] = []

    init(root: CommandSpec, globalFlags: [FlagSpec]) {
        var root = root
        root.subcommands.append(Self.help(of: root))
        func visit(_ command: CommandSpec, _ path: [String]) {
            nodes.append(Node(path: path, spec: command, flagSpecs: command.flags + command.globalFlags(globalFlags)))
            for sub in command.subcommands where !sub.hidden {
                visit(sub, path + [sub.name])
            }
        }
        visit(root, [root.name])
    }

    /// `kauth help` is read by the parser rather than being a command of the tree; completions
    /// offer it as one, with the commands and the help topics as its argument.
    static func help(of root: CommandSpec) -> CommandSpec {
        let words = root.subcommands.filter { !$0.hidden }.map(\.name) + root.topics.map(\.name)
        return CommandSpec(
            name: "help",
            summary: HelpCommandHelpWords.summary, globals: [],
            arguments: [
                ArgumentSpec(
                    name: "COMMAND", help: HelpCommandHelpWords.commandArgument,
                    minimum: 0, maximum: 1, values: .choices(words))
            ])
    }

    /// Every flag that takes a value somewhere, long and short: the word after it is its value,
    /// not a command word. A name must mean the same everywhere for this to hold (a test checks
    /// it).
    var valueFlagNames: [String] {
        Set(nodes.flatMap { $0.flagSpecs.filter(\.takesValue).flatMap(Self.spellings) }).sorted()
    }

    /// `--name`, and `-X` when the flag has a short form.
    static func spellings(_ flag: FlagSpec) -> [String] {
        ["--\(flag.name)"] + (flag.short.map { ["-\($0)"] } ?? [])
    }

    /// Subcommand steps: from the path `from`, the word `word` leads to a deeper command.
    var steps: [(from: String, word: String)] {
        nodes.flatMap { node in node.subcommands.map { (node.key, $0) } }
    }

    /// `"PATH --flag"` patterns by what their value gets, in tree order.
    var flagValueCases: [(action: Action, patterns: [String])] {
        grouped(
            nodes.flatMap { node in
                node.flagSpecs.filter(\.takesValue).flatMap { flag in
                    Self.spellings(flag).map { (Action(flag.values), "\(node.key) \($0)") }
                }
            })
    }

    /// `(PATH, position)` pairs by what the argument there gets, in tree order.
    var argumentCases: [(action: Action, positions: [(path: String, position: Int?)])] {
        var order: [Action] = []
        var byAction: [Action: [(path: String, position: Int?)]] = [:]
        for node in nodes {
            for (position, action) in node.argumentActions {
                if byAction[action] == nil { order.append(action) }
                byAction[action, default: []].append((node.key, position))
            }
        }
        return order.map { ($0, byAction[$0]!) }
    }

    private func grouped(_ pairs: [(Action, String)]) -> [(action: Action, patterns: [String])] {
        var order: [Action] = []
        var byAction: [Action: [String]] = [:]
        for (action, pattern) in pairs {
            if byAction[action] == nil { order.append(action) }
            byAction[action, default: []].append(pattern)
        }
        // Free text last: the scripts list it as their catch-all.
        return order.filter { $0 != .nothing }.map { ($0, byAction[$0]!) }
    }
}
