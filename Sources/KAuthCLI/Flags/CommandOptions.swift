/// A command's options as one value, parsed from the line before the command runs, as
/// swift-argument-parser's and gh's option structs are: the command reads fields
/// (`options.field`), so a misspelt option does not compile and another command's options are
/// another type. `flags` binds each flag to the field it fills, and it is the one list parsing,
/// help, the man page and completions read.
protocol CommandOptions: Sendable {
    /// Every field at its value for a line that gives none of the flags.
    init()
    /// The command's flags in the order help lists them, each bound to its field.
    static var flags: [OptionFlag<Self>] { get }
}

/// One flag of a command's options: what help shows (`spec`) and how the line's values for it
/// become the field it is bound to. Unchecked `Sendable` for `field` alone: a key path is an
/// immutable value, though the standard library does not mark `AnyKeyPath` so.
struct OptionFlag<Options>: @unchecked Sendable {
    let spec: FlagSpec
    /// The field it fills; nil for `--json`, which fills none.
    let field: AnyKeyPath?
    /// Writes the values the line gave (one per occurrence, empty strings for a switch) into the
    /// field; a usage error when they do not fit it.
    let fill: @Sendable (inout Options, [String]) throws -> Void
}

/// A key path to a field of the options, which a flag fills.
typealias Field<Options, Value> = WritableKeyPath<Options, Value> & Sendable

extension OptionFlag {
    /// A switch: true when given.
    static func toggle(_ field: Field<Options, Bool>, _ flag: Toggle) -> Self {
        OptionFlag(spec: flag.spec, field: field) { options, _ in options[keyPath: field] = true }
    }

    static func toggle(_ field: Field<Options, Bool>, _ name: String, short: Character? = nil, _ help: Localized)
        -> Self
    {
        toggle(field, Toggle(name, short: short, help))
    }

    /// Text: the last value given; nil when the flag is not.
    static func option(_ field: Field<Options, String?>, _ flag: Option) -> Self {
        OptionFlag(spec: flag.spec, field: field) { options, values in options[keyPath: field] = values.last }
    }

    static func option(
        _ field: Field<Options, String?>, _ name: String, short: Character? = nil, _ valueName: String,
        _ help: Localized, values: ValueKind = .text
    ) -> Self {
        option(field, Option(name, short: short, valueName, help, values: values))
    }

    /// A repeatable flag: every value, in order.
    static func list(
        _ field: Field<Options, [String]>, _ name: String, short: Character? = nil, _ valueName: String,
        _ help: Localized, values: ValueKind = .text
    ) -> Self {
        let flag = Option(name, short: short, valueName, help, repeatable: true, values: values)
        return OptionFlag(spec: flag.spec, field: field) { options, given in options[keyPath: field] = given }
    }

    static func list(_ field: Field<Options, [String]>, _ flag: Option) -> Self {
        OptionFlag(spec: flag.spec, field: field) { options, given in options[keyPath: field] = given }
    }

    /// A repeatable flag whose absence means something else than no value: nil when not given.
    static func list(
        _ field: Field<Options, [String]?>, _ name: String, short: Character? = nil, _ valueName: String,
        _ help: Localized, values: ValueKind = .text
    ) -> Self {
        let flag = Option(name, short: short, valueName, help, repeatable: true, values: values)
        return OptionFlag(spec: flag.spec, field: field) { options, given in options[keyPath: field] = given }
    }

    /// A whole number within the flag's range; nil when not given.
    static func integer(_ field: Field<Options, Int?>, _ flag: IntegerOption) -> Self {
        OptionFlag(spec: flag.spec, field: field) { options, values in
            options[keyPath: field] = try flag.number(values)
        }
    }

    static func integer(
        _ field: Field<Options, Int?>, _ name: String, _ valueName: String, _ help: Localized,
        range: ClosedRange<Int>
    ) -> Self {
        integer(field, IntegerOption(name, valueName, help, range: range))
    }

    /// A TCP port (`IntegerOption.port`, or one declared with another help text).
    static func port(_ field: Field<Options, UInt16?>, _ flag: IntegerOption) -> Self {
        OptionFlag(spec: flag.spec, field: field) { options, values in
            options[keyPath: field] = try flag.number(values).map { UInt16($0) }
        }
    }

    static func port(_ field: Field<Options, UInt16?>, _ help: Localized) -> Self {
        port(field, IntegerOption.port(help))
    }

    /// `--json`. It fills no field: every command that declares it reads it as `context.json`,
    /// which the error report reads too, so a failure before or inside `run` is JSON as well.
    static var json: Self {
        OptionFlag(spec: CommonFlags.json.spec, field: nil) { _, _ in }
    }

    /// `--json` with help of the command's own (what its JSON holds).
    static func json(_ help: Localized) -> Self {
        OptionFlag(spec: Toggle(CommonFlags.json.spec.name, help).spec, field: nil) { _, _ in }
    }

    /// The flags of a group of options several commands share, filling the field that holds it.
    static func group<Group: CommandOptions>(_ field: Field<Options, Group>) -> [Self] {
        Group.flags.map { flag in
            OptionFlag(spec: flag.spec, field: flag.field.flatMap { (field as AnyKeyPath).appending(path: $0) }) {
                options, values in
                try flag.fill(&options[keyPath: field], values)
            }
        }
    }
}

extension CommandOptions {
    /// The flag that fills `field`, for words that name it (`--login-hint needs a value`).
    static func flag(of field: PartialKeyPath<Self>) -> FlagSpec {
        guard let flag = flags.first(where: { $0.field == field }) else {
            preconditionFailure("no flag of \(Self.self) fills \(field)")
        }
        return flag.spec
    }
}

/// Options with no field to read, so a command that takes them runs with its context alone.
protocol FieldlessOptions: CommandOptions {}

/// Options of a command that takes no flags of its own.
struct NoOptions: FieldlessOptions {
    static let flags: [OptionFlag<Self>] = []
}

/// Options of a command whose one flag is `--json`.
struct JSONOnlyOptions: FieldlessOptions {
    static let flags: [OptionFlag<Self>] = [.json]
}
