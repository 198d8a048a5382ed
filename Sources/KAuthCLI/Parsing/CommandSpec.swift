/// One flag a command accepts.
struct FlagSpec: Sendable {
    /// Long name without dashes, e.g. `scopes`.
    var name: String
    /// Optional one-letter alias, e.g. `X` for `-X`.
    var short: Character?
    /// Placeholder shown in help when the flag takes a value (`LIST`, `SECONDS`); nil for a switch.
    var valueName: String?
    var help: String
    /// Whether the flag may be given more than once (values accumulate).
    var repeatable: Bool = false

    var takesValue: Bool { valueName != nil }

    static func option(_ name: String, short: Character? = nil, _ valueName: String, _ help: String, repeatable: Bool = false) -> FlagSpec {
        FlagSpec(name: name, short: short, valueName: valueName, help: help, repeatable: repeatable)
    }

    static func toggle(_ name: String, short: Character? = nil, _ help: String) -> FlagSpec {
        FlagSpec(name: name, short: short, valueName: nil, help: help)
    }
}

/// A positional argument in a command's usage.
struct ArgumentSpec: Sendable {
    var name: String
    var help: String
    var minimum: Int
    /// nil: any number.
    var maximum: Int?
}

/// A command of the tree: its words, help text and what it accepts. `run` is nil for a group
/// that only holds subcommands.
struct CommandSpec: Sendable {
    var name: String
    var summary: String
    var discussion: String = ""
    var usage: [String] = []
    var flags: [FlagSpec] = []
    var arguments: [ArgumentSpec] = []
    var examples: [(command: String, comment: String)] = []
    var subcommands: [CommandSpec] = []
    var run: (@Sendable (CommandContext) async throws -> Int32)?
    /// Hidden commands are runnable but left out of help listings.
    var hidden = false

    func subcommand(named name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }
}
