import KAuthCore

/// A flag's declaration: its name, help and value kind (what help, the man page and completions
/// print). A command binds it to a field of its options (`OptionFlag`), usually declaring it in
/// place; the global flags, `--json` and `SharedFlags` are the constants several places name.

/// A switch: given or not.
struct Toggle: Sendable {
    let spec: FlagSpec

    init(_ name: String, short: Character? = nil, _ help: Localized) {
        spec = .toggle(name, short: short, help)
    }
}

/// A flag that takes text: the last value given, or every value of a repeatable flag.
struct Option: Sendable {
    let spec: FlagSpec

    init(
        _ name: String, short: Character? = nil, _ valueName: String, _ help: Localized, repeatable: Bool = false,
        values: ValueKind = .text
    ) {
        spec = .option(name, short: short, valueName, help, repeatable: repeatable, values: values)
    }
}

/// A flag that takes a whole number within `range`; anything else is a usage error naming it.
struct IntegerOption: Sendable {
    let spec: FlagSpec
    let range: ClosedRange<Int>

    init(_ name: String, _ valueName: String, _ help: Localized, range: ClosedRange<Int>) {
        spec = .option(name, valueName, help)
        self.range = range
    }

    /// The last of `values` as a number in range; a usage error naming the flag otherwise.
    func number(_ values: [String]) throws -> Int? {
        guard let text = values.last else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw CommandError.usage(
                UsageWords.wholeNumber(
                    flag: spec.name, lowest: range.lowerBound, highest: range.upperBound, given: text
                ).localized)
        }
        return value
    }

    /// A TCP port; 0 asks for any free one.
    static func port(_ help: Localized) -> IntegerOption {
        IntegerOption("port", "N", help, range: 0...65535)
    }
}

/// The flags that mean the same to every command that takes them.
enum CommonFlags {
    static let json = Toggle("json", FlagHelpWords.jsonFlag)
}
