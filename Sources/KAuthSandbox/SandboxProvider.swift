import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A Kakao-compatible OAuth provider and user API, as a pure function from request to response.
///
/// One instance serves every host's paths: `kauth.kakao.com`'s `/oauth/*` and `/api/agt`,
/// `kapi.kakao.com`'s `/v1/*` and `/v2/*`, the sharer's page and the apps host's
/// (`/auth/kpidt`, `/user/address…`), plus control endpoints under `/_sandbox/` for tests. It
/// answers with Kakao's documented statuses, bodies and KOE codes, so that a client
/// tested here behaves the same against Kakao. Kakao's OpenID Connect (`SandboxOIDC.swift`) is a
/// configuration switch; RFC 7009 revocation and the RFC 8628 device grant are sandbox
/// additions. In Snap mode it serves Snap Login Kit's paths instead (`SandboxSnap.swift`). Time
/// comes from the injected `Clock` and every code and token from the injected `RandomSource`, so
/// tests can move time and get repeatable runs.
///
/// Thread-safe: `LoopbackServer` calls `handle` from one thread per connection, and one lock
/// around each request makes every request see and leave a consistent state.
///
/// The target's folders, bottom up; each names only types of the folders below it:
/// - `State/`: what the sandbox keeps and is told: the records of the state file and the state
///   file itself, the in-memory records (share, apps host, answers and failures a test set),
///   `SandboxConfiguration`, the scope catalogue, log entries, `OrderedJSON`, `SandboxSecrets`.
/// - `Crypto/`: signing keys and JWS, for ID tokens.
/// - `Engine/`: `SandboxEngine`, the value every request runs on, with the answer shapes and the
///   bearer-token check all routes share.
/// - The routes, one folder per product, each an extension of the engine: `OAuth/` (one
///   authorization server, configured per provider by `SandboxOAuthProfile`), with `User/`
///   (Kakao's consent step for it, and kapi's user APIs) and `Snap/` (Snap's consent step and
///   APIs) on it; `OIDC/`, `Share/`, `Talk/`; `Apps/` (the apps host, on `User/`'s shipping
///   addresses).
/// - `Control/`: the `/_sandbox/` endpoints tests steer the provider with.
/// - This folder: `SandboxProvider` and `SandboxServer`, the target's face, and the router
///   (`SandboxEngine+Routes.swift`), the one place that knows every route.
///
/// Routes call one another's methods through the one engine value (the token endpoint signs
/// OpenID Connect's ID tokens, the profile of each provider names its consent step); the layers
/// are those of the types, which `make layers` keeps free of cycles.
package final class SandboxProvider: @unchecked Sendable {
    private let lock = Lock()
    private var engine: SandboxEngine
    private let store: SandboxStateStore?

    /// Loads the state file when the configuration names one (and writes it once, so an unusable
    /// path fails here rather than on the first login).
    ///
    /// - Throws: `SandboxStateError` when the state file cannot be read, is not a sandbox state
    ///   file (it is then left untouched), or cannot be written.
    package init(
        configuration: SandboxConfiguration = SandboxConfiguration(),
        clock: Clock = .live,
        random: RandomSource = .live
    ) throws {
        var state = SandboxState()
        if let path = configuration.stateFile {
            let store = SandboxStateStore(path: path)
            if let loaded = try store.load() { state = loaded }
            state.purge(now: clock.now())
            try store.save(state)
            self.store = store
        } else {
            self.store = nil
        }
        engine = SandboxEngine(configuration: configuration, state: state, clock: clock, random: random)
    }

    /// Answers one request.
    package func handle(_ request: HTTPServerRequest) -> HTTPServerResponse {
        handleAndLog(request).response
    }

    /// Every logged request so far, oldest first (control requests under `/_sandbox/` excluded).
    package var requestLog: [SandboxLogEntry] {
        lock.lock()
        defer { lock.unlock() }
        return engine.log
    }

    /// The configuration in force, including changes made through `POST /_sandbox/config`.
    package var configuration: SandboxConfiguration {
        lock.lock()
        defer { lock.unlock() }
        return engine.configuration
    }

    /// The address the sandbox is served at, once `SandboxServer` has bound its port: the base of
    /// the URLs it hands out (friends pages, the apps host), and the issuer when the
    /// configuration names none, so that ID tokens, discovery and `iss` name the address the
    /// sandbox is reached at.
    func adopt(baseURL: String) {
        lock.lock()
        defer { lock.unlock() }
        engine.baseURL = baseURL
        if engine.configuration.issuer == nil { engine.configuration.issuer = baseURL }
    }

    /// Answers one request and returns its log entry (nil for control requests), for
    /// `SandboxServer`'s `onRequest`.
    func handleAndLog(_ request: HTTPServerRequest) -> (response: HTTPServerResponse, entry: SandboxLogEntry?) {
        lock.lock()
        defer { lock.unlock() }
        let before = engine.state
        var (response, entry) = engine.handle(request)
        if let store, engine.state != before {
            do {
                try store.save(engine.state)
            } catch {
                // The answer would claim a change that a restart would lose: say so instead.
                response = .text(500, "sandbox: \(error)\n")
                entry?.status = 500
            }
        }
        if let entry { engine.appendLog(entry) }
        return (response, entry)
    }
}
