#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The kinds of provider kauth speaks to. Each kind's endpoints and quirks live in its own file
/// in this folder.
package enum ProviderKind: String, Sendable, CaseIterable {
    case kakao
    case snapchat
    case oidc
}

/// Provider settings given on the command line; they win over environment and config.
package struct ProviderOverrides: Sendable, Equatable {
    package var clientID: String?
    package var clientSecret: String?
    package var redirectURI: String?
    package var port: UInt16?
    /// An OpenID Connect issuer (`--issuer`).
    package var issuer: String?

    package init(clientID: String? = nil, clientSecret: String? = nil, redirectURI: String? = nil, port: UInt16? = nil, issuer: String? = nil) {
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.redirectURI = redirectURI
        self.port = port
        self.issuer = issuer
    }
}

/// A provider with every setting resolved: flag > environment > config > what the stored login
/// used > built-in default.
package struct ResolvedProvider: Sendable, Equatable {
    /// The name used with `--provider` and in `provider.NAME.*` config keys.
    package var name: String
    package var kind: ProviderKind
    package var clientID: String?
    package var clientSecret: String?
    /// Key for the share APIs (`Authorization: KakaoAK …`); defaults to the client id.
    package var appKey: String?
    package var authBaseURL: String
    package var apiBaseURL: String
    package var sharerBaseURL: String
    /// A fixed redirect URI from flag or config, if any.
    package var redirectURI: String?
    package var port: UInt16?
    /// Scopes asked for at login when `--scopes` is not given.
    package var scopes: [String]
    /// The OAuth endpoints; nil for an OpenID Connect provider until discovery has run.
    package var endpoints: ProviderEndpoints?
    /// An OpenID Connect provider's issuer (discovery starts from it).
    package var issuer: String?
    /// `revocation_endpoint` from config, for providers that implement RFC 7009 without
    /// advertising it; applied over discovery's answer too.
    package var revocationOverride: String?

    package init(
        name: String, kind: ProviderKind, clientID: String?, clientSecret: String?, appKey: String?,
        authBaseURL: String, apiBaseURL: String, sharerBaseURL: String, redirectURI: String?, port: UInt16?, scopes: [String]
    ) {
        self.name = name
        self.kind = kind
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.appKey = appKey
        self.authBaseURL = authBaseURL
        self.apiBaseURL = apiBaseURL
        self.sharerBaseURL = sharerBaseURL
        self.redirectURI = redirectURI
        self.port = port
        self.scopes = scopes
        self.endpoints = kind == .kakao ? Kakao.endpoints(auth: authBaseURL, api: apiBaseURL) : nil
    }

    /// The endpoints, or an error saying discovery has not run (a programming error in kauth).
    package func requireEndpoints() throws -> ProviderEndpoints {
        guard let endpoints else {
            throw KAuthError.failure("the endpoints of provider '\(name)' are not known yet; run `kauth login --provider \(name)` again")
        }
        return endpoints
    }

    /// What to tell a user whose login asked for `openid` and got no ID token.
    package var idTokenSetupHint: String {
        kind == .kakao ? " (enable OpenID Connect in the Kakao console: Kakao Login → OpenID Connect)" : ""
    }

    /// The client id, or a usage error saying the three ways to set it.
    package func requireClientID() throws -> String {
        guard let clientID else {
            throw KAuthError.usage(
                "no client id for provider '\(name)'; pass --client-id ID, set KAUTH_CLIENT_ID, or run `kauth config set provider.\(name).client_id ID` (for Kakao: the app's REST API key)"
            )
        }
        return clientID
    }

    /// Resolves `name` from the built-in providers and `provider.NAME.*` config keys.
    ///
    /// - Parameters:
    ///   - stored: base URLs recorded by the login being used, so that later commands talk to the
    ///     server that issued its tokens even when the environment no longer says so.
    package static func resolve(
        name: String,
        overrides: ProviderOverrides = ProviderOverrides(),
        environment: Environment,
        config: ConfigFile,
        stored: StoredProviderRecord = StoredProviderRecord()
    ) throws -> ResolvedProvider {
        func setting(_ key: String) -> String? {
            guard let value = config.value("provider.\(name).\(key)"), !value.isEmpty else { return nil }
            return value
        }
        let kind: ProviderKind
        if let typeName = setting("type") {
            guard let parsed = ProviderKind(rawValue: typeName) else {
                throw KAuthError.usage("provider '\(name)' has type '\(typeName)' in the config; use one of: kakao, snapchat, oidc")
            }
            kind = parsed
        } else if let builtIn = ProviderKind(rawValue: name) {
            // `--provider oidc --issuer URL` needs no config; named OIDC providers come from config.
            kind = builtIn
        } else {
            let configured = Set(config.entries.compactMap { entry -> String? in
                let parts = entry.key.split(separator: ".")
                return parts.count == 3 && parts[0] == "provider" ? String(parts[1]) : nil
            })
            let known = (["kakao", "snapchat"] + configured.subtracting(["kakao", "snapchat"]).sorted()).joined(separator: ", ")
            throw KAuthError.usage("unknown provider '\(name)'; known providers: \(known), or oidc with --issuer (add one with `kauth config set provider.\(name).type oidc`)")
        }
        let clientID = overrides.clientID ?? environment["KAUTH_CLIENT_ID"] ?? setting("client_id")
        let scopesText = setting("scopes")
        // The KAUTH_KAKAO_* variables point Kakao-type providers at another server; other kinds
        // take their base URLs from config alone.
        let kakao = kind == .kakao
        let defaultAuth = kind == .snapchat ? Snapchat.authURL : Kakao.authURL
        let defaultAPI = kind == .snapchat ? Snapchat.apiURL : Kakao.apiURL
        var resolved = ResolvedProvider(
            name: name,
            kind: kind,
            clientID: clientID,
            clientSecret: overrides.clientSecret ?? environment["KAUTH_CLIENT_SECRET"] ?? setting("client_secret"),
            appKey: environment["KAUTH_APP_KEY"] ?? setting("app_key") ?? clientID,
            authBaseURL: trimSlash((kakao ? environment["KAUTH_KAKAO_AUTH_URL"] : nil) ?? setting("auth_url") ?? stored.authURL ?? defaultAuth),
            apiBaseURL: trimSlash((kakao ? environment["KAUTH_KAKAO_API_URL"] : nil) ?? setting("api_url") ?? stored.apiURL ?? defaultAPI),
            sharerBaseURL: trimSlash((kakao ? environment["KAUTH_KAKAO_SHARER_URL"] : nil) ?? setting("sharer_url") ?? Kakao.sharerURL),
            redirectURI: overrides.redirectURI ?? setting("redirect_uri"),
            port: overrides.port,
            scopes: scopesText.map(ScopeList.parse) ?? []
        )
        switch kind {
        case .kakao:
            break
        case .snapchat:
            resolved.endpoints = Snapchat.endpoints(auth: resolved.authBaseURL, api: resolved.apiBaseURL)
            if resolved.scopes.isEmpty { resolved.scopes = Snapchat.defaultScopes }
        case .oidc:
            // Kept exactly as given: the discovery document must name this very string (§4.3).
            resolved.issuer = overrides.issuer ?? setting("issuer") ?? stored.issuer
            resolved.endpoints = stored.endpoints
            if resolved.scopes.isEmpty { resolved.scopes = ["openid", "profile", "email"] }
            if let issuer = resolved.issuer { try requireSecureBase(issuer, label: "issuer") }
        }
        if let revocation = setting("revocation_endpoint") {
            try requireSecureBase(revocation, label: "revocation endpoint")
            resolved.endpoints?.revocation = revocation
            resolved.revocationOverride = revocation
        }
        for (label, url) in [("auth", resolved.authBaseURL), ("API", resolved.apiBaseURL), ("sharer", resolved.sharerBaseURL)] {
            try requireSecureBase(url, label: label)
        }
        return resolved
    }

    /// Tokens and codes travel to these URLs: plain http is allowed only to this machine (the
    /// sandbox, tests), where nothing crosses a network.
    static func requireSecureBase(_ url: String, label: String) throws {
        let lowered = url.lowercased()
        if lowered.hasPrefix("https://") { return }
        if lowered.hasPrefix("http://") && LoopbackAddress.contains(url) { return }
        throw KAuthError.usage("the \(label) URL '\(url)' must use https (plain http is allowed only for 127.0.0.1, [::1] or localhost); check KAUTH_KAKAO_*_URL, --issuer and the provider's config")
    }

    private static func trimSlash(_ url: String) -> String {
        url.hasSuffix("/") ? String(url.dropLast()) : url
    }
}

/// Lists of scope IDs and tags: comma- or space-separated, on the command line and in config.
package enum ScopeList {
    package static func parse(_ text: String) -> [String] {
        var seen = Set<String>()
        return text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" })
            .map(String.init)
            .filter { seen.insert($0).inserted }
    }

    package static func parse(_ texts: [String]) -> [String] {
        parse(texts.joined(separator: ","))
    }
}

/// What a stored login remembers of its provider, so later commands reach the same server.
package struct StoredProviderRecord: Sendable, Equatable {
    package var authURL: String?
    package var apiURL: String?
    package var issuer: String?
    package var endpoints: ProviderEndpoints?

    package init(authURL: String? = nil, apiURL: String? = nil, issuer: String? = nil, endpoints: ProviderEndpoints? = nil) {
        self.authURL = authURL
        self.apiURL = apiURL
        self.issuer = issuer
        self.endpoints = endpoints
    }
}
