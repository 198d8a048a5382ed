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
    package var codeChallengeMethods: [String]?
    /// RFC 9207 `authorization_response_iss_parameter_supported`.
    package var issParameterSupported: Bool
    /// `token_endpoint_auth_methods_supported` (RFC 8414 §2); nil when the server does not say.
    package var tokenAuthMethods: [String]?
    /// `revocation_endpoint_auth_methods_supported` (RFC 8414 §2); nil when the server does not say.
    package var revocationAuthMethods: [String]?

    package init(
        issuer: String?, authorization: String, token: String, revocation: String? = nil, userinfo: String? = nil,
        jwks: String? = nil, deviceAuthorization: String? = nil, codeChallengeMethods: [String]? = ["S256"],
        issParameterSupported: Bool = false, tokenAuthMethods: [String]? = nil, revocationAuthMethods: [String]? = nil
    ) {
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
    }

    package var supportsS256: Bool { codeChallengeMethods?.contains("S256") == true }
}
