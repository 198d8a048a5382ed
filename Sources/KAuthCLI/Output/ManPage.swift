import KAuthCore

/// `kauth.1` in roff (man(7) macros), from the same command tree and help topics as `--help`, so
/// the man page cannot fall behind the commands. `make install` writes it with `kauth __man`.
///
/// Help text reaches roff only through `escape`, which makes every character literal: a line of
/// help that starts with `.` or `'` would otherwise be read as a request.
struct ManPage {
    /// The language the page is written in; commands, flags and variables stay as they are.
    var language: Language

    private func say(_ message: some Message) -> String { message.text(language) }

    static func render(root: CommandSpec, globalFlags: [FlagSpec], version: String, language: Language) -> String {
        ManPage(language: language).render(root: root, globalFlags: globalFlags, version: version)
    }

    func render(root: CommandSpec, globalFlags: [FlagSpec], version: String) -> String {
        let name = root.name
        let escape = Self.escape
        let paragraphs = Self.paragraphs
        var out = ".\\\" \(name)(1), made by '\(name) __man' from the command tree: edit the commands, not this file.\n"
        out +=
            ".TH \(name.uppercased()) 1 \"\" \"\(escape("\(name) \(version)"))\" \"\(escape(say(HelpWords.manTitle)))\"\n"
        // No hyphenation, ragged right: names like KAUTH_CLIENT_SECRET stay whole and copyable.
        out += ".nh\n.ad l\n"
        out += section(HelpWords.manName) + "\(escape(name)) \\- \(escape(say(root.summary)))\n"
        out +=
            section(HelpWords.manSynopsis)
            + ".B \(escape(name))\n.I COMMAND\n.RI [ flags ]\n.br\n.B \(escape(name)) help\n.RI [ COMMAND | TOPIC ]\n"
        out += section(HelpWords.manDescription) + paragraphs(say(root.discussion))
        out += paragraphs(
            say(HelpWords.manEveryCommandHelps(topics: root.topics.map(\.name).joined(separator: ", "), root: name)))
        out += section(HelpWords.manCommands)
        for sub in root.subcommands where !sub.hidden {
            out += command(sub, path: [name, sub.name], globalFlags: globalFlags)
        }
        out += section(HelpWords.manGlobalFlags)
        out += paragraphs(say(HelpWords.manGlobalFlagsNote))
        for flag in globalFlags {
            out += flagItem(flag)
        }
        out += ".TP\n\\fB\\-h\\fR, \\fB\\-\\-help\\fR\n\(escape(say(HelpWords.manShowHelp)))\n"
        for topic in root.topics {
            out += self.topic(topic)
        }
        out += files(name)
        out += section(HelpWords.manExamples) + examples(root.examples)
        out +=
            section(HelpWords.manSeeAlso)
            + paragraphs(
                root.topics.map { "\(name) help \($0.name)" }.joined(separator: ", ") + ", \(name) COMMAND --help.")
        return out
    }

    /// `.SH NAME`: a section heading in the page's language (quoted, since Korean ones and
    /// `GLOBAL FLAGS` hold spaces or characters beyond ASCII).
    private func section(_ title: some Message) -> String {
        let text = say(title)
        return text.allSatisfy { $0.isASCII } ? ".SH \(text)\n" : ".SH \"\(Self.escape(text).replacingQuotes)\"\n"
    }

    /// One command: its usage, text, arguments, flags, global flags, environment and examples;
    /// then its subcommands.
    func command(_ command: CommandSpec, path: [String], globalFlags: [FlagSpec]) -> String {
        let escape = Self.escape
        let paragraphs = Self.paragraphs
        let title = path.joined(separator: " ")
        var out = ".SS \"\(escape(title).replacingQuotes)\"\n\(escape(say(command.summary)))\n"
        if command.run != nil || command.subcommands.isEmpty {
            out +=
                ".PP\n.nf\n.RS\n" + HelpRenderer.usageLines(command, path: path).map { escape($0) + "\n" }.joined()
                + ".RE\n.fi\n"
        }
        out += paragraphs(say(command.discussion))
        if !command.arguments.isEmpty {
            out += ".PP\n\(escape(say(HelpWords.arguments)))\n"
            for argument in command.arguments {
                out += ".TP\n\\fI\(escape(argument.name))\\fR\n\(escape(say(argument.help)))\n"
            }
        }
        if !command.flags.isEmpty {
            out += ".PP\n\(escape(say(HelpWords.flags)))\n" + command.flags.map(flagItem).joined()
        }
        if command.run != nil {
            let globals =
                command.globalFlags(globalFlags).map { "\\fB\\-\\-\(escape($0.name))\\fR" } + ["\\fB\\-\\-help\\fR"]
            out += ".PP\n\(escape(say(HelpWords.manGlobalFlagsOf)))" + globals.joined(separator: ", ") + ".\n"
        }
        if !command.environment.isEmpty {
            let section = escape(HelpTopic.environment.manSection.text(language))
            let see = escape(
                say(HelpWords.manEnvironmentOf(sectionName: HelpTopic.environment.manSection.text(language))))
            out +=
                ".PP\n\(escape(say(HelpWords.environment))) "
                + command.environment.map { "\\fB\(escape($0))\\fR" }.joined(separator: ", ")
                + see.replacing(section, with: "\\fB\(section)\\fR", maxReplacements: 1) + "\n"
        }
        if !command.examples.isEmpty {
            out += ".PP\n\(escape(say(HelpWords.examples)))\n" + examples(command.examples)
        }
        for sub in command.subcommands where !sub.hidden {
            out += self.command(sub, path: path + [sub.name], globalFlags: globalFlags)
        }
        return out
    }

    func flagItem(_ flag: FlagSpec) -> String {
        let escape = Self.escape
        var tag = flag.short.map { "\\fB\\-\(escape(String($0)))\\fR, " } ?? ""
        tag += "\\fB\\-\\-\(escape(flag.name))\\fR"
        if let value = flag.valueName { tag += " \\fI\(escape(value))\\fR" }
        return ".TP\n\(tag)\n\(escape(say(flag.help) + (flag.repeatable ? say(HelpWords.repeatable) : "")))\n"
    }

    /// A help topic as a section: the introduction, then its entries as tagged paragraphs, under
    /// a subsection per titled group.
    func topic(_ topic: HelpTopic) -> String {
        let escape = Self.escape
        let paragraphs = Self.paragraphs
        var out = section(topic.manSection) + paragraphs(say(topic.introduction))
        for group in topic.groups {
            if !group.title.isEmpty { out += ".SS \"\(escape(say(group.title)).replacingQuotes)\"\n" }
            if !group.note.isEmpty { out += paragraphs(say(group.note)) }
            for entry in group.entries {
                out += ".TP\n\\fB\(escape(entry.term))\\fR\n\(escape(say(entry.text)))\n"
            }
        }
        return out
    }

    func files(_ name: String) -> String {
        let home = "$KAUTH_HOME"
        let items: [(String, HelpWords)] = [
            (home + "/config", .manConfigFile(Invocation("\(name) config set"))),
            (home + "/" + FileKeystore.fileName, .manKeystoreFile),
            (home + "/" + FileKeystore.fileName + ".lock", .manLockFile),
            (home + "/jwks/", .manJWKSFolder)
        ]
        var out = section(HelpWords.manFiles)
        for (path, text) in items {
            out += ".TP\n\\fI\(Self.escape(path))\\fR\n\(Self.escape(say(text)))\n"
        }
        return out + Self.paragraphs(say(HelpWords.manHomeDefault))
    }

    func examples(_ examples: [CommandSpec.Example]) -> String {
        var out = ".PP\n.nf\n.RS\n"
        for example in examples {
            if !example.comment.isEmpty { out += Self.escape("# " + say(example.comment)) + "\n" }
            out += Self.escape("$ " + example.command) + "\n"
        }
        return out + ".RE\n.fi\n"
    }

    /// Text as filled paragraphs, one per line of `text`.
    static func paragraphs(_ text: String) -> String {
        text.split(separator: "\n").map { line in
            let trimmed = line.drop { $0 == " " }
            return trimmed.isEmpty ? "" : ".PP\n" + escape(String(trimmed)) + "\n"
        }.joined()
    }

    /// Every character literal: backslashes, dashes and quotes escaped, anything beyond ASCII as
    /// `\[uXXXX]` (so the page does not depend on the input encoding roff assumes), and `\&` in
    /// front of a line that would start with `.` (a request) — `'` never reaches a line start
    /// as it is always `\(aq`.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case "'": out += "\\(aq"
            case "`": out += "\\(ga"
            case "\n": out += "\n"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += " "
            case _ where scalar.isASCII: out.unicodeScalars.append(scalar)
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        return out.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(".") ? "\\&" + $0 : String($0) }
            .joined(separator: "\n")
    }
}

extension String {
    /// For a quoted macro argument: `"` as `\(dq`.
    fileprivate var replacingQuotes: String {
        var out = ""
        for character in self { out += character == "\"" ? "\\(dq" : String(character) }
        return out
    }
}
