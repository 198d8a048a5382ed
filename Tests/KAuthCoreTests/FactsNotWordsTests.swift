import Foundation
import Testing

/// The core and Kakao's product APIs say what happened in facts; sentences and exit codes are the
/// command line's. `KAuthError.usage` and `.failure` carry the command line's own sentences, so
/// nothing below it may throw them, and no exit code is named there.
@Suite struct FactsNotWordsTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    static func swiftFiles(in target: String) throws -> [URL] {
        let folder = sources.appendingPathComponent(target)
        let found = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        return try #require(found).compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
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
