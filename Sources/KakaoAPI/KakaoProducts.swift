import KAuthCore

/// Kakao's products beyond its login, as provider features: the commands that use one refuse
/// every provider whose APIs are not Kakao's with exit 2 (`Provider.require(_:)`). The core's
/// provider values know OAuth and OpenID Connect only; which providers have these is said here.
extension ProviderFeature {
    /// The provider types whose APIs are Kakao's: the built-in `kakao`, and every provider
    /// configured with its type.
    static let kakaoTypes: Set<String> = [ProviderType.kakao.id]

    /// Consent details and revocation (`kauth scopes`).
    package static let consent = ProviderFeature("consent", providerTypes: kakaoTypes)
    /// Kakao Sync service terms (`kauth terms`, `login --service-terms`).
    package static let serviceTerms = ProviderFeature("serviceTerms", providerTypes: kakaoTypes)
    /// App-defined user properties and manual signup (`kauth properties`, `kauth signup`,
    /// `me --property-keys`).
    package static let userProperties = ProviderFeature("userProperties", providerTypes: kakaoTypes)
    /// Shipping addresses and their picker (`kauth shipping`).
    package static let shippingAddresses = ProviderFeature("shippingAddresses", providerTypes: kakaoTypes)
    /// The provider's view of an access token (`kauth token info`).
    package static let tokenInfo = ProviderFeature("tokenInfo", providerTypes: kakaoTypes)
    /// Share messages through a web sharer (`kauth link`).
    package static let share = ProviderFeature("share", providerTypes: kakaoTypes)
    /// Messages as the user (`kauth talk`).
    package static let talk = ProviderFeature("talk", providerTypes: kakaoTypes)
}
