import Foundation
import KAuthBasics
import KAuthCore
import KAuthTestSupport
import Testing

@testable import KAuthCLI

/// Commands run in-process on a test world: what they print and return.
@Suite struct CommandRunTests {
    func run(
        _ line: [String], environment: [String: String], http: HTTPClient? = nil, fileSystem: FileSystem? = nil
    ) async -> (Int32, TerminalRecorder) {
        let recorder = TerminalRecorder()
        let world = World.test(
            http: http, fileSystem: fileSystem, terminal: recorder.terminal, environment: environment)
        return (await CLI.run(line, world: world), recorder)
    }

    /// `line` run on the real file system with nothing stored: `KAUTH_HOME` names a folder that does
    /// not exist yet, in a fresh temporary one.
    func runWithNothingStored(_ line: [String], environment: [String: String] = [:], http: HTTPClient? = nil) async
        -> (Int32, TerminalRecorder)
    {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let environment = ["KAUTH_HOME": home.path + "/kauth"].merging(environment) { $1 }
        return await run(line, environment: environment, http: http, fileSystem: .live)
    }

    @Test func tokenPrintsTheEnvironmentTokenAndNothingElse() async {
        let (code, output) = await run(
            ["token"], environment: ["KAUTH_ACCESS_TOKEN": "abc", "KAUTH_HOME": "/nonexistent/kauth"])
        #expect(code == 0)
        #expect(output.out == "abc\n")
        #expect(output.err.isEmpty)
    }

    @Test func versionCommandAndFlagPrintTheSameLine() async {
        let (code, output) = await run(["version"], environment: [:])
        let (flagCode, flagOutput) = await run(["--version"], environment: [:])
        #expect(code == 0 && flagCode == 0)
        #expect(output.out == VersionCommand.line(version: CLI.version))
        #expect(flagOutput.out == output.out)
        #expect(VersionCommand.line(version: "1.2.3", commit: "") == "kauth 1.2.3 (commit unknown)\n")
        #expect(
            VersionCommand.line(version: "1.2.3", commit: "0123456789ab-dirty")
                == "kauth 1.2.3 (commit 0123456789ab-dirty)\n")
    }

    @Test func statusJSONWhenNotLoggedIn() async throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let (code, output) = await run(
            ["status", "--json"], environment: ["KAUTH_HOME": home.path + "/kauth"], fileSystem: .live)
        #expect(code == 3)
        let json = try JSONDecoder().decode(JSONValue.self, from: Data(output.out.utf8))
        #expect(json["logged_in"] == .bool(false))
        #expect(json["profile"] == .string("default"))
        #expect(json["scopes"] == .array([]))
        #expect(json["has_id_token"] == .bool(false))
    }

    @Test func errorsInJSONModeAreAnObjectOnStdoutWithTheSameExitCode() async throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let (code, output) = await run(
            ["token", "--json", "--profile", "ci"], environment: ["KAUTH_HOME": home.path], fileSystem: .live)
        #expect(code == 3)
        #expect(output.err.isEmpty)
        let json = try JSONDecoder().decode(JSONValue.self, from: Data(output.out.utf8))
        #expect(json.value(at: "error.code") == .string("not_logged_in"))
        #expect(json.value(at: "error.exit_code") == .number(3))
        #expect(json.value(at: "error.message")?.stringValue?.contains("kauth login --profile ci") == true)
    }

    @Test func consentErrorsCarryTheRequiredScopes() async throws {
        let http = HTTPClient { _ in
            FakeHTTP.json(
                403, #"{"msg":"insufficient scopes.","code":-402,"required_scopes":["account_email","phone_number"]}"#)
        }
        let (code, output) = await runWithNothingStored(
            ["me", "--json"], environment: ["KAUTH_ACCESS_TOKEN": "t"], http: http)
        #expect(code == 4)
        let json = try JSONDecoder().decode(JSONValue.self, from: Data(output.out.utf8))
        #expect(json.value(at: "error.required_scopes") == .array([.string("account_email"), .string("phone_number")]))
        let (_, text) = await runWithNothingStored(["me"], environment: ["KAUTH_ACCESS_TOKEN": "t"], http: http)
        #expect(
            text.err
                == "error: consent required for: account_email phone_number (insufficient scopes.); run `kauth scopes request account_email phone_number`\n"
        )
    }

    @Test func verboseTracesRequestsWithSecretsRedacted() async {
        let http = HTTPClient { _ in FakeHTTP.json(200, #"{"id":1,"expires_in":10,"app_id":2,"access_token":"leak"}"#) }
        let (code, output) = await runWithNothingStored(
            ["token", "info", "--verbose"], environment: ["KAUTH_ACCESS_TOKEN": "secret-token"], http: http)
        #expect(code == 0)
        #expect(output.err.contains("> GET https://kapi.kakao.com/v1/user/access_token_info"))
        #expect(output.err.contains("Authorization: Bearer [redacted]"))
        #expect(!output.err.contains("secret-token"))
        #expect(!output.err.contains("leak"))
    }

    @Test func configSetGetListUnset() async throws {
        let home = TemporaryDirectory()
        defer { home.remove() }
        func config(_ arguments: String...) async -> (Int32, TerminalRecorder) {
            await run(["config"] + arguments, environment: ["KAUTH_HOME": home.path + "/kauth"], fileSystem: .live)
        }
        #expect(await config("set", "provider.kakao.client_id", "key-1").0 == 0)
        #expect(await config("set", "provider.kakao.client_secret", "s3cret").0 == 0)
        #expect(await config("get", "provider.kakao.client_id").1.out == "key-1\n")
        let list = await config("list").1.out
        #expect(list == "provider.kakao.client_id = key-1\nprovider.kakao.client_secret = [redacted]\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: home.path + "/kauth/config")
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(await config("unset", "provider.kakao.client_secret").0 == 0)
        #expect(await config("get", "provider.kakao.client_secret").0 == 1)
        #expect(await config("set", "provider.kakao.colour", "x").0 == 2)
    }

    @Test func usageErrorsHonourJSON() async throws {
        let (code, output) = await run(["login", "--scope", "x", "--json"], environment: [:])
        #expect(code == 2)
        #expect(output.err.isEmpty)
        let json = try JSONDecoder().decode(JSONValue.self, from: Data(output.out.utf8))
        #expect(json.value(at: "error.code") == .string("usage"))
        #expect(json.value(at: "error.suggestions") == .array([.string("--scopes")]))
    }

    /// What the command line refuses itself (a usage error, exit 2; any other failure, exit 1)
    /// reads the same on stderr and in a `--json` error object as before it had a type of its own.
    @Test func theCommandLinesOwnRefusalsKeepTheirWordsAndCodes() async {
        let usage = "invalid profile name 'a b'; use ASCII letters (a-z, A-Z), digits, '-', '_' or '.'"
        let unset =
            "'provider.kakao.client_id' is not set; set it with `kauth config set provider.kakao.client_id VALUE`"
        for (line, code, message, json) in [
            (["token", "--profile", "a b"], Int32(2), usage, "usage"),
            (["config", "get", "provider.kakao.client_id"], Int32(1), unset, "failure")
        ] {
            let (textCode, text) = await runWithNothingStored(line)
            #expect(textCode == code, "\(line)")
            #expect(text.out.isEmpty && text.err == "error: \(message)\n", "\(line): \(text.err)")
            let (jsonCode, object) = await runWithNothingStored(line + ["--json"])
            #expect(jsonCode == code, "\(line)")
            let expected = """
                {
                  "error" : {
                    "code" : "\(json)",
                    "exit_code" : \(code),
                    "message" : \(JSONValue.string(message).jsonText())
                  }
                }

                """
            #expect(object.err.isEmpty && object.out == expected, "\(line): \(object.out)")
        }
    }

    @Test func plainHTTPIsRefusedExceptOnLoopback() async {
        let env = ["KAUTH_CLIENT_ID": "x", "KAUTH_KAKAO_AUTH_URL": "http://kauth.example.com"]
        let (code, output) = await runWithNothingStored(["login"], environment: env)
        #expect(code == 2)
        #expect(output.err.contains("must use https"))
    }

    @Test func loginRefusesWhatKakaoCannotDo() async {
        let env = ["KAUTH_CLIENT_ID": "x"]
        #expect(await runWithNothingStored(["login", "--device"], environment: env).0 == 2)
        #expect(await runWithNothingStored(["login", "--issuer", "https://example.com"], environment: env).0 == 2)
        #expect(await runWithNothingStored(["login", "--prompt", "none"], environment: env).0 == 2)
        #expect(await runWithNothingStored(["login", "--provider", "nowhere"], environment: env).0 == 2)
        #expect(await runWithNothingStored(["login", "--client-id", ""], environment: env).0 == 2)
        let (code, output) = await runWithNothingStored(["login"])
        #expect(code == 2)
        #expect(output.err.contains("KAUTH_CLIENT_ID"))
    }
}

/// A test world for commands that touch nothing but the terminal.
struct TerminalRecorderForCLI {
    let recorder = TerminalRecorder()
    /// The variables the run sees besides KAUTH_HOME (none by default: English).
    var environment: [String: String] = [:]
    /// A KAUTH_HOME that does not exist, read through the real file system: help reads the config
    /// file for its `language`, and finds none.
    var world: World {
        World.test(
            fileSystem: .live, terminal: recorder.terminal,
            environment: ["KAUTH_HOME": NSTemporaryDirectory() + "kauth-test-no-home"].merging(environment) { $1 })
    }
    var out: String { recorder.out }
}
