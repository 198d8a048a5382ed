/// The base URLs a provider may have.
package enum ProviderURLRole: String, Sendable, CaseIterable {
    /// The authorization server (Kakao: kauth.kakao.com).
    case auth
    /// The resource APIs that take the user's token (Kakao: kapi.kakao.com).
    case api
    /// Kakao's web sharer.
    case sharer
    /// Kakao's account pages (the shipping-address picker).
    case apps

    /// `auth_url`, `api_url`, … in config.
    package var configKey: String { rawValue + "_url" }
    /// `AUTH_URL`, … after the provider's environment prefix.
    package var environmentSuffix: String { rawValue.uppercased() + "_URL" }
}
