/// Renders help text at a given width, so golden files stay stable whatever the terminal is.
enum HelpRenderer {
    static func render(
        _ command: CommandSpec, path: [String], globalFlags: [FlagSpec], width: Int = 80, language: Language
    ) -> String {
        func say(_ message: some Message) -> String { message.text(language) }
        var out = "\(path.joined(separator: " ")) — \(say(command.summary))\n"
        if !command.discussion.isEmpty {
            out += "\n" + wrap(say(command.discussion), width: width, indent: "") + "\n"
        }
        out += "\n" + say(HelpWords.usage) + "\n"
        for line in usageLines(command, path: path) {
            out += "  \(line)\n"
        }
        let visible = command.subcommands.filter { !$0.hidden }
        // Commands and topics share a column.
        let nameColumn = ((visible.map(\.name) + command.topics.map(\.name)).map(\.displayWidth).max() ?? 0) + 4
        if !visible.isEmpty {
            out += "\n" + say(HelpWords.commands) + "\n"
            for sub in visible {
                out += "  " + sub.name.padding(nameColumn) + say(sub.summary) + "\n"
            }
        }
        if !command.topics.isEmpty {
            out += "\n" + say(HelpWords.helpTopics) + "\n"
            for topic in command.topics {
                out += "  " + topic.name.padding(nameColumn) + say(topic.summary) + "\n"
            }
        }
        let flagRow = { (flag: FlagSpec) in row(flag, language: language) }
        let globalRows = command.globalFlags(globalFlags).map(flagRow) + [("-h, --help", say(HelpWords.showHelp))]
        let flagRows = command.flags.map(flagRow)
        let topic = HelpTopic.environment
        let environmentRows = command.environment.map { ($0, topic.entry($0).map { say($0.summary) } ?? "") }
        // One column for every table (arguments, flags, global flags, environment), so they line up.
        let column = min(((flagRows + globalRows + environmentRows).map(\.0.displayWidth).max() ?? 0) + 4, 34)
        if !command.arguments.isEmpty {
            out += "\n" + say(HelpWords.arguments) + "\n"
            out += table(command.arguments.map { ($0.name, say($0.help)) }, width: width, column: column)
        }
        if !flagRows.isEmpty {
            out += "\n" + say(HelpWords.flags) + "\n" + table(flagRows, width: width, column: column)
        }
        out += "\n" + say(HelpWords.globalFlags) + "\n" + table(globalRows, width: width, column: column)
        if !environmentRows.isEmpty {
            out += "\n" + say(HelpWords.environment) + "\n" + table(environmentRows, width: width, column: column)
            out += "  " + say(HelpWords.seeTopic(Invocation("\(path[0]) help \(topic.name)"))) + "\n"
        }
        if !command.examples.isEmpty {
            out += "\n" + say(HelpWords.examples) + "\n"
            for example in command.examples {
                if !example.comment.isEmpty {
                    out += "  # \(say(example.comment))\n"
                }
                out += "  $ \(example.command)\n"
            }
        }
        if !visible.isEmpty {
            let more = Invocation("\(path.joined(separator: " ")) COMMAND --help")
            let topicHelp = Invocation("\(path.joined(separator: " ")) help TOPIC")
            out += "\n"
            out +=
                command.topics.isEmpty
                ? say(HelpWords.moreAboutCommand(more))
                : say(HelpWords.moreAboutCommandOrTopic(command: more, topic: topicHelp))
            out += "\n"
        }
        return out
    }

    /// `kauth help TOPIC`: the introduction, then each group as a two-column table.
    static func render(_ topic: HelpTopic, root: String, width: Int = 80, language: Language) -> String {
        var out =
            "\(root) help \(topic.name) — \(topic.summary.text(language))\n\n"
            + wrap(topic.introduction.text(language), width: width, indent: "") + "\n"
        let column = min((topic.entries.map(\.term.displayWidth).max() ?? 0) + 4, 28)
        for group in topic.groups {
            out += "\n"
            if !group.title.isEmpty { out += group.title.text(language) + ":\n" }
            if !group.note.isEmpty { out += wrap(group.note.text(language), width: width, indent: "  ") + "\n" }
            out += table(group.entries.map { ($0.term, $0.text.text(language)) }, width: width, column: column)
        }
        return out
    }

    /// The command's usage lines: its own, else one made from its arguments and flags.
    static func usageLines(_ command: CommandSpec, path: [String]) -> [String] {
        var usage =
            command.usage.isEmpty
            ? [defaultUsage(command, path: path)] : command.usage.map { "\(path.joined(separator: " ")) \($0)" }
        if command.usage.isEmpty && command.run != nil && !command.subcommands.isEmpty {
            usage.append((path + ["COMMAND", "[flags]"]).joined(separator: " "))
        }
        return usage
    }

    private static func defaultUsage(_ command: CommandSpec, path: [String]) -> String {
        var words = path
        if !command.subcommands.isEmpty && command.run == nil { words.append("COMMAND") }
        if !command.flags.isEmpty { words.append("[flags]") }
        for argument in command.arguments {
            let name = argument.maximum == 1 ? argument.name : "\(argument.name)…"
            words.append(argument.minimum > 0 ? name : "[\(name)]")
        }
        return words.joined(separator: " ")
    }

    private static func row(_ flag: FlagSpec, language: Language) -> (String, String) {
        var left = flag.short.map { "-\($0), " } ?? "    "
        left += "--\(flag.name)"
        if let value = flag.valueName { left += " \(value)" }
        return (left, flag.help.text(language))
    }

    /// Two columns; the right one wraps under itself.
    private static func table(_ rows: [(String, String)], width: Int, column: Int) -> String {
        var out = ""
        for (left, right) in rows {
            let indent = String(repeating: " ", count: column + 2)
            let wrapped = wrap(right, width: width, indent: indent)
            let firstLine = wrapped.dropFirst(indent.count)
            if left.displayWidth + 4 > column {
                out += "  \(left)\n" + wrapped + "\n"
            } else {
                out += "  " + left.padding(column) + firstLine + "\n"
            }
        }
        return out
    }

    /// Greedy word wrap by display width (a Hangul syllable takes two columns); every line starts
    /// with `indent`. Lines break at spaces only, which Korean puts between words as English does.
    static func wrap(_ text: String, width: Int, indent: String) -> String {
        let start = indent.displayWidth
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { paragraph in
            var lines: [String] = []
            var line = indent
            var used = start
            for word in paragraph.split(separator: " ") {
                let size = word.displayWidth
                if used > start && used + 1 + size > width {
                    lines.append(line)
                    line = indent
                    used = start
                }
                if used > start {
                    line += " "
                    used += 1
                }
                line += word
                used += size
            }
            lines.append(line)
            return lines.joined(separator: "\n")
        }.joined(separator: "\n")
    }
}
