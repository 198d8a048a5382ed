import Testing

@testable import KAuthCLI

/// Global flags only where they mean something: the parser, help and completions agree on which
/// command takes which.
@Suite struct GlobalFlagTests {
    func parse(_ line: [String]) throws(UsageError) -> ParseOutcome {
        try ArgumentParser.parse(line, root: Commands.root, globalFlags: GlobalFlags.specs)
    }

    @Test(arguments: [
        (
            ["sandbox", "--profile", "work"],
            "flag --profile does not apply to 'kauth sandbox'; its global flags are --no-color"
        ),
        (["--verbose", "sandbox"], "flag --verbose does not apply to 'kauth sandbox'; its global flags are --no-color"),
        (
            ["completion", "bash", "--provider", "x"],
            "flag --provider does not apply to 'kauth completion'; its global flags are --no-color"
        ),
        (
            ["config", "list", "--profile=work"],
            "flag --profile does not apply to 'kauth config list'; its global flags are --no-color"
        ),
        (
            ["switch", "work", "--verbose"],
            "flag --verbose does not apply to 'kauth switch'; its global flags are --no-color"
        ),
        (
            ["link", "default", "--template", "-", "--profile", "w"],
            "flag --profile does not apply to 'kauth link default'; its global flags are --provider, --verbose, --no-color"
        ),
        (
            ["status", "--verbose"],
            "flag --verbose does not apply to 'kauth status'; its global flags are --profile, --provider, --no-color"
        ),
        (["__complete", "profiles", "--no-color"], "flag --no-color does not apply to 'kauth __complete'")
    ])
    func aGlobalFlagACommandDoesNotTakeIsAUsageError(line: [String], message: String) {
        var path = ["kauth"]
        var command = Commands.root
        for word in line {
            guard let sub = command.subcommand(named: word) else { continue }
            command = sub
            path.append(word)
        }
        expectUsage(EnglishUsage(message: message, commandPath: path)) {
            _ = try parse(line)
        }
    }

    @Test func commandsTakeTheirGlobalFlagsBeforeAndAfterTheirWords() throws {
        for line in [
            ["--no-color", "sandbox", "--quiet"], ["sandbox", "--no-color"],
            ["--provider", "kakao", "link", "default", "--template", "-"], ["status", "--profile", "w"]
        ] {
            guard case .run = try parse(line) else {
                Issue.record("\(line) did not parse")
                continue
            }
        }
        // Help wins over everything else on the line.
        guard case .help(let path) = try parse(["sandbox", "--profile", "x", "--help"]) else {
            Issue.record("expected help")
            return
        }
        #expect(path == ["kauth", "sandbox"])
    }

    @Test func aMistypedFlagIsOnlyMatchedAgainstFlagsTheCommandTakes() {
        expectUsage(
            EnglishUsage(
                message: "unknown flag '--profil' for 'kauth sandbox'", commandPath: ["kauth", "sandbox"],
                suggestions: [])
        ) {
            _ = try parse(["sandbox", "--profil", "x"])
        }
        expectUsage(
            EnglishUsage(
                message: "unknown flag '--profil' for 'kauth token'", commandPath: ["kauth", "token"],
                suggestions: ["--profile"])
        ) {
            _ = try parse(["token", "--profil", "x"])
        }
    }

    /// For every command: the global flags its help lists are those completions offer and those
    /// the parser accepts; every other global flag is refused.
    @Test func helpCompletionsAndParserAgree() throws {
        let tree = CompletionTree(root: Commands.root, globalFlags: GlobalFlags.specs)
        for node in tree.nodes where node.spec.run != nil {
            let help = HelpRenderer.render(
                node.spec, path: node.path, globalFlags: GlobalFlags.specs, language: .english)
            let globalSection = help.components(separatedBy: "\nGlobal flags:\n")[1].components(separatedBy: "\n\n")[0]
            for flag in GlobalFlags.specs {
                let taken = node.spec.takes(global: flag)
                #expect(globalSection.contains("--\(flag.name)") == taken, "\(node.key) help and --\(flag.name)")
                #expect(node.flags.contains("--\(flag.name)") == taken, "\(node.key) completion and --\(flag.name)")
                var line = Array(node.path.dropFirst()) + ["--\(flag.name)"]
                if flag.takesValue { line.append("x") }
                line += node.spec.arguments.filter { $0.minimum > 0 }.map { _ in "arg" }
                var accepted: Bool
                do {
                    _ = try parse(line)
                    accepted = true
                } catch {
                    accepted = !error.message.english.contains("does not apply")
                }
                #expect(accepted == taken, "\(line) parsed: \(accepted)")
            }
        }
    }
}
