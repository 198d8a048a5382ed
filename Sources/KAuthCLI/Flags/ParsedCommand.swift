import KAuthCore

/// A command line that does not fit the command tree. Printed with a pointer to `--help`;
/// always exit code 2.
struct UsageError: Error, Equatable {
    var message: Localized
    /// Words of the command the error belongs to, e.g. `["kauth", "login"]`.
    var commandPath: [String]
    var suggestions: [String] = []
}

/// A command line matched against the tree: its words, its flags' values and its arguments. It
/// knows the command by its words and flags alone, not its spec, so what runs a command can hold it.
struct ParsedCommand {
    var path: [String]
    /// The command's own flags, as its spec declares them.
    var flags: [FlagSpec]
    /// The global flags the command takes.
    var globals: [FlagSpec]
    /// Values by long flag name; switches have an empty string per occurrence. Private: a command
    /// reads its flags as the fields of its `CommandOptions`, parsed from here before it runs.
    private var values: [String: [String]]
    var arguments: [String]

    init(path: [String], flags: [FlagSpec], globals: [FlagSpec], values: [String: [String]], arguments: [String]) {
        self.path = path
        self.flags = flags
        self.globals = globals
        self.values = values
        self.arguments = arguments
    }

    /// What the line gave for `flag`, for `CommandOptions.init(parsing:)` alone.
    fileprivate func values(of flag: FlagSpec) -> [String]? { values[flag.name] }

    /// The flags given on the line, in the order `flags` declares them, with their values
    /// (switches: one empty string per occurrence).
    func given(among flags: [FlagSpec]) -> [(flag: FlagSpec, values: [String])] {
        flags.compactMap { flag in values[flag.name].map { (flag, $0) } }
    }
}

extension CommandOptions {
    /// The options `line` gives: each declared flag's field filled from what was given for it.
    /// A value that does not fit its field (a number out of range) is a usage error.
    init(parsing line: ParsedCommand) throws {
        self.init()
        for flag in Self.flags {
            if let values = line.values(of: flag.spec) { try flag.fill(&self, values) }
        }
    }
}
