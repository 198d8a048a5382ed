import Foundation
import Testing

@testable import KAuthCLI

@Suite struct CompletionTests {
    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptsMatchTheirGoldenFiles(shell: String) async throws {
        let recorder = TerminalRecorderForCLI()
        let code = await CLI.run(["completion", shell], world: recorder.world)
        #expect(code == 0)
        try HelpSnapshotTests().assertSnapshot(recorder.out, named: "completion-\(shell)")
    }

    @Test func everyCommandPathAndFlagIsInTheTree() {
        let tree = CompletionTree(root: Commands.root, globalFlags: GlobalFlags.specs)
        #expect(tree.nodes.map { $0.path.joined(separator: " ") }.contains("kauth token refresh"))
        let login = tree.nodes.first { $0.path == ["kauth", "login"] }
        #expect(login?.flags.contains("--scopes") == true)
        #expect(login?.valueFlags.contains("--scopes") == true)
        #expect(login?.valueFlags.contains("--no-browser") == false)
    }

    @Test func bashCompletesCommandsSubcommandsAndFlags() throws {
        let script = CompletionTree(root: Commands.root, globalFlags: GlobalFlags.specs).bash()
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
