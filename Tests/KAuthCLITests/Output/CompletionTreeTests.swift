import Foundation
import KAuthCore
import KakaoAPI
import Testing

@testable import KAuthCLI

/// The model the completion scripts are written from: value kinds where the tree says them, and
/// the rules the scripts rely on. The scripts themselves run in real shells in
/// Tests/KAuthEndToEndTests/CompletionShellTests.swift.
@Suite struct CompletionTreeTests {
    let tree = CompletionTree(root: Commands.root, globalFlags: GlobalFlags.specs)

    func node(_ path: String) throws -> CompletionTree.Node {
        try #require(tree.nodes.first { $0.key == path })
    }

    func action(_ path: String, flag: String) throws -> CompletionTree.Action {
        let spec = try #require(try node(path).flagSpecs.first { $0.name == flag })
        return CompletionTree.Action(spec.values)
    }

    @Test func flagsAndArgumentsSayWhatTheirValuesAre() throws {
        #expect(try action("kauth login", flag: "provider") == .dynamic(.providers))
        #expect(try action("kauth token refresh", flag: "profile") == .dynamic(.profiles))
        #expect(try action("kauth login", flag: "prompt") == .dynamic(.prompts))
        #expect(try action("kauth link default", flag: "template") == .filesOrStandardInput)
        #expect(try action("kauth talk memo", flag: "template") == .filesOrStandardInput)
        #expect(try action("kauth login", flag: "login-hint") == .nothing)
        #expect(try node("kauth switch").argumentActions.map(\.action) == [.dynamic(.profiles)])
        #expect(try node("kauth config set").argumentActions.map(\.action) == [.dynamic(.configKeys), .nothing])
        #expect(try node("kauth link image upload").argumentActions.map(\.action) == [.files])
        #expect(try node("kauth completion").argumentActions.map(\.action) == [.words(["bash", "zsh", "fish"])])
        #expect(
            try node("kauth link template new").argumentActions.map(\.action) == [
                .words(TemplateType.allCases.map(\.rawValue))
            ])
    }

    /// `--prompt` completes the values of the provider the line names, in every spelling the
    /// shells pass it (bash splits `--provider=x` into three words).
    @Test func promptValuesComeFromTheNamedProvider() {
        #expect(CompleteCommand.providerName(in: ["login", "--prompt"]) == nil)
        #expect(CompleteCommand.providerName(in: ["login", "--provider", "oidc", "--prompt"]) == "oidc")
        #expect(CompleteCommand.providerName(in: ["--provider=work", "login"]) == "work")
        #expect(CompleteCommand.providerName(in: ["login", "--provider", "=", "snapchat"]) == "snapchat")
        #expect(CompleteCommand.providerName(in: ["--provider", "a", "login", "--provider", "b"]) == "b")
        #expect(ProviderType.oidc.prompts == ["none", "login", "consent", "select_account"])
        #expect(ProviderType.kakao.prompts == ["login", "create", "select_account"])
    }

    /// The scripts skip the word after any flag that takes a value somewhere, so no flag may take
    /// a value in one command and none in another.
    @Test func aFlagTakesAValueEverywhereOrNowhere() {
        var takesValue: [String: Bool] = [:]
        for node in tree.nodes {
            for flag in node.flagSpecs {
                for spelling in CompletionTree.spellings(flag) {
                    if let earlier = takesValue[spelling] {
                        #expect(earlier == flag.takesValue, "\(spelling) in \(node.key)")
                    }
                    takesValue[spelling] = flag.takesValue
                }
            }
        }
    }

    /// Positions are counted, so an argument of any count can only come first.
    @Test func onlyAFirstArgumentMayTakeAnyNumberOfWords() {
        for node in tree.nodes {
            for (index, argument) in node.spec.arguments.enumerated() where argument.maximum == nil {
                #expect(
                    index == node.spec.arguments.count - 1 && (index == 0 || argument.values == .text),
                    "\(node.key) \(argument.name)")
            }
        }
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func scriptsAreValidSyntax(shell: String) throws {
        guard
            let path = ["/bin/", "/usr/bin/", "/usr/local/bin/", "/opt/homebrew/bin/"].map({ $0 + shell }).first(
                where: FileManager.default.isExecutableFile)
        else { return }
        let script =
            switch shell {
            case "bash": tree.bash()
            case "zsh": tree.zsh()
            default: tree.fish(language: .english)
            }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kauth-completion-\(UUID().uuidString)")
        try script.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-n", file.path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(shell) -n: \(text)")
    }
}
