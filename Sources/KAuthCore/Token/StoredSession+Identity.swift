/// Which login a stored session is, beyond the provider's name: a command that waited for the
/// keystore lock may find that another kauth stored a new login under the same profile
/// meanwhile, possibly for the same provider name on another server.
extension StoredSession {
    /// Where the tokens come from and go to: the provider's name and type, its issuer and base
    /// URLs, and the client. Two sessions with the same server identity send their tokens to
    /// the same hosts for the same client.
    struct ServerIdentity: Sendable, Equatable {
        var provider: String
        var providerType: String?
        var issuer: String?
        var authBaseURL: String?
        var apiBaseURL: String?
        var clientID: String
    }

    var serverIdentity: ServerIdentity {
        ServerIdentity(
            provider: provider, providerType: providerType, issuer: issuer, authBaseURL: authBaseURL,
            apiBaseURL: apiBaseURL,
            clientID: clientID)
    }

    /// Whether `other` is this very login, refreshed or not: the same server identity and the
    /// same moment of logging in (a refresh keeps `createdAt`; a new login sets it).
    func isSameLogin(as other: StoredSession) -> Bool {
        serverIdentity == other.serverIdentity && createdAt == other.createdAt
    }
}
