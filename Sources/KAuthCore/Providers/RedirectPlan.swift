#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where the listener binds and which `redirect_uri` is advertised (RFC 8252 §7.3).
struct RedirectPlan: Sendable, Equatable {
    /// Host written in the redirect URI: `127.0.0.1` (or `localhost` when the registered URI says so).
    var advertisedHost: String
    /// 0: any free port.
    var port: UInt16
    var path: String

    /// The redirect URI once the real port is known.
    func uri(port actual: UInt16) -> String {
        "http://\(advertisedHost):\(actual)\(path)"
    }

    /// The redirect URI from flag or config, else the provider's default — wherever the
    /// provider's URLs point: a local test server gets the same redirect URI as the real one. A
    /// redirect port (`--port`, `KAUTH_REDIRECT_PORT`; 0: any free port) replaces that URI's port.
    static func resolve(provider: Provider) throws -> RedirectPlan {
        var plan =
            try provider.redirectURI.map(parse)
            ?? RedirectPlan(
                advertisedHost: "127.0.0.1", port: provider.type.redirectPort, path: provider.type.redirectPath)
        if let port = provider.redirectPort { plan.port = port }
        return plan
    }

    /// Accepts `http://127.0.0.1:PORT/path` and `http://localhost:PORT/path`: the listener
    /// binds 127.0.0.1 only, and the URI may carry no query (use `state` instead).
    static func parse(_ uri: String) throws -> RedirectPlan {
        guard let components = URLComponents(string: uri), components.scheme == "http",
            let host = components.host?.lowercased()
        else {
            throw KAuthError.invalidRedirectURI(uri: uri, problem: .notHTTP)
        }
        guard host == "127.0.0.1" || host == "localhost" else {
            throw KAuthError.invalidRedirectURI(uri: uri, problem: .notLoopback)
        }
        guard components.query == nil, components.fragment == nil else {
            throw KAuthError.invalidRedirectURI(uri: uri, problem: .hasQueryOrFragment)
        }
        guard let port = components.port, (1...65535).contains(port) else {
            throw KAuthError.invalidRedirectURI(uri: uri, problem: .noPort)
        }
        let path = components.path.isEmpty ? "/" : components.path
        return RedirectPlan(advertisedHost: host, port: UInt16(port), path: path)
    }
}
