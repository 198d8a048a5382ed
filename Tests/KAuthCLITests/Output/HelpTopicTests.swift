import Foundation
import KAuthCore
import Testing

@testable import KAuthCLI

/// `kauth help environment`, `kauth help exit-codes`: what they list, how they are reached, and
/// their golden files.
@Suite struct HelpTopicTests {
    func run(_ line: [String]) async -> (code: Int32, out: String, err: String) {
        let recorder = TerminalRecorderForCLI()
        let code = await CLI.run(line, world: recorder.world)
        return (code, recorder.out, recorder.recorder.err)
    }

    @Test(arguments: HelpTopic.all.map(\.name))
    func topicsMatchTheirGoldenFiles(name: String) throws {
        let topic = try #require(Commands.root.topic(named: name))
        try HelpSnapshotTests().assertSnapshot(
            HelpRenderer.render(topic, root: "kauth", width: 80, language: .english), named: "help-topic-\(name)")
    }

    @Test func helpNamesATopicAndHelpOnItIsTheTopic() async {
        for line in [["help", "environment"], ["help", "environment", "--help"], ["help", "exit-codes", "-h"]] {
            let (code, out, err) = await run(line)
            #expect(code == 0, "\(line)")
            #expect(out.hasPrefix("kauth help \(line[1]) — "), "\(line)")
            #expect(err.isEmpty)
        }
    }

    @Test func theRootHelpListsTheTopics() async {
        for line in [["help"], ["--help"], []] {
            let out = await run(line).out
            // Names are padded to the longest command's, whatever it is.
            let lines = out.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
            #expect(out.contains("Help topics:\n  environment "), "\(line)")
            #expect(lines.contains { $0.starts(with: ["environment", "environment", "variables", "kauth"]) })
            #expect(lines.contains { $0.starts(with: ["exit-codes", "what", "each", "exit", "code", "means"]) })
        }
    }

    @Test func aMistypedTopicGetsDidYouMean() throws {
        expectUsage(
            EnglishUsage(
                message: "unknown command or help topic 'enviroment' for 'kauth help'", commandPath: ["kauth"],
                suggestions: ["environment"])
        ) {
            _ = try ArgumentParser.parse(["help", "enviroment"], root: Commands.root, globalFlags: GlobalFlags.specs)
        }
        expectUsage(
            EnglishUsage(
                message: "unknown command 'exit-code' for 'kauth'", commandPath: ["kauth"],
                suggestions: ["help exit-codes"])
        ) {
            _ = try ArgumentParser.parse(["exit-code"], root: Commands.root, globalFlags: GlobalFlags.specs)
        }
        // A command still wins over a topic of a similar name.
        expectUsage(
            EnglishUsage(
                message: "unknown command or help topic 'tokn' for 'kauth help'", commandPath: ["kauth"],
                suggestions: ["token"])
        ) {
            _ = try ArgumentParser.parse(["help", "tokn"], root: Commands.root, globalFlags: GlobalFlags.specs)
        }
    }

    @Test func theEnvironmentTopicListsEveryVariableKauthReads() {
        let expected = [
            "KAUTH_HOME", "KAUTH_PROFILE", "KAUTH_CLIENT_ID", "KAUTH_CLIENT_SECRET", "KAUTH_APP_KEY",
            "KAUTH_KAKAO_AUTH_URL", "KAUTH_KAKAO_API_URL", "KAUTH_KAKAO_SHARER_URL", "KAUTH_KAKAO_APPS_URL",
            "KAUTH_SNAPCHAT_AUTH_URL", "KAUTH_SNAPCHAT_API_URL", "KAUTH_REDIRECT_PORT", "KAUTH_ACCESS_TOKEN",
            "KAUTH_REFRESH_TOKEN", "KAUTH_PASSPHRASE", "KAUTH_KEYRING", "BROWSER", "NO_COLOR", "HTTPS_PROXY",
            "NO_PROXY", "KAUTH_CA_FILE", "XDG_CONFIG_HOME",
            // `--provider oidc`'s issuer, and the sandbox `kauth sandbox --stop` stops.
            "KAUTH_ISSUER", "KAUTH_SANDBOX_PID",
            // `kauth aws credential-process`, as the AWS CLI reads them.
            "AWS_ENDPOINT_URL_STS", "AWS_ENDPOINT_URL", "AWS_REGION", "AWS_DEFAULT_REGION", "AWS_CA_BUNDLE"
        ]
        let terms = HelpTopic.environment.entries.map(\.term)
        #expect(Set(terms) == Set(expected))
        #expect(terms.count == Set(terms).count, "a variable is listed twice")
        // Every provider type's URL variables, from the provider values themselves.
        for type in ProviderType.builtIn {
            guard let prefix = type.environmentPrefix else { continue }
            for (role, _) in type.baseURLs {
                #expect(terms.contains(prefix + role.environmentSuffix))
            }
        }
        #expect(
            HelpTopic.environment.entry("KAUTH_REDIRECT_PORT")?.summary.english.contains("0: any free port") == true)
    }

    @Test func theExitCodesTopicListsZeroToSevenWithWhatToDo() {
        let entries = HelpTopic.exitCodes.entries
        #expect(entries.map(\.term) == (0...7).map { String($0) })
        #expect(entries.dropFirst().allSatisfy { !$0.detail.isEmpty })
        let text = HelpRenderer.render(HelpTopic.exitCodes, root: "kauth", language: .english)
        for fact in [
            "invalid_grant", "HTTP 400/401", "-401", "kauth login", "-402", "required_scopes", "timed out",
            "wrong passphrase", "locked too long"
        ] {
            #expect(text.contains(fact), "exit-codes should mention \(fact)")
        }
    }

    /// Each exit code's summary is that of the errors that map to it, as `exitCode` says.
    @Test func exitCodesAgreeWithTheErrors() {
        let samples: [(given: Int32, expected: Int32)] = [
            (CommandError.usage(.verbatim("x")).exitCode, 2),
            (KAuthError.notLoggedIn(profile: "default").exitCode, 3),
            (KAuthError.consentRequired(scopes: ["a"], message: "").exitCode, 4),
            (CommandError.failed(.verbatim("x")).exitCode, 1)
        ]
        for (given, code) in samples {
            #expect(given == code)
            #expect(HelpTopic.exitCodes.entry(String(code)) != nil)
        }
    }

    @Test func commandsListOnlyVariablesTheTopicExplains() {
        for path in HelpSnapshotTests.allPaths() {
            let spec = ArgumentParser.command(at: path, root: Commands.root)
            for name in spec.environment {
                #expect(
                    HelpTopic.environment.entry(name) != nil,
                    "\(path) lists \(name), which 'kauth help environment' does not explain")
            }
        }
    }

    @Test(arguments: [["login"], ["token"], ["status"]])
    func helpOfCommandsThatReadTheKeystoreNamesThePassphraseAndPointsAtTheTopic(path: [String]) async {
        let out = await run(path + ["--help"]).out
        #expect(out.contains("KAUTH_PASSPHRASE"))
        #expect(out.contains("See 'kauth help environment'"))
    }

    @Test func loginAndTokenHelpNameTheProviderURLVariables() async {
        for path in [["login"], ["token"]] {
            let out = await run(path + ["--help"]).out
            #expect(out.contains("KAUTH_KAKAO_AUTH_URL") && out.contains("KAUTH_KAKAO_API_URL"), "\(path)")
        }
        #expect(await run(["sandbox", "--help"]).out.contains("kauth help environment"))
    }
}
