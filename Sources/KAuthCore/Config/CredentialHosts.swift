/// The tools that ask kauth for credentials by their own helper protocols, each with the
/// provider config keys that say which hosts a provider's logins answer for and with which user
/// name (`git_hosts`, `git_username`, `docker_hosts`, `docker_username`).
package enum CredentialTool: String, Sendable, CaseIterable {
    case git
    case docker

    /// `provider.NAME.git_hosts`: the hosts, as `host[:port]`.
    package var hostsKey: String { rawValue + "_hosts" }
    /// `provider.NAME.git_username`: the user name given with the token.
    package var usernameKey: String { rawValue + "_username" }
    /// The user name when none is set: GitLab wants `oauth2` with an OAuth token, Gitea and most
    /// registries accept any. Never Docker's `<token>`, which would make Docker take the token
    /// for an identity token and trade it at the registry.
    package static let defaultUsername = "oauth2"
}

/// A list of `host[:port]` entries (`git_hosts`, `docker_hosts`), comma- or space-separated as
/// every list is, matched exactly: a credential goes only to a host the user named.
package enum CredentialHosts {
    /// The entries of a setting, lowercased (host names are not case-sensitive), in order,
    /// without repeats.
    package static func parse(_ text: String) -> [String] {
        ScopeList.parse(text.lowercased())
    }

    /// The first entry that is not `host` or `host:port` (a name or an IPv4 address, or an IPv6
    /// address in brackets; a port of 1–65535), nil when all are. A URL, a path or a user name
    /// in an entry would never match what git and Docker send, so it is refused when set.
    package static func firstInvalid(in text: String) -> String? {
        let entries = parse(text)
        if entries.isEmpty { return text }
        return entries.first { !isHostAndPort($0) }
    }

    /// Whether `entry` is `host` or `host:port`.
    package static func isHostAndPort(_ entry: String) -> Bool {
        let (host, port) = split(entry)
        if let port {
            guard !port.isEmpty, port.count <= 5, port.allSatisfy(\.isASCII), port.allSatisfy(\.isNumber),
                let number = Int(port), (1...65535).contains(number)
            else { return false }
        }
        if host.hasPrefix("[") {
            guard host.hasSuffix("]"), host.count > 2 else { return false }
            return host.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
        }
        guard !host.isEmpty, host.count <= 253, !host.hasPrefix("."), !host.hasPrefix("-") else { return false }
        return host.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" || $0 == "." }
    }

    /// The host without its port, and the port (nil when there is none).
    package static func split(_ entry: String) -> (host: String, port: String?) {
        if entry.hasPrefix("[") {
            guard let close = entry.firstIndex(of: "]") else { return (entry, nil) }
            let host = String(entry[...close])
            let rest = entry[entry.index(after: close)...]
            guard !rest.isEmpty else { return (host, nil) }
            guard rest.hasPrefix(":") else { return (entry, nil) }
            return (host, String(rest.dropFirst()))
        }
        guard let colon = entry.lastIndex(of: ":") else { return (entry, nil) }
        return (String(entry[..<colon]), String(entry[entry.index(after: colon)...]))
    }

    /// Whether `host` (as the tool sent it: `host` or `host:port`) is listed in `text`.
    package static func lists(_ text: String?, host: String) -> Bool {
        guard let text, !host.isEmpty else { return false }
        return parse(text).contains(host.lowercased())
    }
}

extension ConfigFile {
    /// The providers whose `tool` hosts list `host`, in file order.
    package func providers(serving host: String, for tool: CredentialTool) -> [String] {
        let suffix = "." + tool.hostsKey
        return entries.compactMap { entry in
            guard entry.key.hasPrefix("provider."), entry.key.hasSuffix(suffix),
                CredentialHosts.lists(entry.value, host: host)
            else { return nil }
            let name = entry.key.dropFirst("provider.".count).dropLast(suffix.count)
            return name.isEmpty || name.contains(".") ? nil : String(name)
        }
    }

    /// What `provider.NAME.KEY` of `tool` says, or nil when it is unset or empty.
    package func credentialSetting(provider: String, _ key: String) -> String? {
        guard let value = value("provider.\(provider).\(key)"), !value.isEmpty else { return nil }
        return value
    }

    /// The user name a provider's logins give `tool`.
    package func credentialUsername(provider: String, for tool: CredentialTool) -> String {
        credentialSetting(provider: provider, tool.usernameKey) ?? CredentialTool.defaultUsername
    }

    /// The hosts a provider's logins answer `tool` for.
    package func credentialHosts(provider: String, for tool: CredentialTool) -> [String] {
        credentialSetting(provider: provider, tool.hostsKey).map(CredentialHosts.parse) ?? []
    }
}
