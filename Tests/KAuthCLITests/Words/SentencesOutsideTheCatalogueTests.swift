import Foundation
import Testing

@testable import KAuthCLI

/// Sentences live only in the catalogue (`Sources/KAuthCLI/Words`): every other file of the
/// command line hands facts to it. Read from the sources, outside `Words/`, this fails naming
/// file:line on
/// - a `Localized(en:` (a message written where it is used instead of named in the catalogue),
/// - a string literal, outside comments, holding two lower-case words in a row, a sentence for a
///   person to read (`"no code"`, `"is serving at"`).
///
/// Not sentences, and so not failed: a command line (the literal's first word is `kauth`, one of
/// its commands, or a program an example runs), a flag and its value (`--profile work`), a file a
/// program reads (a completion script, a page, roff: the literal opens with `#`, `<`, `.` or `:`),
/// the message of a crash a developer reads (`preconditionFailure`), and `allowed` below.
@Suite struct SentencesOutsideTheCatalogueTests {
    /// Two lower-case words in a row, neither part of a flag, a path, a key or an escape.
    static var sentence: Regex<Substring> { /(?:^|[^\w\-.\/$%@\\])[a-z]+ [a-z]+(?![\w\-\/])/ }

    /// Programs the examples run besides kauth, and fish's `complete`.
    static let programs: Set<String> = ["kauth", "curl", "echo", "git", "eval", "complete"]

    /// Texts that must stay as they are in every language, each with its reason.
    static let allowed: Set<String> = [
        // Docker's credential-helper protocol: Docker compares what a helper prints with these.
        "credentials not found in native keychain", "no credentials server URL"
    ]

    /// The first word of each of kauth's commands, from the command tree.
    static let commands = Set(Commands.root.subcommands.map(\.name))

    /// One finding: where, and what.
    struct Finding: CustomStringConvertible {
        var place: String
        var what: String
        var description: String { "\(place): \(what)" }
    }

    /// Reads `text` (a Swift file) and returns its findings.
    static func findings(in text: String, place: String) -> [Finding] {
        let characters = Array(text)
        var result: [Finding] = []
        var scanner = LiteralScanner(characters)
        func line(_ index: Int) -> Int { characters[..<index].count(where: { $0 == "\n" }) + 1 }
        while scanner.index < characters.count {
            let start = scanner.index
            let rest = characters[start...]
            if rest.starts(with: "//") {
                while scanner.index < characters.count, characters[scanner.index] != "\n" { scanner.index += 1 }
                continue
            }
            if rest.starts(with: "/*") {
                scanner.index += 2
                while scanner.index < characters.count, !characters[scanner.index...].starts(with: "*/") {
                    scanner.index += 1
                }
                scanner.index += 2
                continue
            }
            if characters[start] == "\"" || characters[start] == "#", let literal = scanner.literal() {
                let lineStart = characters[..<start].lastIndex(of: "\n").map { $0 + 1 } ?? 0
                let before = String(characters[lineStart..<start])
                if isSentence(literal.text, before: before) {
                    result.append(Finding(place: "\(place):\(line(start))", what: "a sentence: \"\(literal.text)\""))
                }
                continue
            }
            if rest.starts(with: "Localized(") {
                let arguments = rest.dropFirst("Localized(".count).drop(while: { $0.isWhitespace })
                if arguments.starts(with: "en:") {
                    result.append(Finding(place: "\(place):\(line(start))", what: "a Localized(en:ko:) message"))
                }
            }
            scanner.index += 1
        }
        return result
    }

    /// Whether a literal's words (interpolations left out) are a sentence; `before` is the code
    /// before it on its line.
    static func isSentence(_ text: String, before: String) -> Bool {
        guard text.contains(sentence), !allowed.contains(text) else { return false }
        let trimmed = text.drop(while: { $0.isWhitespace })
        if let first = trimmed.first, "#<.:".contains(first) { return false }
        let firstWord = String(trimmed.prefix { !$0.isWhitespace })
        if programs.contains(firstWord) || commands.contains(firstWord) { return false }
        let crash = ["preconditionFailure(", "fatalError(", "precondition(", "assert(", "assertionFailure("]
        return !crash.contains { before.contains($0) }
    }

    @Test func noSentenceOutsideTheCatalogue() throws {
        let files = try CatalogueTests.files().filter { !$0.place.hasPrefix("Words/") }
        #expect(files.count > 50, "the sources of KAuthCLI are where this test looks")
        for file in files {
            for finding in Self.findings(in: file.text, place: file.place) {
                Issue.record("\(finding): name it in the catalogue (Sources/KAuthCLI/Words) and use the name")
            }
        }
    }

    /// The rules find what they are meant to find, and pass what is not a sentence.
    @Test func theRulesTellASentenceFromCode() {
        let planted = """
            let a = "Kakao did not answer"  // a sentence
            let b = Localized(en: "x", ko: "y")
            let c = "kauth login --profile work"
            // "a sentence in a comment"
            let d = "--profile work"
            preconditionFailure("no flag of \\(x) fills it")
            let e = "\\(name) config set"
            let f = "HTTP \\(status)"
            let g = \"\"\"
                # bash completion for kauth
                \"\"\"
            """
        let found = Self.findings(in: planted, place: "planted").map(\.description)
        #expect(found == ["planted:1: a sentence: \"Kakao did not answer\"", "planted:2: a Localized(en:ko:) message"])
    }
}
