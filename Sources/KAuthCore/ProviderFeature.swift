/// A capability some providers have beyond logging in, refreshing and showing the profile; a
/// command that needs one refuses the other providers with exit 2 (`Provider.require(_:)`).
///
/// The core's own features are OAuth and OpenID Connect ones, and a provider type lists those it
/// has (`ProviderType.features`). A target built on the core declares its own features together
/// with the provider types that have them (KakaoAPI's products: `KakaoAPI/KakaoProducts.swift`),
/// so that the core's provider values need not know them.
package struct ProviderFeature: Hashable, Sendable {
    /// A name unique among features: two features are the same when their names are.
    package let name: String
    /// The provider types (`ProviderType.id`) that have it, for a feature declared outside the
    /// core; nil: the provider type's `features` say.
    let providerTypes: Set<String>?

    package init(_ name: String, providerTypes: Set<String>? = nil) {
        self.name = name
        self.providerTypes = providerTypes
    }

    package static func == (lhs: ProviderFeature, rhs: ProviderFeature) -> Bool { lhs.name == rhs.name }
    package func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// `login_hint` at login.
    package static let loginHint = ProviderFeature("loginHint")
    /// OpenID Connect ID tokens (`login --openid`, `token --id-token`).
    package static let idToken = ProviderFeature("idToken")
    /// A machine's login (`login --client-credentials`, RFC 6749 §4.4).
    package static let clientCredentials = ProviderFeature("clientCredentials")
    /// RFC 7662 token introspection (`token introspect`), where discovery names the endpoint.
    package static let introspection = ProviderFeature("introspection")
    /// RFC 8693 token exchange at the token endpoint (`login --token-exchange`).
    package static let tokenExchange = ProviderFeature("tokenExchange")
}
