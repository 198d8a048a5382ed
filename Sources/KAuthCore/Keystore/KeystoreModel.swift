#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One stored login: everything needed to use, refresh, show and revoke it without the network.
///
/// Expiry is kept as absolute instants, not the `expires_in` seconds of the token response, so a
/// session read a day later still knows whether its token is valid. On disk, instants are RFC 3339 UTC strings to the whole second,
/// truncated: a stored expiry is never later than the real one.
package struct StoredSession: Codable, Sendable, Equatable {
    /// Profile-independent provider name (`kakao`, `snapchat`, `oidc`, or a configured provider).
    package var provider: String
    /// The provider's type (`kakao`, `snapchat`, `oidc`), so the login stays usable when a named
    /// provider's config entry is gone.
    package var providerType: String?
    /// The client the tokens were issued to; a refresh must use the same one.
    package var clientID: String
    /// The client secret the login used, so a refresh can authenticate the same way; environment
    /// and config override it.
    package var clientSecret: String?
    /// The provider's user id, when the login returned or looked it up.
    package var userID: String?
    /// The `token_type` of the token response, normally `bearer`.
    package var tokenType: String
    package var accessToken: String
    package var accessTokenExpiresAt: Date
    /// When the access token was obtained: with its expiry, its lifetime, which keeps `kauth token`
    /// from refreshing a young token just because a threshold cannot be met.
    package var accessTokenIssuedAt: Date?
    package var refreshToken: String?
    /// Nil when the provider does not say (then the refresh token is tried until it is refused).
    package var refreshTokenExpiresAt: Date?
    /// The scopes granted, which may be fewer than the ones asked for.
    package var scopes: [String]
    package var idToken: String?
    /// Whether the login asked for `openid`: a refresh of such a session may return a new ID token,
    /// and logout may use the OIDC end-session endpoint.
    package var openID: Bool
    package var user: CachedUser?
    /// The provider's base URLs when the login was made, so later commands reach the server that
    /// issued the tokens (a sandbox, a test server) even when the environment no longer names it.
    package var authBaseURL: String?
    package var apiBaseURL: String?

    /// The stored base URLs by role.
    package var baseURLs: [ProviderURLRole: String] {
        var urls: [ProviderURLRole: String] = [:]
        urls[.auth] = authBaseURL
        urls[.api] = apiBaseURL
        return urls
    }
    /// An OpenID Connect provider's issuer and discovered endpoints: a refresh or logout needs no
    /// discovery request, and an ID token is checked against the issuer the login used.
    package var issuer: String?
    var endpoints: ProviderEndpoints?
    package var createdAt: Date
    package var updatedAt: Date
    /// Set when the provider refused this login (its refresh token, or its access token right after
    /// a refresh), or an unlink ended it: such a login gives no token, offline, until a new login
    /// replaces it. Without it, `status` would go on calling a dead login valid.
    package var rejection: SessionRejection?
    /// How a login without a user renews itself: the grant it was made with, asked again when
    /// its access token runs out (nil: a person's login, renewed with its refresh token).
    package var grant: MachineGrant?
    /// A token-exchange login (RFC 8693): where its subject token comes from, so that it is
    /// exchanged again from there when the access token expires (it has no refresh token).
    package var tokenExchange: TokenExchangeRequest?
    /// False when the token answer did not say which scopes were granted, so `scopes` are the
    /// ones asked for (RFC 6749 §5.1: then they were granted as asked), not confirmed by the
    /// server; nil when it said.
    package var scopesConfirmed: Bool?
    /// The scopes the login asked for, when it named any: a provider may grant them under other
    /// names (Kakao answers `email` with `account_email`) or add its own, so `status` and the
    /// login say both.
    package var scopesAsked: [String]?
    /// The resources (RFC 8707) the login named, which `kauth token --resource` may ask for.
    package var resources: [String]?
    /// Access tokens for one resource each (RFC 8707 §2.2, asked with the refresh token), by
    /// resource, each refreshed on its own.
    package var resourceTokens: [String: ResourceToken]?
    /// AWS credentials STS gave for this login's tokens, by role and token kind
    /// (`StoredAWSCredentials.key`); nil when there are none.
    package var awsCredentials: [String: StoredAWSCredentials]?

    package init(
        provider: String,
        providerType: String? = nil,
        clientID: String,
        clientSecret: String? = nil,
        userID: String? = nil,
        tokenType: String = "bearer",
        accessToken: String,
        accessTokenExpiresAt: Date,
        accessTokenIssuedAt: Date? = nil,
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
        updatedAt: Date,
        rejection: SessionRejection? = nil,
        scopesConfirmed: Bool? = nil,
        scopesAsked: [String]? = nil,
        awsCredentials: [String: StoredAWSCredentials]? = nil
    ) {
        self.provider = provider
        self.providerType = providerType
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.accessTokenIssuedAt = accessTokenIssuedAt
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
        self.rejection = rejection
        self.scopesConfirmed = scopesConfirmed
        self.scopesAsked = scopesAsked
        self.awsCredentials = awsCredentials
    }

    enum CodingKeys: String, CodingKey {
        case provider, scopes, user
        case clientID = "client_id"
        case providerType = "provider_type"
        case clientSecret = "client_secret"
        case accessTokenIssuedAt = "access_token_issued_at"
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
        case rejection, resources, grant
        case awsCredentials = "aws_credentials"
        case tokenExchange = "token_exchange"
        case scopesConfirmed = "scopes_confirmed"
        case scopesAsked = "scopes_asked"
        case resourceTokens = "resource_tokens"
    }
}

/// An access token for one resource (RFC 8707 §2.2), kept beside the login's own.
package struct ResourceToken: Codable, Sendable, Equatable {
    package var accessToken: String
    package var tokenType: String
    package var expiresAt: Date
    package var issuedAt: Date?

    package init(accessToken: String, tokenType: String, expiresAt: Date, issuedAt: Date?) {
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.expiresAt = expiresAt
        self.issuedAt = issuedAt
    }

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case tokenType = "token_type"
        case expiresAt = "expires_at"
        case issuedAt = "issued_at"
    }
}

/// The grant a machine's login was made with, and what it asked for, so that the next access
/// token is asked for the same way (RFC 6749 §4.4: no refresh token).
package struct MachineGrant: Codable, Sendable, Equatable {
    package var type: GrantType
    /// The scopes asked for (none: the server's default for the client).
    package var scopes: [String]
    /// The resources (RFC 8707) asked for, sent again with every renewal; nil: none (also in
    /// keystores written before resources were taken here).
    package var resources: [String]?

    package init(type: GrantType, scopes: [String], resources: [String] = []) {
        self.type = type
        self.scopes = scopes
        self.resources = resources.isEmpty ? nil : resources
    }

    package enum GrantType: String, Codable, Sendable, Equatable {
        case clientCredentials = "client_credentials"
    }
}

/// The whole keystore file: every profile's session and which profile is the default.
///
/// One file for all profiles, so a single lock and a single atomic rename cover `kauth switch`,
/// a login and a refresh alike.
package struct KeystoreContents: Codable, Sendable, Equatable {
    /// The only format version this build reads and writes. A file with another version is
    /// reported as corrupt rather than guessed at, and never overwritten.
    package static let currentVersion = 1

    package var version: Int
    /// The profile used when neither `--profile` nor `KAUTH_PROFILE` names one.
    package var defaultProfile: String?
    /// Sessions by profile name.
    package var profiles: [String: StoredSession]
    /// Written only at the top of a plain file (`none`), so that the file says how it is
    /// protected; nil in memory (`KeystoreSnapshot.protection` has it) and inside encrypted files.
    var protection: String?
    /// With `protection: none`, why no keyring was used (a `NoKeyringReason`).
    var noKeyringReason: String?

    init(
        version: Int = KeystoreContents.currentVersion, defaultProfile: String? = nil,
        profiles: [String: StoredSession] = [:]
    ) {
        self.version = version
        self.defaultProfile = defaultProfile
        self.profiles = profiles
    }

    /// What a missing file means: no logins yet.
    package static let empty = KeystoreContents()

    enum CodingKeys: String, CodingKey {
        case version, profiles
        case defaultProfile = "default_profile"
        case protection
        case noKeyringReason = "no_keyring_reason"
    }
}
