import Foundation
import Testing

@testable import KAuthCLI

/// Golden files of every help page and of usage-error text, at a fixed width of 80 columns.
/// `RECORD_SNAPSHOTS=1 swift test` rewrites them; a missing file is recorded and fails once.
@Suite struct HelpSnapshotTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Snapshots")

    static func allPaths(_ command: CommandSpec = Commands.root, prefix: [String] = ["kauth"]) -> [[String]] {
        [prefix] + command.subcommands.flatMap { allPaths($0, prefix: prefix + [$0.name]) }
    }

    func assertSnapshot(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = Self.directory.appendingPathComponent(name + ".txt")
        let record = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
        guard !record, let expected = try? String(contentsOf: file, encoding: .utf8) else {
            try text.write(to: file, atomically: true, encoding: .utf8)
            Issue.record("recorded a new baseline for \(name); run the tests again", sourceLocation: sourceLocation)
            return
        }
        #expect(
            text == expected, "help text of \(name) differs from Snapshots/\(name).txt", sourceLocation: sourceLocation)
    }

    @Test(arguments: allPaths())
    func helpPages(path: [String]) throws {
        let spec = ArgumentParser.command(at: path, root: Commands.root)
        try assertSnapshot(
            HelpRenderer.render(spec, path: path, globalFlags: GlobalFlags.specs, width: 80, language: .english),
            named: "help-" + path.joined(separator: "-"))
    }

    /// The second column starts at the same place in every table of a page (arguments, flags,
    /// global flags, environment), so a reader's eye runs down one edge.
    @Test(arguments: allPaths())
    func tablesShareOneColumn(path: [String]) {
        let spec = ArgumentParser.command(at: path, root: Commands.root)
        let text = HelpRenderer.render(spec, path: path, globalFlags: GlobalFlags.specs, width: 80, language: .english)
        var section = ""
        var starts: Set<Int> = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if !line.hasPrefix(" "), line.hasSuffix(":") {
                section = String(line)
                continue
            }
            let name = line.drop { $0 == " " }
            // Rows name something within a few spaces of the margin; deeper lines continue a description.
            guard ["Arguments:", "Flags:", "Global flags:", "Environment:"].contains(section),
                line.count - name.count < 8, let gap = name.range(of: "  ")
            else { continue }
            // The description starts after the gap of two or more spaces that ends the name.
            let rest = line[gap.lowerBound...]
            starts.insert(line.distance(from: line.startIndex, to: rest.firstIndex { $0 != " " } ?? line.endIndex))
        }
        #expect(
            starts.count <= 1, "\(path.joined(separator: " ")) --help: descriptions start at columns \(starts.sorted())"
        )
    }

    @Test func everyCommandHasExamplesOrSubcommands() {
        for path in Self.allPaths() {
            let spec = ArgumentParser.command(at: path, root: Commands.root)
            #expect(
                !spec.examples.isEmpty || !spec.subcommands.isEmpty || spec.run != nil && path.count > 2,
                "\(path) has no examples")
        }
    }

    @Test func usageErrorText() throws {
        let lines: [[String]] = [["logn"], ["login", "--scope", "a"], ["token", "--min-valid"]]
        var text = ""
        for line in lines {
            do {
                _ = try ArgumentParser.parse(line, root: Commands.root, globalFlags: GlobalFlags.specs)
                Issue.record("\(line) parsed")
            } catch {
                text += "$ kauth \(line.joined(separator: " "))\n" + ErrorReport.render(usage: error) + "\n"
            }
        }
        try assertSnapshot(text, named: "usage-errors")
    }
}
