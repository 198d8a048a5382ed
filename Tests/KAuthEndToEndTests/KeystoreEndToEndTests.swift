import Foundation
import KAuthCore
import Testing

@Suite(.serialized) struct KeystoreEndToEndTests {
    @Test func aKeystoreWithOpenPermissionsIsRefusedWithExitSeven() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox)
        defer { env.remove() }
        chmod(env.credentialsPath, 0o644)
        let token = try await env.run(["token"])
        #expect(token.code == 7)
        #expect(token.err.contains("chmod 600"))
        let attributes = try FileManager.default.attributesOfItem(atPath: env.credentialsPath)
        #expect((attributes[.posixPermissions] as? Int) == 0o644)
    }

    @Test func aPassphraseEncryptsTheKeystoreAndAWrongOneExitsSeven() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        var env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        env.useFollowingBrowser()
        env.variables["KAUTH_PASSPHRASE"] = "correct horse"
        #expect(try await env.run(["login"]).code == 0)
        let token = try await env.run(["token"])
        #expect(token.code == 0)
        let accessToken = token.out.trimmingCharacters(in: .newlines)
        let onDisk = try String(contentsOfFile: env.credentialsPath, encoding: .utf8)
        #expect(onDisk.contains("aes-256-gcm"))
        #expect(!onDisk.contains(accessToken))
        #expect(!onDisk.contains("sandbox.user@example.com"))
        let wrong = try await env.run(["token"], extra: ["KAUTH_PASSPHRASE": "wrong"])
        #expect(wrong.code == 7)
        #expect(wrong.err.contains("KAUTH_PASSPHRASE"))
        env.variables.removeValue(forKey: "KAUTH_PASSPHRASE")
        let missing = try await env.run(["status"])
        #expect(missing.code == 7)
        #expect(try String(contentsOfFile: env.credentialsPath, encoding: .utf8) == onDisk)
    }

    @Test func aCorruptKeystoreIsAnErrorAndIsLeftUntouched() async throws {
        var env = TestEnvironment(sandbox: nil)
        defer { env.remove() }
        env.useFollowingBrowser()
        mkdir(env.home, 0o700)
        let garbage = Data("{\"version\": 1, \"profiles\": {".utf8)
        _ = FileManager.default.createFile(
            atPath: env.credentialsPath, contents: garbage, attributes: [.posixPermissions: 0o600])
        for arguments in [["token"], ["status"], ["logout"], ["login", "--client-id", "x"]] {
            let result = try await env.run(arguments)
            #expect(result.code == 7, "\(arguments): \(result.err)")
            #expect(result.err.contains(env.credentialsPath))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: env.credentialsPath)) == garbage)
    }

    @Test func aLoginWithoutASessionBusWritesAPlainFileAndSaysSoOnce() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        var env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        env.useFollowingBrowser()
        let login = try await env.run(["login"])
        #expect(login.code == 0)
        let notes = login.err.split(separator: "\n").filter { $0.contains("is not encrypted") }
        #expect(notes.count == 1)
        #expect(notes.first?.contains("no session bus") == true)
        #expect(notes.first?.contains("KAUTH_PASSPHRASE") == true)
        #expect(notes.first?.contains("KAUTH_KEYRING=off") == true)
        let attributes = try FileManager.default.attributesOfItem(atPath: env.credentialsPath)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let file = try parseJSON(try String(contentsOfFile: env.credentialsPath, encoding: .utf8))
        #expect(file["protection"]?.stringValue == "none")
        #expect(try await env.run(["status"]).out.contains("not encrypted (no session bus for the Secret Service)"))
        let json = try parseJSON(try await env.run(["status", "--json"]).out)
        #expect(json["keystore"]?["protection"]?.stringValue == "none")
        #expect(json["keystore"]?["no_keyring_reason"]?.stringValue == "no_session_bus")
        // Other commands do not repeat it.
        let token = try await env.run(["token"])
        #expect(token.code == 0 && token.err.isEmpty)
    }
}
