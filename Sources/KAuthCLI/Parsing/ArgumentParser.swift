import KAuthCore

/// What the command line asks for.
enum ParseOutcome {
    /// The command to run and what its line gave.
    case run(CommandSpec, ParsedCommand)
    case help([String])
    /// `kauth help TOPIC`.
    case topic(HelpTopic)
    case version
}

/// Parses `argv` against the command tree: subcommands, long and short flags, `--flag=value`,
/// `-Xvalue`, `--`, and global flags anywhere on the line — those the command takes.
enum ArgumentParser {
    static func parse(_ argv: [String], root: CommandSpec, globalFlags: [FlagSpec]) throws(UsageError) -> ParseOutcome {
        var command = root
        var path = [root.name]
        var values: [String: [String]] = [:]
        var arguments: [String] = []
        var helpRequested = false
        var onlyArguments = false
        var index = 0
        let jsonFlag = CommonFlags.json.spec
        var jsonBeforeCommand = false

        // Every global flag is read wherever it stands, since it may come before the command
        // words; whether the command takes it is judged once the command is known.
        func flags() -> [FlagSpec] { command.flags + globalFlags }
        func offered() -> [FlagSpec] { command.flags + command.globalFlags(globalFlags) }

        func record(_ spec: FlagSpec, _ value: String) throws(UsageError) {
            if values[spec.name] != nil && !spec.repeatable {
                throw UsageError(message: UsageWords.flagGivenTwice(flag: spec.name).localized, commandPath: path)
            }
            values[spec.name, default: []].append(value)
        }

        func nextValue(for spec: FlagSpec, spelled: String) throws(UsageError) -> String {
            guard index < argv.count, !argv[index].hasPrefix("--") || argv[index] == "-" else {
                throw UsageError(
                    message: UsageWords.flagNeedsValue(flag: spelled, valueName: spec.valueName ?? "VALUE").localized,
                    commandPath: path)
            }
            index += 1
            return argv[index - 1]
        }

        while index < argv.count {
            let word = argv[index]
            index += 1
            if onlyArguments {
                arguments.append(word)
                continue
            }
            if word == "--" {
                onlyArguments = true
                continue
            }
            if word.hasPrefix("--") {
                let body = word.dropFirst(2)
                let name = String(body.prefix { $0 != "=" })
                let inline: String? = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
                if name == "help" {
                    helpRequested = true
                    continue
                }
                if name == "version" && path.count == 1 {
                    return .version
                }
                // `--json` before the command words, as the global flags may stand: whether the
                // command takes it is judged once it is known.
                if name == jsonFlag.name, inline == nil, !command.subcommands.isEmpty,
                    !command.flags.contains(where: { $0.name == name })
                {
                    try record(jsonFlag, "")
                    jsonBeforeCommand = true
                    continue
                }
                guard let spec = flags().first(where: { $0.name == name }) else {
                    let candidates = offered().map { "--\($0.name)" } + ["--help"]
                    let foreign = ForeignWords.flags["--\(name)"]?.filter(candidates.contains) ?? []
                    throw UsageError(
                        message: UsageWords.unknownFlag(flag: "--\(name)", command: path.joined(separator: " "))
                            .localized,
                        commandPath: path,
                        suggestions: foreign
                            + Suggestions.closest(to: "--\(name)", in: candidates).filter { !foreign.contains($0) }
                    )
                }
                if spec.takesValue {
                    if let inline {
                        try record(spec, inline)
                    } else {
                        try record(spec, try nextValue(for: spec, spelled: "--\(name)"))
                    }
                } else {
                    if inline != nil {
                        throw UsageError(
                            message: UsageWords.flagTakesNoValue(flag: "--\(name)").localized, commandPath: path)
                    }
                    try record(spec, "")
                }
                continue
            }
            if word.hasPrefix("-") && word.count > 1 {
                let letter = word[word.index(after: word.startIndex)]
                let rest = String(word.dropFirst(2))
                if letter == "h" && rest.isEmpty {
                    helpRequested = true
                    continue
                }
                guard let spec = flags().first(where: { $0.short == letter }) else {
                    let candidates = offered().map { "--\($0.name)" }
                    let foreign = ForeignWords.flags["-\(letter)"]?.filter(candidates.contains) ?? []
                    throw UsageError(
                        message: UsageWords.unknownFlag(flag: "-\(letter)", command: path.joined(separator: " "))
                            .localized,
                        commandPath: path,
                        suggestions: foreign
                            + offered().compactMap { $0.short.map { "-\($0)" } }
                            .filter { $0.lowercased() == "-\(letter)".lowercased() }
                    )
                }
                if spec.takesValue {
                    let inline = rest.hasPrefix("=") ? String(rest.dropFirst()) : rest
                    try record(spec, inline.isEmpty ? try nextValue(for: spec, spelled: "-\(letter)") : inline)
                } else {
                    guard rest.isEmpty else {
                        throw UsageError(
                            message: UsageWords.flagTakesNoValue(flag: "-\(letter)").localized, commandPath: path)
                    }
                    try record(spec, "")
                }
                continue
            }
            if arguments.isEmpty && !command.subcommands.isEmpty {
                if word == "help" && path.count == 1 {
                    return try help(Array(argv[index...]), root: root)
                }
                if let sub = command.subcommand(named: word) {
                    command = sub
                    path.append(word)
                    continue
                }
                if command.arguments.isEmpty || command.run == nil {
                    var error = unknownCommand(word, in: command, path: path, topicsAs: "help ")
                    if path.count == 1,
                        let foreign = ForeignWords.command(
                            for: word, next: index < argv.count ? argv[index] : nil, in: root)
                    {
                        error.suggestions = [foreign] + error.suggestions.filter { $0 != foreign }
                    }
                    throw error
                }
            }
            arguments.append(word)
        }

        if helpRequested || command.run == nil {
            return .help(path)
        }
        if jsonBeforeCommand, !command.flags.contains(where: { $0.name == jsonFlag.name }) {
            throw UsageError(
                message: UsageWords.jsonDoesNotApply(command: path.joined(separator: " ")).localized,
                commandPath: path)
        }
        for flag in globalFlags where values[flag.name] != nil && !command.takes(global: flag) {
            let taken = command.globalFlags(globalFlags).map { "--\($0.name)" }
            throw UsageError(
                message: UsageWords.flagDoesNotApply(
                    flag: flag.name, command: path.joined(separator: " "), globals: taken
                )
                .localized,
                commandPath: path
            )
        }
        let minimum = command.arguments.reduce(0) { $0 + $1.minimum }
        let maximum: Int? =
            command.arguments.contains { $0.maximum == nil }
            ? nil : command.arguments.reduce(0) { $0 + ($1.maximum ?? 0) }
        if arguments.count < minimum {
            let missing = command.arguments.first { $0.minimum > 0 }
            // An argument that is one of a few words is asked for with its words: "needs SHELL"
            // reads as the environment variable.
            if let missing, case .choices(let words) = missing.values, !words.isEmpty, words.count <= 6 {
                throw UsageError(
                    message: UsageWords.nameOneOf(
                        command: path.joined(separator: " "), argument: missing.name.lowercased(), choices: words
                    ).localized,
                    commandPath: path)
            }
            throw UsageError(
                message: UsageWords.needsArgument(
                    command: path.joined(separator: " "), argument: missing?.name ?? "ARGUMENT"
                ).localized,
                commandPath: path)
        }
        if let maximum, arguments.count > maximum {
            // The extra words are not repeated: one of them may be a secret put where a flag or
            // standard input was meant (`kauth login --with-token "$RT"`), and usage errors end
            // up in CI logs.
            throw UsageError(
                message: UsageWords.tooManyArguments(
                    command: path.joined(separator: " "), maximum: maximum, extra: arguments.count - maximum,
                    withToken: values[SharedFlags.withToken.spec.name] != nil
                ).localized,
                commandPath: path)
        }
        return .run(
            command,
            ParsedCommand(
                path: path, flags: command.flags, globals: command.globalFlags(globalFlags), values: values,
                arguments: arguments))
    }

    /// What `kauth help WORDS…` asks for: a topic, or the help of the command they name.
    private static func help(_ words: [String], root: CommandSpec) throws(UsageError) -> ParseOutcome {
        var command = root
        var path = [root.name]
        for word in words where !word.hasPrefix("-") {
            if path.count == 1, let topic = root.topic(named: word) {
                return .topic(topic)
            }
            guard let sub = command.subcommand(named: word) else {
                var error = unknownCommand(word, in: command, path: path, topicsAs: "")
                if path.count == 1 {
                    error.message = UsageWords.unknownCommandOrTopic(word: word, command: "\(path[0]) help").localized
                }
                throw error
            }
            command = sub
            path.append(word)
        }
        return .help(path)
    }

    /// "unknown command", with the closest commands and, at the root, help topics (spelled
    /// `topicsAs` + name: `help environment` after `kauth`, `environment` after `kauth help`).
    private static func unknownCommand(_ word: String, in command: CommandSpec, path: [String], topicsAs prefix: String)
        -> UsageError
    {
        let names = command.subcommands.filter { !$0.hidden }.map(\.name)
        let topics = command.topics.map(\.name)
        let suggestions = Suggestions.closest(to: word, in: names + topics).map {
            topics.contains($0) && !names.contains($0) ? prefix + $0 : $0
        }
        return UsageError(
            message: UsageWords.unknownCommand(word: word, command: path.joined(separator: " ")).localized,
            commandPath: path,
            suggestions: suggestions
        )
    }

    /// The spec at `path`.
    static func command(at path: [String], root: CommandSpec) -> CommandSpec {
        var command = root
        for word in path.dropFirst() {
            if let sub = command.subcommand(named: word) { command = sub }
        }
        return command
    }
}
