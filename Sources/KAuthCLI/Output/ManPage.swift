import KAuthCore

/// `kauth.1` in roff (man(7) macros), from the same command tree and help topics as `--help`, so
/// the man page cannot fall behind the commands. `make install` writes it with `kauth __man`.
///
/// Help text reaches roff only through `escape`, which makes every character literal: a line of
/// help that starts with `.` or `'` would otherwise be read as a request.
enum ManPage {
    static func render(root: CommandSpec, globalFlags: [FlagSpec], version: String) -> String {
        let name = root.name
        var out = ".\\\" \(name)(1), made by '\(name) __man' from the command tree: edit the commands, not this file.\n"
        out += ".TH \(name.uppercased()) 1 \"\" \"\(escape("\(name) \(version)"))\" \"User Commands\"\n"
        // No hyphenation, ragged right: names like KAUTH_CLIENT_SECRET stay whole and copyable.
        out += ".nh\n.ad l\n"
        out += ".SH NAME\n\(escape(name)) \\- \(escape(root.summary))\n"
        out +=
            ".SH SYNOPSIS\n.B \(escape(name))\n.I COMMAND\n.RI [ flags ]\n.br\n.B \(escape(name)) help\n.RI [ COMMAND | TOPIC ]\n"
        out += ".SH DESCRIPTION\n" + paragraphs(root.discussion)
        out += paragraphs(
            "Every command prints its own help with --help; '\(name) help TOPIC' prints a help topic: "
                + root.topics.map(\.name).joined(separator: ", ") + ".")
        out += ".SH COMMANDS\n"
        for sub in root.subcommands where !sub.hidden {
            out += command(sub, path: [name, sub.name], globalFlags: globalFlags)
        }
        out += ".SH GLOBAL FLAGS\n"
        out += paragraphs(
            "Global flags may stand before or after the command words. A command takes only those listed in its entry above; any other is a usage error."
        )
        for flag in globalFlags {
            out += flagItem(flag)
        }
        out += ".TP\n\\fB\\-h\\fR, \\fB\\-\\-help\\fR\n\(escape("show help for the command"))\n"
        for topic in root.topics {
            out += self.topic(topic)
        }
        out += files(name)
        out += ".SH EXAMPLES\n" + examples(root.examples)
        out +=
            ".SH SEE ALSO\n"
            + paragraphs(
                root.topics.map { "\(name) help \($0.name)" }.joined(separator: ", ") + ", \(name) COMMAND --help.")
        return out
    }

    /// One command: its usage, text, arguments, flags, global flags, environment and examples;
    /// then its subcommands.
    static func command(_ command: CommandSpec, path: [String], globalFlags: [FlagSpec]) -> String {
        let title = path.joined(separator: " ")
        var out = ".SS \"\(escape(title).replacingQuotes)\"\n\(escape(command.summary))\n"
        if command.run != nil || command.subcommands.isEmpty {
            out +=
                ".PP\n.nf\n.RS\n" + HelpRenderer.usageLines(command, path: path).map { escape($0) + "\n" }.joined()
                + ".RE\n.fi\n"
        }
        out += paragraphs(command.discussion)
        if !command.arguments.isEmpty {
            out += ".PP\nArguments:\n"
            for argument in command.arguments {
                out += ".TP\n\\fI\(escape(argument.name))\\fR\n\(escape(argument.help))\n"
            }
        }
        if !command.flags.isEmpty {
            out += ".PP\nFlags:\n" + command.flags.map(flagItem).joined()
        }
        if command.run != nil {
            let globals =
                command.globalFlags(globalFlags).map { "\\fB\\-\\-\(escape($0.name))\\fR" } + ["\\fB\\-\\-help\\fR"]
            out += ".PP\nGlobal flags: " + globals.joined(separator: ", ") + ".\n"
        }
        if !command.environment.isEmpty {
            out +=
                ".PP\nEnvironment: " + command.environment.map { "\\fB\(escape($0))\\fR" }.joined(separator: ", ")
                + " (see \\fBENVIRONMENT\\fR).\n"
        }
        if !command.examples.isEmpty {
            out += ".PP\nExamples:\n" + examples(command.examples)
        }
        for sub in command.subcommands where !sub.hidden {
            out += self.command(sub, path: path + [sub.name], globalFlags: globalFlags)
        }
        return out
    }

    static func flagItem(_ flag: FlagSpec) -> String {
        var tag = flag.short.map { "\\fB\\-\(escape(String($0)))\\fR, " } ?? ""
        tag += "\\fB\\-\\-\(escape(flag.name))\\fR"
        if let value = flag.valueName { tag += " \\fI\(escape(value))\\fR" }
        return ".TP\n\(tag)\n\(escape(flag.help))\(flag.repeatable ? " (repeatable)" : "")\n"
    }

    /// A help topic as a section: the introduction, then its entries as tagged paragraphs, under
    /// a subsection per titled group.
    static func topic(_ topic: HelpTopic) -> String {
        var out = ".SH \(topic.manSection)\n" + paragraphs(topic.introduction)
        for group in topic.groups {
            if !group.title.isEmpty { out += ".SS \"\(escape(group.title).replacingQuotes)\"\n" }
            if !group.note.isEmpty { out += paragraphs(group.note) }
            for entry in group.entries {
                out += ".TP\n\\fB\(escape(entry.term))\\fR\n\(escape(entry.text))\n"
            }
        }
        return out
    }

    static func files(_ name: String) -> String {
        let home = "$KAUTH_HOME"
        let items = [
            (home + "/config", "Settings, written by '\(name) config set' (mode 0600: it may hold a client secret)."),
            (
                home + "/" + FileKeystore.fileName,
                "The keystore: every profile's login, with its tokens; mode 0600, encrypted under a key kept in the OS keyring where one answers, or under KAUTH_PASSPHRASE when it is set. kauth refuses a file that others can read, and never overwrites one it cannot read."
            ),
            (
                home + "/" + FileKeystore.fileName + ".lock",
                "Locked while the keystore is written, so that parallel runs refresh a token once."
            ),
            (home + "/jwks/", "Cached key sets of OpenID Connect providers, for checking ID tokens.")
        ]
        var out = ".SH FILES\n"
        for (path, text) in items {
            out += ".TP\n\\fI\(escape(path))\\fR\n\(escape(text))\n"
        }
        return out + paragraphs("KAUTH_HOME defaults to $XDG_CONFIG_HOME/kauth, else $HOME/.config/kauth.")
    }

    static func examples(_ examples: [(command: String, comment: String)]) -> String {
        var out = ".PP\n.nf\n.RS\n"
        for example in examples {
            if !example.comment.isEmpty { out += escape("# " + example.comment) + "\n" }
            out += escape("$ " + example.command) + "\n"
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
