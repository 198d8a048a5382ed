/// Snap Kit Login Kit over plain OAuth 2.0 (spec/snap-oidc.md §A): code + PKCE S256, full-URL
/// scopes, a GraphQL profile, RFC 7009-style revocation.
package enum Snapchat {
    package static let authURL = "https://accounts.snapchat.com"
    package static let apiURL = "https://kit.snapchat.com"
    /// Snap matches registered redirect URIs exactly: one fixed default to register, with a path
    /// of its own so a response meant for another provider never lands here (RFC 9700 §2.1).
    package static let defaultRedirectPort: UInt16 = 52884
    package static let defaultRedirectPath = "/callback/snapchat"

    package static let scopePrefix = "https://auth.snapchat.com/oauth2/api/"
    /// Asked for when no scopes are given: the name and the stable id.
    package static let defaultScopes = ["user.display_name", "user.external_id"]

    /// `display_name` → `https://auth.snapchat.com/oauth2/api/user.display_name`; full URLs stay.
    package static func scopeURL(_ scope: String) -> String {
        if scope.hasPrefix("https://") { return scope }
        let name = scope.hasPrefix("user.") ? scope : "user." + scope
        return scopePrefix + name
    }

    package static func endpoints(auth: String, api: String) -> ProviderEndpoints {
        ProviderEndpoints(
            issuer: nil,
            authorization: auth + "/accounts/oauth2/auth",
            token: auth + "/accounts/oauth2/token",
            revocation: auth + "/accounts/oauth2/revoke",
            userinfo: api + "/v1/me",
            codeChallengeMethods: ["S256"]
        )
    }

    /// The GraphQL query for the profile; every field is optional (granted per scope).
    package static let meQuery = "{me{displayName bitmoji{avatar id} externalId}}"
}
