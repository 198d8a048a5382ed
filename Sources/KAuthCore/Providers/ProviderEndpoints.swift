/// Where a provider's OAuth and OIDC endpoints are, and what they support: built from base URLs
/// for providers with fixed paths, from discovery (OIDC Discovery §4, RFC 8414) for any OpenID
/// Connect provider. Stored with a login so a refresh needs no discovery request.
package struct ProviderEndpoints: Codable, Sendable, Equatable {
    /// The issuer identifier; ID tokens' `iss` and RFC 9207's `iss` must equal it exactly.
    package var issuer: String?
    package var authorization: String
    package var token: String
    /// RFC 7009 token revocation.
    package var revocation: String?
    package var userinfo: String?
    package var jwks: String?
    /// RFC 8628 device authorization.
    package var deviceAuthorization: String?
    /// `code_challenge_methods_supported`; nil when the provider does not say (RFC 8414: no PKCE).
    var codeChallengeMethods: [String]?
    /// RFC 9207 `authorization_response_iss_parameter_supported`.
    var issParameterSupported: Bool
    /// `token_endpoint_auth_methods_supported` (RFC 8414 §2); nil when the server does not say.
    var tokenAuthMethods: [String]?
    /// `revocation_endpoint_auth_methods_supported` (RFC 8414 §2); nil when the server does not say.
    var revocationAuthMethods: [String]?
    /// RFC 7662 token introspection (`introspection_endpoint`, RFC 8414 §2).
    package var introspection: String? = nil
    /// `introspection_endpoint_auth_methods_supported` (RFC 8414 §2); nil when the server does not say.
    var introspectionAuthMethods: [String]? = nil
    /// `token_endpoint_auth_signing_alg_values_supported` (RFC 8414 §2): the algorithms a signed
    /// client assertion may use; nil when the server does not say.
    var tokenAuthSigningAlgorithms: [String]? = nil
    /// `id_token_signing_alg_values_supported` (OIDC Discovery §3): the algorithms an ID token of
    /// this provider may be signed with; nil when it does not say, which means RS256 alone.
    var idTokenSigningAlgorithms: [String]?
    /// `scopes_supported` (OIDC Discovery §3), which the default scopes of a login are chosen
    /// from. Not stored with a login: by then its scopes are chosen.
    var scopesSupported: [String]? = nil

    init(
        issuer: String?, authorization: String, token: String, revocation: String? = nil, userinfo: String? = nil,
        jwks: String? = nil, deviceAuthorization: String? = nil, codeChallengeMethods: [String]? = ["S256"],
        issParameterSupported: Bool = false, tokenAuthMethods: [String]? = nil, revocationAuthMethods: [String]? = nil,
        idTokenSigningAlgorithms: [String]? = nil, scopesSupported: [String]? = nil
    ) {
        self.idTokenSigningAlgorithms = idTokenSigningAlgorithms
        self.scopesSupported = scopesSupported
        self.tokenAuthMethods = tokenAuthMethods
        self.revocationAuthMethods = revocationAuthMethods
        self.issuer = issuer
        self.authorization = authorization
        self.token = token
        self.revocation = revocation
        self.userinfo = userinfo
        self.jwks = jwks
        self.deviceAuthorization = deviceAuthorization
        self.codeChallengeMethods = codeChallengeMethods
        self.issParameterSupported = issParameterSupported
    }

    enum CodingKeys: String, CodingKey {
        case issuer, authorization, token, revocation, userinfo, jwks
        case deviceAuthorization = "device_authorization"
        case codeChallengeMethods = "code_challenge_methods"
        case issParameterSupported = "iss_parameter_supported"
        case tokenAuthMethods = "token_auth_methods"
        case revocationAuthMethods = "revocation_auth_methods"
        case idTokenSigningAlgorithms = "id_token_signing_algs"
        case introspection
        case introspectionAuthMethods = "introspection_auth_methods"
        case tokenAuthSigningAlgorithms = "token_auth_signing_algs"
    }

    var supportsS256: Bool { codeChallengeMethods?.contains("S256") == true }
}
