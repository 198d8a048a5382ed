import Foundation
import Testing

@testable import KAuthCLI

/// `kauth __man`: the man page made from the command tree — its sections, every command and
/// flag, roff escaping of help text, a clean render by groff, and its golden file.
@Suite struct ManPageTests {
    static let page = ManPage.render(
        root: Commands.root, globalFlags: GlobalFlags.specs, version: CLI.version, language: .english)
    static let korean = ManPage.render(
        root: Commands.root, globalFlags: GlobalFlags.specs, version: CLI.version, language: .korean)

    /// The requests the renderer writes itself; any other line starting with `.` or `'` would be
    /// help text that roff reads as a request.
    static let requests: Set<String> = [
        ".\\\"", ".TH", ".nh", ".ad", ".SH", ".SS", ".PP", ".TP", ".B", ".I", ".RI", ".br", ".nf", ".fi", ".RS", ".RE"
    ]

    @Test func matchesItsGoldenFile() throws {
        try HelpSnapshotTests().assertSnapshot(Self.page, named: "man-kauth.1")
    }

    @Test func theHiddenCommandPrintsIt() async {
        let recorder = TerminalRecorderForCLI()
        #expect(await CLI.run(["__man"], world: recorder.world) == 0)
        #expect(recorder.out == Self.page)
    }

    @Test func hasTheSections() {
        let sections = Self.page.split(separator: "\n").filter { $0.hasPrefix(".SH ") }.map { String($0.dropFirst(4)) }
        #expect(
            sections == [
                "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "GLOBAL FLAGS", "ENVIRONMENT", "EXIT STATUS", "FILES",
                "EXAMPLES", "SEE ALSO"
            ])
        #expect(Self.page.contains("\\fI$KAUTH_HOME/config\\fR"))
        #expect(Self.page.contains("\\fI$KAUTH_HOME/credentials.json\\fR"))
    }

    @Test func listsEveryCommandWithItsFlagsAndExamples() {
        func visit(_ command: CommandSpec, _ path: [String]) {
            for sub in command.subcommands {
                let title = ".SS \"" + ManPage.escape((path + [sub.name]).joined(separator: " ")) + "\""
                #expect(Self.page.contains(title) != sub.hidden, "\(path + [sub.name])")
                guard !sub.hidden, let start = Self.page.range(of: title + "\n") else { continue }
                let section = Self.page[start.upperBound...].components(separatedBy: "\n.SS ")[0]
                for flag in sub.flags {
                    #expect(
                        section.contains("\\fB\\-\\-" + ManPage.escape(flag.name) + "\\fR"),
                        "\(sub.name) --\(flag.name)")
                }
                for example in sub.examples {
                    #expect(section.contains(ManPage.escape("$ " + example.command)), "\(sub.name): \(example.command)")
                }
                visit(sub, path + [sub.name])
            }
        }
        visit(Commands.root, ["kauth"])
        for entry in HelpTopic.environment.entries + HelpTopic.exitCodes.entries {
            #expect(Self.page.contains(".TP\n\\fB\(ManPage.escape(entry.term))\\fR\n"), "\(entry.term)")
        }
    }

    @Test func noLineStartsWithARequestThatIsNotTheRenderers() {
        for line in Self.page.split(separator: "\n") where line.hasPrefix(".") || line.hasPrefix("'") {
            let request = String(line.prefix { $0 != " " })
            #expect(Self.requests.contains(request), "line reads as a roff request: \(line)")
        }
    }

    struct EvilOptions: CommandOptions {
        var x: String?
        static let flags: [OptionFlag<Self>] = [.option(\.x, "x", "V", .verbatim(".ig"))]
    }

    @Test func helpTextCannotIssueRequests() {
        let spec = CommandSpec(
            name: "evil",
            summary: .verbatim(".so /etc/passwd"),
            discussion: .verbatim(".TH x\n'br\nback\\slash and `ticks` and — dashes"),
            options: EvilOptions.self,
            examples: [(".pl 1", .verbatim("'sp"))],
            run: { _, _ in 0 }
        )
        let root = CommandSpec(name: "kauth", summary: .verbatim("s"), subcommands: [spec])
        let page = ManPage.render(root: root, globalFlags: [], version: "1", language: .english)
        for line in page.split(separator: "\n") where line.hasPrefix(".") || line.hasPrefix("'") {
            #expect(Self.requests.contains(String(line.prefix { $0 != " " })), "line reads as a roff request: \(line)")
        }
        #expect(page.split(separator: "\n").filter { $0.hasPrefix(".TH") }.count == 1)
        #expect(page.contains("\\&.so /etc/passwd"))
        #expect(page.contains("\\(aqbr"))
        #expect(page.contains("back\\eslash and \\(gaticks\\(ga and \\[u2014] dashes"))
    }

    /// groff renders it without a warning, when groff is installed.
    @Test func groffRendersItCleanly() throws {
        guard let plain = try Self.groff(Self.page) else { return }
        for text in [
            "kauth token refresh", "--min-valid SECONDS", "KAUTH_PASSPHRASE", "EXIT STATUS",
            "$ kauth completion zsh > \"${fpath[1]}/_kauth\""
        ] {
            #expect(plain.contains(text), "rendered page lacks \(text)")
        }
    }

    /// The Korean page (`KAUTH_LANG=ko kauth __man`, installed under share/man/ko/man1): every
    /// character beyond ASCII is a `\[uXXXX]` escape, so groff reads it whatever its input
    /// encoding, and renders Hangul with a UTF-8 device (what `man` uses under a UTF-8 locale).
    @Test func groffRendersTheKoreanPageCleanly() throws {
        #expect(Self.korean.unicodeScalars.allSatisfy { $0.isASCII })
        guard let plain = try Self.groff(Self.korean) else { return }
        for text in [
            "이름", "사용법", "종료 상태", "환경 변수", "kauth token refresh", "--min-valid SECONDS",
            "액세스 토큰을 지금 갱신합니다", "KAUTH_PASSPHRASE"
        ] {
            #expect(plain.contains(text), "rendered Korean page lacks \(text)")
        }
    }

    @Test func theKoreanPageHasTheSectionsInKorean() {
        let sections = Self.korean.split(separator: "\n").filter { $0.hasPrefix(".SH ") }.map {
            String($0.dropFirst(4))
        }
        let expected = ["이름", "개요", "설명", "명령", "전역 플래그", "환경 변수", "종료 상태", "파일", "예시", "참고"]
        #expect(sections == expected.map { "\"" + ManPage.escape($0) + "\"" })
        for line in Self.korean.split(separator: "\n") where line.hasPrefix(".") || line.hasPrefix("'") {
            #expect(Self.requests.contains(String(line.prefix { $0 != " " })), "line reads as a roff request: \(line)")
        }
        #expect(!Self.korean.contains("(repeatable)"))
    }

    @Test func theKoreanPageMatchesItsGoldenFile() throws {
        try HelpSnapshotTests().assertSnapshot(Self.korean, named: "man-ko-kauth.1")
    }

    /// The page as `groff -man -Tutf8` prints it, or nil without groff; no warning allowed.
    static func groff(_ page: String) throws -> String? {
        guard
            let groff = ["/usr/bin/groff", "/usr/local/bin/groff", "/opt/homebrew/bin/groff"].first(
                where: FileManager.default.isExecutableFile)
        else { return nil }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("kauth-\(UUID().uuidString).1")
        try page.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: groff)
        // Plain text: no overstriking or SGR escapes to strip.
        process.arguments = ["-man", "-Tutf8", "-ww", "-rLL=80n", "-P-cbou", file.path]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // stderr is small; stdout is read to the end first so groff never blocks on a full pipe.
        let rendered = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let warnings = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(warnings.isEmpty, "groff: \(warnings)")
        // Some groff set `\-` as a minus sign and `-` as a hyphen.
        return rendered.replacingOccurrences(of: "\u{2212}", with: "-").replacingOccurrences(of: "\u{2010}", with: "-")
    }
}
