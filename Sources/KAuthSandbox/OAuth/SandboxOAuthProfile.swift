import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What one provider's OAuth endpoints do differently from another's, as a value: the engine in
/// `OAuth/` runs the authorization, token and revocation endpoints of every mode and reads the
/// differences here, so that a new provider in the sandbox is one more profile rather than a
/// copy of the routes. Switches a test turns at run time (OpenID Connect, the strict-server
/// ones) stay in `SandboxConfiguration`; a profile holds what the provider is.
struct SandboxOAuthProfile: Sendable {
    /// Where the authorization endpoint is served.
    var authorizePath: String
    /// The page shown for an authorization request that cannot be redirected to the client:
    /// status, KOE code, `error` and description.
    var errorPage: @Sendable (Int, String, String, String, inout SandboxLogEntry) -> HTTPServerResponse
    /// A `response_type` other than `code` is shown on that page (Kakao) rather than redirected
    /// as `unsupported_response_type` (RFC 6749 §4.1.2.1).
    var showsResponseTypeError: Bool
    /// Every authorization request must carry PKCE with S256; otherwise PKCE is optional, and a
    /// code issued without it refuses a verifier.
    var requiresPKCE: Bool
    /// Authorization responses carry RFC 9207's `iss` as the configuration says; otherwise never.
    var issParameter: Bool
    /// What the user is asked and agrees to: the request's scopes and other parameters.
    var consent: SandboxConsentStep
    /// Where the token endpoint (code, refresh and, with `devicePath`, device grants) is served.
    var tokenPath: String
    /// Where RFC 7009 revocation is served.
    var revocationPath: String
    /// Error bodies carry Kakao's `error_code` (`KOE320`) after RFC 6749's `error` and
    /// `error_description`; otherwise they are RFC 6749 §5.2's two fields alone.
    var errorCodes: Bool
    /// How clients may authenticate at the token endpoint; nil: as the configuration says
    /// (`SandboxConfiguration.clientAuthMethods`).
    var clientAuthMethods: [SandboxClientAuthMethod]?
    /// The revocation endpoint authenticates the client as the token endpoint does; otherwise a
    /// client is not required there, and one that names itself must be a known one.
    var revocationAuthenticatesClient: Bool
    /// Where RFC 8628's device authorization is served, if the profile takes the device grant.
    var devicePath: String?
    /// The `error` for a refresh request without `refresh_token`.
    var missingRefreshTokenError: String
    /// The fields of a token answer, in the order they are sent.
    var tokenFields: [SandboxTokenField]
    /// The `token_type` value.
    var tokenType: String
    /// `scope` is sent even when no scope was granted.
    var scopeAlwaysSent: Bool
    /// Seconds an access token lives; nil: `SandboxConfiguration.accessTokenLifetime`.
    var accessTokenLifetime: Int?
    /// When a refresh answers a new refresh token (and ends the presented one).
    var rotation: SandboxRefreshRotation
    /// Where a refresh's scopes come from.
    var refreshScopes: SandboxRefreshScopes
}

/// A field of a token answer; the raw value is its JSON name.
enum SandboxTokenField: String, Sendable {
    case tokenType = "token_type"
    case accessToken = "access_token"
    /// Only when an ID token was issued.
    case idToken = "id_token"
    case expiresIn = "expires_in"
    /// Only when a refresh token was issued.
    case refreshToken = "refresh_token"
    /// Only with `refresh_token`.
    case refreshTokenExpiresIn = "refresh_token_expires_in"
    /// Only when a scope was granted, unless `scopeAlwaysSent`.
    case scope
}

/// When a refresh rotates the refresh token.
enum SandboxRefreshRotation: Sendable {
    /// Kakao's rule (DT-322): only when the presented token has less than
    /// `rotationThreshold` seconds left, or always with `oneUseRefreshTokens`.
    case nearExpiry
    /// Every refresh.
    case always
}

/// Where the scopes of a refreshed access token come from.
enum SandboxRefreshScopes: Sendable {
    /// The user's consent as it is now, so a withdrawn scope is gone from the next token.
    case consent
    /// The grant the refresh token belongs to, as the login granted it.
    case grant
}

extension SandboxOAuthProfile {
    /// `kauth.kakao.com`: KOE codes, `client_secret_post` unless configured otherwise, the
    /// sandbox's RFC 7009 and RFC 8628 additions, and Kakao's rotation rule. The OpenID Connect
    /// switch (`SandboxConfiguration.oidc`) and the strict-server switches ride on this profile.
    static let kakao = SandboxOAuthProfile(
        authorizePath: "/oauth/authorize",
        errorPage: SandboxEngine.errorPage,
        showsResponseTypeError: true,
        requiresPKCE: false,
        issParameter: true,
        consent: SandboxEngine.kakaoConsent,
        tokenPath: "/oauth/token",
        revocationPath: "/oauth/revoke",
        errorCodes: true,
        clientAuthMethods: nil,
        revocationAuthenticatesClient: true,
        devicePath: "/oauth/device/code",
        missingRefreshTokenError: "invalid_grant",
        tokenFields: [.tokenType, .accessToken, .idToken, .expiresIn, .refreshToken, .refreshTokenExpiresIn, .scope],
        tokenType: "bearer",
        scopeAlwaysSent: false,
        accessTokenLifetime: nil,
        rotation: .nearExpiry,
        refreshScopes: .consent
    )

    /// Snap Login Kit's `accounts.snapchat.com`: plain OAuth errors, `client_id` in the form or
    /// HTTP Basic (the confidential flow Snap's Firebase sample uses), revocation without client
    /// authentication (Snap's is unconfirmed), `token_type` `Bearer` (the SDK refuses anything
    /// else) and always a `refresh_token` (the SDK fails without one). Access tokens live 1800
    /// seconds: Snap's code-flow lifetime is unconfirmed (a third party says 30 minutes; the
    /// implicit token lives an hour). Every refresh rotates (Snap's rotation is unconfirmed;
    /// rotating always makes a client that keeps the old one fail here rather than in
    /// production).
    static let snapchat = SandboxOAuthProfile(
        authorizePath: "/accounts/oauth2/auth",
        errorPage: SandboxEngine.snapErrorPage,
        showsResponseTypeError: false,
        requiresPKCE: true,
        issParameter: false,
        consent: SandboxEngine.snapConsent,
        tokenPath: "/accounts/oauth2/token",
        revocationPath: "/accounts/oauth2/revoke",
        errorCodes: false,
        clientAuthMethods: [.clientSecretPost, .clientSecretBasic],
        revocationAuthenticatesClient: false,
        devicePath: nil,
        missingRefreshTokenError: "invalid_request",
        tokenFields: [.accessToken, .tokenType, .expiresIn, .refreshToken, .scope],
        tokenType: "Bearer",
        scopeAlwaysSent: true,
        accessTokenLifetime: 1800,
        rotation: .always,
        refreshScopes: .grant
    )
}

extension SandboxMode {
    /// The OAuth profile of the provider this mode plays.
    var oauthProfile: SandboxOAuthProfile {
        switch self {
        case .kakao: return .kakao
        case .snapchat: return .snapchat
        }
    }
}

extension SandboxEngine {
    var profile: SandboxOAuthProfile { configuration.mode.oauthProfile }

    /// Seconds an access token issued now lives.
    var accessTokenLifetime: Int { profile.accessTokenLifetime ?? configuration.accessTokenLifetime }

    /// An OAuth error body in the profile's shape: Kakao's with its KOE `code`, or RFC 6749's.
    func oauthFailure(
        _ status: Int, _ error: String, _ description: String, _ code: String, _ entry: inout SandboxLogEntry
    ) -> HTTPServerResponse {
        profile.errorCodes
            ? Self.oauthError(status, error, description, code, &entry)
            : Self.standardError(status, error, description, &entry)
    }

    /// The authorization, token, revocation and device authorization endpoints of the profile in
    /// force, or nil for another path.
    mutating func oauthRoute(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse? {
        let path = request.path
        if path == profile.authorizePath {
            guard request.method == "GET" else {
                return profile.errorPage(405, "KOE001", "invalid_request", "use GET for \(path)", &entry)
            }
            return authorize(request, &entry)
        }
        let introspection = configuration.mode == .kakao && path == Self.introspectionPath
        guard path == profile.tokenPath || path == profile.revocationPath || path == profile.devicePath || introspection
        else {
            return nil
        }
        guard request.method == "POST" else {
            return oauthFailure(405, "invalid_request", "use POST for \(path)", "KOE001", &entry)
        }
        if introspection { return introspect(request, &entry) }
        switch path {
        case profile.tokenPath: return token(request, &entry)
        case profile.revocationPath: return revokeToken(request, &entry)
        default: return deviceAuthorization(request, &entry)
        }
    }
}
