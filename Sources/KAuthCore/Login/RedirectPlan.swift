#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where the listener binds and which `redirect_uri` is advertised (RFC 8252 §7.3).
package struct RedirectPlan: Sendable, Equatable {
    /// Host written in the redirect URI: `127.0.0.1` (or `localhost` when the registered URI says so).
    package var advertisedHost: String
    /// 0: any free port.
    package var port: UInt16
    package var path: String

    /// The redirect URI once the real port is known.
    package func uri(port actual: UInt16) -> String {
        "http://\(advertisedHost):\(actual)\(path)"
    }

    /// Flag or config URI first, then `--port`, then the provider's default: Kakao's and Snap's
    /// fixed URI for the real services (they match registered URIs exactly, port included), an
    /// ephemeral port for a provider on this machine (the sandbox) and for any OpenID Connect
    /// provider (RFC 8252 §7.3 makes them accept any loopback port).
    package static func resolve(provider: ResolvedProvider) throws -> RedirectPlan {
        if let uri = provider.redirectURI {
            var plan = try parse(uri)
            if let port = provider.port {
                if plan.port != 0 && plan.port != port {
                    throw KAuthError.usage("--port \(port) disagrees with the redirect URI \(uri); give one of them")
                }
                plan.port = port
            }
            return plan
        }
        let path = provider.kind == .snapchat ? Snapchat.defaultRedirectPath : Kakao.defaultRedirectPath
        if let port = provider.port {
            return RedirectPlan(advertisedHost: "127.0.0.1", port: port, path: path)
        }
        let authorization = provider.endpoints?.authorization ?? provider.authBaseURL
        switch provider.kind {
        case .oidc:
            return RedirectPlan(advertisedHost: "127.0.0.1", port: 0, path: path)
        case .kakao, .snapchat:
            let fixed = provider.kind == .snapchat ? Snapchat.defaultRedirectPort : Kakao.defaultRedirectPort
            return RedirectPlan(advertisedHost: "127.0.0.1", port: LoopbackAddress.contains(authorization) ? 0 : fixed, path: path)
        }
    }

    /// Accepts `http://127.0.0.1:PORT/path` and `http://localhost:PORT/path`: the listener
    /// binds 127.0.0.1 only, and the URI may carry no query (Kakao: use `state` instead).
    static func parse(_ uri: String) throws -> RedirectPlan {
        guard let components = URLComponents(string: uri), components.scheme == "http",
              let host = components.host?.lowercased()
        else {
            throw KAuthError.usage("the redirect URI '\(uri)' must look like http://127.0.0.1:PORT/callback")
        }
        guard host == "127.0.0.1" || host == "localhost" else {
            throw KAuthError.usage("the redirect URI '\(uri)' must point at this machine (127.0.0.1 or localhost): kauth listens only on loopback")
        }
        guard components.query == nil, components.fragment == nil else {
            throw KAuthError.usage("the redirect URI '\(uri)' may not have a query or fragment")
        }
        guard let port = components.port, (1...65535).contains(port) else {
            throw KAuthError.usage("the redirect URI '\(uri)' needs an explicit port, e.g. \(Kakao.defaultRedirectURI)")
        }
        let path = components.path.isEmpty ? "/" : components.path
        return RedirectPlan(advertisedHost: host, port: UInt16(port), path: path)
    }
}
