/// Capabilities some providers have; commands that need one refuse the others with exit 2.
package enum ProviderFeature: String, Sendable, CaseIterable {
    /// Consent details and revocation (`kauth scopes`).
    case consent
    /// Kakao Sync service terms (`kauth terms`, `login --service-terms`).
    case serviceTerms
    /// App-defined user properties and manual signup (`kauth properties`, `kauth signup`, `me --property-keys`).
    case userProperties
    /// Shipping addresses and their picker (`kauth shipping`).
    case shippingAddresses
    /// The provider's view of an access token (`kauth token info`).
    case tokenInfo
    /// Share messages through a web sharer (`kauth link`).
    case share
    /// Messages as the user (`kauth talk`).
    case talk
    /// `login_hint` at login.
    case loginHint
    /// OpenID Connect ID tokens (`login --openid`, `token --id-token`).
    case idToken
}
