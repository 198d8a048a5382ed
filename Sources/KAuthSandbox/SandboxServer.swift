import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A `SandboxProvider` served on 127.0.0.1 by the same `LoopbackServer` the login flow listens
/// with. Point `KAUTH_KAKAO_AUTH_URL`, `KAUTH_KAKAO_API_URL` (and `KAUTH_KAKAO_SHARER_URL`,
/// `KAUTH_KAKAO_APPS_URL`) at `baseURL`: one port serves every host's paths. Unless the
/// configuration names an issuer, `baseURL` is the issuer of its ID tokens and discovery
/// document.
package final class SandboxServer: Sendable {
    package let provider: SandboxProvider
    private let server: LoopbackServer

    /// Binds the port (0: any free one) and loads the state file; call `start()` to serve.
    ///
    /// - Parameter onRequest: called after each logged request is answered (for `kauth sandbox`
    ///   to print a line per request), on the connection's thread.
    /// - Throws: `LoopbackServerError` when the port cannot be bound, `SandboxStateError` when
    ///   the state file is unusable.
    package init(
        configuration: SandboxConfiguration = SandboxConfiguration(),
        port: UInt16 = 0,
        clock: Clock = .live,
        random: RandomSource = .live,
        onRequest: (@Sendable (SandboxLogEntry) -> Void)? = nil
    ) throws {
        let provider = try SandboxProvider(configuration: configuration, clock: clock, random: random)
        self.provider = provider
        server = try LoopbackServer(host: "127.0.0.1", port: port) { request in
            let (response, entry) = provider.handleAndLog(request)
            if let entry, let onRequest { onRequest(entry) }
            return response
        }
        provider.adopt(baseURL: server.baseURL)
    }

    /// The bound port.
    package var port: UInt16 { server.port }

    /// `http://127.0.0.1:PORT`, with no trailing slash.
    package var baseURL: String { server.baseURL }

    package func start() { server.start() }

    /// Stops accepting and frees the port.
    package func stop() { server.stop() }
}
