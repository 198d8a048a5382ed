import KAuthBasics

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension ProviderType {
    /// Any OpenID Connect provider, described by its discovery document: endpoints, PKCE, the
    /// client authentication methods it takes, RFC 9207 `iss`. The standard forms throughout:
    /// space-separated scopes and prompts, userinfo as the profile (OIDC Core §5.3), RFC 7009
    /// revocation at logout. OpenID Connect defines no unlink.
    package static let oidc = ProviderType(
        id: "oidc",
        displayName: "OpenID Connect",
        // No base URLs of its own: the issuer leads to everything. An `api_url` may be configured
        // for `kauth api` paths.
        baseURLs: [.api: nil],
        environmentPrefix: nil,
        endpoints: .discovery,
        // RFC 8252 §7.3: the provider must accept any port on a loopback redirect URI.
        redirectPort: 0,
        redirectPath: "/callback",
        defaultScopes: ["openid", "profile", "email"],
        // OIDC Core §3.1.2.1. A refresh token often needs `consent` with `offline_access` (§11).
        prompts: ["none", "login", "consent", "select_account"],
        authorizeParameters: { request in
            var pairs = [("scope", request.scopes.joined(separator: " "))]
            if !request.prompts.isEmpty { pairs.append(("prompt", request.prompts.joined(separator: " "))) }
            if let hint = request.loginHint { pairs.append(("login_hint", hint)) }
            return pairs
        },
        clientAuthentication: .advertised,
        temporaryErrorCodes: [],
        errorMeanings: [:],
        apiError: GenericAPIError.map,
        profile: ProfileAPI(
            request: { provider, _ in
                guard let userinfo = try provider.requireEndpoints().userinfo else {
                    throw KAuthError.unsupported(provider: provider.name, .userinfo)
                }
                return APICall(method: "GET", url: userinfo)
            },
            check: { _ in },
            cachedUser: { claims in
                CachedUser(
                    id: claims["sub"]?.stringValue,
                    nickname: claims["nickname"]?.stringValue ?? claims["preferred_username"]?.stringValue,
                    email: claims["email"]?.stringValue,
                    phoneNumber: claims["phone_number"]?.stringValue,
                    displayName: claims["name"]?.stringValue ?? claims["nickname"]?.stringValue
                        ?? claims["preferred_username"]?.stringValue,
                    country: nil
                )
            },
            isUserinfo: true
        ),
        logout: .revocation,
        unlink: nil,
        features: [.loginHint, .idToken, .tokenExchange, .clientCredentials, .introspection],
        help: ProviderHelp(
            redirectRegistration: "the redirect URIs of the provider's client registration",
            refreshTokenRequest: (scope: "offline_access", prompt: "consent")
        )
    )
}

/// API errors of providers without an error vocabulary of their own (RFC 6750 §3.1): 401 means
/// the token was rejected, 403 with `insufficient_scope` means consent, 5xx means unavailable.
package enum GenericAPIError {
    static func map(response: HTTPResponse, path: String) -> any Error {
        let challenge = response.headers.value(for: "WWW-Authenticate") ?? ""
        let body = try? JSONDecoder().decode(JSONValue.self, from: response.body)
        let message =
            body?["error_description"]?.stringValue ?? body?["error"]?.stringValue ?? body?["message"]?.stringValue
            ?? body?.value(at: "errors.0.message")?.stringValue
            ?? response.bodyExcerpt
        switch response.status {
        case 401:
            return TokenRejected(message: message.isEmpty ? "HTTP 401" : message)
        case 403 where challenge.contains("insufficient_scope") || body?["error"]?.stringValue == "insufficient_scope":
            return KAuthError.consentRequired(scopes: Self.scopes(inChallenge: challenge), message: message)
        case 500...:
            return KAuthError.unavailable(.serverError(.api(path: path), status: response.status))
        default:
            return KAuthError.api(status: response.status, code: nil, message: message)
        }
    }

    /// `scope="a b"` of a Bearer challenge (RFC 6750 §3).
    static func scopes(inChallenge challenge: String) -> [String] {
        let parts = challenge.split(separator: "scope=\"", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return [] }
        return ScopeList.parse(String(parts[1].prefix { $0 != "\"" }))
    }
}

extension ProviderType {
    /// The default scopes a provider that lists `offered` (discovery's `scopes_supported`) takes:
    /// `openid` always, the others only when listed, since a provider answers a scope it does not
    /// know with `invalid_scope` (Kakao's own OpenID Connect lists neither `profile` nor `email`).
    /// A provider that lists nothing gets `openid` alone.
    package func defaultScopes(offered: [String]?) -> [String] {
        let offered = Set(offered ?? [])
        return defaultScopes.filter { $0 == "openid" || offered.contains($0) }
    }
}
