/// Renders help text at a given width, so golden files stay stable whatever the terminal is.
enum HelpRenderer {
    static func render(_ command: CommandSpec, path: [String], globalFlags: [FlagSpec], width: Int = 80) -> String {
        var out = "\(path.joined(separator: " ")) — \(command.summary)\n"
        if !command.discussion.isEmpty {
            out += "\n" + wrap(command.discussion, width: width, indent: "") + "\n"
        }
        out += "\nUsage:\n"
        for line in usageLines(command, path: path) {
            out += "  \(line)\n"
        }
        let visible = command.subcommands.filter { !$0.hidden }
        // Commands and topics share a column.
        let nameColumn = ((visible.map(\.name) + command.topics.map(\.name)).map(\.count).max() ?? 0) + 4
        if !visible.isEmpty {
            out += "\nCommands:\n"
            for sub in visible {
                out += "  " + sub.name.padding(nameColumn) + sub.summary + "\n"
            }
        }
        if !command.topics.isEmpty {
            out += "\nHelp topics:\n"
            for topic in command.topics {
                out += "  " + topic.name.padding(nameColumn) + topic.summary + "\n"
            }
        }
        let globalRows = command.globalFlags(globalFlags).map(flagRow) + [("-h, --help", "show help for this command")]
        let flagRows = command.flags.map(flagRow)
        let topic = HelpTopic.environment
        let environmentRows = command.environment.map { ($0, topic.entry($0)?.summary ?? "") }
        // One column for every table (arguments, flags, global flags, environment), so they line up.
        let column = min(((flagRows + globalRows + environmentRows).map(\.0.count).max() ?? 0) + 4, 34)
        if !command.arguments.isEmpty {
            out += "\nArguments:\n"
            out += table(command.arguments.map { ($0.name, $0.help) }, width: width, column: column)
        }
        if !flagRows.isEmpty {
            out += "\nFlags:\n" + table(flagRows, width: width, column: column)
        }
        out += "\nGlobal flags:\n" + table(globalRows, width: width, column: column)
        if !environmentRows.isEmpty {
            out += "\nEnvironment:\n" + table(environmentRows, width: width, column: column)
            out += "  See '\(path[0]) help \(topic.name)' for every variable and which setting wins.\n"
        }
        if !command.examples.isEmpty {
            out += "\nExamples:\n"
            for example in command.examples {
                if !example.comment.isEmpty {
                    out += "  # \(example.comment)\n"
                }
                out += "  $ \(example.command)\n"
            }
        }
        if !visible.isEmpty {
            out += "\nRun '\(path.joined(separator: " ")) COMMAND --help' for more about a command"
            out += command.topics.isEmpty ? ".\n" : ",\n'\(path.joined(separator: " ")) help TOPIC' for a topic.\n"
        }
        return out
    }

    /// `kauth help TOPIC`: the introduction, then each group as a two-column table.
    static func render(_ topic: HelpTopic, root: String, width: Int = 80) -> String {
        var out =
            "\(root) help \(topic.name) — \(topic.summary)\n\n" + wrap(topic.introduction, width: width, indent: "")
            + "\n"
        let column = min((topic.entries.map(\.term.count).max() ?? 0) + 4, 28)
        for group in topic.groups {
            out += "\n"
            if !group.title.isEmpty { out += group.title + ":\n" }
            if !group.note.isEmpty { out += wrap(group.note, width: width, indent: "  ") + "\n" }
            out += table(group.entries.map { ($0.term, $0.text) }, width: width, column: column)
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

    private static func flagRow(_ flag: FlagSpec) -> (String, String) {
        var left = flag.short.map { "-\($0), " } ?? "    "
        left += "--\(flag.name)"
        if let value = flag.valueName { left += " \(value)" }
        return (left, flag.help)
    }

    /// Two columns; the right one wraps under itself.
    private static func table(_ rows: [(String, String)], width: Int, column: Int) -> String {
        var out = ""
        for (left, right) in rows {
            let indent = String(repeating: " ", count: column + 2)
            let wrapped = wrap(right, width: width, indent: indent)
            let firstLine = wrapped.dropFirst(indent.count)
            if left.count + 4 > column {
                out += "  \(left)\n" + wrapped + "\n"
            } else {
                out += "  " + left.padding(column) + firstLine + "\n"
            }
        }
        return out
    }

    /// Greedy word wrap; every line starts with `indent`.
    static func wrap(_ text: String, width: Int, indent: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { paragraph in
            var lines: [String] = []
            var line = indent
            for word in paragraph.split(separator: " ") {
                if line.count > indent.count && line.count + 1 + word.count > width {
                    lines.append(line)
                    line = indent
                }
                line += (line.count > indent.count ? " " : "") + word
            }
            lines.append(line)
            return lines.joined(separator: "\n")
        }.joined(separator: "\n")
    }
}
