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

    // MARK: - The walks of the architecture page

    // Docs/architecture.md walks a login, `kauth token` and `kauth me` hop by hop, naming each
    // file with its target, and carries what `make walks` measured: the files each walk really
    // runs through. These tests keep the two true to the tree and to each other without running
    // the coverage build (minutes): a file named in a hop is where the page says, in the target it
    // says, and ran in that walk when it was measured; the measured lists name real files and add
    // up to the counts printed beside them.

    static let architecture = "Docs/architecture.md"
    static let remeasure = "run `make walks` and paste its output under \"What the walks run through\""

    /// One `## Walk` section: its heading, the measured walks its `<!-- walks: … -->` line names,
    /// and its numbered hops (a hop runs until the next number or an unindented line).
    struct Walk {
        var title: String
        var measured: [String] = []
        var hops: [String] = []
        var text = ""
    }

    /// A walk as `make walks` printed it: `**title** (`id`): N files in F folders of T targets`,
    /// then one line per folder, `- `Target/Folder/`: `A.swift`, `B.swift``.
    struct Measured {
        var id: String
        var title: String
        var counts: [Int]
        /// Under Sources/, folder by folder.
        var folders: [[String]] = []
        var files: [String] { folders.flatMap { $0 } }
    }

    /// The `## Walk` sections of a page, each up to the next `## ` heading.
    static func walks(in text: String) -> [Walk] {
        var walks: [Walk] = []
        var current: Walk?
        var inHop = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("## ") {
                if let current { walks.append(current) }
                current = line.hasPrefix("## Walk ") ? Walk(title: line) : nil
                continue
            }
            guard var walk = current else { continue }
            walk.text += line + "\n"
            if line.hasPrefix("<!-- walks:") {
                walk.measured = line.dropFirst("<!-- walks:".count).split(separator: " ").map(String.init)
                    .filter { $0 != "-->" }
            }
            if line.range(of: #"^[0-9]+\. "#, options: .regularExpression) != nil {
                walk.hops.append(line)
                inHop = true
            } else if inHop && line.hasPrefix(" ") {
                walk.hops[walk.hops.count - 1] += " " + line
            } else {
                inHop = false
            }
            current = walk
        }
        if let current { walks.append(current) }
        return walks
    }

    /// The walks `make walks` measured, as pasted into a page: each header, then its list up to the
    /// first line that is neither a list item nor empty.
    static func measured(in text: String) -> [Measured] {
        var found: [Measured] = []
        var inList = false
        let header = #"\(`[a-z-]+`\): [0-9]+ files in [0-9]+ folders of [0-9]+ targets$"#
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if let range = line.range(of: header, options: .regularExpression) {
                let id = line[range].split(separator: "`")[1]
                let counts = line[range].dropFirst(id.count + 2).split(whereSeparator: { !$0.isNumber }).compactMap {
                    Int($0)
                }
                let title = line[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
                found.append(Measured(id: String(id), title: String(title.dropFirst(2).dropLast(2)), counts: counts))
                inList = true
            } else if inList, line.hasPrefix("- `") {
                // - `Target/Folder/`: `A.swift`, `B.swift`
                let spans = line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                    .filter { $0.offset % 2 == 1 }.map { String($0.element) }
                found[found.count - 1].folders.append(spans.dropFirst().map { spans[0] + $0 })
            } else if !line.isEmpty {
                inList = false
            }
        }
        return found
    }

    static func page() throws -> String {
        try String(contentsOfFile: packageRoot + "/" + architecture, encoding: .utf8)
    }

    @Test func theMeasuredWalksNameRealFilesAndAddUp() throws {
        let text = try Self.page()
        let measured = Self.measured(in: text)
        #expect(
            Set(measured.map(\.id)) == ["login", "token", "me", "token-refresh"],
            "\(Self.architecture): \(Self.remeasure)")
        for walk in measured {
            for file in walk.files where !Self.files.contains("Sources/" + file) {
                Issue.record(
                    "\(Self.architecture): the walk `\(walk.id)` ran Sources/\(file), which is no file now; \(Self.remeasure)"
                )
            }
            // The summary table `make walks` prints first: | title | files | folders | targets |
            let row = "| \(walk.title) | " + walk.counts.map(String.init).joined(separator: " | ") + " |"
            let inTable = text.contains(row)
            #expect(inTable, "\(Self.architecture): the table has no row \(row) for the walk `\(walk.id)`")
            let targets = Set(walk.files.map { $0.prefix { $0 != "/" } })
            #expect(
                walk.counts == [walk.files.count, walk.folders.count, targets.count],
                "\(Self.architecture): the walk `\(walk.id)` says \(walk.counts) files, folders, targets; its list has \(walk.files.count), \(walk.folders.count), \(targets.count)"
            )
        }
    }

    @Test func walksNameEachFileWithItsTarget() throws {
        let walks = Self.walks(in: try Self.page())
        #expect(walks.count == 3, "\(Self.architecture) should walk a login, `kauth token` and `kauth me`")
        for walk in walks {
            #expect(
                !walk.measured.isEmpty,
                "\(walk.title) has no `<!-- walks: … -->` line naming what `make walks` measured")
            for name in Self.namedFiles(in: walk.text) where !Self.files.contains("Sources/" + name) {
                Issue.record(
                    "\(walk.title) names `\(name)`, which is not Sources/\(name): name a file with its target and folder"
                )
            }
        }
    }

    @Test func everyHopRanInItsWalk() throws {
        let text = try Self.page()
        let measured = Dictionary(
            Self.measured(in: text).map { ($0.id, Set($0.files)) }, uniquingKeysWith: { $0.union($1) })
        for walk in Self.walks(in: text) {
            let ran = walk.measured.reduce(into: Set<String>()) { $0.formUnion(measured[$1] ?? []) }
            let counts = Self.measured(in: text).filter { walk.measured.contains($0.id) }.map(\.counts)
            for (number, hop) in walk.hops.enumerated() {
                for name in Self.namedFiles(in: hop) where !ran.contains(name) {
                    Issue.record(
                        "\(walk.title), hop \(number + 1): `\(name)` did not run in \(walk.measured); fix the hop, or \(Self.remeasure)"
                    )
                }
            }
            // The counts quoted in the prose are the measured ones.
            let quoted = #"[0-9]+\s+files\s+in\s+[0-9]+\s+folders\s+of\s+[0-9]+\s+targets"#
            var rest = walk.text[...]
            while let range = rest.range(of: quoted, options: .regularExpression) {
                let numbers = rest[range].split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
                #expect(
                    counts.contains(numbers),
                    "\(walk.title) quotes \(rest[range]), which `make walks` did not measure for \(walk.measured)")
                rest = rest[range.upperBound...]
            }
        }
    }

    @Test func readsTheWalksAsWritten() {
        let page = """
            ## Walk 1: x
            <!-- walks: a b -->
            1. `K/A.swift` hands to
               `K/F/B.swift`.
            2. then `K/C.swift`.

            Not a hop: `K/D.swift`.
            ## Other
            | x | 2 | 2 | 1 |

            **x** (`a`): 2 files in 2 folders of 1 targets

            - `K/`: `A.swift`
            - `K/F/`: `B.swift`
            """
        let walks = Self.walks(in: page)
        #expect(walks.map(\.measured) == [["a", "b"]])
        #expect(walks.first?.hops.map { Self.namedFiles(in: $0) } == [["K/A.swift", "K/F/B.swift"], ["K/C.swift"]])
        #expect(Self.measured(in: page).map(\.counts) == [[2, 2, 1]])
        #expect(Self.measured(in: page).map(\.title) == ["x"])
        #expect(Self.measured(in: page).first?.files == ["K/A.swift", "K/F/B.swift"])
    }
}
