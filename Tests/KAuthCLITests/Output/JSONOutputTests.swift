import Foundation
import KAuthBasics
import KAuthCore
import KAuthTestSupport
import Testing

@testable import KAuthCLI

/// Every command's `--json`, against golden files: one JSON document on stdout, snake_case keys,
/// the same key for the same thing everywhere, and a provider's answer only under `response`.
@Suite struct JSONOutputTests {
    static let now = Date(timeIntervalSince1970: 1_767_225_600)

    /// A provider whose every answer is fixed, so the documents are too.
    static let provider = FakeHTTP { request in
        let path = request.url.split(separator: "?", maxSplits: 1)[0]
        switch path {
        case "https://kauth.kakao.com/oauth/token":
            return FakeHTTP.json(
                200,
                #"{"token_type":"bearer","access_token":"at-new","expires_in":21599,"refresh_token":"rt-new","refresh_token_expires_in":5183999,"scope":"profile_nickname account_email"}"#
            )
        case "https://kapi.kakao.com/v2/user/me":
            return FakeHTTP.json(
                200,
                #"{"id":42,"connected_at":"2026-01-01T00:00:00Z","kakao_account":{"profile":{"nickname":"Ryan"},"email":"ryan@example.com"}}"#
            )
        case "https://kapi.kakao.com/v1/user/access_token_info":
            return FakeHTTP.json(200, #"{"id":42,"expires_in":21000,"app_id":7}"#)
        case "https://kapi.kakao.com/v2/user/scopes":
            return FakeHTTP.json(
                200,
                #"{"id":42,"scopes":[{"id":"profile_nickname","display_name":"Nickname","type":"PRIVACY","using":true,"agreed":true,"revocable":false}]}"#
            )
        case "https://kapi.kakao.com/v1/user/logout":
            return FakeHTTP.json(200, #"{"id":42}"#)
        default:
            return FakeHTTP.json(404, #"{"msg":"not found","code":-2}"#)
        }
    }

    static let idToken =
        "eyJhbGciOiJSUzI1NiJ9." + Base64URL.encode(Array(#"{"sub":"42","exp":1767229200}"#.utf8)) + ".c2ln"

    static func session() -> StoredSession {
        StoredSession(
            provider: "kakao", providerType: "kakao", clientID: "app", userID: "42", accessToken: "at-1",
            accessTokenExpiresAt: now.addingTimeInterval(3600), accessTokenIssuedAt: now.addingTimeInterval(-100),
            refreshToken: "rt-1", refreshTokenExpiresAt: now.addingTimeInterval(86_400 * 30),
            scopes: ["profile_nickname"],
            idToken: idToken, openID: true, user: CachedUser(id: "42", nickname: "Ryan"),
            authBaseURL: "https://kauth.kakao.com", apiBaseURL: "https://kapi.kakao.com", createdAt: now, updatedAt: now
        )
    }

    /// Runs `line` with a stored login (or none), and returns stdout with the temporary folder
    /// written as `$KAUTH_HOME`.
    func run(_ line: [String], stored: Bool = true, input: [String] = [], environment: [String: String] = [:])
        async throws -> (Int32, String)
    {
        let home = TemporaryDirectory()
        defer { home.remove() }
        let folder = home.path + "/kauth"
        if stored {
            let keystore = FileKeystore(
                directory: folder, fileSystem: .live, passphrase: nil, random: .seeded(1), kdfIterations: 1)
            try await keystore.update { $0.profiles["default"] = Self.session() }
        }
        let recorder = TerminalRecorder(input: input)
        let world = World.test(
            http: Self.provider.client, clock: TestClock(Self.now).clock, fileSystem: .live,
            terminal: recorder.terminal,
            environment: ["KAUTH_HOME": folder, "KAUTH_CLIENT_ID": "app"].merging(environment) { $1 })
        let code = await CLI.run(line, world: world)
        return (code, recorder.out.replacingOccurrences(of: folder, with: "$KAUTH_HOME"))
    }

    @Test(arguments: [
        ("status", ["status", "--json"]),
        ("token", ["token", "--json"]),
        ("token-refresh", ["token", "refresh", "--json"]),
        ("token-refresh-token", ["token", "--refresh-token", "--json"]),
        ("token-id-token", ["token", "--id-token", "--json"]),
        ("token-exec-credential", ["token", "--exec-credential"]),
        ("token-info", ["token", "info", "--json"]),
        ("me", ["me", "--json"]),
        ("me-field", ["me", "--field", "kakao_account.email", "--json"]),
        ("scopes", ["scopes", "--json"]),
        ("logout", ["logout", "--json"]),
        ("switch-list", ["switch", "--json"]),
        ("api", ["api", "/v2/user/me", "--json"]),
        ("error", ["shipping", "--json"])
    ])
    func commandsPrintOneDocument(name: String, line: [String]) async throws {
        let (_, out) = try await run(line)
        _ = try JSONDecoder().decode(JSONValue.self, from: Data(out.utf8))
        try HelpSnapshotTests().assertSnapshot(out, named: "json-" + name)
    }

    @Test func statusWhenNothingIsStored() async throws {
        let (code, out) = try await run(["status", "--json"], stored: false)
        #expect(code == 3)
        try HelpSnapshotTests().assertSnapshot(out, named: "json-status-logged-out")
    }

    @Test func loginWithATokenOnStandardInput() async throws {
        let (code, out) = try await run(["login", "--with-token", "--json"], stored: false, input: ["rt-from-ci"])
        #expect(code == 0)
        try HelpSnapshotTests().assertSnapshot(out, named: "json-login-with-token")
        // The provider is shared with tests running alongside: look for this one's request.
        #expect(
            Self.provider.requests.contains {
                $0.url == "https://kauth.kakao.com/oauth/token" && $0.form.first(named: "refresh_token") == "rt-from-ci"
            })
    }

    /// The same thing has the same key: the access token's expiry is `access_token_expires_at` in
    /// `token`, `token refresh`, `status` and `login`.
    @Test func theSameThingHasTheSameKey() async throws {
        var keys: [String: Set<String>] = [:]
        for line in [["status", "--json"], ["token", "--json"], ["token", "refresh", "--json"]] {
            let (_, out) = try await run(line)
            guard case .object(let members) = try JSONDecoder().decode(JSONValue.self, from: Data(out.utf8)) else {
                continue
            }
            keys[line.joined(separator: " ")] = Set(members.keys)
        }
        for (command, found) in keys {
            #expect(found.contains("access_token_expires_at"), "\(command)")
            #expect(!found.contains("expires_at"), "\(command)")
            #expect(found.contains("profile") && found.contains("provider"), "\(command)")
        }
    }
}
