import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A Kakao account the sandbox logs in. Kept in the state file, so a user can edit the profile
/// (or add accounts, chosen at authorize by `login_hint` = email) and restart.
struct SandboxUserRecord: Codable, Equatable, Sendable {
    var id: Int64
    var nickname: String
    var profileImageUrl: String
    var thumbnailImageUrl: String
    var isDefaultImage: Bool
    var email: String
    var isEmailValid: Bool
    var isEmailVerified: Bool
    var name: String
    var ageRange: String
    var birthyear: String
    var birthday: String
    var birthdayType: String
    var gender: String
    var phoneNumber: String
    /// The user's shipping addresses (`/v1/user/shipping_address`). `nil`, as in every state file
    /// written before addresses existed, means the generated ones (`SandboxShipping.generated`).
    var shippingAddresses: [SandboxShippingAddress]? = nil

    /// The fixed account every fresh sandbox has.
    static let standard = SandboxUserRecord(
        id: 4_242_424_242,
        nickname: "Sandbox User",
        profileImageUrl: "https://img.example.com/kauth-sandbox/profile_640x640.jpg",
        thumbnailImageUrl: "https://img.example.com/kauth-sandbox/profile_110x110.jpg",
        isDefaultImage: false,
        email: "sandbox.user@example.com",
        isEmailValid: true,
        isEmailVerified: true,
        name: "Sandbox User",
        ageRange: "30~39",
        birthyear: "1990",
        birthday: "0101",
        birthdayType: "SOLAR",
        gender: "female",
        phoneNumber: "+82 10-1234-5678"
    )
}

/// What a user agreed to share with one app, and since when (`connected_at`): the user's link
/// with the app, with the service terms agreed, the app's user properties and, for apps with
/// auto-link off, whether the app has signed the user up.
struct ConsentRecord: Codable, Equatable, Sendable {
    var userId: Int64
    var clientId: String
    var scopes: [String]
    var connectedAt: Date
    /// Service terms (Kakao Sync) agreed, in the order they were agreed.
    var serviceTerms: [AgreedServiceTerm] = []
    /// User properties set by `/v1/user/update_profile` or `/v1/user/signup`.
    var properties: [String: String] = [:]
    /// `false` only between a first login with auto-link off and `/v1/user/signup`.
    var signedUp: Bool = true
}

extension ConsentRecord {
    /// Reads state files from before terms, properties and signup were kept: a consent without
    /// them has agreed no terms, has no stored properties and, since auto-link was the only mode
    /// then, is signed up.
    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        userId = try container.decode(Int64.self, forKey: .userId)
        clientId = try container.decode(String.self, forKey: .clientId)
        scopes = try container.decode([String].self, forKey: .scopes)
        connectedAt = try container.decode(Date.self, forKey: .connectedAt)
        serviceTerms = try container.decodeIfPresent([AgreedServiceTerm].self, forKey: .serviceTerms) ?? []
        properties = try container.decodeIfPresent([String: String].self, forKey: .properties) ?? [:]
        signedUp = try container.decodeIfPresent(Bool.self, forKey: .signedUp) ?? true
    }
}

/// A service term (Kakao Sync) that a user agreed to with an app.
struct AgreedServiceTerm: Codable, Equatable, Sendable {
    var tag: String
    var agreedAt: Date
    /// Where it was agreed: `KAUTH` (the consent page at login) or `KAPI` (through an API).
    var agreedBy: String
}

/// An authorization code and everything the token request must match.
struct CodeRecord: Codable, Equatable, Sendable {
    var value: String
    var clientId: String
    var redirectUri: String
    var userId: Int64
    var scopes: [String]
    var codeChallenge: String?
    var nonce: String?
    var expiresAt: Date
    /// Set once the code is redeemed (or burnt by a failed attempt): a second use is refused and,
    /// per RFC 6749 §4.1.2, the grant it produced is revoked.
    var redeemedGrantId: String?
    /// Whether the authorize request's scope named `openid`: the token response then carries an
    /// ID token, if OIDC is on. Absent in older state files: no.
    var openid: Bool? = nil
    /// When the simulated user authenticated (the authorize request): the ID token's `auth_time`.
    var authTime: Date? = nil
    /// Whether the request asked for `offline_access` with `prompt=consent` (OIDC Core §11): a
    /// refresh token then comes with the tokens even when `issueRefreshTokens` is off.
    var offlineAccess: Bool? = nil
    /// RFC 8707 resources the authorization request named.
    var resources: [String]? = nil
    /// The `acr` the ID token says (the first of `acr_values`).
    var acr: String? = nil
}

/// An access token. `grantId` ties it to the login that produced it, so logout can end that
/// login's refresh token too.
struct AccessTokenRecord: Codable, Equatable, Sendable {
    var value: String
    var userId: Int64
    var clientId: String
    var grantId: String
    var scopes: [String]
    var expiresAt: Date
    /// The resources (RFC 8707) the token is for, when it was asked for some: its audience, which
    /// introspection answers as `aud`.
    var resources: [String]? = nil
    /// A token exchange's subject (the CI job), for a token that is no user's.
    var subject: String? = nil
}

/// A CI job the sandbox plays: its GitHub-Actions-like request token asks for OIDC tokens with
/// this subject and lifetime (`POST /_sandbox/ci-job`).
struct SandboxCIJob: Equatable, Sendable {
    var subject: String
    var lifetime: Int
}

struct RefreshTokenRecord: Codable, Equatable, Sendable {
    var value: String
    var userId: Int64
    var clientId: String
    var grantId: String
    var expiresAt: Date
    /// Snap mode: the scopes of the grant, which every refreshed access token carries (Snap has
    /// no consent API to read them from). Kakao mode reads the consent instead.
    var scopes: [String]? = nil
    /// Set when the login asked for an ID token (scope `openid`): the time the user
    /// authenticated, which every ID token of the grant carries as `auth_time` (OIDC Core §12.2).
    var idTokenAuthTime: Date? = nil
    /// The resources of the grant (RFC 8707), the only ones a refresh may ask a token for.
    var resources: [String]? = nil
    /// The grant's `acr`, repeated in refreshed ID tokens.
    var acr: String? = nil
}

/// An RFC 8628 device authorization: what `POST /oauth/device/code` handed out and where the
/// user is with it.
struct DeviceCodeRecord: Codable, Equatable, Sendable {
    enum Status: String, Codable, Sendable {
        case pending, approved, denied
    }

    var deviceCode: String
    /// `XXXX-XXXX`, as shown to the user.
    var userCode: String
    var clientId: String
    /// The scopes asked for (normalized); an approval agrees to them, and they become what the
    /// user agreed with the app, as at `/oauth/authorize`.
    var scopes: [String]
    /// Whether `scope` named `openid`: the tokens then come with an ID token, if OIDC is on.
    var openid: Bool
    var expiresAt: Date
    /// Seconds between polls; raised by 5 at each `slow_down` (RFC 8628 §3.5).
    var interval: Int
    var lastPolledAt: Date?
    var status: Status
    /// Who approved, and when: the tokens' user and the ID token's `auth_time`.
    var userId: Int64?
    var approvedAt: Date?

    /// Expired codes are kept this long past `expiresAt`, so that polling them answers
    /// `expired_token` rather than `invalid_grant`.
    static let expiredRetention: TimeInterval = 3600
}

/// Everything the sandbox remembers between requests.
struct SandboxState: Equatable, Sendable {
    var users: [SandboxUserRecord] = [.standard]
    var consents: [ConsentRecord] = []
    var codes: [String: CodeRecord] = [:]
    var accessTokens: [String: AccessTokenRecord] = [:]
    var refreshTokens: [String: RefreshTokenRecord] = [:]
    /// Device authorizations by `device_code`.
    var deviceCodes: [String: DeviceCodeRecord] = [:]
    /// The ID-token signing key, made on first need and replaced by `/_sandbox/rotate-key`.
    var signingKey: SigningKeyRecord?

    /// Drops what can no longer be used. Answers do not change: an expired code, access token or
    /// refresh token gets the same error as an unknown one.
    mutating func purge(now: Date) {
        codes = codes.filter { $0.value.expiresAt > now }
        accessTokens = accessTokens.filter { $0.value.expiresAt > now }
        refreshTokens = refreshTokens.filter { $0.value.expiresAt > now }
        deviceCodes = deviceCodes.filter {
            $0.value.expiresAt.addingTimeInterval(DeviceCodeRecord.expiredRetention) > now
        }
    }
}
