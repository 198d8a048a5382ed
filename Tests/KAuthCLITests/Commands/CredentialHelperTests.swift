import Foundation
import KAuthBasics
import KAuthCore
import KAuthTestSupport
import Testing

@testable import KAuthCLI

/// The credential helpers' protocols as git and Docker speak them, and what the helpers answer
/// without a stored login (the end-to-end tests drive the real git and the login).
@Suite struct CredentialHelperTests {
    @Test func gitRequestsAreReadUpToTheBlankLineAndUnknownKeysSkipped() {
        let request = GitCredentialRequest.parse(
            """
            capability[]=authtype
            capability[]=state
            protocol=https
            host=git.example.com:8443
            path=group/repo.git
            wwwauth[]=Basic realm="x"
            username=oauth2
            password=a=b=c
            no equals sign
            password_expiry_utc=17

            host=after.the.blank.line
            """)
        #expect(
            request
                == GitCredentialRequest(
                    protocolName: "https", host: "git.example.com:8443", path: "group/repo.git", username: "oauth2",
                    password: "a=b=c"))
    }

    @Test func aGitURLCountsAsItsPartsWithoutTheUserInformation() {
        let request = GitCredentialRequest.parse(
            "protocol=http\nhost=old\nurl=https://me:secret@git.example.com:8443/group/repo.git\n")
        #expect(request.protocolName == "https")
        #expect(request.host == "git.example.com:8443")
        #expect(request.path == "group/repo.git")
        #expect(request.password == nil)
        #expect(GitCredentialRequest.parse("url=git.example.com\n") == GitCredentialRequest())
    }

    @Test func gitRequestsEndAtEndOfInputToo() {
        #expect(GitCredentialRequest.parse("protocol=https\nhost=h").host == "h")
        #expect(GitCredentialRequest.parse("") == GitCredentialRequest())
    }

    @Test func tokensGoOverHTTPSOrPlainHTTPToThisMachineOnly() {
        #expect(GitCredentialCommand.served(protocol: "https", host: "git.example.com"))
        #expect(GitCredentialCommand.served(protocol: "http", host: "127.0.0.1:8080"))
        #expect(GitCredentialCommand.served(protocol: "http", host: "localhost"))
        #expect(GitCredentialCommand.served(protocol: "http", host: "[::1]:3000"))
        #expect(!GitCredentialCommand.served(protocol: "http", host: "git.example.com"))
        #expect(!GitCredentialCommand.served(protocol: "http", host: "127.attacker.example"))
        #expect(!GitCredentialCommand.served(protocol: "ssh", host: "127.0.0.1"))
        #expect(!GitCredentialCommand.served(protocol: nil, host: "git.example.com"))
    }

    @Test func dockerServerURLsGiveTheirHost() {
        #expect(DockerCredentialRequest.host(of: "registry.example.com") == "registry.example.com")
        #expect(DockerCredentialRequest.host(of: "Registry.Example.com:5000") == "registry.example.com:5000")
        #expect(DockerCredentialRequest.host(of: "https://index.docker.io/v1/") == "index.docker.io")
        #expect(
            DockerCredentialRequest.host(of: "https://u@registry.example.com:5000/v2/?x") == "registry.example.com:5000"
        )
        #expect(DockerCredentialRequest.host(of: "registry.example.com/ns/image") == "registry.example.com")
        #expect(DockerCredentialRequest.serverURL("  https://r.example/v2/\n") == "https://r.example/v2/")
        // Trimmed by bytes when ASCII, by characters otherwise: the same as by characters.
        let byCharacters = { (input: String) in
            String(String(input.drop(while: \.isWhitespace).reversed()).drop(while: \.isWhitespace).reversed())
        }
        for input in [
            "", " ", "\r\n", "\t\u{0B}\u{0C}r.example\r\n", "\u{1C}r\u{1F}", " a b ", "r.example", "\u{A0}r\u{2003}",
            " ré.example\n", "\u{3000}x\u{3000}", "x\u{85}"
        ] {
            #expect(DockerCredentialRequest.serverURL(input) == byCharacters(input), "\(input.debugDescription)")
        }
    }

    @Test func kauthAnswersToTheHelpersNames() {
        #expect(CLI.arguments(program: "/usr/bin/git-credential-kauth", ["get"]) == ["git-credential", "get"])
        #expect(
            CLI.arguments(program: "git-credential-kauth", ["--profile", "w", "get"])
                == ["git-credential", "--profile", "w", "get"])
        #expect(
            CLI.arguments(program: "/x/docker-credential-kauth", ["list"]) == ["docker-credential-kauth", "list"])
        #expect(CLI.arguments(program: "/usr/bin/kauth", ["token"]) == ["token"])
        #expect(CLI.arguments(program: "kauth-git-credential-kauth", ["get"]) == ["get"])
    }

    func run(_ line: [String], input: [String], home: TemporaryDirectory, environment: [String: String] = [:]) async
        -> (Int32, TerminalRecorder)
    {
        let recorder = TerminalRecorder(input: input)
        let world = World.test(
            fileSystem: .live, terminal: recorder.terminal,
            environment: ["KAUTH_HOME": home.path + "/kauth"].merging(environment) { $1 })
        return (await CLI.run(line, world: world), recorder)
    }

    @Test func anUnlistedHostGetsNothingAndExitZero() async {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let (code, output) = await run(
            ["git-credential", "get"], input: ["protocol=https", "host=git.example.com", ""], home: home)
        #expect(code == 0)
        #expect(output.out.isEmpty)
        #expect(output.err.isEmpty)
        // Nothing was created: no keystore, no lock.
        #expect(!FileManager.default.fileExists(atPath: home.path + "/kauth/credentials.json.lock"))
    }

    @Test func aListedHostWithoutALoginSaysToLogIn() async {
        let home = TemporaryDirectory()
        defer { home.remove() }
        #expect(
            await run(["config", "set", "provider.kakao.git_hosts", "git.example.com"], input: [], home: home).0 == 0)
        let (code, output) = await run(
            ["git-credential", "get"], input: ["protocol=https", "host=git.example.com", ""], home: home)
        #expect(code == 3)
        #expect(output.out.isEmpty)
        #expect(output.err.contains("kauth login"))
        // erase and store have nothing to say, and unknown operations are ignored.
        for operation in ["erase", "store", "frobnicate"] {
            let (code, output) = await run(
                ["git-credential", operation], input: ["protocol=https", "host=git.example.com", ""], home: home)
            #expect(code == 0 && output.out.isEmpty && output.err.isEmpty, "\(operation)")
        }
        // Plain http to a host that is not this machine: nothing, even when listed.
        let (plain, plainOutput) = await run(
            ["git-credential", "get"], input: ["protocol=http", "host=git.example.com", ""], home: home)
        #expect(plain == 0 && plainOutput.out.isEmpty && plainOutput.err.isEmpty)
    }

    @Test func theEnvironmentTokenAnswersWithoutTheKeystore() async {
        let home = TemporaryDirectory()
        defer { home.remove() }
        for (key, value) in [
            ("provider.kakao.git_hosts", "git.example.com"), ("provider.kakao.git_username", "ci-bot"),
            ("provider.kakao.docker_hosts", "registry.example.com")
        ] {
            #expect(await run(["config", "set", key, value], input: [], home: home).0 == 0)
        }
        let (code, output) = await run(
            ["git-credential", "get"], input: ["protocol=https", "host=GIT.example.com", ""], home: home,
            environment: ["KAUTH_ACCESS_TOKEN": "env-token"])
        #expect(code == 0)
        #expect(output.out == "username=ci-bot\npassword=env-token\n")
        let (dockerCode, docker) = await run(
            ["docker-credential-kauth", "get"], input: ["registry.example.com"], home: home,
            environment: ["KAUTH_ACCESS_TOKEN": "env-token"])
        #expect(dockerCode == 0)
        #expect(docker.out == #"{"Secret":"env-token","ServerURL":"registry.example.com","Username":"oauth2"}"# + "\n")
        #expect(!FileManager.default.fileExists(atPath: home.path + "/kauth/credentials.json"))
    }

    @Test func aTokenWithALineBreakIsNeverWrittenIntoGitsProtocol() async {
        let home = TemporaryDirectory()
        defer { home.remove() }
        #expect(
            await run(["config", "set", "provider.kakao.git_hosts", "git.example.com"], input: [], home: home).0 == 0)
        let (code, output) = await run(
            ["git-credential", "get"], input: ["protocol=https", "host=git.example.com", ""], home: home,
            environment: ["KAUTH_ACCESS_TOKEN": "abc\nhost=evil.example"])
        #expect(code == 1)
        #expect(output.out.isEmpty)
        #expect(!output.err.contains("evil"))
    }

    @Test func hostListsAreCheckedWhenSet() async {
        let home = TemporaryDirectory()
        defer { home.remove() }
        for bad in ["https://git.example.com", "git.example.com/group", "git.example.com:0", "user@host", "[::1", ""] {
            let (code, output) = await run(
                ["config", "set", "provider.kakao.git_hosts", bad], input: [], home: home)
            #expect(code == 2, "\(bad)")
            #expect(output.err.contains("is not a host"), "\(bad): \(output.err)")
        }
        for good in ["git.example.com", "a.example.com, b.example.com:8443", "127.0.0.1:3000 [::1]:5000"] {
            #expect(await run(["config", "set", "provider.kakao.docker_hosts", good], input: [], home: home).0 == 0)
        }
    }
}
