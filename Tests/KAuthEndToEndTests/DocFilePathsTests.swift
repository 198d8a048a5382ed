// The docs name source files (`Login/LoginFlow.swift`, `Sources/CCurl/ccurl.c`, …) so that a
// reader can follow a walk through the code. Files move; this keeps every name a real file.
import Foundation
import KAuthTestSupport
import Testing

@Suite struct DocFilePathsTests {
    /// Every file under Sources/ and Tests/, relative to the repository.
    static let files: [String] = {
        let root = URL(fileURLWithPath: packageRoot)
        var found: [String] = []
        for folder in ["Sources", "Tests"] {
            let base = root.appendingPathComponent(folder)
            guard let walk = FileManager.default.enumerator(atPath: base.path) else { continue }
            for case let path as String in walk { found.append(folder + "/" + path) }
        }
        return found
    }()

    /// The code spans of a page that look like a path to a source or script file.
    static func namedFiles(in text: String) -> [String] {
        let extensions = [".swift", ".c", ".h", ".sh", ".py"]
        return text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }
            .map { String($0.element) }
            .filter { span in
                span.contains("/") && !span.contains(" ") && !span.contains("*")
                    && extensions.contains(where: span.hasSuffix)
            }
    }

    @Test(arguments: DocExamplesEndToEndTests.pages)
    func everyFileAPageNamesExists(page path: String) throws {
        let text = try String(contentsOfFile: packageRoot + "/" + path, encoding: .utf8)
        for name in Self.namedFiles(in: text) {
            // A name is relative to a target or folder (`Login/LoginFlow.swift`) or the repository.
            let matches = Self.files.filter { $0 == name || $0.hasSuffix("/" + name) }
            #expect(!matches.isEmpty, "\(path) names `\(name)`, which is no file under Sources/ or Tests/")
        }
    }

    @Test func findsTheNamesItChecks() {
        #expect(
            Self.namedFiles(in: "see `Login/LoginFlow.swift` and `kauth token`, not `*.swift`")
                == ["Login/LoginFlow.swift"])
        #expect(Self.files.contains("Sources/kauth/main.swift"))
    }
}
