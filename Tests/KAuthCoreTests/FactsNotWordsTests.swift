import Foundation
import Testing

/// The core and Kakao's product APIs say what happened in facts; sentences and exit codes are the
/// command line's. `KAuthError.usage` and `.failure` carry the command line's own sentences, so
/// nothing below it may throw them, no exit code is named there, and no error is made of words.
@Suite struct FactsNotWordsTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    static func swiftFiles(in target: String) throws -> [URL] {
        let folder = sources.appendingPathComponent(target)
        let found = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        return try #require(found).compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
    }

    /// The template checker for `kauth share` (and the sandbox's share endpoint, which answers
    /// with its words) still words its findings itself.
    static let stillWorded: Set<String> = [
        "KakaoAPI/Share/LenientJSON.swift", "KakaoAPI/Share/TemplateValidator.swift",
        "KakaoAPI/Share/ShareMessageSize.swift"
    ]

    /// A sentence in an error's data: a string literal with two words in lower case in a row (so
    /// `"HTTP \(status)"` or a claim's name are not), passed as a reason, detail, message or
    /// description, or as the first argument of what is thrown.
    @Test(arguments: ["KAuthCore", "KakaoAPI"])
    func errorsCarryNoSentences(target: String) throws {
        let sentence =
            /(?:\b(?:reason|detail|message|description|why)\s*:\s*|\bthrow\b[^"\n]*\(\s*)"(?:[^"\\\n]|\\.)*?[a-z]+ [a-z]+/
        var worded: Set<String> = []
        for file in try Self.swiftFiles(in: target) {
            let place = "\(target)/\(file.path.components(separatedBy: "/Sources/\(target)/").last ?? "")"
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: sentence) {
                worded.insert(place)
                guard !Self.stillWorded.contains(place) else { continue }
                let line = text[..<match.range.lowerBound].count(where: { $0 == "\n" }) + 1
                Issue.record("\(place):\(line) puts a sentence in an error: \(match.output)")
            }
        }
        for place in Self.stillWorded where place.hasPrefix(target + "/") {
            #expect(worded.contains(place), "\(place) no longer words its errors: drop it from stillWorded")
        }
    }

    @Test(arguments: ["KAuthCore", "KakaoAPI"])
    func throwsNoSentencesAndNamesNoExitCode(target: String) throws {
        let sentence = /(KAuthError\.|throw \.)(usage|failure)\(/
        let files = try Self.swiftFiles(in: target)
        #expect(files.count > 10, "the sources of \(target) are where this test looks")
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let place = "\(target)/\(file.lastPathComponent):\(number + 1)"
                #expect(!line.contains(sentence), "\(place) throws a sentence: \(line)")
                #expect(!line.contains("exitCode"), "\(place) names an exit code: \(line)")
            }
        }
    }
}
