import KAuthCore

/// A command line that does not fit the command tree. Printed with a pointer to `--help`;
/// always exit code 2.
struct UsageError: Error, Equatable {
    var message: String
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
    /// Values by long flag name; switches have an empty string per occurrence. Private: a flag
    /// is read through its typed declaration (`Toggle`, `Option`, `IntegerOption`), never by name.
    private var values: [String: [String]]
    var arguments: [String]

    init(path: [String], flags: [FlagSpec], globals: [FlagSpec], values: [String: [String]], arguments: [String]) {
        self.path = path
        self.flags = flags
        self.globals = globals
        self.values = values
        self.arguments = arguments
    }

    /// Whether the switch was given.
    subscript(_ flag: Toggle) -> Bool { given(flag.spec) != nil }
    /// The flag's last value; nil when it was not given.
    subscript(_ flag: Option) -> String? { given(flag.spec)?.last }
    /// Whether the flag was given at all.
    func has(_ flag: Option) -> Bool { given(flag.spec) != nil }
    /// Every value of a repeatable flag, in order.
    func all(_ flag: Option) -> [String] { given(flag.spec) ?? [] }
    /// The flag's number; nil when it was not given, a usage error when it is not a whole number
    /// in the declared range.
    func value(_ flag: IntegerOption) throws -> Int? {
        guard let text = given(flag.spec)?.last else { return nil }
        guard let value = Int(text), flag.range.contains(value) else {
            throw KAuthError.usage(
                "--\(flag.spec.name) needs a whole number from \(flag.range.lowerBound) to \(flag.range.upperBound), not '\(text)'"
            )
        }
        return value
    }
    /// A port flag's number.
    func port(_ flag: IntegerOption) throws -> UInt16? {
        try value(flag).map { UInt16($0) }
    }

    /// What the line gave for `flag`. A command reads only flags it declares (a declaration of
    /// another command's flag would read nil here for ever); debug builds, which the tests run,
    /// stop at such a read.
    private func given(_ flag: FlagSpec) -> [String]? {
        assert(
            (flags + GlobalFlags.specs).contains { $0.name == flag.name },
            "'\(path.joined(separator: " "))' reads --\(flag.name), which it does not declare")
        return values[flag.name]
    }

    /// The flags given on the line, in the order `flags` declares them, with their values
    /// (switches: one empty string per occurrence).
    func given(among flags: [FlagSpec]) -> [(flag: FlagSpec, values: [String])] {
        flags.compactMap { flag in values[flag.name].map { (flag, $0) } }
    }
}
