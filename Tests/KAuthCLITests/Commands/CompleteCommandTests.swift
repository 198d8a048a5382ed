import Foundation
import KAuthBasics
import KAuthCore
import KAuthTestSupport
import KakaoAPI
import Testing

@testable import KAuthCLI

/// `kauth __complete KIND`: names from the local config and keystore, and nothing else — no
/// network (the test world fails any request), no secrets, no passphrase, nothing on error.
@Suite struct CompleteCommandTests {
    let home: TemporaryDirectory
    var kauthHome: String { home.path + "/kauth" }

    init() {
        home = TemporaryDirectory()
    }

    func run(_ line: [String], environment: [String: String] = [:]) async -> (code: Int32, out: String, err: String) {
        let recorder = TerminalRecorder()
        let world = World.test(
            fileSystem: .live, terminal: recorder.terminal,
            environment: ["KAUTH_HOME": kauthHome].merging(environment) { $1 })
        let code = await CLI.run(line, world: world)
        return (code, recorder.out, recorder.err)
    }

    func writeConfig(_ text: String) throws {
        try FileManager.default.createDirectory(
            atPath: kauthHome, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try Data(text.utf8).write(to: URL(fileURLWithPath: kauthHome + "/config"))
    }

    func storeLogins(_ profiles: [String], passphrase: String? = nil) async throws {
        let keystore = FileKeystore(
            directory: kauthHome, fileSystem: .live, passphrase: passphrase, random: .live, kdfIterations: 1_000)
        let now = Date(timeIntervalSince1970: 1_767_225_600)
        try await keystore.update { contents in
            for profile in profiles {
                contents.profiles[profile] = StoredSession(
                    provider: "kakao", clientID: "client-id", clientSecret: "CLIENT-SECRET",
                    accessToken: "ACCESS-SECRET",
                    accessTokenExpiresAt: now.addingTimeInterval(3600), refreshToken: "REFRESH-SECRET", createdAt: now,
                    updatedAt: now
                )
            }
        }
    }

    @Test func providersAreTheBuiltInOnesThenTheConfiguredOnes() async throws {
        defer { home.remove() }
        #expect(await run(["__complete", "providers"]).out == "kakao\nsnapchat\noidc\n")
        try writeConfig(
            "provider.work.type = oidc\nprovider.work.client_secret = CLIENT-SECRET\nprovider.kakao.client_id = abc\nprovider.a;b.type = kakao\n"
        )
        let (code, out, err) = await run(["__complete", "providers"])
        #expect(code == 0)
        #expect(out == "kakao\nsnapchat\noidc\nwork\n", "a name a shell would parse is left out")
        #expect(err.isEmpty)
    }

    @Test func configKeysAreTheKeysOfEachKnownProvidersType() async throws {
        defer { home.remove() }
        try writeConfig("provider.work.type = oidc\n")
        let keys = await run(["__complete", "config-keys"]).out.split(separator: "\n").map(String.init)
        for (name, type) in [("kakao", "kakao"), ("snapchat", "snapchat"), ("oidc", "oidc"), ("work", "oidc")] {
            let expected = ProviderConfigKey.all(addedURLRoles: ProviderURLRole.kakaoHosts).filter {
                $0.applies(to: type)
            }.map { "provider.\(name).\($0.name)" }
            #expect(keys.filter { $0.hasPrefix("provider.\(name).") } == expected)
        }
        #expect(keys.contains("provider.work.issuer"))
        #expect(!keys.contains("provider.kakao.issuer"), "an issuer means nothing for Kakao")
        #expect(keys.contains("provider.kakao.client_id"))
        for key in keys {
            #expect(throws: Never.self) {
                try ConfigStore.validate(key: key, addedURLRoles: ProviderURLRole.kakaoHosts)
            }
        }
    }

    @Test func profilesAreTheStoredOnesAndNoSecret() async throws {
        defer { home.remove() }
        #expect(await run(["__complete", "profiles"]) == (0, "", ""), "no keystore: no profiles")
        try await storeLogins(["default", "work", "ci.bot", "has space"])
        let (code, out, err) = await run(["__complete", "profiles"])
        #expect(code == 0)
        #expect(out == "ci.bot\ndefault\nwork\n")
        #expect(err.isEmpty)
        #expect(!out.contains("SECRET"))
    }

    @Test func anEncryptedKeystoreCompletesNothingEvenWithThePassphrase() async throws {
        defer { home.remove() }
        try await storeLogins(["default", "work"], passphrase: "correct horse")
        for environment in [[:], ["KAUTH_PASSPHRASE": "correct horse"]] {
            let (code, out, err) = await run(["__complete", "profiles"], environment: environment)
            #expect(code == 1)
            #expect(out.isEmpty && err.isEmpty)
        }
    }

    @Test func anUnreadableFilePrintsNothing() async throws {
        defer { home.remove() }
        try writeConfig("this line has no equals sign\n")
        for kind in ["providers", "config-keys"] {
            #expect(await run(["__complete", kind]) == (1, "", ""))
        }
        try FileManager.default.createDirectory(
            atPath: kauthHome + "/credentials.json", withIntermediateDirectories: true)
        #expect(await run(["__complete", "profiles"]) == (1, "", ""))
        #expect(await run(["__complete", "no-such-kind"]) == (1, "", ""))
    }

    @Test func itIsHiddenFromHelpAndCompletions() async {
        let recorder = TerminalRecorderForCLI()
        _ = await CLI.run(["--help"], world: recorder.world)
        #expect(!recorder.out.contains("__complete") && !recorder.out.contains("__man"))
        let tree = CompletionTree(root: Commands.root, globalFlags: GlobalFlags.specs)
        #expect(!tree.nodes[0].subcommands.contains { $0.hasPrefix("__") })
    }
}
