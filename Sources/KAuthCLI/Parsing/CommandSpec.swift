/// A command of the tree: its words, help text and what it accepts. `run` is nil for a group
/// that only holds subcommands. A command that runs declares its `Options`: its flags are theirs,
/// and `run` parses them from the line before the command's own `run(context, options)`.
struct CommandSpec: Sendable {
    /// A command line to try, as typed, and what it does (empty: nothing to say).
    typealias Example = (command: String, comment: Localized)

    var name: String
    var summary: Localized
    var discussion: Localized { makeDiscussion() }
    /// Builds `discussion` when help or the man page reads it, as `makeFlags` does `flags`: some
    /// are written from tables (the config keys every provider type accepts).
    private let makeDiscussion: @Sendable () -> Localized
    var usage: [String]
    /// The command's flags: its options' (`CommandOptions.flags`), or a group's own.
    var flags: [FlagSpec] { makeFlags() }
    /// Builds `flags` when they are read, not when the tree is: the tree holds every command, and
    /// its options' tables (a key path and a closure per flag, each a type the runtime builds on
    /// first use) made up about a third of a `kauth token` run when they were all built at start.
    /// Only the command that runs, or help, the man page and completions, read them.
    private let makeFlags: @Sendable () -> [FlagSpec]
    /// The global flags the command takes; by default all of them.
    var globals: Set<GlobalFlag>
    var arguments: [ArgumentSpec]
    /// Environment variables that change what the command does, listed in its help with their
    /// short meaning from the `environment` help topic.
    var environment: [String] { makeEnvironment() }
    /// Builds `environment` when help or the man page reads it, as `makeFlags` does `flags`.
    private let makeEnvironment: @Sendable () -> [String]
    var examples: [Example]
    var subcommands: [CommandSpec]
    private(set) var run: (@Sendable (CommandContext) async throws -> Int32)?
    /// The type `run` parses the line into (`NoOptions` for a group).
    let options: any CommandOptions.Type
    /// Hidden commands are runnable but left out of help listings, completions and the man page.
    var hidden: Bool
    /// Help pages that are not commands (`kauth help environment`); the root holds them. Built
    /// when read, as `makeFlags` does `flags`: the environment topic is written from every
    /// provider type's table.
    var topics: [HelpTopic] { makeTopics() }
    private let makeTopics: @Sendable () -> [HelpTopic]

    /// A command that runs: its flags are `Options`', parsed before `run` is called with them.
    init<Options: CommandOptions>(
        name: String, summary: Localized, discussion: @autoclosure @escaping @Sendable () -> Localized = .none,
        usage: [String] = [], options: Options.Type,
        globals: Set<GlobalFlag> = GlobalFlag.all, arguments: [ArgumentSpec] = [],
        environment: @autoclosure @escaping @Sendable () -> [String] = [],
        examples: [Example] = [], subcommands: [CommandSpec] = [],
        run: @escaping @Sendable (CommandContext, Options) async throws -> Int32, hidden: Bool = false
    ) {
        self.init(
            name: name, summary: summary, discussion: discussion, usage: usage, flags: { Options.flags.map(\.spec) },
            globals: globals, arguments: arguments, environment: environment, examples: examples,
            subcommands: subcommands, hidden: hidden, topics: { [] }, options: Options.self,
            run: { context in try await run(context, try Options(parsing: context.command)) })
    }

    /// A command that runs with no flags of its own (`--json` at most: `JSONOnlyOptions`).
    init(
        name: String, summary: Localized, discussion: @autoclosure @escaping @Sendable () -> Localized = .none,
        usage: [String] = [],
        options: (some FieldlessOptions).Type = NoOptions.self, globals: Set<GlobalFlag> = GlobalFlag.all,
        arguments: [ArgumentSpec] = [], environment: @autoclosure @escaping @Sendable () -> [String] = [],
        examples: [Example] = [],
        subcommands: [CommandSpec] = [], run: @escaping @Sendable (CommandContext) async throws -> Int32,
        hidden: Bool = false
    ) {
        self.init(
            name: name, summary: summary, discussion: discussion(), usage: usage, options: options, globals: globals,
            arguments: arguments, environment: environment(), examples: examples, subcommands: subcommands,
            run: { context, _ in try await run(context) }, hidden: hidden)
    }

    /// A command that does not run: a group that holds subcommands (and topics, at the root), or
    /// the stand-in completions make for `kauth help`. `flags` are for its help alone.
    init(
        name: String, summary: Localized, discussion: @autoclosure @escaping @Sendable () -> Localized = .none,
        usage: [String] = [], flags: [FlagSpec] = [],
        globals: Set<GlobalFlag> = GlobalFlag.all, arguments: [ArgumentSpec] = [],
        examples: [Example] = [], subcommands: [CommandSpec] = [],
        topics: @autoclosure @escaping @Sendable () -> [HelpTopic] = []
    ) {
        self.init(
            name: name, summary: summary, discussion: discussion, usage: usage, flags: { flags }, globals: globals,
            arguments: arguments, environment: { [] }, examples: examples, subcommands: subcommands, hidden: false,
            topics: topics, options: NoOptions.self, run: nil)
    }

    private init(
        name: String, summary: Localized, discussion: @escaping @Sendable () -> Localized, usage: [String],
        flags: @escaping @Sendable () -> [FlagSpec],
        globals: Set<GlobalFlag>, arguments: [ArgumentSpec], environment: @escaping @Sendable () -> [String],
        examples: [Example], subcommands: [CommandSpec], hidden: Bool,
        topics: @escaping @Sendable () -> [HelpTopic], options: any CommandOptions.Type,
        run: (@Sendable (CommandContext) async throws -> Int32)?
    ) {
        self.name = name
        self.summary = summary
        self.makeDiscussion = discussion
        self.usage = usage
        self.makeFlags = flags
        self.globals = globals
        self.arguments = arguments
        self.makeEnvironment = environment
        self.examples = examples
        self.subcommands = subcommands
        self.hidden = hidden
        self.makeTopics = topics
        self.options = options
        self.run = run
    }

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
