import KAuthBasics

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// OpenID Connect Discovery 1.0 §4: `{issuer}/.well-known/openid-configuration`, whose `issuer`
/// must equal the one asked for, character for character (§4.3).
enum OIDCDiscovery {
    struct Document: Decodable {
        var issuer: String
        var authorizationEndpoint: String
        var tokenEndpoint: String
        var userinfoEndpoint: String?
        var jwksURI: String?
        var revocationEndpoint: String?
        var deviceAuthorizationEndpoint: String?
        var codeChallengeMethodsSupported: [String]?
        var authorizationResponseIssParameterSupported: Bool?
        var tokenEndpointAuthMethodsSupported: [String]?
        var revocationEndpointAuthMethodsSupported: [String]?
        var idTokenSigningAlgValuesSupported: [String]?
        var scopesSupported: [String]?
        var introspectionEndpoint: String?
        var introspectionEndpointAuthMethodsSupported: [String]?
        var tokenEndpointAuthSigningAlgValuesSupported: [String]?

        enum CodingKeys: String, CodingKey {
            case issuer
            case authorizationEndpoint = "authorization_endpoint"
            case tokenEndpoint = "token_endpoint"
            case userinfoEndpoint = "userinfo_endpoint"
            case jwksURI = "jwks_uri"
            case revocationEndpoint = "revocation_endpoint"
            case deviceAuthorizationEndpoint = "device_authorization_endpoint"
            case codeChallengeMethodsSupported = "code_challenge_methods_supported"
            case authorizationResponseIssParameterSupported = "authorization_response_iss_parameter_supported"
            case tokenEndpointAuthMethodsSupported = "token_endpoint_auth_methods_supported"
            case revocationEndpointAuthMethodsSupported = "revocation_endpoint_auth_methods_supported"
            case idTokenSigningAlgValuesSupported = "id_token_signing_alg_values_supported"
            case scopesSupported = "scopes_supported"
            case introspectionEndpoint = "introspection_endpoint"
            case introspectionEndpointAuthMethodsSupported = "introspection_endpoint_auth_methods_supported"
            case tokenEndpointAuthSigningAlgValuesSupported = "token_endpoint_auth_signing_alg_values_supported"
        }
    }

    /// The provider's endpoints; every URL must be https unless on loopback.
    static func fetch(issuer: String, http: HTTPClient) async throws -> ProviderEndpoints {
        // §4: a terminating "/" is removed before the well-known path is appended.
        let url = (issuer.hasSuffix("/") ? String(issuer.dropLast()) : issuer) + "/.well-known/openid-configuration"
        let response = try await http.perform(
            HTTPRequest(method: "GET", url: url, headers: [HTTPHeader("Accept", "application/json")]))
        guard response.status == 200 else {
            if response.status >= 500 {
                throw KAuthError.unavailable(.serverError(.discovery(url: url), status: response.status))
            }
            throw KAuthError.discovery(url: url, .notFound(status: response.status))
        }
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: response.body)
        } catch {
            throw KAuthError.discovery(url: url, .incomplete)
        }
        guard document.issuer == issuer else {
            throw KAuthError.discovery(url: url, .wrongIssuer(named: document.issuer, expected: issuer))
        }
        let urls: [(String, String?)] = [
            ("authorization_endpoint", document.authorizationEndpoint), ("token_endpoint", document.tokenEndpoint),
            ("userinfo_endpoint", document.userinfoEndpoint), ("jwks_uri", document.jwksURI),
            ("revocation_endpoint", document.revocationEndpoint),
            ("device_authorization_endpoint", document.deviceAuthorizationEndpoint),
            ("introspection_endpoint", document.introspectionEndpoint)
        ]
        for case (let label, let url?) in urls {
            try Provider.requireSecure(url, label: "discovered " + label)
        }
        var endpoints = ProviderEndpoints(
            issuer: document.issuer,
            authorization: document.authorizationEndpoint,
            token: document.tokenEndpoint,
            revocation: document.revocationEndpoint,
            userinfo: document.userinfoEndpoint,
            jwks: document.jwksURI,
            deviceAuthorization: document.deviceAuthorizationEndpoint,
            codeChallengeMethods: document.codeChallengeMethodsSupported,
            issParameterSupported: document.authorizationResponseIssParameterSupported ?? false,
            tokenAuthMethods: document.tokenEndpointAuthMethodsSupported,
            revocationAuthMethods: document.revocationEndpointAuthMethodsSupported,
            idTokenSigningAlgorithms: document.idTokenSigningAlgValuesSupported,
            scopesSupported: document.scopesSupported
        )
        endpoints.introspection = document.introspectionEndpoint
        endpoints.introspectionAuthMethods = document.introspectionEndpointAuthMethodsSupported
        endpoints.tokenAuthSigningAlgorithms = document.tokenEndpointAuthSigningAlgValuesSupported
        return endpoints
    }
}

extension Provider {
    /// The same provider with its endpoints known: discovery for a provider that has it (the
    /// config's `revocation_endpoint` still wins), nothing to do for the others or when the stored
    /// login brought them.
    package func discovered(http: HTTPClient) async throws -> Provider {
        guard type.usesDiscovery, endpoints == nil else { return self }
        guard let issuer else { throw KAuthError.missingSetting(.issuer, provider: name) }
        var provider = self
        var endpoints = try await OIDCDiscovery.fetch(issuer: issuer, http: http.trusting(tls))
        if let revocation = revocationOverride { endpoints.revocation = revocation }
        if scopesAreDefault { provider.scopes = type.defaultScopes(offered: endpoints.scopesSupported) }
        provider.endpoints = endpoints
        return provider
    }
}
