import KAuthBasics

extension Provider {
    /// Tokens and codes travel to these URLs: plain http is allowed only to this machine (the
    /// sandbox, tests), where nothing crosses a network.
    static func checkSecure(_ provider: Provider) throws {
        var checked: [(String, String)] = provider.urls.sorted { $0.key.name < $1.key.name }.map {
            ($0.key.configKey, $0.value)
        }
        if let issuer = provider.issuer { checked.append(("issuer", issuer)) }
        if let revocation = provider.revocationOverride { checked.append(("revocation_endpoint", revocation)) }
        for (label, url) in checked { try requireSecure(url, label: label) }
    }

    /// https, or http to a loopback address.
    static func requireSecure(_ url: String, label: String) throws {
        let lowered = url.lowercased()
        if lowered.hasPrefix("https://") { return }
        // Not a URL at all, or a scheme that is no web scheme (`htps://`): say that, not "use https".
        // (A prefix test, not a search for `://`: `kauth aws credential-process` checks its
        // endpoint on every run, and a substring search brings in a library's worth of code.)
        guard lowered.hasPrefix("http://") else { throw KAuthError.notAURL(label: label, value: url) }
        if LoopbackAddress.contains(url) { return }
        throw KAuthError.insecureURL(label: label, url: url)
    }
}
