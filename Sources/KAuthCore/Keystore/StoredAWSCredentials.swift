#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Which of a login's tokens was traded at AWS STS for a role's credentials.
package enum WebIdentityTokenKind: String, Codable, Sendable, CaseIterable {
    /// The ID token (an OpenID Connect login): what AWS's OIDC identity providers check.
    case idToken = "id_token"
    /// The access token, for an identity provider configured to take it (`--access-token`).
    case accessToken = "access_token"
}

/// Temporary AWS credentials that STS `AssumeRoleWithWebIdentity` gave for a login's token,
/// kept with the login (encrypted as the rest of the keystore) so that the AWS CLI and SDKs,
/// which run `credential_process` for every command, get them without a request until they
/// are about to expire.
///
/// Kept inside the login's `StoredSession`: a new login or a logout drops them with the tokens
/// they came from. The endpoint and session name they were asked with are kept too: credentials
/// from another STS (a test's, another partition's) or under another session name are not
/// handed out for this one.
package struct StoredAWSCredentials: Codable, Sendable, Equatable {
    package var roleARN: String
    package var tokenKind: WebIdentityTokenKind
    /// The STS endpoint that issued them.
    package var endpoint: String
    package var sessionName: String
    package var accessKeyID: String
    package var secretAccessKey: String
    package var sessionToken: String
    /// STS's `Expiration`, to the whole second, rounded down.
    package var expiration: Date
    package var obtainedAt: Date

    package init(
        roleARN: String, tokenKind: WebIdentityTokenKind, endpoint: String, sessionName: String,
        accessKeyID: String, secretAccessKey: String, sessionToken: String, expiration: Date, obtainedAt: Date
    ) {
        self.roleARN = roleARN
        self.tokenKind = tokenKind
        self.endpoint = endpoint
        self.sessionName = sessionName
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken
        self.expiration = expiration
        self.obtainedAt = obtainedAt
    }

    /// Where a login keeps the credentials of one role and token kind
    /// (`StoredSession.awsCredentials`): one entry per pair, replaced by the next request.
    package static func key(roleARN: String, tokenKind: WebIdentityTokenKind) -> String {
        tokenKind.rawValue + " " + roleARN
    }

    enum CodingKeys: String, CodingKey {
        case endpoint, expiration
        case roleARN = "role_arn"
        case tokenKind = "token_kind"
        case sessionName = "session_name"
        case accessKeyID = "access_key_id"
        case secretAccessKey = "secret_access_key"
        case sessionToken = "session_token"
        case obtainedAt = "obtained_at"
    }
}
