import KAuthBasics

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Provider settings given on the command line; they win over environment and config.
package struct ProviderOverrides: Sendable, Equatable {
    package var clientID: String?
    package var clientSecret: String?
    package var redirectURI: String?
    package var port: UInt16?
    /// An OpenID Connect issuer (`--issuer`).
    package var issuer: String?

    package init(
        clientID: String? = nil, clientSecret: String? = nil, redirectURI: String? = nil, port: UInt16? = nil,
        issuer: String? = nil
    ) {
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.redirectURI = redirectURI
        self.port = port
        self.issuer = issuer
    }
}

/// Finds a provider by name among the built-in ones and `provider.NAME.*` config entries, and
/// resolves each setting: flag > environment > config > what the stored login used > the type's
/// default.
///
/// The config file is read only when a provider is resolved, so a command that needs no provider
/// (`kauth token` with a valid token) never opens it.
package struct ProviderResolver: Sendable {
    package var environment: Environment
    package var loadConfig: @Sendable () throws -> ConfigFile
    /// `--provider NAME`.
    package var selected: String?
    package var overrides: ProviderOverrides
    /// Base URL roles declared above the core (KakaoAPI's hosts), resolved besides the core's own.
    package var addedURLRoles: [ProviderURLRole]

    package init(
        environment: Environment, loadConfig: @escaping @Sendable () throws -> ConfigFile, selected: String? = nil,
        overrides: ProviderOverrides = ProviderOverrides(), addedURLRoles: [ProviderURLRole] = []
    ) {
        self.environment = environment
        self.loadConfig = loadConfig
        self.selected = selected
        self.overrides = overrides
        self.addedURLRoles = addedURLRoles
    }

    /// The environment variable that sets the redirect port (0: any free port).
    package static let redirectPortVariable = "KAUTH_REDIRECT_PORT"
    /// The issuer of the built-in `oidc` provider when `--issuer` names none (`kauth sandbox
    /// --oidc` exports it); a configured provider keeps its own `issuer`.
    package static let issuerVariable = "KAUTH_ISSUER"

    /// The provider `--provider` names, else `kakao`: for a new login, a token from
    /// `KAUTH_ACCESS_TOKEN`, or a call made with the app key alone.
    package func selectedProvider() throws -> Provider {
        try resolve(name: selected ?? ProviderType.kakao.id, stored: nil)
    }

    /// The provider of `profile`'s stored login (or, when `session` is nil, the selected one). The
    /// session's client id always wins: its tokens belong to the client that obtained them.
    package func provider(for session: StoredSession?, of profile: String) throws -> Provider {
        try checkSelection(session, of: profile)
        return try resolve(name: session?.provider ?? selected ?? ProviderType.kakao.id, stored: session)
    }

    /// A `--provider` that is not the stored login's is refused rather than obeyed: obeying would
    /// send that login's tokens to the hosts of the provider named. Commands check it as they read
    /// the keystore (a valid token, `status` and `--refresh-token` never resolve a provider), and
    /// `provider(for:of:)` never pairs a session with another provider's settings.
    package func checkSelection(_ session: StoredSession?, of profile: String) throws {
        if let session, let selected, selected != session.provider {
            // A name no provider has (`snap`) is said as such, with the names there are: the
            // mismatch's advice, a login to that name under another profile, would fail too.
            let known = Self.knownNames(config: try loadConfig())
            guard known.contains(selected) else { throw KAuthError.unknownProvider(name: selected, known: known) }
            throw KAuthError.providerMismatch(profile: profile, stored: session.provider, selected: selected)
        }
    }

    package func resolve(name: String, stored: StoredSession?) throws -> Provider {
        let config = try loadConfig()
        func setting(_ key: String) -> String? {
            guard let value = config.value("provider.\(name).\(key)"), !value.isEmpty else { return nil }
            return value
        }
        let type = try providerType(
            name: name, configured: setting("type"), stored: stored?.providerType, config: config)
        let stored = stored?.provider == name ? stored : nil

        var urls: [ProviderURLRole: String] = [:]
        for role in ProviderURLRole.core + addedURLRoles where type.has(role) {
            let fromEnvironment = type.environmentPrefix.flatMap { environment[$0 + role.environmentSuffix] }
            if let url = fromEnvironment ?? setting(role.configKey) ?? stored?.baseURLs[role] ?? type.builtInURL(role) {
                urls[role] = Self.trimSlash(url)
            }
        }
        var sources = SettingSources()
        let clientID: String?
        if let id = stored?.clientID {
            (clientID, sources.clientID) = (id, .storedLogin)
        } else if let id = overrides.clientID {
            (clientID, sources.clientID) = (id, .flag("--client-id"))
        } else if let id = environment["KAUTH_CLIENT_ID"] {
            (clientID, sources.clientID) = (id, .environment("KAUTH_CLIENT_ID"))
        } else {
            clientID = setting("client_id")
            sources.clientID = clientID.map { _ in .config("provider.\(name).client_id") }
        }
        var issuer: String?
        var endpoints: ProviderEndpoints?
        if type.usesDiscovery {
            let fromEnvironment = name == ProviderType.oidc.id ? environment[Self.issuerVariable] : nil
            issuer = overrides.issuer ?? fromEnvironment ?? setting("issuer") ?? stored?.issuer
            // The stored endpoints were discovered for the stored issuer; another issuer means
            // another provider, which discovery must describe afresh.
            if let stored, stored.issuer == issuer { endpoints = stored.endpoints }
        }
        var forced: ClientAuthMethod?
        if let text = setting("token_endpoint_auth_method") {
            guard let method = ClientAuthMethod(rawValue: text) else {
                throw KAuthError.invalidSetting(
                    name: "provider.\(name).token_endpoint_auth_method", value: text,
                    expected: ClientAuthMethod.allCases.map(\.rawValue))
            }
            forced = method
        }
        // A port given with a redirect URI on the command line must agree with it; otherwise a
        // port from a higher level replaces the URI's (flag > environment > config).
        if let uri = overrides.redirectURI, let port = overrides.port, let uriPort = URLComponents(string: uri)?.port,
            uriPort != Int(port)
        {
            throw KAuthError.redirectPortConflict(port: port, uri: uri)
        }
        var redirectPort = overrides.port
        if overrides.redirectURI != nil {
            sources.redirect = .flag("--redirect-uri")
        } else if setting("redirect_uri") != nil {
            sources.redirect = .config("provider.\(name).redirect_uri")
        }
        if redirectPort != nil {
            sources.redirect = .flag("--port")
        } else if overrides.redirectURI == nil, let text = environment[Self.redirectPortVariable] {
            guard let port = UInt16(text) else {
                throw KAuthError.invalidSetting(
                    name: Self.redirectPortVariable, value: text, expected: ["a port number from 0 to 65535"])
            }
            redirectPort = port
            sources.redirect = .environment(Self.redirectPortVariable)
        }
        var provider = Provider(
            name: name,
            type: type,
            clientID: clientID,
            clientSecret: overrides.clientSecret ?? environment["KAUTH_CLIENT_SECRET"] ?? setting("client_secret")
                ?? stored?.clientSecret,
            appKey: environment["KAUTH_APP_KEY"] ?? setting("app_key") ?? clientID,
            urls: urls,
            redirectURI: overrides.redirectURI ?? setting("redirect_uri"),
            redirectPort: redirectPort,
            scopes: setting("scopes").map(ScopeList.parse),
            issuer: issuer,
            endpoints: endpoints,
            forcedClientAuth: forced,
            revocationOverride: setting("revocation_endpoint")
        )
        // A provider's own CA file wins over the one for every provider.
        provider.tls = TLSTrust(
            caFile: setting("ca_file") ?? environment["KAUTH_CA_FILE"].flatMap { $0.isEmpty ? nil : $0 },
            clientCertificate: setting("client_cert"), clientKey: setting("client_key"))
        provider.privateKey = setting("private_key")
        provider.privateKeyID = setting("private_key_id")
        provider.sources = sources
        try Provider.checkSecure(provider)
        return provider
    }

    /// The type of `name`: config's `type`, else the built-in provider of that name, else the one
    /// the stored login recorded.
    private func providerType(name: String, configured: String?, stored: String?, config: ConfigFile) throws
        -> ProviderType
    {
        if let configured {
            guard let type = ProviderType.named(configured) else {
                throw KAuthError.invalidSetting(
                    name: "provider.\(name).type", value: configured, expected: ProviderType.builtIn.map(\.id))
            }
            return type
        }
        if let type = ProviderType.named(name) ?? stored.flatMap(ProviderType.named) { return type }
        throw KAuthError.unknownProvider(name: name, known: Self.knownNames(config: config))
    }

    /// Built-in providers first, then those configured.
    package static func knownNames(config: ConfigFile) -> [String] {
        let builtIn = ProviderType.builtIn.map(\.id)
        let configured = Set(
            config.entries.compactMap { entry -> String? in
                let parts = entry.key.split(separator: ".")
                return parts.count == 3 && parts[0] == "provider" ? String(parts[1]) : nil
            })
        return builtIn + configured.subtracting(builtIn).sorted()
    }

    private static func trimSlash(_ url: String) -> String {
        url.hasSuffix("/") ? String(url.dropLast()) : url
    }
}
