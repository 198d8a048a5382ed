import KAuthBasics
import KAuthCore
import KakaoAPI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The provider's state and behaviour as a value: every request is one `mutating` call, made
/// under the provider's lock. This file holds what the engine keeps; the route folders extend it
/// with their endpoints, and `handle` (`SandboxEngine+Routes.swift`, at the top) sends each
/// request to one of them.
struct SandboxEngine {
    var configuration: SandboxConfiguration
    var state: SandboxState
    var log: [SandboxLogEntry] = []
    var failures: [String: InjectedFailure] = [:]
    /// Answers `POST /_sandbox/respond` set, by endpoint.
    var rawResponses: [SandboxRawEndpoint: SandboxRawResponse] = [:]
    /// Sharer visits, memos and images, for tests to read back (`Share/`).
    var share = SandboxShareRecords()
    /// AGTs, kpidt sessions and picker visits (`Apps/`), in memory only.
    var apps = SandboxAppsRecords()
    /// Where the sandbox is served (`SandboxServer` sets it): the base of the URLs it hands out.
    /// A provider not on a socket uses the placeholder issuer.
    var baseURL = SandboxConfiguration.placeholderIssuer
    /// The parsed form of `state.signingKey`, so that the key is not rebuilt for every token.
    var signingKeyCache: SandboxSigningKey?
    /// The CI issuer's own signing key (`SandboxCIIssuer.swift`), made on first need, in memory.
    var ciSigningKey: SandboxSigningKey?
    /// GitHub-Actions-like request tokens (`ACTIONS_ID_TOKEN_REQUEST_TOKEN`) and the job each
    /// belongs to, in memory.
    var ciJobs: [String: SandboxCIJob] = [:]
    /// Keys of the ES* and EdDSA algorithms, made on first need and kept in memory only.
    var algorithmSigners: [JWSAlgorithm: JWSSigner] = [:]
    /// `jti`s of client assertions seen, with when each assertion expires (RFC 7523 §3: a
    /// replayed assertion is refused), in memory only.
    var usedAssertionIDs: [String: Date] = [:]
    let clock: Clock
    let random: RandomSource
    /// The current request's time, read once so that one request never sees two instants.
    var now = Date(timeIntervalSince1970: 0)

    /// Oldest entries are dropped past this, so a long-running sandbox does not grow forever.
    static let logCapacity = 10_000

    init(configuration: SandboxConfiguration, state: SandboxState, clock: Clock, random: RandomSource) {
        self.configuration = configuration
        self.state = state
        self.clock = clock
        self.random = random
    }

    mutating func appendLog(_ entry: SandboxLogEntry) {
        log.append(entry)
        if log.count > Self.logCapacity { log.removeFirst(log.count - Self.logCapacity) }
    }
}
