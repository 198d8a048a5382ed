#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Whether a URL points at this machine. Decides two things: plain `http` is allowed there (nothing
/// crosses a network), and a provider there (the sandbox, a test server) has no registered
/// redirect URIs, so any loopback port will do.
package enum LoopbackAddress {
    package static func contains(_ url: String) -> Bool {
        guard let host = URLComponents(string: url)?.host?.lowercased() else { return false }
        return host == "127.0.0.1" || host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }
}
