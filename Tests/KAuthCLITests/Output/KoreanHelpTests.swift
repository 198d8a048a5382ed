import Foundation
import Testing

@testable import KAuthCLI

/// Help in Korean: every command's words have their Korean (the tree walked, hidden commands
/// too), the pages render with Korean headings, wrap and align by display width, and a few are
/// golden files (`help-ko-…`). English is the other golden files, unchanged.
@Suite struct KoreanHelpTests {
    static func render(_ path: [String], _ language: Language = .korean) -> String {
        HelpRenderer.render(
            ArgumentParser.command(at: path, root: Commands.root), path: path, globalFlags: GlobalFlags.specs,
            width: 80, language: language)
    }

    /// Every path, hidden commands included (`kauth __man`, `kauth __complete`).
    static let allPaths = HelpSnapshotTests.allPaths()

    /// Texts whose Korean is rightly the English: names and value lists, not sentences.
    static let sameInBothLanguages: Set<String> = [
        "bash", "zsh", "fish", "url, content_type, length, width, height",
        DynamicValues.allCases.map(\.rawValue).joined(separator: ", ")
    ]

    /// Each text of help that a person reads, named for the failure message.
    static func texts(of spec: CommandSpec, at path: [String]) -> [(String, Localized)] {
        let name = path.joined(separator: " ")
        var texts: [(String, Localized)] = [("\(name): summary", spec.summary)]
        if !spec.discussion.isEmpty { texts.append(("\(name): discussion", spec.discussion)) }
        for example in spec.examples where !example.comment.isEmpty {
            texts.append(("\(name): example \(example.command)", example.comment))
        }
        for argument in spec.arguments { texts.append(("\(name) \(argument.name)", argument.help)) }
        for flag in spec.flags { texts.append(("\(name) --\(flag.name)", flag.help)) }
        return texts
    }

    static func hasHangul(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }
    }

    @Test(arguments: allPaths)
    func everyTextHasItsKorean(path: [String]) {
        let spec = ArgumentParser.command(at: path, root: Commands.root)
        for (name, text) in Self.texts(of: spec, at: path) {
            if Self.sameInBothLanguages.contains(text.english) { continue }
            #expect(Self.hasHangul(text.korean), "\(name) has no Korean: \(text.korean)")
        }
    }

    @Test func everyGlobalFlagTopicAndHeadingHasItsKorean() {
        for flag in GlobalFlags.specs + [CommonFlags.json.spec] {
            #expect(Self.hasHangul(flag.help.korean), "--\(flag.name)")
        }
        for topic in HelpTopic.all {
            var texts = [topic.summary, topic.introduction, topic.manSection]
            for group in topic.groups {
                texts += [group.title, group.note] + group.entries.flatMap { [$0.summary, $0.detail] }
            }
            for text in texts where !text.isEmpty {
                #expect(Self.hasHangul(text.korean), "help \(topic.name): \(text.english)")
            }
        }
    }

    /// Rendered in Korean, no page keeps an English heading or closing line.
    @Test(arguments: allPaths)
    func noEnglishLineIsLeft(path: [String]) {
        let page = Self.render(path)
        for english in [
            "Usage:", "Commands:", "Help topics:", "Arguments:", "Flags:", "Global flags:", "Environment:",
            "Examples:", "show help for this command", "for every variable", "for more about a command"
        ] {
            #expect(!page.contains(english), "\(path.joined(separator: " ")): \(english)")
        }
        // The words a person runs stay as they are.
        #expect(page.hasPrefix(path.joined(separator: " ") + " — "))
        #expect(page.contains("  -h, --help"))
    }

    /// No line runs past 80 columns, counting a Hangul syllable as two, unless it is one word
    /// that cannot be broken (a long URL).
    @Test(arguments: allPaths)
    func linesFitEightyColumns(path: [String]) {
        for line in Self.render(path).split(separator: "\n") where line.displayWidth > 80 {
            let words = line.split(separator: " ")
            let (name, rest) = (words.first ?? "", words.dropFirst())
            // A row's name and one long description word; or one long word alone.
            #expect(
                words.count <= 1 || (line.hasPrefix("  ") && rest.count == 1) || name.hasPrefix("$"),
                "\(path.joined(separator: " ")): \(line.displayWidth) columns: \(line)")
        }
    }

    /// The description column of every table starts at the same display column, in Korean too.
    @Test(arguments: allPaths)
    func tablesShareOneColumn(path: [String]) {
        var section = ""
        var starts: Set<Int> = []
        for line in Self.render(path).split(separator: "\n", omittingEmptySubsequences: false) {
            if !line.hasPrefix(" "), line.hasSuffix(":") {
                section = String(line)
                continue
            }
            let name = line.drop { $0 == " " }
            guard ["인수:", "플래그:", "전역 플래그:", "환경 변수:"].contains(section),
                line.count - name.count < 8, let gap = name.range(of: "  ")
            else { continue }
            let rest = line[gap.lowerBound...]
            let start = rest.firstIndex { $0 != " " } ?? line.endIndex
            starts.insert(line[..<start].displayWidth)
        }
        #expect(starts.count <= 1, "\(path.joined(separator: " ")) --help: descriptions start at \(starts.sorted())")
    }

    /// Korean wraps at the spaces between words, by display width.
    @Test func wrapCountsHangulAsTwoColumns() {
        let text = String(repeating: "가나다 ", count: 10).trimmingCharacters(in: .whitespaces)
        let wrapped = HelpRenderer.wrap(text, width: 20, indent: "  ")
        for line in wrapped.split(separator: "\n") {
            #expect(line.displayWidth <= 20, "\(line)")
            #expect(!line.hasSuffix(" "))
        }
        #expect(wrapped.split(separator: "\n").first == "  가나다 가나다")
        #expect(wrapped.replacingOccurrences(of: "\n  ", with: " ").dropFirst(2) == text[...])
    }

    static let goldenPaths: [[String]] = [
        ["kauth"], ["kauth", "login"], ["kauth", "status"], ["kauth", "token"], ["kauth", "scopes", "request"],
        ["kauth", "config", "set"]
    ]

    @Test(arguments: goldenPaths)
    func koreanGoldenFiles(path: [String]) throws {
        try HelpSnapshotTests().assertSnapshot(
            Self.render(path), named: "help-ko-" + path.joined(separator: "-"))
    }

    @Test(arguments: HelpTopic.all.map(\.name))
    func koreanTopicGoldenFiles(name: String) throws {
        let topic = try #require(Commands.root.topic(named: name))
        try HelpSnapshotTests().assertSnapshot(
            HelpRenderer.render(topic, root: "kauth", width: 80, language: .korean), named: "help-ko-topic-\(name)")
    }

    /// `kauth … --help` picks the language as every command does: KAUTH_LANG, config, the locale.
    @Test func helpFollowsTheLanguageSettings() async {
        func help(_ environment: [String: String]) async -> String {
            let recorder = TerminalRecorderForCLI(environment: environment)
            _ = await CLI.run(["status", "--help"], world: recorder.world)
            return recorder.out
        }
        let korean = "kauth status — 저장된 로그인을 오프라인으로 보여 줍니다"
        let english = "kauth status — show the stored login, offline"
        #expect(await help(["LANG": "ko_KR.UTF-8"]).hasPrefix(korean))
        #expect(await help(["KAUTH_LANG": "ko"]).hasPrefix(korean))
        #expect(await help(["LC_ALL": "C", "LANG": "ko_KR.UTF-8"]).hasPrefix(english))
        #expect(await help(["LANG": "ko_KR.UTF-8", "KAUTH_LANG": "en"]).hasPrefix(english))
        #expect(await help([:]).hasPrefix(english))
    }
}
