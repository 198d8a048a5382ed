import Foundation
import KAuthBasics
import KAuthCore
import KAuthTestSupport
import Testing

@testable import KAuthCLI

/// `kauth status` tells the truth: exit 0 only when the stored login can still give a token.
@Suite struct StatusCommandTests {
    let now = Date(timeIntervalSince1970: 1_767_225_600)

    func run(_ session: StoredSession?, environment: [String: String] = [:], json: Bool = true) async throws -> (
        Int32, TerminalRecorder, JSONValue?
    ) {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let keystore = FileKeystore(
            directory: home.path + "/kauth", fileSystem: .live, passphrase: nil, random: .seeded(1), kdfIterations: 1)
        if let session { try await keystore.update { $0.profiles["default"] = session } }
        let recorder = TerminalRecorder()
        let world = World.test(
            clock: TestClock(now).clock, fileSystem: .live, terminal: recorder.terminal,
            environment: ["KAUTH_HOME": home.path + "/kauth"].merging(environment) { $1 })
        let code = await CLI.run(["status"] + (json ? ["--json"] : []), world: world)
        let parsed = json ? try JSONDecoder().decode(JSONValue.self, from: Data(recorder.out.utf8)) : nil
        return (code, recorder, parsed)
    }

    func session(accessIn: TimeInterval, refresh: String? = "rt", refreshIn: TimeInterval? = 86_400) -> StoredSession {
        StoredSession(
            provider: "kakao", clientID: "app", accessToken: "at",
            accessTokenExpiresAt: now.addingTimeInterval(accessIn),
            refreshToken: refresh, refreshTokenExpiresAt: refreshIn.map { now.addingTimeInterval($0) }, createdAt: now,
            updatedAt: now)
    }

    @Test(
        arguments: [
            (3600.0, "rt", 86_400.0, "valid", Int32(0)),
            (-10, "rt", 86_400, "refreshable", 0),
            (-10, nil, nil, "expired", 3),
            (-10, "rt", -1, "expired", 3)
        ] as [(Double, String?, Double?, String, Int32)])
    func theSessionStateDecidesTheExitCode(
        accessIn: Double, refresh: String?, refreshIn: Double?, state: String, code: Int32
    ) async throws {
        let (exit, _, json) = try await run(session(accessIn: accessIn, refresh: refresh, refreshIn: refreshIn))
        #expect(exit == code)
        #expect(json?["session"] == .string(state))
        #expect(json?["logged_in"] == .bool(true))
    }

    @Test func theJSONHasTheSameKeysLoggedInOrNot() async throws {
        let (loggedInCode, _, loggedIn) = try await run(session(accessIn: 3600))
        let (loggedOutCode, _, loggedOut) = try await run(nil)
        #expect(loggedInCode == 0 && loggedOutCode == 3)
        guard case .object(let a)? = loggedIn, case .object(let b)? = loggedOut else {
            Issue.record("not objects")
            return
        }
        #expect(Set(a.keys) == Set(b.keys))
        for key in [
            "logged_in", "session", "provider", "profile", "user_id", "scopes", "access_token_expires_at",
            "refresh_token_expires_at", "has_id_token"
        ] {
            #expect(a[key] != nil, "\(key)")
        }
        #expect(loggedOut?["session"] == .string("expired"))
        #expect(loggedOut?["provider"] == .null)
    }

    /// In CI with only a refresh token in the environment, the session starts from it: not "run
    /// kauth login".
    @Test func aRefreshTokenInTheEnvironmentIsASessionToCome() async throws {
        let (code, output, json) = try await run(nil, environment: ["KAUTH_REFRESH_TOKEN": "rt"])
        #expect(code == 0)
        #expect(json?["session"] == .string("refreshable"))
        #expect(json?["source"] == .string("refresh_token_environment"))
        let (_, text, _) = try await run(nil, environment: ["KAUTH_REFRESH_TOKEN": "rt"], json: false)
        #expect(text.out.contains("starts from KAUTH_REFRESH_TOKEN"))
        #expect(!text.err.contains("kauth login"))
        _ = output
    }

    @Test func anExpiredLoginDoesNotSayLoggedIn() async throws {
        let (code, output, _) = try await run(session(accessIn: -10, refresh: nil, refreshIn: nil), json: false)
        #expect(code == 3)
        #expect(!output.out.hasPrefix("Logged in"))
        #expect(output.out.contains("has expired"))
        #expect(output.err.contains("kauth login"))
    }
}
