import Foundation
import Testing
@testable import KAuthCLI

/// Golden files of every help page and of usage-error text, at a fixed width of 80 columns.
/// `RECORD_SNAPSHOTS=1 swift test` rewrites them; a missing file is recorded and fails once.
@Suite struct HelpSnapshotTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")

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
        #expect(text == expected, "help text of \(name) differs from Snapshots/\(name).txt", sourceLocation: sourceLocation)
    }

    @Test(arguments: allPaths())
    func helpPages(path: [String]) throws {
        let spec = ArgumentParser.command(at: path, root: Commands.root)
        try assertSnapshot(HelpRenderer.render(spec, path: path, globalFlags: CLI.globalFlags, width: 80), named: "help-" + path.joined(separator: "-"))
    }

    @Test func everyCommandHasExamplesOrSubcommands() {
        for path in Self.allPaths() {
            let spec = ArgumentParser.command(at: path, root: Commands.root)
            #expect(!spec.examples.isEmpty || !spec.subcommands.isEmpty || spec.run != nil && path.count > 2, "\(path) has no examples")
        }
    }

    @Test func usageErrorText() throws {
        let lines: [[String]] = [["logn"], ["login", "--scope", "a"], ["token", "--min-valid"]]
        var text = ""
        for line in lines {
            do {
                _ = try ArgumentParser.parse(line, root: Commands.root, globalFlags: CLI.globalFlags)
                Issue.record("\(line) parsed")
            } catch {
                text += "$ kauth \(line.joined(separator: " "))\n" + CLI.render(usage: error) + "\n"
            }
        }
        try assertSnapshot(text, named: "usage-errors")
    }
}

@Suite struct CompletionTests {
    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptsMatchTheirGoldenFiles(shell: String) async throws {
        let recorder = TerminalRecorderForCLI()
        let code = await CLI.run(["completion", shell], world: recorder.world)
        #expect(code == 0)
        try HelpSnapshotTests().assertSnapshot(recorder.out, named: "completion-\(shell)")
    }

    @Test func everyCommandPathAndFlagIsInTheTree() {
        let tree = CompletionTree(root: Commands.root, globalFlags: CLI.globalFlags)
        #expect(tree.nodes.map { $0.path.joined(separator: " ") }.contains("kauth token refresh"))
        let login = tree.nodes.first { $0.path == ["kauth", "login"] }
        #expect(login?.flags.contains("--scopes") == true)
        #expect(login?.valueFlags.contains("--scopes") == true)
        #expect(login?.valueFlags.contains("--no-browser") == false)
    }

    @Test func bashCompletesCommandsSubcommandsAndFlags() throws {
        let script = CompletionTree(root: Commands.root, globalFlags: CLI.globalFlags).bash()
        let probe = """
        \(script)
        for line in "kauth tok" "kauth token ref" "kauth --profile w sta" "kauth login --no-br"; do
          read -ra COMP_WORDS <<< "$line"; COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _kauth; echo "${COMPREPLY[*]}"
        done
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", probe]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(output == "token\nrefresh\nstatus\n--no-browser\n")
    }
}
