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

/// The state file's layout. Collections are arrays of records carrying their own `value`, so
/// that no token ever becomes a JSON object key.
private struct SandboxStateFile: Codable {
    var version: Int
    var users: [SandboxUserRecord]
    var consents: [ConsentRecord]
    var codes: [CodeRecord]
    var accessTokens: [AccessTokenRecord]
    var refreshTokens: [RefreshTokenRecord]
    /// Absent in files written before the device grant existed.
    var deviceCodes: [DeviceCodeRecord]?
    /// Absent until an ID token is first signed (or in files from before OIDC).
    var signingKey: SigningKeyRecord?
}

/// Why the sandbox could not use its state file.
package enum SandboxStateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file exists but is not a sandbox state file. It is left alone rather than replaced.
    case unreadable(path: String, reason: String)
    case writeFailed(path: String, reason: String)

    package var description: String {
        switch self {
        case .unreadable(let path, let reason): return "sandbox state file \(path) is unreadable: \(reason)"
        case .writeFailed(let path, let reason): return "cannot write sandbox state file \(path): \(reason)"
        }
    }
}

/// Reads and writes the state file. The file holds live sandbox tokens, so it is written 0600
/// through a temporary file and `rename`: a crash never leaves half a file behind.
struct SandboxStateStore: Sendable {
    let path: String

    static let currentVersion = 1

    func load() throws -> SandboxState? {
        let data: Data
        do {
            guard let contents = try FileSystem.live.readFile(path) else { return nil }
            data = contents
        } catch {
            throw SandboxStateError.unreadable(path: path, reason: "\(error)")
        }
        let file: SandboxStateFile
        do {
            file = try Self.decoder().decode(SandboxStateFile.self, from: data)
        } catch {
            throw SandboxStateError.unreadable(path: path, reason: "not a sandbox state file (\(error))")
        }
        guard file.version == Self.currentVersion else {
            throw SandboxStateError.unreadable(path: path, reason: "unsupported version \(file.version)")
        }
        guard !file.users.isEmpty else {
            throw SandboxStateError.unreadable(path: path, reason: "no users")
        }
        return SandboxState(
            users: file.users,
            consents: file.consents,
            codes: Dictionary(file.codes.map { ($0.value, $0) }, uniquingKeysWith: { first, _ in first }),
            accessTokens: Dictionary(file.accessTokens.map { ($0.value, $0) }, uniquingKeysWith: { first, _ in first }),
            refreshTokens: Dictionary(
                file.refreshTokens.map { ($0.value, $0) }, uniquingKeysWith: { first, _ in first }),
            deviceCodes: Dictionary(
                (file.deviceCodes ?? []).map { ($0.deviceCode, $0) }, uniquingKeysWith: { first, _ in first }),
            signingKey: file.signingKey
        )
    }

    func save(_ state: SandboxState) throws {
        // Sorted so that the file does not churn between writes of the same state.
        let file = SandboxStateFile(
            version: Self.currentVersion,
            users: state.users,
            consents: state.consents,
            codes: state.codes.values.sorted { $0.value < $1.value },
            accessTokens: state.accessTokens.values.sorted { $0.value < $1.value },
            refreshTokens: state.refreshTokens.values.sorted { $0.value < $1.value },
            deviceCodes: state.deviceCodes.isEmpty
                ? nil : state.deviceCodes.values.sorted { $0.deviceCode < $1.deviceCode },
            signingKey: state.signingKey
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let data: Data
        do {
            data = try encoder.encode(file)
        } catch {
            throw SandboxStateError.writeFailed(path: path, reason: "\(error)")
        }
        try writeAtomically(data)
    }

    private static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    /// The same atomic write as the keystore's (temporary file, fsync, rename, folder fsync).
    private func writeAtomically(_ data: Data) throws {
        do {
            try FileSystem.live.writeFileAtomically(path, data, 0o600)
        } catch {
            throw SandboxStateError.writeFailed(path: path, reason: "\(error)")
        }
    }
}
