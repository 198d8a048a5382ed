import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Kakao's OpenID Connect endpoints: discovery, the JWK set and
/// UserInfo. The ID token itself is made by `makeIDToken` (`SandboxIDToken.swift`).
extension SandboxEngine {
    /// `GET /.well-known/openid-configuration` (OIDC Discovery §4, RFC 8414 fields): Kakao's
    /// document with the sandbox's own URLs, plus the sandbox's additions (revocation, the
    /// device grant, `none` client authentication for public clients, RFC 9207 `iss`).
    ///
    /// Served whether or not OIDC is on, as Kakao serves it for every app; what the switch
    /// changes is `authorization_response_iss_parameter_supported`, which says whether redirects
    /// carry `iss`, so that a client holding the document never rejects a redirect for lacking
    /// one (unless `authorizationResponseIss` says to mislead it). The client authentication
    /// methods are the configured ones, plus `none` for a public client.
    func discovery(_ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        let issuer = configuration.effectiveIssuer
        let authMethods = configuration.advertisedClientAuthMethods
        let strings: ([String]) -> OrderedJSON = { .array($0.map(OrderedJSON.string)) }
        let document = OrderedJSON.object([
            ("issuer", .string(issuer)),
            ("authorization_endpoint", .string(issuer + "/oauth/authorize")),
            ("token_endpoint", .string(issuer + "/oauth/token")),
            ("userinfo_endpoint", .string(issuer + "/v1/oidc/userinfo")),
            ("jwks_uri", .string(issuer + "/.well-known/jwks.json")),
            ("revocation_endpoint", .string(issuer + "/oauth/revoke")),
            ("device_authorization_endpoint", .string(issuer + "/oauth/device/code")),
            ("introspection_endpoint", .string(issuer + Self.introspectionPath)),
            ("response_types_supported", strings(["code"])),
            ("response_modes_supported", strings(["query"])),
            ("subject_types_supported", strings(["public"])),
            ("id_token_signing_alg_values_supported", strings([configuration.idTokenAlgorithm.rawValue])),
            ("code_challenge_methods_supported", strings(["S256"])),
            (
                "grant_types_supported",
                strings(
                    ["authorization_code", "refresh_token", Self.deviceGrantType, "client_credentials"]
                        + (configuration.oidc ? [Self.tokenExchangeGrantType] : []))
            ),
            ("token_endpoint_auth_methods_supported", strings(authMethods)),
            ("token_endpoint_auth_signing_alg_values_supported", strings(configuration.assertionAlgorithms)),
            ("revocation_endpoint_auth_methods_supported", strings(authMethods)),
            ("introspection_endpoint_auth_methods_supported", strings(authMethods)),
            ("authorization_response_iss_parameter_supported", .bool(configuration.advertisesIssParameter)),
            ("request_uri_parameter_supported", .bool(false)),
            (
                "scopes_supported",
                strings(
                    ["openid", SandboxScopes.offlineAccess]
                        + (configuration.advertiseStandardScopes ? ["profile", "email"] : [])
                        + SandboxScopes.catalogue.map(\.id))
            ),
            ("claims_supported", strings(Self.claimsSupported))
        ])
        return Self.publicJSON(document)
    }

    /// Kakao's `claims_supported`, and `email_verified`, which UserInfo sends.
    static let claimsSupported = [
        "iss", "aud", "sub", "auth_time", "exp", "iat", "nonce", "nickname", "picture", "email", "email_verified"
    ]

    /// `GET /.well-known/jwks.json`: the public half of the current signing key (RFC 7517 §5),
    /// cacheable for five minutes. After `POST /_sandbox/rotate-key` only the new key is listed,
    /// so a client holding the old set meets an unknown `kid` and must fetch again.
    mutating func jwks(_ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        guard let key = try? currentSigningKey() else {
            return .text(500, "sandbox: cannot make the signing key\n")
        }
        // The RSA key names the configured algorithm when it signs with it (RS*, PS*).
        var keys = [
            key.publicJWK(
                algorithm: configuration.idTokenAlgorithm.keyType == "RSA" ? configuration.idTokenAlgorithm : .rs256)
        ]
        if let own = try? algorithmSigner(), let jwk = own.publicJWK { keys.append(SandboxSigningKey.json(jwk)) }
        var response = Self.publicJSON(.object([("keys", .array(keys))]))
        response.headers.removeAll { $0.name == "Cache-Control" }
        response.headers.append(HTTPHeader("Cache-Control", "public, max-age=300"))
        return response
    }

    /// A JSON document anyone may read and cache (no `no-store`, no `Pragma`).
    private static func publicJSON(_ document: OrderedJSON) -> HTTPServerResponse {
        HTTPServerResponse(
            status: 200,
            headers: [HTTPHeader("Content-Type", "application/json;charset=UTF-8")],
            body: document.data
        )
    }

    /// `GET|POST /v1/oidc/userinfo` with `Authorization: Bearer` (OIDC Core §5.3): `sub` always,
    /// `nickname`, `picture` and `email` (with `email_verified`) as the user agreed to
    /// `profile_nickname`, `profile_image` and `account_email`. Token problems answer kapi's
    /// -401 like every other kapi call; with OIDC off the app lacks the feature (-3).
    mutating func userInfo(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        let caller: Caller
        switch self.caller(request, &entry) {
        case .success(let value): caller = value
        case .failure(let refusal): return refusal.response
        }
        guard configuration.oidc else {
            return Self.apiError(403, -3, "OpenID Connect is not enabled for this app", &entry)
        }
        var claims: [(String, OrderedJSON)] = [
            ("sub", .string(configuration.userinfoSubject ?? String(caller.user.id)))
        ]
        claims += profileClaims(caller.user, consent: state.consents[caller.consentIndex], emailVerified: true)
        return .json(200, OrderedJSON.object(claims).data)
    }

    /// The profile claims the user agreed to share with the app: what UserInfo and ID tokens say
    /// beyond who the user is.
    func profileClaims(_ user: SandboxUserRecord, consent: ConsentRecord, emailVerified: Bool) -> [(
        String, OrderedJSON
    )] {
        let scopes = SandboxScopes.normalize(consent.scopes)
        var claims: [(String, OrderedJSON)] = []
        if scopes.contains("profile_nickname") { claims.append(("nickname", .string(user.nickname))) }
        if scopes.contains("profile_image") { claims.append(("picture", .string(user.profileImageUrl))) }
        if scopes.contains("account_email") {
            claims.append(("email", .string(user.email)))
            if emailVerified { claims.append(("email_verified", .bool(user.isEmailVerified))) }
        }
        return claims
    }
}
