import KAuthBasics

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A provider with every setting resolved for one command: its type (what differs between
/// providers) and the values flag, environment, config and the stored login gave it.
package struct Provider: Sendable {
    /// The name used with `--provider`, in `provider.NAME.*` config keys and in the keystore.
    package var name: String
    package var type: ProviderType
    package var clientID: String?
    package var clientSecret: String?
    /// Key for app-key APIs (Kakao's share API: `Authorization: KakaoAK …`); defaults to the client id.
    package var appKey: String?
    /// The base URLs the type has, without a trailing slash.
    package var urls: [ProviderURLRole: String]
    /// A redirect URI from flag or config, if any.
    package var redirectURI: String?
    /// A redirect port from `--port` or `KAUTH_REDIRECT_PORT`; 0 asks for a free one.
    package var redirectPort: UInt16?
    /// Scopes asked for at login when `--scopes` is not given.
    package var scopes: [String]
    /// Whether `scopes` are the type's defaults (nothing configured them), which discovery may
    /// narrow to what the provider offers.
    var scopesAreDefault: Bool
    /// An OpenID Connect provider's issuer, kept exactly as given: discovery must name this very
    /// string (OIDC Discovery §4.3).
    package var issuer: String?
    /// The OAuth endpoints; nil for a discovery provider until discovery has run.
    var endpoints: ProviderEndpoints?
    /// `token_endpoint_auth_method` from config: wins over what the server advertises.
    var forcedClientAuth: ClientAuthMethod?
    /// `private_key`: the PEM file `private_key_jwt` assertions are signed with.
    package var privateKey: String?
    /// `private_key_id`: the `kid` of those assertions (else the key's RFC 7638 thumbprint).
    package var privateKeyID: String?
    /// `revocation_endpoint` from config, for providers that implement RFC 7009 without
    /// advertising it; applied over discovery's answer too.
    var revocationOverride: String?
    /// CA bundle and client certificate for every request to this provider.
    package var tls = TLSTrust()
    /// Where the client id and the redirect URI came from, for messages.
    package var sources = SettingSources()

    package init(
        name: String, type: ProviderType, clientID: String? = nil, clientSecret: String? = nil, appKey: String? = nil,
        urls: [ProviderURLRole: String] = [:], redirectURI: String? = nil, redirectPort: UInt16? = nil,
        scopes: [String]? = nil,
        issuer: String? = nil, endpoints: ProviderEndpoints? = nil, forcedClientAuth: ClientAuthMethod? = nil,
        revocationOverride: String? = nil
    ) {
        self.name = name
        self.type = type
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.appKey = appKey
        self.urls = urls
        self.redirectURI = redirectURI
        self.redirectPort = redirectPort
        self.scopes = scopes ?? type.defaultScopes
        self.scopesAreDefault = scopes == nil
        self.issuer = issuer
        self.forcedClientAuth = forcedClientAuth
        self.revocationOverride = revocationOverride
        var endpoints = endpoints
        if endpoints == nil, case .fixed(let build) = type.endpoints { endpoints = build(urls) }
        if let revocationOverride { endpoints?.revocation = revocationOverride }
        self.endpoints = endpoints
    }

    // MARK: - Names

    /// For people: the provider's own name (`Kakao`), the issuer's host for an OpenID Connect
    /// provider, and the configured name in front when it is not the type's (`work (id.example.com)`).
    package var displayName: String {
        Self.displayName(name: name, type: type, issuer: issuer ?? endpoints?.issuer)
    }

    static func displayName(name: String, type: ProviderType, issuer: String?) -> String {
        var base = type.displayName
        if type.usesDiscovery, let host = host(of: issuer) { base = host }
        return name == type.id ? base : "\(name) (\(base))"
    }

    /// `host[:port]` of a URL.
    static func host(of url: String?) -> String? {
        guard let url, let components = URLComponents(string: url), let host = components.host, !host.isEmpty else {
            return nil
        }
        return components.port.map { "\(host):\($0)" } ?? host
    }

    // MARK: - Requirements

    /// The base URL for `role`, or an error naming the setting.
    package func url(_ role: ProviderURLRole) throws -> String {
        guard let url = urls[role] else { throw KAuthError.missingSetting(.url(role), provider: name) }
        return url
    }

    package func requireClientID() throws -> String {
        guard let clientID else { throw KAuthError.missingSetting(.clientID, provider: name) }
        return clientID
    }

    /// The endpoints; a discovery provider has them once `discovered(http:)` has run or the stored
    /// login brought them.
    func requireEndpoints() throws -> ProviderEndpoints {
        guard let endpoints else {
            if issuer == nil { throw KAuthError.missingSetting(.issuer, provider: name) }
            throw KAuthError.endpointsUnknown(provider: name)
        }
        return endpoints
    }

    /// Whether `--issuer` means anything for this provider.
    package var takesIssuer: Bool { type.usesDiscovery }

    /// Whether the provider has `feature`: as the feature's own declaration says when it names
    /// provider types (a feature of a target built on the core), else as the provider type says.
    package func supports(_ feature: ProviderFeature) -> Bool {
        feature.providerTypes.map { $0.contains(type.id) } ?? type.features.contains(feature)
    }

    /// Throws the exit-2 "this provider cannot do that" error unless the provider has `feature`.
    package func require(_ feature: ProviderFeature) throws {
        guard supports(feature) else { throw KAuthError.unsupported(provider: name, .feature(feature)) }
    }

    // MARK: - Where tokens may go

    /// The origins (`scheme://host[:port]`) a bearer token of this provider may be sent to on a
    /// user's request (`kauth api`): the provider's own auth and API hosts, or an OpenID Connect
    /// provider's issuer and configured `api_url`.
    package var tokenOrigins: [String] {
        var urls = [self.urls[.auth], self.urls[.api]].compactMap { $0 }
        if type.usesDiscovery { urls += [issuer ?? endpoints?.issuer].compactMap { $0 } }
        var seen = Set<String>()
        return urls.compactMap(Self.origin(of:)).filter { seen.insert($0).inserted }
    }

    /// `scheme://host[:port]`, lower-cased, default ports left out.
    package static func origin(of url: String) -> String? {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            let host = components.host?.lowercased(), !host.isEmpty
        else { return nil }
        let port = components.port.flatMap {
            (scheme == "https" && $0 == 443) || (scheme == "http" && $0 == 80) ? nil : $0
        }
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(scheme)://\(shownHost)" + (port.map { ":\($0)" } ?? "")
    }
}

extension Provider: Equatable {
    /// Settings compared; the type by its id (its closures have no equality).
    package static func == (lhs: Provider, rhs: Provider) -> Bool {
        lhs.name == rhs.name && lhs.type.id == rhs.type.id && lhs.clientID == rhs.clientID
            && lhs.clientSecret == rhs.clientSecret
            && lhs.appKey == rhs.appKey && lhs.urls == rhs.urls && lhs.redirectURI == rhs.redirectURI
            && lhs.redirectPort == rhs.redirectPort && lhs.scopes == rhs.scopes && lhs.issuer == rhs.issuer
            && lhs.endpoints == rhs.endpoints && lhs.forcedClientAuth == rhs.forcedClientAuth
            && lhs.revocationOverride == rhs.revocationOverride && lhs.privateKey == rhs.privateKey
            && lhs.privateKeyID == rhs.privateKeyID
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
