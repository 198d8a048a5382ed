import KAuthBasics

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Which server a login talks to, when it is not the provider's own: a sandbox, a test server or
/// a proxy must never be mistaken for the real provider (`status` names it, a login warns).
extension ProviderType {
    /// The first base URL in `urls` that differs from this type's built-in one, or an issuer on
    /// this machine (an OpenID Connect provider has no built-in server: its issuer is its own).
    package func foreignServer(urls: [ProviderURLRole: String], issuer: String?) -> String? {
        if usesDiscovery {
            return issuer.flatMap { LoopbackAddress.contains($0) ? $0 : nil }
        }
        // The core's roles first, then those declared above it (which carry their built-in URLs).
        let added = urls.keys.filter { !ProviderURLRole.core.contains($0) }.sorted { $0.name < $1.name }
        for role in ProviderURLRole.core + added {
            guard let url = urls[role], let builtIn = builtInURL(role) else { continue }
            if url.trimmingSlash != builtIn.trimmingSlash { return url }
        }
        return nil
    }
}

extension Provider {
    /// The server this provider's settings point at when it is not the provider's own.
    package var foreignServer: String? {
        type.foreignServer(urls: urls, issuer: issuer ?? endpoints?.issuer)
    }
}

extension String {
    fileprivate var trimmingSlash: Substring {
        hasSuffix("/") ? dropLast() : Substring(self)
    }
}
