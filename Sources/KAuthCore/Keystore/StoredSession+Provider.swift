/// What a stored login says about its provider without resolving it (offline): its name for
/// people, and the server that issued it when that is not the provider's own.
extension Provider {
    /// The display name of a stored login's provider.
    package static func displayName(of session: StoredSession) -> String {
        guard let type = ProviderType.named(session.providerType ?? session.provider) else { return session.provider }
        return displayName(name: session.provider, type: type, issuer: session.issuer ?? session.endpoints?.issuer)
    }
}

extension StoredSession {
    /// The server that issued this login when it is not the provider's own.
    package var foreignServer: String? {
        guard let type = ProviderType.named(providerType ?? provider) else { return nil }
        return type.foreignServer(urls: baseURLs, issuer: issuer ?? endpoints?.issuer)
    }
}
