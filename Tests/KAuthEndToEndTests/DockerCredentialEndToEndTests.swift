import Foundation
import KAuthBasics
import KAuthTestSupport
import Testing

/// `docker-credential-kauth` run as Docker runs a credential helper (docker-credential-helpers'
/// `client` package): the action as the only argument, the registry or the credentials on stdin,
/// the answer or the error on stdout, judged by the exit code. kauth runs as a link by that name
/// to the built binary, as `make install` installs it.
@Suite(.serialized) struct DockerCredentialEndToEndTests {
    /// Runs the helper with `input` on stdin, as Docker does.
    func helper(_ env: TestEnvironment, _ action: String, input: String) async throws -> RunResult {
        let bin = env.home + ".bin"
        if !FileManager.default.fileExists(atPath: bin + "/docker-credential-kauth") {
            try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: bin + "/docker-credential-kauth", withDestinationPath: kauthBinary)
        }
        let spawned = try Spawned(
            [action], environment: env.variables, executable: bin + "/docker-credential-kauth")
        spawned.write(input)
        spawned.closeInput()
        return await spawned.wait()
    }

    @Test func getAnswersForListedRegistriesOnlyAndListNamesThem() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox)
        defer { env.remove() }
        for (key, value) in [
            ("provider.kakao.docker_hosts", "registry.example.com, 127.0.0.1:5000"),
            ("provider.kakao.docker_username", "robot")
        ] {
            #expect(try await env.run(["config", "set", key, value]).code == 0)
        }
        let token = try #require(try storedSession(env)?["access_token"]?.stringValue)

        // A host, a URL (its host is taken, the URL is echoed as Docker's helpers do), host:port.
        for (input, serverURL) in [
            ("registry.example.com", "registry.example.com"),
            ("https://registry.example.com/v2/\n", "https://registry.example.com/v2/"),
            ("127.0.0.1:5000", "127.0.0.1:5000")
        ] {
            let get = try await helper(env, "get", input: input)
            #expect(get.code == 0, "\(get.out)")
            let answer = try parseJSON(get.out)
            #expect(answer["ServerURL"]?.stringValue == serverURL)
            #expect(answer["Username"]?.stringValue == "robot")
            #expect(answer["Secret"]?.stringValue == token)
            #expect(get.err.isEmpty)
        }

        // Anything else: exactly the message Docker compares, exit 1, so Docker goes on without.
        for input in ["index.docker.io", "https://index.docker.io/v1/", "registry.example.com:5000", "127.0.0.1"] {
            let miss = try await helper(env, "get", input: input)
            #expect(miss.code == 1)
            #expect(miss.out == "credentials not found in native keychain\n", "\(input): \(miss.out)")
        }
        let empty = try await helper(env, "get", input: "  \n")
        #expect(empty.code == 1)
        #expect(empty.out == "no credentials server URL\n")

        let list = try await helper(env, "list", input: "unused")
        #expect(list.code == 0)
        #expect(
            try parseJSON(list.out)
                == .object(["registry.example.com": .string("robot"), "127.0.0.1:5000": .string("robot")]))
        #expect(try await sandbox.tokenCalls("refresh_token") == 0)
    }

    @Test func storeAndEraseLeaveTheKeystoreAlone() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox)
        defer { env.remove() }
        #expect(try await env.run(["config", "set", "provider.kakao.docker_hosts", "registry.example.com"]).code == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: env.credentialsPath))
        let store = try await helper(
            env, "store", input: #"{"ServerURL":"registry.example.com","Username":"u","Secret":"s"}"#)
        #expect(store.code == 0)
        #expect(store.out.isEmpty)
        let erase = try await helper(env, "erase", input: "registry.example.com")
        #expect(erase.code == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: env.credentialsPath)) == before)
        // The login still answers.
        #expect(try await helper(env, "get", input: "registry.example.com").code == 0)
    }

    @Test func anExpiredTokenIsRefreshedAndNoLoginIsSaidOnStdout() async throws {
        let sandbox = try await SandboxProcess(["--access-token-ttl", "2"])
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox)
        defer { env.remove() }
        #expect(try await env.run(["config", "set", "provider.kakao.docker_hosts", "registry.example.com"]).code == 0)
        try await Task.sleep(for: .seconds(2))
        try await sandbox.control("/_sandbox/config", [("access_token_lifetime", "3600")])
        let get = try await helper(env, "get", input: "registry.example.com")
        #expect(get.code == 0, "\(get.out)")
        #expect(try await sandbox.tokenCalls("refresh_token") == 1)
        let token = try #require(try storedSession(env)?["access_token"]?.stringValue)
        #expect(try parseJSON(get.out)["Secret"]?.stringValue == token)
        #expect(!get.err.contains(token))

        // Another profile, not logged in: Docker shows a helper's stdout, so the words go there.
        var other = env
        other.variables["KAUTH_PROFILE"] = "ci"
        let none = try await helper(other, "get", input: "registry.example.com")
        #expect(none.code == 3)
        #expect(none.out.contains("kauth login"), "\(none.out)")
        let unknown = try await helper(env, "version2", input: "")
        #expect(unknown.code == 2)
    }
}
