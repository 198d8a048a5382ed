import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An app-guest token (AGT): what `POST /api/agt` trades an access token for, to open an apps-host
/// page as the user without handing the page the access token itself.
struct AGTRecord: Sendable, Equatable {
    var clientID: String
    var userID: Int64
    var expiresAt: Date
}

/// What `GET /auth/kpidt` leaves behind for the page it redirects to: the browser that follows the
/// redirect may open exactly that page (path and query), once, as the AGT's user.
///
/// The session is kept by the sandbox rather than in a cookie, so that a "browser" that only
/// follows redirects (curl `--location`, which keeps no cookies) completes the flow, and a page
/// opened any other way is still told it has no session (KAE205).
struct KpidtSession: Sendable, Equatable {
    var path: String
    /// The page's query, sorted, so that the order a browser keeps does not matter.
    var query: [String]
    var clientID: String
    var userID: Int64
    var expiresAt: Date

    static func key(_ pairs: [(String, String)]) -> [String] {
        pairs.map { FormURLEncoding.encode([$0]) }.sorted()
    }
}

/// The apps host's memory: live AGTs, kpidt sessions, and the visits tests read back through
/// `GET /_sandbox/picker-visits`. In memory only, like the share records: an AGT lives ten
/// minutes, and a restart ends a picker flow anyway.
struct SandboxAppsRecords: Sendable {
    var agts: [String: AGTRecord] = [:]
    var sessions: [KpidtSession] = []
    var visits: [JSONValue] = []

    static let capacity = 1000

    /// Drops expired AGTs and sessions.
    mutating func purge(now: Date) {
        agts = agts.filter { $0.value.expiresAt > now }
        sessions.removeAll { $0.expiresAt <= now }
    }

    mutating func addVisit(_ visit: JSONValue) {
        visits.append(visit)
        if visits.count > Self.capacity { visits.removeFirst() }
    }

    mutating func addSession(_ session: KpidtSession) {
        sessions.append(session)
        if sessions.count > Self.capacity { sessions.removeFirst() }
    }
}
