/// How a sandbox provider behaves. Every member has a default taken from what Kakao answers for a
/// REST API key (`spec/kakao-rest.md` §3.3), so `SandboxConfiguration()` behaves like a real app.
public struct SandboxConfiguration: Sendable, Equatable {
    /// The app key that `/oauth/authorize` and `/oauth/token` accept. `nil` accepts any, which is
    /// what a developer trying kauth wants; set it to test a client's handling of KOE101.
    public var clientID: String?
    /// When set, token calls must carry it (Kakao's "Client secret" switch, KOE010 otherwise).
    public var clientSecret: String?
    /// Seconds an access token lives (Kakao REST keys: 6 h minus one second).
    public var accessTokenLifetime: Int
    /// Seconds a refresh token lives (Kakao: about 60 days).
    public var refreshTokenLifetime: Int
    /// A refresh answers with a new refresh token only when the old one has less than this many
    /// seconds left, and the old one then stops working (Kakao: one month). Set it to at least
    /// `refreshTokenLifetime` to rotate on every refresh.
    public var rotationThreshold: Int
    /// Seconds an authorization code can be redeemed.
    public var codeLifetime: Int
    /// The simulated user refuses consent: authorize redirects with `error=access_denied`.
    public var deny: Bool
    /// Scopes the simulated user agrees to on the first login with an app, besides any asked for
    /// with `scope=`, like the consent items an app sets in the Kakao console.
    public var defaultScopes: [String]
    /// The app id `/v1/user/access_token_info` reports.
    public var appID: Int64
    /// Where users, consents, codes and tokens are kept across restarts (JSON, written on every
    /// change). `nil` keeps everything in memory.
    public var stateFile: String?
    /// Domains registered for the app's Web platform: share links elsewhere get a warning.
    public var shareDomains: [String]
    /// Templates of the console's message template builder: ID → the `${…}` arguments it uses.
    public var customTemplates: [Int64: [String]]

    public init(
        clientID: String? = nil,
        clientSecret: String? = nil,
        accessTokenLifetime: Int = 21599,
        refreshTokenLifetime: Int = 5_183_999,
        rotationThreshold: Int = 2_592_000,
        codeLifetime: Int = 600,
        deny: Bool = false,
        defaultScopes: [String] = ["profile_nickname", "profile_image", "account_email"],
        appID: Int64 = 424_242,
        stateFile: String? = nil,
        shareDomains: [String] = ["developers.kakao.com", "example.com", "localhost", "127.0.0.1"],
        customTemplates: [Int64: [String]] = [12345: ["title", "description"]]
    ) {
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.accessTokenLifetime = accessTokenLifetime
        self.refreshTokenLifetime = refreshTokenLifetime
        self.rotationThreshold = rotationThreshold
        self.codeLifetime = codeLifetime
        self.deny = deny
        self.defaultScopes = defaultScopes
        self.appID = appID
        self.stateFile = stateFile
        self.shareDomains = shareDomains
        self.customTemplates = customTemplates
    }
}
