/// What the values of a flag or an argument are. Completions offer them, so the command tree is
/// the one place that knows that `--template` takes a file and `--provider` a provider's name.
enum ValueKind: Sendable, Equatable {
    /// Free text (a URL, a number, a list of scope IDs): nothing to offer.
    case text
    /// One of these words.
    case choices([String])
    /// A path.
    case file
    /// A path, or `-` for standard input.
    case fileOrStandardInput
    /// Names only known at completion time, printed by `kauth __complete KIND`.
    case dynamic(DynamicValues)
}

/// The lists `kauth __complete KIND` prints, one name a line, from local files only: never the
/// network, never a secret, and nothing at all when a file cannot be read.
enum DynamicValues: String, CaseIterable, Sendable {
    /// Built-in providers and those configured (`provider.NAME.*`).
    case providers
    /// Profiles with a stored login; nothing when the keystore is encrypted.
    case profiles
    /// `language`, and `provider.NAME.KEY` for every known NAME and KEY.
    case configKeys = "config-keys"
    /// The `--prompt` values of the provider the command line names with `--provider` (Kakao's
    /// when it names none); the scripts pass the words typed so far after `--`.
    case prompts
}

/// One flag a command accepts.
struct FlagSpec: Sendable {
    /// Long name without dashes, e.g. `scopes`.
    var name: String
    /// Optional one-letter alias, e.g. `X` for `-X`.
    var short: Character?
    /// Placeholder shown in help when the flag takes a value (`LIST`, `SECONDS`); nil for a switch.
    var valueName: String?
    var help: Localized
    /// Whether the flag may be given more than once (values accumulate).
    var repeatable: Bool = false
    /// What its values are, for completions; meaningless for a switch.
    var values: ValueKind = .text

    var takesValue: Bool { valueName != nil }

    static func option(
        _ name: String, short: Character? = nil, _ valueName: String, _ help: Localized, repeatable: Bool = false,
        values: ValueKind = .text
    ) -> FlagSpec {
        FlagSpec(name: name, short: short, valueName: valueName, help: help, repeatable: repeatable, values: values)
    }

    static func toggle(_ name: String, short: Character? = nil, _ help: Localized) -> FlagSpec {
        FlagSpec(name: name, short: short, valueName: nil, help: help)
    }
}

/// A positional argument in a command's usage.
struct ArgumentSpec: Sendable {
    var name: String
    var help: Localized
    var minimum: Int
    /// nil: any number.
    var maximum: Int?
    /// What its values are, for completions.
    var values: ValueKind = .text
}

/// The flags of `GlobalFlags.specs`, by name, so a command can say which of them mean something to
/// it. The rest are refused on its command line and left out of its help and completions.
enum GlobalFlag: String, CaseIterable, Sendable {
    case profile, provider, verbose
    case noColor = "no-color"

    static let all = Set(allCases)
}
