/// One `provider.NAME.KEY` setting: which provider types it means something for, and what its
/// value must be. `kauth config set` checks both when the value is set, not at the next login.
/// A new key is one line in `all`.
package struct ProviderConfigKey: Sendable {
    /// What a value must look like.
    package enum Kind: Sendable, Equatable {
        /// Any single-line text (an id, a secret, a scope list).
        case text
        /// A provider type name.
        case type
        /// An https URL (http only to this machine).
        case url
        /// A loopback redirect URI kauth can listen on.
        case redirectURI
        /// A client authentication method.
        case clientAuthMethod
        /// A file path.
        case path
        /// `host[:port]` entries, comma- or space-separated (`git_hosts`, `docker_hosts`).
        case hosts
        /// A language kauth speaks: `ko` or `en`.
        case language
    }

    /// The values a `.language` key takes.
    package static let languages = ["en", "ko"]

    package var name: String
    package var kind: Kind
    /// The provider types it applies to; nil: every type.
    var types: Set<String>?

    package init(_ name: String, _ kind: Kind, types: Set<String>? = nil) {
        self.name = name
        self.kind = kind
        self.types = types
    }

    /// Every key, in the order help lists them: the core's, then a `…_url` key for each base URL
    /// role, the core's and `addedURLRoles` (those declared above the core: KakaoAPI's hosts).
    package static func all(addedURLRoles: [ProviderURLRole]) -> [ProviderConfigKey] {
        fixed
            + (ProviderURLRole.core + addedURLRoles).map { role in
                ProviderConfigKey(
                    role.configKey, .url, types: Set(ProviderType.builtIn.filter { $0.has(role) }.map(\.id)))
            }
    }

    private static let fixed: [ProviderConfigKey] =
        [
            ProviderConfigKey("type", .type),
            ProviderConfigKey("client_id", .text),
            ProviderConfigKey("client_secret", .text),
            ProviderConfigKey(
                "app_key", .text, types: Set(ProviderType.builtIn.filter { $0.appKeyScheme != nil }.map(\.id))),
            ProviderConfigKey("redirect_uri", .redirectURI),
            ProviderConfigKey("scopes", .text),
            ProviderConfigKey("issuer", .url, types: Set(ProviderType.builtIn.filter(\.usesDiscovery).map(\.id))),
            ProviderConfigKey(
                "revocation_endpoint", .url, types: Set(ProviderType.builtIn.filter(\.revokesTokens).map(\.id))),
            ProviderConfigKey("token_endpoint_auth_method", .clientAuthMethod),
            ProviderConfigKey("private_key", .path),
            ProviderConfigKey("private_key_id", .text),
            ProviderConfigKey("ca_file", .path),
            ProviderConfigKey("client_cert", .path),
            ProviderConfigKey("client_key", .path),
            // Shaping the authorization request: extra NAME=VALUE parameters, OpenID Connect's
            // acr_values and max_age, RFC 8707 resource indicators (each overridden by its flag).
            ProviderConfigKey("auth_params", .text),
            ProviderConfigKey("acr_values", .text),
            ProviderConfigKey("max_age", .text),
            ProviderConfigKey("resource", .text),
            ProviderConfigKey("language", .language)
        ]
        + CredentialTool.allCases.flatMap { tool in
            [ProviderConfigKey(tool.hostsKey, .hosts), ProviderConfigKey(tool.usernameKey, .text)]
        }

    package static func named(_ name: String, addedURLRoles: [ProviderURLRole]) -> ProviderConfigKey? {
        all(addedURLRoles: addedURLRoles).first { $0.name == name }
    }

    /// Whether the key means something for a provider of type `type`.
    package func applies(to type: String) -> Bool {
        types?.contains(type) ?? true
    }

    /// Checks a value for this key: the mistakes that would otherwise surface only at the next
    /// login (a redirect URI that cannot work, a URL that is not one).
    package func check(_ value: String, key: String) throws {
        switch kind {
        case .text, .path:
            break
        case .hosts:
            if let entry = CredentialHosts.firstInvalid(in: value) {
                throw KAuthError.config(.notAHost(key: key, entry: entry))
            }
        case .type:
            if ProviderType.named(value) == nil {
                throw KAuthError.invalidSetting(name: key, value: value, expected: ProviderType.builtIn.map(\.id))
            }
        case .url:
            try Provider.requireSecure(value, label: key)
        case .redirectURI:
            _ = try RedirectPlan.parse(value)
        case .language:
            if !Self.languages.contains(value) {
                throw KAuthError.invalidSetting(name: key, value: value, expected: Self.languages)
            }
        case .clientAuthMethod:
            if ClientAuthMethod(rawValue: value) == nil {
                throw KAuthError.invalidSetting(
                    name: key, value: value, expected: ClientAuthMethod.allCases.map(\.rawValue))
            }
        }
    }
}

extension ProviderType {
    /// Whether logout revokes tokens at an RFC 7009 endpoint (which `revocation_endpoint` names).
    fileprivate var revokesTokens: Bool {
        if case .revocation = logout { return true }
        return false
    }
}
