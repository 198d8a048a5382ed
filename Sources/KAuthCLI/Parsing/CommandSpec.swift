/// A command of the tree: its words, help text and what it accepts. `run` is nil for a group
/// that only holds subcommands.
struct CommandSpec: Sendable {
    var name: String
    var summary: String
    var discussion: String = ""
    var usage: [String] = []
    var flags: [FlagSpec] = []
    /// The global flags the command takes; by default all of them.
    var globals: Set<GlobalFlag> = GlobalFlag.all
    var arguments: [ArgumentSpec] = []
    /// Environment variables that change what the command does, listed in its help with their
    /// short meaning from the `environment` help topic.
    var environment: [String] = []
    var examples: [(command: String, comment: String)] = []
    var subcommands: [CommandSpec] = []
    var run: (@Sendable (CommandContext) async throws -> Int32)?
    /// Hidden commands are runnable but left out of help listings, completions and the man page.
    var hidden = false
    /// Help pages that are not commands (`kauth help environment`); the root holds them.
    var topics: [HelpTopic] = []

    func subcommand(named name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }

    /// Whether the command takes `flag`: its own flags, and the global ones it declares.
    func takes(global flag: FlagSpec) -> Bool {
        GlobalFlag(rawValue: flag.name).map(globals.contains) ?? true
    }

    /// The global flags of `all` that this command takes.
    func globalFlags(_ all: [FlagSpec]) -> [FlagSpec] {
        all.filter(takes(global:))
    }

    func topic(named name: String) -> HelpTopic? {
        topics.first { $0.name == name }
    }
}
