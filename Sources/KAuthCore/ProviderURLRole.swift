/// A base URL a provider may have, set in config (`provider.NAME.auth_url`) or the environment
/// (`KAUTH_KAKAO_AUTH_URL`).
///
/// The core's own roles are `auth` and `api`, and a provider type gives their built-in URLs
/// (`ProviderType.baseURLs`). A target built on the core declares its own roles together with the
/// provider types that have them and their built-in URLs (KakaoAPI's sharer and apps hosts:
/// `KakaoAPI/KakaoHosts.swift`); what reads settings is handed those roles besides the core's
/// (`ProviderResolver`, `ProviderConfigKey.all(addedURLRoles:)`), so that the core's provider
/// values need not know them.
package struct ProviderURLRole: Hashable, Sendable {
    /// A name unique among roles: two roles are the same when their names are.
    package let name: String
    /// For a role declared outside the core: the built-in URL of each provider type
    /// (`ProviderType.id`) that has it; nil: the provider type's `baseURLs` say.
    let builtInURLs: [String: String]?

    package init(_ name: String, builtInURLs: [String: String]? = nil) {
        self.name = name
        self.builtInURLs = builtInURLs
    }

    package static func == (lhs: ProviderURLRole, rhs: ProviderURLRole) -> Bool { lhs.name == rhs.name }
    package func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// The authorization server (Kakao: kauth.kakao.com).
    package static let auth = ProviderURLRole("auth")
    /// The resource APIs that take the user's token (Kakao: kapi.kakao.com).
    package static let api = ProviderURLRole("api")
    /// The core's roles, in the order settings list them.
    package static let core: [ProviderURLRole] = [.auth, .api]

    /// `auth_url`, `api_url`, … in config.
    package var configKey: String { name + "_url" }
    /// `AUTH_URL`, … after the provider's environment prefix.
    package var environmentSuffix: String { name.uppercased() + "_URL" }
}
