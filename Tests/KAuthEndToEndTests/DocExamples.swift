import Foundation

/// One command of a documentation example, where it is written and what it should do.
/// The conventions are described at the top of DocExamplesEndToEndTests.swift.
struct DocCommand: Sendable {
    /// `Docs/commands.md:42`.
    var location: String
    /// The command as the reader sees it.
    var shown: String
    /// What the shell runs: `shown`, or the block's `instead:` command.
    var run: String
    var expectedExit: Int32
    /// The lines the page shows after a console command; nil when they are not compared.
    var expectedOutput: [String]?
    /// A `setup:` or `logged-in` step: it must succeed, and its output is not compared.
    var isSetup = false
}

/// Everything a page's examples ask for, and what is wrong with how they are written.
struct DocPage: Sendable {
    var path: String
    var commands: [DocCommand] = []
    /// Location and reason of every block that is not run.
    var skipped: [(location: String, reason: String)] = []
    /// Markers that are misspelled, lack a reason, or stand before no example.
    var problems: [String] = []
}

/// Reads the examples out of a Markdown page.
enum DocExamples {
    /// The info strings of fenced blocks whose lines are commands, one a line.
    static let shellInfo: Set<String> = ["sh", "bash", "shell"]

    static func parse(path: String, text: String) -> DocPage {
        var page = DocPage(path: path)
        let lines = text.components(separatedBy: "\n")
        var markers: [(line: Int, text: String)] = []
        var index = 0
        while index < lines.count {
            let trimmed = lines[index].trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("<!-- example") {
                if trimmed.hasPrefix("<!-- example:"), trimmed.hasSuffix("-->") {
                    let body = trimmed.dropFirst("<!-- example:".count).dropLast("-->".count)
                    markers.append((index + 1, body.trimmingCharacters(in: .whitespaces)))
                } else {
                    page.problems.append("\(path):\(index + 1): a marker is written `<!-- example: … -->` on one line")
                }
                index += 1
                continue
            }
            if trimmed.hasPrefix("```") {
                let info = trimmed.dropFirst(3).trimmingCharacters(in: .whitespaces).lowercased()
                let indent = lines[index].prefix { $0 == " " }.count
                var body: [(line: Int, text: String)] = []
                var end = index + 1
                while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces) != "```" {
                    body.append(
                        (end + 1, String(lines[end].dropFirst(min(indent, lines[end].prefix { $0 == " " }.count)))))
                    end += 1
                }
                block(info: info, fenceLine: index + 1, body: body, markers: markers, into: &page)
                markers = []
                index = end + 1
                continue
            }
            if !trimmed.isEmpty, let first = markers.first {
                page.problems.append("\(path):\(first.line): the marker stands before no ```sh or ```console block")
                markers = []
            }
            index += 1
        }
        if let first = markers.first {
            page.problems.append("\(path):\(first.line): the marker stands before no ```sh or ```console block")
        }
        return page
    }

    private static func block(
        info: String, fenceLine: Int, body: [(line: Int, text: String)], markers: [(line: Int, text: String)],
        into page: inout DocPage
    ) {
        let path = page.path
        let isShell = shellInfo.contains(info)
        let isConsole = info == "console"
        guard isShell || isConsole else {
            if let first = markers.first {
                page.problems.append(
                    "\(path):\(first.line): markers belong before ```sh or ```console blocks, not ```\(info)")
            }
            // A command example without a tag would never run: make the author choose.
            if info.isEmpty, looksLikeCommands(body.map(\.text)) {
                page.problems.append(
                    "\(path):\(fenceLine): an untagged block holds commands: tag it ```sh or ```console (run), or ```text"
                )
            }
            return
        }
        var skipReason: String?
        var blockExit: Int32?
        var setups: [String] = []
        var unchecked = false
        var instead: String?
        var oneCommand = false
        for marker in markers {
            let text = marker.text
            if let reason = value(of: "skip:", in: text) {
                if reason.isEmpty { page.problems.append("\(path):\(marker.line): a skip needs a reason") }
                skipReason = reason
            } else if text.hasPrefix("exit "), let code = Int32(text.dropFirst(5).trimmingCharacters(in: .whitespaces))
            {
                blockExit = code
            } else if let command = value(of: "setup:", in: text), !command.isEmpty {
                setups.append(command)
            } else if text == "logged-in" {
                setups.append("kauth login")
            } else if let arguments = value(of: "logged-in:", in: text), !arguments.isEmpty {
                setups.append("kauth login " + arguments)
            } else if let reason = value(of: "output unchecked:", in: text) {
                if reason.isEmpty { page.problems.append("\(path):\(marker.line): output unchecked needs a reason") }
                unchecked = true
            } else if text == "one command" {
                oneCommand = true
            } else if let command = value(of: "instead:", in: text), !command.isEmpty {
                instead = command
            } else {
                page.problems.append("\(path):\(marker.line): unknown marker '\(text)'")
            }
        }
        let location = "\(path):\(fenceLine)"
        if let skipReason {
            page.skipped.append((location, skipReason))
            return
        }
        var commands: [DocCommand] = []
        if isShell {
            for (line, text) in joinedShellLines(body) {
                commands.append(
                    DocCommand(
                        location: "\(path):\(line)", shown: text, run: text,
                        expectedExit: exitComment(text) ?? blockExit ?? 0, expectedOutput: nil))
            }
        } else {
            for (line, text) in body {
                if text.hasPrefix("$ "), !(oneCommand && !commands.isEmpty) {
                    let command = String(text.dropFirst(2))
                    commands.append(
                        DocCommand(
                            location: "\(path):\(line)", shown: command, run: command,
                            expectedExit: exitComment(command) ?? blockExit ?? 0, expectedOutput: []))
                } else if !commands.isEmpty {
                    commands[commands.count - 1].expectedOutput?.append(text)
                }
            }
            if commands.isEmpty { page.problems.append("\(location): a console block shows no `$ ` command") }
            if unchecked { for i in commands.indices { commands[i].expectedOutput = nil } }
        }
        if let instead {
            if commands.count == 1 {
                commands[0].run = instead
            } else {
                page.problems.append(
                    "\(location): `instead:` replaces one command, and the block has \(commands.count)")
            }
        }
        for setup in setups {
            page.commands.append(
                DocCommand(
                    location: location + " (setup)", shown: setup, run: setup, expectedExit: 0,
                    expectedOutput: nil, isSetup: true))
        }
        page.commands += commands
    }

    /// Whether an untagged block reads as commands: a shell prompt, or nothing but lines that
    /// start with `kauth ` or `make ` (not a diagram or a table of figures that mentions kauth).
    static func looksLikeCommands(_ body: [String]) -> Bool {
        let lines = body.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if lines.contains(where: { $0.hasPrefix("$ ") }) { return true }
        return !lines.isEmpty && lines.allSatisfy { $0.hasPrefix("kauth ") || $0.hasPrefix("make ") }
    }

    /// The text after `prefix`, trimmed, when `text` starts with it.
    private static func value(of prefix: String, in text: String) -> String? {
        guard text.hasPrefix(prefix) else { return nil }
        return text.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)
    }

    /// A trailing `# exit N …` comment: the exit code the page promises for that command.
    static func exitComment(_ command: String) -> Int32? {
        guard let range = command.range(of: #"(^|\s)#\s*exit\s+[0-9]+"#, options: .regularExpression) else {
            return nil
        }
        let digits = command[range].drop { !$0.isNumber }
        return Int32(digits)
    }

    /// Commands of a sh block: comment-only and blank lines dropped, a line ending in `\`, `|`,
    /// `&&` or `||` joined with the next.
    static func joinedShellLines(_ body: [(line: Int, text: String)]) -> [(line: Int, text: String)] {
        var result: [(line: Int, text: String)] = []
        var current: (line: Int, text: String)?
        var depth = 0
        for (line, text) in body {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if var open = current {
                open.text += "\n" + text
                current = open
            } else {
                current = (line, text)
            }
            let code = stripComment(trimmed)
            depth += nesting(code)
            if depth > 0 || code.hasSuffix("\\") || code.hasSuffix("|") || code.hasSuffix("&&") || code.hasSuffix("||")
            {
                continue
            }
            result.append(current!)
            current = nil
            depth = 0
        }
        if let current { result.append(current) }
        return result
    }

    /// How many compound commands (`case`…`esac`, `if`…`fi`, `do`…`done`, `{`…`}`) a line opens
    /// and leaves open, so that one spread over lines runs as one.
    private static func nesting(_ code: String) -> Int {
        var depth = 0
        for word in code.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == ";" }) {
            switch word {
            case "case", "if", "do", "{": depth += 1
            case "esac", "fi", "done", "}": depth -= 1
            default: break
            }
        }
        return depth
    }

    /// The line without a trailing ` # comment` (outside quotes, as far as a line can tell).
    private static func stripComment(_ line: String) -> String {
        var quote: Character?
        var previous: Character = " "
        for (offset, character) in line.enumerated() {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "#", previous == " " || previous == "\t" {
                return String(line.prefix(offset)).trimmingCharacters(in: .whitespaces)
            }
            previous = character
        }
        return line
    }

    // MARK: - Comparing output

    /// Parts of output that change from run to run, replaced on both sides before comparing:
    /// instants, loopback ports and temporary folders. Anything else a page does not want compared
    /// it writes as `…`.
    static let volatile: [(pattern: String, replacement: String)] = [
        (#"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z"#, "<instant>"),
        (#"127\.0\.0\.1:[0-9]+"#, "127.0.0.1:<port>"),
        (#"127\.0\.0\.1%3A[0-9]+"#, "127.0.0.1%3A<port>")
    ]

    static func normalized(_ line: String) -> String {
        var line = line
        for (pattern, replacement) in volatile {
            line = line.replacingOccurrences(of: pattern, with: replacement, options: .regularExpression)
        }
        while line.last == " " { line.removeLast() }
        return line
    }

    /// Whether an output line is what the page shows, `…` standing for any text.
    static func line(_ actual: String, matches expected: String) -> Bool {
        let pieces = normalized(expected).components(separatedBy: "…")
        let actual = normalized(actual)
        if pieces.count == 1 { return actual == pieces[0] }
        guard actual.hasPrefix(pieces[0]) else { return false }
        var rest = actual.dropFirst(pieces[0].count)
        for (offset, piece) in pieces.enumerated().dropFirst() {
            if offset == pieces.count - 1 { return piece.isEmpty || rest.hasSuffix(piece) }
            guard let range = rest.range(of: piece) else { return false }
            rest = rest[range.upperBound...]
        }
        return true
    }

    /// The first shown line that is not in the output, in order; nil when all are. Blank lines
    /// and a line of only `…` (more output) are not compared.
    static func firstMissingLine(expected: [String], actual: String) -> String? {
        let actualLines = actual.components(separatedBy: "\n")
        var position = 0
        for line in expected {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed == "…" { continue }
            guard let found = actualLines[position...].firstIndex(where: { Self.line($0, matches: line) }) else {
                return line
            }
            position = found + 1
        }
        return nil
    }
}
