#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension ProviderType {
    /// Snap Kit Login Kit over plain OAuth 2.0: code + PKCE S256, scopes written as full URLs,
    /// HTTP Basic for a confidential client, a GraphQL profile whose errors arrive with status 200,
    /// revocation of the refresh token at logout, and "revoke all sessions" as unlink.
    package static let snapchat = ProviderType(
        id: "snapchat",
        displayName: "Snapchat",
        baseURLs: [.auth: "https://accounts.snapchat.com", .api: "https://kit.snapchat.com"],
        environmentPrefix: "KAUTH_SNAPCHAT_",
        endpoints: .fixed { urls in
            let auth = urls[.auth] ?? ""
            let api = urls[.api] ?? ""
            return ProviderEndpoints(
                issuer: nil,
                authorization: auth + "/accounts/oauth2/auth",
                token: auth + "/accounts/oauth2/token",
                revocation: auth + "/accounts/oauth2/revoke",
                userinfo: api + "/v1/me",
                codeChallengeMethods: ["S256"]
            )
        },
        // Snap matches registered redirect URIs exactly: one fixed default to register, with a
        // path of its own so a response meant for another provider never lands here (RFC 9700 §2.1).
        redirectPort: 52884,
        redirectPath: "/callback/snapchat",
        // The name and the stable id.
        defaultScopes: ["user.display_name", "user.external_id"],
        prompts: [],
        authorizeParameters: { request in
            [("scope", request.scopes.map(Snapchat.scopeURL).joined(separator: " "))]
        },
        clientAuthentication: .whenSecret(.clientSecretBasic),
        temporaryErrorCodes: [],
        errorMeanings: [:],
        apiError: GenericAPIError.map,
        profile: ProfileAPI(
            request: { provider, _ in
                // GraphQL `{me{…}}` in the query string with a Bearer token.
                APICall(
                    method: "GET", url: try provider.requireEndpoints().userinfo ?? (try provider.url(.api) + "/v1/me"),
                    parameters: [("query", Snapchat.meQuery)])
            },
            check: { profile in
                if let message = profile.value(at: "errors.0.message")?.stringValue {
                    throw KAuthError.api(status: 200, code: nil, message: "Snapchat: \(message)")
                }
            },
            cachedUser: { profile in
                let me = profile.value(at: "data.me")
                // externalId is standard Base64 (+, /, =): kept as data, never used in a file name.
                return CachedUser(
                    id: me?["externalId"]?.stringValue, nickname: me?["displayName"]?.stringValue,
                    displayName: me?["displayName"]?.stringValue)
            },
            userAt: "data.me"
        ),
        logout: .revocation,
        // "Revoke all sessions" (`/v1/oauth2/revoke_client`), whose REST contract Snap does not document.
        unlink: { provider in APICall(method: "POST", url: try provider.url(.api) + "/v1/oauth2/revoke_client") },
        features: [],
        help: ProviderHelp(
            clientIDName: "OAuth client id",
            redirectRegistration: "Snap Kit developer portal → your app → Login Kit → Redirect URIs"
        )
    )
}

/// Snap's scope and GraphQL formats.
package enum Snapchat {
    static let scopePrefix = "https://auth.snapchat.com/oauth2/api/"

    /// `display_name` → `https://auth.snapchat.com/oauth2/api/user.display_name`; full URLs stay.
    static func scopeURL(_ scope: String) -> String {
        if scope.hasPrefix("https://") { return scope }
        let name = scope.hasPrefix("user.") ? scope : "user." + scope
        return scopePrefix + name
    }

    /// The GraphQL query for the profile; every field is optional (granted per scope).
    static let meQuery = "{me{displayName bitmoji{avatar id} externalId}}"
}
