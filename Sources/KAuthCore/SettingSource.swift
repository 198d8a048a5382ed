/// Where a provider setting's value came from, so that an error about it (a redirect URI the
/// provider refuses, a client id it does not know) names the place to fix it, and a login can warn
/// when a value left in the environment (a sandbox's exports) overrides the config.
package enum SettingSource: Sendable, Equatable {
    /// A command-line flag, e.g. `--client-id`.
    case flag(String)
    /// An environment variable, e.g. `KAUTH_CLIENT_ID`.
    case environment(String)
    /// A config key, e.g. `provider.kakao.client_id`.
    case config(String)
    /// The stored login: its tokens belong to the client that obtained them.
    case storedLogin
    /// The provider type's default.
    case builtIn
}

/// The sources of the settings a login's errors speak of.
package struct SettingSources: Sendable, Equatable {
    package var clientID: SettingSource?
    /// Of the redirect port when one was set (`--port`, `KAUTH_REDIRECT_PORT`), else of the URI.
    package var redirect: SettingSource = .builtIn

    init(clientID: SettingSource? = nil, redirect: SettingSource = .builtIn) {
        self.clientID = clientID
        self.redirect = redirect
    }
}
