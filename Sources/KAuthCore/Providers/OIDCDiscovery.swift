#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// OpenID Connect Discovery 1.0 §4: `{issuer}/.well-known/openid-configuration`, whose `issuer`
/// must equal the one asked for, character for character (§4.3).
package enum OIDCDiscovery {
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
        }
    }

    /// The provider's endpoints; every URL must be https unless on loopback.
    package static func fetch(issuer: String, http: HTTPClient) async throws -> ProviderEndpoints {
        // §4: a terminating "/" is removed before the well-known path is appended.
        let url = (issuer.hasSuffix("/") ? String(issuer.dropLast()) : issuer) + "/.well-known/openid-configuration"
        let response = try await http.perform(HTTPRequest(method: "GET", url: url, headers: [HTTPHeader("Accept", "application/json")]))
        guard response.status == 200 else {
            if response.status >= 500 { throw KAuthError.unavailable("discovery at \(url) answered HTTP \(response.status)") }
            throw KAuthError.failure("no OpenID Connect discovery document at \(url) (HTTP \(response.status)); check --issuer")
        }
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: response.body)
        } catch {
            throw KAuthError.invalidResponse("the discovery document at \(url) lacks required members (issuer, authorization_endpoint, token_endpoint)")
        }
        guard document.issuer == issuer else {
            throw KAuthError.failure("the discovery document at \(url) names the issuer '\(document.issuer)', not '\(issuer)'; refusing it (OIDC Discovery §4.3): check --issuer for a typo or a trailing slash")
        }
        let urls = [document.authorizationEndpoint, document.tokenEndpoint] + [document.userinfoEndpoint, document.jwksURI, document.revocationEndpoint, document.deviceAuthorizationEndpoint].compactMap { $0 }
        for endpoint in urls {
            try ResolvedProvider.requireSecureBase(endpoint, label: "discovered endpoint")
        }
        return ProviderEndpoints(
            issuer: document.issuer,
            authorization: document.authorizationEndpoint,
            token: document.tokenEndpoint,
            revocation: document.revocationEndpoint,
            userinfo: document.userinfoEndpoint,
            jwks: document.jwksURI,
            deviceAuthorization: document.deviceAuthorizationEndpoint,
            codeChallengeMethods: document.codeChallengeMethodsSupported,
            issParameterSupported: document.authorizationResponseIssParameterSupported ?? false
        )
    }
}

extension ResolvedProvider {
    /// The same provider with its endpoints known: discovery for an OpenID Connect provider (the
    /// config's `revocation_endpoint` still wins), nothing to do for the others.
    package func discovered(http: HTTPClient) async throws -> ResolvedProvider {
        guard kind == .oidc else { return self }
        guard let issuer else {
            throw KAuthError.usage("provider '\(name)' needs an issuer: pass --issuer URL or run `kauth config set provider.\(name).issuer URL`")
        }
        var provider = self
        var endpoints = try await OIDCDiscovery.fetch(issuer: issuer, http: http)
        if let revocation = revocationOverride { endpoints.revocation = revocation }
        provider.endpoints = endpoints
        return provider
    }
}
