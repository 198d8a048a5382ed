#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The user profile kept with a session so `kauth whoami` and `kauth status` work offline.
///
/// These are the fields the Kii SDK saves on every login and refresh (seed 004; spec
/// `snap-oidc.md` §B.4): user ID, name, email, phone, display name, country. Every field is
/// optional because providers only return what the user consented to share.
public struct CachedUser: Codable, Sendable, Equatable {
    public var id: String?
    public var nickname: String?
    public var email: String?
    public var phoneNumber: String?
    public var displayName: String?
    /// Two-letter country code (ISO 3166-1 alpha-2), as Kii's `country` field.
    public var country: String?

    public init(
        id: String? = nil, nickname: String? = nil, email: String? = nil,
        phoneNumber: String? = nil, displayName: String? = nil, country: String? = nil
    ) {
        self.id = id
        self.nickname = nickname
        self.email = email
        self.phoneNumber = phoneNumber
        self.displayName = displayName
        self.country = country
    }

    enum CodingKeys: String, CodingKey {
        case id, nickname, email, country
        case phoneNumber = "phone_number"
        case displayName = "display_name"
    }
}

/// One stored login: everything needed to use, refresh, show and revoke it without the network.
///
/// Expiry is kept as absolute instants, not the `expires_in` seconds of the token response, so a
/// session read a day later still knows whether its token is valid (§B.4: "store the full record
/// with an absolute expiry"). On disk, instants are RFC 3339 UTC strings to the whole second,
/// truncated: a stored expiry is never later than the real one.
public struct StoredSession: Codable, Sendable, Equatable {
    /// Profile-independent provider name (`kakao`, `snapchat`, or a configured OIDC provider).
    public var provider: String
    /// The client the tokens were issued to; a refresh must use the same one.
    public var clientID: String
    /// The provider's user id, when the login returned or looked it up.
    public var userID: String?
    /// The `token_type` of the token response, normally `bearer`.
    public var tokenType: String
    public var accessToken: String
    public var accessTokenExpiresAt: Date
    public var refreshToken: String?
    /// Nil when the provider does not say (then the refresh token is tried until it is refused).
    public var refreshTokenExpiresAt: Date?
    /// The scopes granted, which may be fewer than the ones asked for.
    public var scopes: [String]
    public var idToken: String?
    /// Whether the login asked for `openid`: a refresh of such a session may return a new ID token,
    /// and logout may use the OIDC end-session endpoint.
    public var openID: Bool
    public var user: CachedUser?
    /// The provider's base URLs when the login was made, so later commands reach the server that
    /// issued the tokens (a sandbox, a test server) even when the environment no longer names it.
    public var authBaseURL: String?
    public var apiBaseURL: String?
    /// An OpenID Connect provider's issuer and discovered endpoints: a refresh or logout needs no
    /// discovery request, and an ID token is checked against the issuer the login used.
    public var issuer: String?
    public var endpoints: ProviderEndpoints?
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        provider: String,
        clientID: String,
        userID: String? = nil,
        tokenType: String = "bearer",
        accessToken: String,
        accessTokenExpiresAt: Date,
        refreshToken: String? = nil,
        refreshTokenExpiresAt: Date? = nil,
        scopes: [String] = [],
        idToken: String? = nil,
        openID: Bool = false,
        user: CachedUser? = nil,
        authBaseURL: String? = nil,
        apiBaseURL: String? = nil,
        issuer: String? = nil,
        endpoints: ProviderEndpoints? = nil,
        createdAt: Date,
        updatedAt: Date
    ) {
        self.provider = provider
        self.clientID = clientID
        self.userID = userID
        self.tokenType = tokenType
        self.accessToken = accessToken
        self.accessTokenExpiresAt = accessTokenExpiresAt
        self.refreshToken = refreshToken
        self.refreshTokenExpiresAt = refreshTokenExpiresAt
        self.scopes = scopes
        self.idToken = idToken
        self.openID = openID
        self.user = user
        self.authBaseURL = authBaseURL
        self.apiBaseURL = apiBaseURL
        self.issuer = issuer
        self.endpoints = endpoints
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, CodingKey {
        case provider, scopes, user
        case clientID = "client_id"
        case userID = "user_id"
        case tokenType = "token_type"
        case accessToken = "access_token"
        case accessTokenExpiresAt = "access_token_expires_at"
        case refreshToken = "refresh_token"
        case refreshTokenExpiresAt = "refresh_token_expires_at"
        case idToken = "id_token"
        case openID = "openid"
        case authBaseURL = "auth_url"
        case apiBaseURL = "api_url"
        case issuer, endpoints
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}

/// The whole keystore file: every profile's session and which profile is the default.
///
/// One file for all profiles, so a single lock and a single atomic rename cover `kauth switch`,
/// a login and a refresh alike.
public struct KeystoreContents: Codable, Sendable, Equatable {
    /// The only format version this build reads and writes. A file with another version is
    /// reported as corrupt rather than guessed at, and never overwritten.
    public static let currentVersion = 1

    public var version: Int
    /// The profile used when neither `--profile` nor `KAUTH_PROFILE` names one.
    public var defaultProfile: String?
    /// Sessions by profile name.
    public var profiles: [String: StoredSession]

    public init(version: Int = KeystoreContents.currentVersion, defaultProfile: String? = nil, profiles: [String: StoredSession] = [:]) {
        self.version = version
        self.defaultProfile = defaultProfile
        self.profiles = profiles
    }

    /// What a missing file means: no logins yet.
    public static let empty = KeystoreContents()

    enum CodingKeys: String, CodingKey {
        case version, profiles
        case defaultProfile = "default_profile"
    }
}
