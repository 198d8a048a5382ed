import Foundation
import Testing

/// The core and Kakao's product APIs say what happened in facts; sentences and exit codes are the
/// command line's. Its own sentences are its `CommandError`, a type of `KAuthCLI` that nothing
/// below it can name (`KAuthError` has no case of free text), so the compiler keeps those out;
/// this suite keeps out exit codes, and sentences put into the data of a fact. Inside the command
/// line, sentences live only in its catalogue (`KAuthCLI/Words`):
/// `KAuthCLITests/Words/SentencesOutsideTheCatalogueTests` fails on one written anywhere else.
@Suite struct FactsNotWordsTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    static func swiftFiles(in target: String) throws -> [URL] {
        let folder = sources.appendingPathComponent(target)
        let found = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        return try #require(found).compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
    }

    /// A sentence in an error's data: a string literal with two words in lower case in a row (so
    /// `"HTTP \(status)"` or a claim's name are not), passed as a reason, detail, message or
    /// description, or as the first argument of what is thrown.
    @Test(arguments: ["KAuthCore", "KakaoAPI"])
    func errorsCarryNoSentences(target: String) throws {
        let sentence =
            /(?:\b(?:reason|detail|message|description|why)\s*:\s*|\bthrow\b[^"\n]*\(\s*)"(?:[^"\\\n]|\\.)*?[a-z]+ [a-z]+/
        for file in try Self.swiftFiles(in: target) {
            let place = "\(target)/\(file.path.components(separatedBy: "/Sources/\(target)/").last ?? "")"
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: sentence) {
                let line = text[..<match.range.lowerBound].count(where: { $0 == "\n" }) + 1
                Issue.record("\(place):\(line) puts a sentence in an error: \(match.output)")
            }
        }
    }

    @Test(arguments: ["KAuthCore", "KakaoAPI"])
    func namesNoExitCode(target: String) throws {
        let files = try Self.swiftFiles(in: target)
        #expect(files.count > 10, "the sources of \(target) are where this test looks")
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let place = "\(target)/\(file.lastPathComponent):\(number + 1)"
                #expect(!line.contains("exitCode"), "\(place) names an exit code: \(line)")
            }
        }
    }
}
