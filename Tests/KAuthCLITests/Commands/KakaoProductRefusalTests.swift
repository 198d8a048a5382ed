import Foundation
import KAuthBasics
import KAuthCore
import KAuthTestSupport
import Testing

@testable import KAuthCLI

/// The options that ask for one of Kakao's products are refused for other providers with exit 2
/// before anything is sent, in the order the login checks its own options.
@Suite struct KakaoProductRefusalTests {
    func run(_ line: [String], environment: [String: String] = [:]) async -> (Int32, TerminalRecorder) {
        let recorder = TerminalRecorder()
        let home = TemporaryDirectory()
        defer { home.remove() }
        let world = World.test(
            fileSystem: .live, terminal: recorder.terminal,
            environment: ["KAUTH_HOME": home.path + "/kauth"].merging(environment) { $1 })
        return (await CLI.run(line, world: world), recorder)
    }

    @Test func serviceTermsAtLoginAreKakaos() async {
        let (code, output) = await run(
            ["login", "--provider", "snapchat", "--service-terms", "marketing"], environment: ["KAUTH_CLIENT_ID": "x"])
        #expect(code == 2)
        #expect(
            output.err
                == "error: `kauth login` needs service terms (Kakao Sync), which provider 'snapchat' does not have\n")
        // The login's own options are checked first.
        let (promptCode, prompt) = await run(
            ["login", "--provider", "snapchat", "--service-terms", "marketing", "--prompt", "login"],
            environment: ["KAUTH_CLIENT_ID": "x"])
        #expect(promptCode == 2)
        #expect(prompt.err == "error: provider 'snapchat' takes no --prompt values ('login' was given)\n")
    }

    @Test func propertyKeysOfMeAreKakaos() async {
        let (code, output) = await run(
            ["me", "--provider", "snapchat", "--property-keys", "kakao_account.email"],
            environment: ["KAUTH_ACCESS_TOKEN": "t"])
        #expect(code == 2)
        #expect(
            output.err
                == "error: `kauth me` needs app-defined user properties (Kakao's user properties), which provider 'snapchat' does not have\n"
        )
    }
}
