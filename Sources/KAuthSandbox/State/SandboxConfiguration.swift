import KAuthBasics
import KAuthCore

/// How a sandbox provider behaves. Every member has a default taken from what Kakao answers for a
/// REST API key, so `SandboxConfiguration()` behaves like a real app.
package struct SandboxConfiguration: Sendable, Equatable {
    /// The app key that `/oauth/authorize` and `/oauth/token` accept. `nil` accepts any, which is
    /// what a developer trying kauth wants; set it to test a client's handling of KOE101.
    package var clientID: String?
    /// When set, token calls must carry it (Kakao's "Client secret" switch, KOE010 otherwise).
    package var clientSecret: String?
    /// Seconds an access token lives (Kakao REST keys: 6 h minus one second).
    package var accessTokenLifetime: Int
    /// Seconds an ID token is valid (`exp` − `iat`, default one hour). Shorter than the access
    /// token plays a provider whose ID tokens must be renewed by a refresh (Kubernetes' use).
    package var idTokenLifetime: Int
    /// Seconds a refresh token lives (Kakao: about 60 days).
    package var refreshTokenLifetime: Int
    /// A refresh answers with a new refresh token only when the old one has less than this many
    /// seconds left, and the old one then stops working (Kakao: one month). Set it to at least
    /// `refreshTokenLifetime` to rotate on every refresh.
    package var rotationThreshold: Int
    /// Seconds an authorization code can be redeemed.
    var codeLifetime: Int
    /// The simulated user refuses consent: authorize redirects with `error=access_denied`.
    package var deny: Bool
    /// Scopes the simulated user agrees to on the first login with an app, besides any asked for
    /// with `scope=`, like the consent items an app sets in the Kakao console.
    package var defaultScopes: [String]
    /// The app id `/v1/user/access_token_info` reports.
    package var appID: Int64
    /// Where users, consents, codes and tokens are kept across restarts (JSON, written on every
    /// change). `nil` keeps everything in memory.
    package var stateFile: String?
    /// Kakao's "auto-link" app setting (default `true`): a first login links the user to the
    /// app. With `false` the app must call `POST /v1/user/signup`, and `/v2/user/me` reports
    /// `has_signed_up`.
    package var autoLink: Bool
    /// The app's own user-property keys, registered besides Kakao's default `nickname`,
    /// `profile_image` and `thumbnail_image` (default `level` and `team`). Only registered keys
    /// can be set with `/v1/user/update_profile` (-201 otherwise).
    var customPropertyKeys: [String]
    /// The app's service terms (Kakao Sync), in the order `/v2/user/service_terms` lists them.
    /// A first login agrees to the required ones; `service_terms=` at authorize to those named.
    /// Default: `service_20230101` and `privacy_20230101` (required, not revocable),
    /// `marketing_2023` and `newsletter` (optional, revocable).
    package var serviceTerms: [SandboxServiceTerm]
    /// How many shipping addresses a user without addresses of its own in the state file has
    /// (default 25: three pages of the default `page_size` 10). `0` gives none.
    package var shippingAddressCount: Int
    /// Domains registered for the app's Web platform: share links elsewhere get a warning.
    var shareDomains: [String]
    /// Templates of the console's message template builder: ID → the `${…}` arguments it uses.
    var customTemplates: [Int64: [String]]
    /// Which provider the sandbox plays: Kakao (default) or a Snap Login Kit look-alike. Each
    /// serves only its own paths; control endpoints under `/_sandbox/` are shared.
    package var mode: SandboxMode
    /// Kakao's "OpenID Connect" app switch (default off): an authorize
    /// request with scope `openid` gets an `id_token` with its tokens, authorization redirects
    /// carry `iss` (RFC 9207), and `/v1/oidc/userinfo` answers.
    package var oidc: Bool
    /// The issuer (`iss`) of ID tokens and discovery, and the base of the URLs discovery lists:
    /// `SandboxServer` sets its own `baseURL` when this is nil. An in-process provider without one
    /// uses `SandboxConfiguration.placeholderIssuer`.
    package var issuer: String?
    /// Seconds a device client must wait between polls of the token endpoint (RFC 8628 §3.2
    /// `interval`, default 5). Each `slow_down` adds 5 to that device code's interval.
    package var deviceInterval: Int
    /// How clients may authenticate at the token, device authorization and revocation endpoints
    /// (RFC 6749 §2.3.1), as discovery's `token_endpoint_auth_methods_supported` and
    /// `revocation_endpoint_auth_methods_supported` list them. Default: `client_secret_post`
    /// only, as Kakao (credentials in the form); `[.clientSecretBasic]` plays a server such as
    /// Glewlwyd whose confidential clients must use HTTP Basic. A public client (no
    /// `clientSecret`) is always identified by `client_id` alone (`none`).
    package var clientAuthMethods: [SandboxClientAuthMethod]
    /// A refused refresh (unknown, expired, revoked or replayed refresh token) is a bare
    /// `HTTP 400` with no body, as Glewlwyd answers, instead of the JSON `invalid_grant` (KOE322).
    package var bareRefreshErrors: Bool
    /// Every refresh answers a new refresh token and ends the presented one (one-use refresh
    /// tokens), whatever is left of its life; otherwise Kakao's `rotationThreshold` rule.
    package var oneUseRefreshTokens: Bool
    /// A public client must prove it holds the grant to revoke a token of it: the revocation
    /// endpoint answers 401 unless the request carries `Authorization: Bearer` with a live access
    /// token of the same grant (Glewlwyd's rule). Confidential clients authenticate as usual.
    package var revocationRequiresBearer: Bool
    /// Whether and how authorization responses carry `iss` (RFC 9207). See
    /// `SandboxIssParameter`.
    package var authorizationResponseIss: SandboxIssParameter
    /// An authorize request whose scope names `openid` must carry a `nonce` (Glewlwyd's "nonce
    /// required"): without one it is refused with `invalid_request`.
    package var requireNonce: Bool
    /// How many Kakao Talk friends every user has (`/v1/api/talk/friends`, default 25: three pages
    /// of the default `limit` 10). Every fourth is a favorite; the second, and every seventh after
    /// it, does not accept messages from the app (`allowed_msg: false`).
    package var friendCount: Int
    /// The app has Kakao Talk Social permission with the `friends` consent item enabled (default).
    /// Off, the friends API answers -3 ("App disabled [friends] scopes for [FRIENDS] API").
    package var friendsAPIEnabled: Bool
    /// Names as Kakao's own servers give them to Korean users (default off): consent items' Korean
    /// `display_name`s ("닉네임", "카카오계정(이메일)"), Korean friends' nicknames, and Korean
    /// shipping addresses, so that tables with wide characters can be tried. Off, the names are
    /// English, as the sandbox always gave them.
    package var koreanNames: Bool = false
    /// What the user does on the shipping-address picker pages of the apps host.
    var pickerOutcome: SandboxPickerOutcome
    /// The algorithm ID tokens are signed with (default RS256), the one discovery lists in
    /// `id_token_signing_alg_values_supported`. RS* and PS* use the RSA signing key (the JWK set
    /// then names the algorithm in its `alg`), ES* and EdDSA a key of their own made on first
    /// need and listed beside it, HS* the client secret (which must then be set).
    package var idTokenAlgorithm: JWSAlgorithm
    /// UserInfo answers with this `sub` instead of the user's id: a provider that answers for
    /// someone else, which a client must not use (OIDC Core §5.3.2).
    package var userinfoSubject: String?
    /// Whether the code and device grants answer a refresh token (default); off plays a
    /// provider that only issues one when asked with `offline_access` and `prompt=consent`.
    package var issueRefreshTokens: Bool
    /// Whether discovery's `scopes_supported` lists the OpenID Connect standard scopes `profile`
    /// and `email` (OIDC Core §5.4) besides `openid` and the consent items. Off (default), as
    /// Kakao's document, though the sandbox accepts both when asked.
    package var advertiseStandardScopes: Bool
    /// The PEM public key (`-----BEGIN PUBLIC KEY-----`, RSA or EC) registered for the app's
    /// `private_key_jwt` assertions.
    package var clientPublicKey: String? = nil
    /// RFC 8705 §2.1.2 `tls_client_auth_subject_dn`: the subject (RFC 4514) the client's
    /// certificate must have for `tls_client_auth`; without one, no certificate is the client's.
    package var clientCertificateSubject: String? = nil
    /// Whether an assertion's `aud` must be, as one string, the URL it is presented at (Glewlwyd's
    /// rule, `assertion_audience=endpoint`), rather than include the token endpoint or the issuer.
    package var assertionAudienceIsEndpoint = false
    /// `token_endpoint_auth_signing_alg_values_supported`: the algorithms assertions may use.
    package var assertionAlgorithms: [String] = ["RS256", "PS256", "ES256", "ES384", "ES512", "HS256"]
    /// How many items `GET /api/items` lists (default 25: three pages of the default 10).
    var itemCount: Int = 25
    /// Where next-page links point (Kakao's `after_url`, RFC 8288 `Link`) when not at the sandbox
    /// itself: another origin, as a hostile or careless provider could name.
    var pageLinkBase: String?
    /// Every next-page link points back to the first page, as a provider whose paging loops would.
    var pageLinksLoop: Bool = false
    /// The page of `GET /api/items` that answers 503 (0: none), to fail a walk midway.
    var itemFailurePage: Int = 0
    /// The resources (RFC 8707) tokens may be asked for; any other is `invalid_target`.
    var resources: [String] = ["https://api.example.com", "https://files.example.com"]
    /// ID tokens say the user authenticated this many seconds ago, whatever `max_age` asked: a
    /// provider that ignores `max_age` (0: now, the default).
    var authTimeAge: Int = 0

    /// The issuer of a provider that is not served on a socket: a reserved name (RFC 6761) that
    /// no client can reach by mistake.
    package static let placeholderIssuer = "http://sandbox.invalid"

    package init(
        clientID: String? = nil,
        clientSecret: String? = nil,
        accessTokenLifetime: Int = 21599,
        idTokenLifetime: Int = 3600,
        refreshTokenLifetime: Int = 5_183_999,
        rotationThreshold: Int = 2_592_000,
        codeLifetime: Int = 600,
        deny: Bool = false,
        defaultScopes: [String] = ["profile_nickname", "profile_image", "account_email"],
        appID: Int64 = 424_242,
        stateFile: String? = nil,
        autoLink: Bool = true,
        customPropertyKeys: [String] = ["level", "team"],
        serviceTerms: [SandboxServiceTerm] = SandboxServiceTerm.defaults,
        shippingAddressCount: Int = 25,
        shareDomains: [String] = ["developers.kakao.com", "example.com", "localhost", "127.0.0.1"],
        customTemplates: [Int64: [String]] = [12345: ["title", "description"]],
        mode: SandboxMode = .kakao,
        oidc: Bool = false,
        issuer: String? = nil,
        deviceInterval: Int = 5,
        clientAuthMethods: [SandboxClientAuthMethod] = [.clientSecretPost],
        bareRefreshErrors: Bool = false,
        oneUseRefreshTokens: Bool = false,
        revocationRequiresBearer: Bool = false,
        authorizationResponseIss: SandboxIssParameter = .standard,
        requireNonce: Bool = false,
        friendCount: Int = 25,
        friendsAPIEnabled: Bool = true,
        pickerOutcome: SandboxPickerOutcome = .choose(addressID: nil, detailAddress: nil),
        idTokenAlgorithm: JWSAlgorithm = .rs256,
        userinfoSubject: String? = nil,
        issueRefreshTokens: Bool = true,
        advertiseStandardScopes: Bool = false
    ) {
        self.idTokenAlgorithm = idTokenAlgorithm
        self.userinfoSubject = userinfoSubject
        self.issueRefreshTokens = issueRefreshTokens
        self.advertiseStandardScopes = advertiseStandardScopes
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.accessTokenLifetime = accessTokenLifetime
        self.idTokenLifetime = idTokenLifetime
        self.refreshTokenLifetime = refreshTokenLifetime
        self.rotationThreshold = rotationThreshold
        self.codeLifetime = codeLifetime
        self.deny = deny
        self.defaultScopes = defaultScopes
        self.appID = appID
        self.stateFile = stateFile
        self.autoLink = autoLink
        self.customPropertyKeys = customPropertyKeys
        self.serviceTerms = serviceTerms
        self.shippingAddressCount = shippingAddressCount
        self.shareDomains = shareDomains
        self.customTemplates = customTemplates
        self.mode = mode
        self.oidc = oidc
        self.issuer = issuer
        self.deviceInterval = deviceInterval
        self.clientAuthMethods = clientAuthMethods
        self.bareRefreshErrors = bareRefreshErrors
        self.oneUseRefreshTokens = oneUseRefreshTokens
        self.revocationRequiresBearer = revocationRequiresBearer
        self.authorizationResponseIss = authorizationResponseIss
        self.requireNonce = requireNonce
        self.friendCount = friendCount
        self.friendsAPIEnabled = friendsAPIEnabled
        self.pickerOutcome = pickerOutcome
    }

    /// `issuer`, or the placeholder when none is set.
    var effectiveIssuer: String { issuer ?? Self.placeholderIssuer }

    /// The `iss` that authorization responses (codes and errors) carry, if any.
    var authorizationResponseIssValue: String? {
        switch authorizationResponseIss {
        case .standard: return oidc ? effectiveIssuer : nil
        case .unadvertised: return effectiveIssuer
        case .wrong: return effectiveIssuer + "/wrong"
        }
    }

    /// Discovery's `authorization_response_iss_parameter_supported`.
    var advertisesIssParameter: Bool {
        authorizationResponseIss == .standard ? oidc : false
    }
}

/// A way for an OAuth client to send its credentials (RFC 8414 §2 names).
package enum SandboxClientAuthMethod: String, Sendable, Equatable, CaseIterable {
    /// `Authorization: Basic base64(urlencode(client_id):urlencode(client_secret))`.
    case clientSecretBasic = "client_secret_basic"
    /// `client_id` and `client_secret` in the form body.
    case clientSecretPost = "client_secret_post"
    /// A JWT assertion signed with HMAC over the client secret.
    case clientSecretJWT = "client_secret_jwt"
    /// A JWT assertion signed with the client's private key; `clientPublicKey` verifies it.
    case privateKeyJWT = "private_key_jwt"
    /// `client_id` alone in the form: the TLS layer in front of the sandbox (which itself speaks
    /// plain HTTP) has checked the client certificate (RFC 8705 §2).
    case tlsClientAuth = "tls_client_auth"
}

/// `iss` in authorization responses (RFC 9207), for testing how a client checks it.
package enum SandboxIssParameter: String, Sendable, Equatable, CaseIterable {
    /// Sent, and advertised in discovery, exactly when OpenID Connect is on.
    case standard
    /// Always sent (the right value), while discovery says
    /// `authorization_response_iss_parameter_supported: false`: a client must still check an
    /// `iss` that is present.
    case unadvertised
    /// Always sent, with a value that is not the issuer (the issuer with `/wrong` appended, so
    /// that a prefix comparison does not pass it either), and not advertised: a mix-up the client
    /// must refuse even from a provider that never said it sends `iss`.
    case wrong
}

/// What the simulated user does on a shipping-address picker page (`/user/address`,
/// `/user/address/create`, `/user/address/edit`). Every outcome but `close` ends in a plain 302
/// to the client's `return_url`, so a "browser" that only follows redirects completes it.
package enum SandboxPickerOutcome: Sendable, Equatable {
    /// The user completes the page: on the select page chooses `addressID` (nil: the default
    /// address); on the create page adds an address; on the edit page changes the address being
    /// edited. Create and edit write `detailAddress` (nil: a text of the sandbox's own).
    case choose(addressID: Int64?, detailAddress: String?)
    /// The user closes the window: the page is shown and nothing is ever redirected.
    case close
    /// The page fails with a KAE `code` and `message`, redirected to `return_url`.
    case fail(code: String, message: String)
}

/// The provider a sandbox plays.
package enum SandboxMode: String, Sendable, Equatable, CaseIterable {
    /// `kauth.kakao.com` and `kapi.kakao.com`, with OpenID Connect,
    /// RFC 7009 revocation and the RFC 8628 device grant as sandbox additions.
    case kakao
    /// Snap Login Kit's OAuth2 endpoints and GraphQL `/v1/me`.
    case snapchat
}

/// One of an app's service terms (Kakao Sync), named by its tag.
package struct SandboxServiceTerm: Sendable, Equatable {
    package var tag: String
    /// A first login agrees to every required term.
    package var required: Bool
    /// Whether `/v2/user/revoke/service_terms` may withdraw the agreement.
    package var revocable: Bool

    /// Two required terms that cannot be withdrawn and two optional ones that can.
    static let defaults: [SandboxServiceTerm] = [
        SandboxServiceTerm(tag: "service_20230101", required: true, revocable: false),
        SandboxServiceTerm(tag: "privacy_20230101", required: true, revocable: false),
        SandboxServiceTerm(tag: "marketing_2023", required: false, revocable: true),
        SandboxServiceTerm(tag: "newsletter", required: false, revocable: true)
    ]
}
