import Foundation
import KAuthTestSupport
import Testing

@testable import KAuthBasics
@testable import KAuthCore

/// The token lifecycle over a real keystore in a temporary folder and a scripted token endpoint.
@Suite struct TokenServiceTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// A home with a keystore, a world, and the token service a command would build.
    struct Harness {
        let home = TemporaryDirectory()
        let world: World
        let keystore: FileKeystore
        let reads: Counter

        init(http: FakeHTTP, clock: TestClock, environment: [String: String] = [:], config: String = "") {
            let reads = Counter()
            var fileSystem = FileSystem.live
            let read = fileSystem.readFile
            fileSystem.readFile = { path in
                if path.hasSuffix("credentials.json") { reads.increment() }
                return try read(path)
            }
            self.reads = reads
            world = World.test(http: http.client, clock: clock.clock, fileSystem: fileSystem, environment: environment)
            keystore = FileKeystore(
                directory: home.path, fileSystem: fileSystem, passphrase: nil, random: .seeded(3), kdfIterations: 1)
            configText = config
        }

        let configText: String

        /// What a command builds: one read of the keystore, then the service.
        func tokens(profile: String? = nil) throws -> TokenService {
            let config = try ConfigFile(parsing: configText, path: "config")
            let resolver = ProviderResolver(environment: world.environment, loadConfig: { config })
            return TokenService(
                world: world, keystore: keystore, login: try StoredLogin.read(keystore, profile: profile),
                providers: resolver)
        }

        func stored() throws -> StoredSession? {
            try keystore.load().profiles["default"]
        }
    }

    func store(_ harness: Harness, _ session: StoredSession) async throws {
        try await harness.keystore.update { $0.profiles["default"] = session }
    }

    func session(expiresIn: TimeInterval, refreshToken: String? = "rt-1", lifetime: TimeInterval? = nil)
        -> StoredSession
    {
        StoredSession(
            provider: "kakao", clientID: "app", accessToken: "at-1",
            accessTokenExpiresAt: start.addingTimeInterval(expiresIn),
            accessTokenIssuedAt: lifetime.map { start.addingTimeInterval(expiresIn - $0) },
            refreshToken: refreshToken, refreshTokenExpiresAt: start.addingTimeInterval(50 * 86_400),
            scopes: ["profile_nickname"], authBaseURL: "https://auth.test", apiBaseURL: "https://api.test",
            createdAt: start, updatedAt: start
        )
    }

    @Test func aValidTokenIsReturnedWithoutAnyRequestAfterOneRead() async throws {
        let http = FakeHTTP { _ in
            Issue.record("no request expected")
            return FakeHTTP.json(500, "{}")
        }
        let harness = Harness(http: http, clock: TestClock(start))
        defer { harness.home.remove() }
        try await store(harness, session(expiresIn: 3600))
        let before = harness.reads.value
        let grant = try await harness.tokens().validToken()
        #expect(grant.session.accessToken == "at-1")
        #expect(!grant.refreshed)
        #expect(harness.reads.value - before == 1, "kauth token with a valid token reads credentials.json once")
    }

    @Test func aTokenExpiringWithinTheMinimumIsRefreshedAndTheOldRefreshTokenKept() async throws {
        let http = FakeHTTP { _ in
            FakeHTTP.json(200, #"{"token_type":"bearer","access_token":"at-2","expires_in":21599}"#)
        }
        let harness = Harness(http: http, clock: TestClock(start))
        defer { harness.home.remove() }
        try await store(harness, session(expiresIn: 59))
        let grant = try await harness.tokens().validToken(minValid: 60)
        #expect(grant.session.accessToken == "at-2")
        #expect(grant.session.refreshToken == "rt-1")
        #expect(grant.refreshed)
        let form = http.requests[0].form
        #expect(http.requests[0].url == "https://auth.test/oauth/token")
        #expect(form.first(named: "grant_type") == "refresh_token")
        #expect(form.first(named: "refresh_token") == "rt-1")
        #expect(form.first(named: "client_id") == "app")
        #expect(try harness.stored()?.accessToken == "at-2")
    }

    @Test func aRotatedRefreshTokenIsStored() async throws {
        let http = FakeHTTP { _ in
            FakeHTTP.json(
                200,
                #"{"token_type":"bearer","access_token":"at-2","expires_in":21599,"refresh_token":"rt-2","refresh_token_expires_in":5183999}"#
            )
        }
        let harness = Harness(http: http, clock: TestClock(start))
        defer { harness.home.remove() }
        try await store(harness, session(expiresIn: 10))
        _ = try await harness.tokens().forceRefresh()
        let stored = try #require(try harness.stored())
        #expect(stored.refreshToken == "rt-2")
        #expect(stored.refreshTokenExpiresAt == start.addingTimeInterval(5_183_999))
    }

    @Test func invalidGrantEndsTheSessionWithoutDeletingIt() async throws {
        let http = FakeHTTP { _ in
            FakeHTTP.json(
                400,
                #"{"error":"invalid_grant","error_description":"expired_or_invalid_refresh_token","error_code":"KOE322"}"#
            )
        }
        let harness = Harness(http: http, clock: TestClock(start))
        defer { harness.home.remove() }
        try await store(harness, session(expiresIn: 10))
        await #expect {
            try await harness.tokens().validToken()
        } throws: { error in
            guard case KAuthError.sessionExpired("default", .refreshRejected(let failure)) = error else { return false }
            return failure.providerCode == "KOE322" && failure.error == "invalid_grant"
        }
        #expect(try harness.stored()?.refreshToken == "rt-1")
        #expect(
            http.requests.count == 1,
            "the store was re-read under the lock before the one refresh; nothing newer can exist")
    }

    /// A revoked, expired or replayed refresh token answered with a bare 400 or 401 means "log in
    /// again" (exit 3), as `invalid_grant` does.
    @Test(arguments: [400, 401])
    func aBareRefusalOfTheRefreshEndsTheSession(status: Int) async throws {
        let http = FakeHTTP { _ in HTTPResponse(status: status) }
        let harness = Harness(http: http, clock: TestClock(start))
        defer { harness.home.remove() }
        try await store(harness, session(expiresIn: 10))
        await #expect(throws: KAuthError.sessionExpired(profile: "default", reason: .refreshRefused(status: status))) {
            try await harness.tokens().validToken()
        }
        #expect(try harness.stored()?.refreshToken == "rt-1", "the keystore is left as it was")
    }

    @Test func aTokenReplacedByAnotherProcessIsUsedInsteadOfRefreshing() async throws {
        let http = FakeHTTP { _ in
            Issue.record("no refresh expected")
            return FakeHTTP.json(500, "{}")
        }
        let harness = Harness(http: http, clock: TestClock(start))
        defer { harness.home.remove() }
        try await store(harness, session(expiresIn: 3600))
        #expect(try await harness.tokens().recover(rejected: "an-older-token").accessToken == "at-1")
    }

    /// The command read the keystore before another process refreshed: under the lock the newer
    /// session is found and used.
    @Test func aRefreshByAnotherProcessAfterTheReadIsFoundUnderTheLock() async throws {
        let http = FakeHTTP { _ in
            Issue.record("no refresh expected")
            return FakeHTTP.json(500, "{}")
        }
        let harness = Harness(http: http, clock: TestClock(start))
        defer { harness.home.remove() }
        try await store(harness, session(expiresIn: 10))
        let tokens = try harness.tokens()
        var newer = session(expiresIn: 3600)
        newer.accessToken = "at-from-another-process"
        try await store(harness, newer)
        #expect(try await tokens.validToken().session.accessToken == "at-from-another-process")
    }

    /// Another process logged the profile in to another provider after the command's read: the
    /// command's API client belongs to the first provider, so the new login's token is neither
    /// refreshed nor handed out to it.
    @Test func aLoginToAnotherProviderMadeAfterTheReadIsNotHandedOut() async throws {
        let http = FakeHTTP { _ in
            Issue.record("nothing may be sent")
            return FakeHTTP.json(500, "{}")
        }
        let harness = Harness(http: http, clock: TestClock(start))
        defer { harness.home.remove() }
        try await store(harness, session(expiresIn: 10))
        let tokens = try harness.tokens()
        var snap = session(expiresIn: 3600)
        snap.provider = "snapchat"
        snap.accessToken = "snap-token"
        try await store(harness, snap)
        await #expect(throws: KAuthError.loginReplaced(profile: "default", provider: "snapchat")) {
            try await tokens.validToken()
        }
        #expect(try harness.stored()?.accessToken == "snap-token", "the new login is left as it is")
        #expect(http.requests.isEmpty)
    }

    /// The same provider name, but another server or another client: the new login's refresh
    /// token must not go to the hosts the command's client was built for.
    @Test(arguments: ["server", "client", "issuer"])
    func aLoginUnderTheSameNameToAnotherServerMadeAfterTheReadIsNotHandedOut(changed: String) async throws {
        let http = FakeHTTP { _ in
            Issue.record("nothing may be sent")
            return FakeHTTP.json(500, "{}")
        }
        let harness = Harness(http: http, clock: TestClock(start))
        defer { harness.home.remove() }
        try await store(harness, session(expiresIn: 10))
        let tokens = try harness.tokens()
        var other = session(expiresIn: 10)
        switch changed {
        case "server": other.authBaseURL = "https://auth.elsewhere.example"
        case "client": other.clientID = "another-client"
        default: other.issuer = "https://issuer.elsewhere.example"
        }
        other.refreshToken = "rt-of-the-other-server"
        try await store(harness, other)
        await #expect(throws: KAuthError.loginReplaced(profile: "default", provider: other.provider)) {
            try await tokens.validToken()
        }
        #expect(try harness.stored()?.refreshToken == "rt-of-the-other-server", "the new login is left as it is")
        #expect(http.requests.isEmpty)
    }

    /// logout and unlink delete only the login they read, and `me` caches its user only on it.
    @Test func aLoginThatReplacedTheOneReadIsNeitherDeletedNorRelabelled() async throws {
        let harness = Harness(http: FakeHTTP { _ in FakeHTTP.json(500, "{}") }, clock: TestClock(start))
        defer { harness.home.remove() }
        let read = session(expiresIn: 3600)
        try await store(harness, read)
        var newer = read
        newer.createdAt = read.createdAt.addingTimeInterval(60)
        newer.accessToken = "at-of-the-new-login"
        try await store(harness, newer)
        let profiles = ProfileStore(keystore: harness.keystore)
        try await profiles.updateCachedUser(CachedUser(id: "1", nickname: "someone else"), profile: "default", of: read)
        #expect(try harness.stored()?.user?.nickname == nil)
        #expect(try await profiles.delete(profile: "default", only: read) == nil)
        #expect(try harness.stored()?.accessToken == "at-of-the-new-login")
        #expect(try await profiles.delete(profile: "default", only: newer) != nil)
        #expect(try harness.stored() == nil)
    }

    @Test func withoutAStoredLoginItIsNotLoggedIn() async throws {
        let harness = Harness(http: FakeHTTP { _ in FakeHTTP.json(500, "{}") }, clock: TestClock(start))
        defer { harness.home.remove() }
        await #expect(throws: KAuthError.notLoggedIn(profile: "default")) { try await harness.tokens().validToken() }
    }

    @Test func aRefreshTokenFromTheEnvironmentBootstrapsAndStoresASession() async throws {
        let http = FakeHTTP { _ in
            FakeHTTP.json(200, #"{"token_type":"bearer","access_token":"at-env","expires_in":21599}"#)
        }
        let harness = Harness(
            http: http, clock: TestClock(start),
            environment: ["KAUTH_REFRESH_TOKEN": "rt-env", "KAUTH_CLIENT_ID": "app"])
        defer { harness.home.remove() }
        #expect(try await harness.tokens().validToken().session.accessToken == "at-env")
        #expect(http.requests[0].form.first(named: "refresh_token") == "rt-env")
        let stored = try #require(try harness.stored())
        #expect(stored.refreshToken == "rt-env")
        #expect(try await harness.tokens().validToken().session.accessToken == "at-env")
        #expect(http.requests.count == 1)
    }

    @Test func anExpiredRefreshTokenIsNotSent() async throws {
        let clock = TestClock(start)
        let harness = Harness(
            http: FakeHTTP { _ in
                Issue.record("no request expected")
                return FakeHTTP.json(500, "{}")
            }, clock: clock)
        defer { harness.home.remove() }
        try await store(harness, session(expiresIn: 10))
        clock.advance(by: 51 * 86_400)
        await #expect(throws: KAuthError.self) { try await harness.tokens().validToken() }
    }

    // MARK: - No refresh storm

    /// A young token is not refreshed just because `--min-valid` asks for more than the provider
    /// gives: it is returned, and the shortfall reported.
    @Test func aYoungTokenIsNotRefreshedForAThresholdItCannotMeet() async throws {
        let http = FakeHTTP { _ in
            Issue.record("no refresh expected")
            return FakeHTTP.json(500, "{}")
        }
        let harness = Harness(http: http, clock: TestClock(start))
        defer { harness.home.remove() }
        // A 300 s token issued 20 s ago.
        try await store(harness, session(expiresIn: 280, lifetime: 300))
        let grant = try await harness.tokens().validToken(minValid: 3600)
        #expect(grant.session.accessToken == "at-1")
        #expect(!grant.refreshed)
        #expect(grant.shortOf == 300)
    }

    @Test func anOldTokenIsRefreshedOnceAndTheShortfallReported() async throws {
        let http = FakeHTTP { _ in
            FakeHTTP.json(200, #"{"token_type":"bearer","access_token":"at-2","expires_in":300}"#)
        }
        let harness = Harness(http: http, clock: TestClock(start))
        defer { harness.home.remove() }
        // A 300 s token issued 200 s ago: past half its life.
        try await store(harness, session(expiresIn: 100, lifetime: 300))
        let grant = try await harness.tokens().validToken(minValid: 3600)
        #expect(grant.refreshed && grant.session.accessToken == "at-2")
        #expect(grant.shortOf == 300)
        // The fresh token is young: the next call does not refresh again.
        #expect(try await harness.tokens().validToken(minValid: 3600).refreshed == false)
        #expect(http.requests.count == 1)
    }

    /// Tokens that live less than 60 s: the default window is half their lifetime, so a 30 s
    /// token is handed out for its first 15 s, not refreshed on every call.
    @Test func theDefaultWindowIsHalfOfAShortLifetime() {
        let token = session(expiresIn: 20, lifetime: 30)
        #expect(token.tokenDecision(minValid: nil, now: start) == .use)
        #expect(token.tokenDecision(minValid: nil, now: start.addingTimeInterval(6)) == .refresh)
        let long = session(expiresIn: 3600, lifetime: 21_600)
        #expect(
            long.tokenDecision(minValid: nil, now: start.addingTimeInterval(3541)) == .refresh,
            "60 s when that is shorter")
        #expect(long.tokenDecision(minValid: nil, now: start.addingTimeInterval(3539)) == .use)
    }

    // MARK: - Client authentication

    /// A secret given at login is kept with the session, and an OpenID Connect provider that
    /// advertises only HTTP Basic gets it that way on refresh.
    @Test func aStoredSecretAuthenticatesTheRefreshTheWayTheServerAsks() async throws {
        let http = FakeHTTP { _ in
            FakeHTTP.json(200, #"{"token_type":"Bearer","access_token":"at-2","expires_in":300}"#)
        }
        let harness = Harness(http: http, clock: TestClock(start))
        defer { harness.home.remove() }
        let endpoints = ProviderEndpoints(
            issuer: "https://id.example.com", authorization: "https://id.example.com/a",
            token: "https://id.example.com/token", tokenAuthMethods: ["client_secret_basic"])
        let oidc = StoredSession(
            provider: "oidc", providerType: "oidc", clientID: "cli id", clientSecret: "s3cret:+", accessToken: "at-1",
            accessTokenExpiresAt: start, refreshToken: "rt-1", issuer: "https://id.example.com", endpoints: endpoints,
            createdAt: start, updatedAt: start)
        try await store(harness, oidc)
        _ = try await harness.tokens().validToken()
        let request = try #require(http.requests.first)
        #expect(request.url == "https://id.example.com/token")
        #expect(
            request.headers.value(for: "Authorization") == "Basic "
                + Data("cli%20id:s3cret%3A%2B".utf8).base64EncodedString())
        #expect(request.form.first(named: "client_secret") == nil, "one authentication method per request")
        #expect(request.form.first(named: "client_id") == nil)
    }
}
