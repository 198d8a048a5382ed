import KAuthCore

/// The hosts of Kakao's products beyond its login, as base URL roles with their built-in URLs:
/// settings (`provider.NAME.sharer_url`, `KAUTH_KAKAO_SHARER_URL`) read them when they are handed
/// `kakaoHosts` (`ProviderResolver`, `ProviderConfigKey.all(addedURLRoles:)`). The core's provider
/// values know the OAuth and API hosts only.
extension ProviderURLRole {
    /// Kakao's web sharer (`kauth link`).
    package static let sharer = ProviderURLRole(
        "sharer", builtInURLs: [ProviderType.kakao.id: "https://sharer.kakao.com"])
    /// Kakao's account pages: the shipping-address picker (`kauth shipping`).
    package static let apps = ProviderURLRole("apps", builtInURLs: [ProviderType.kakao.id: "https://apps.kakao.com"])

    /// The roles KakaoAPI adds to the core's, in the order settings list them.
    package static let kakaoHosts: [ProviderURLRole] = [.sharer, .apps]
}
