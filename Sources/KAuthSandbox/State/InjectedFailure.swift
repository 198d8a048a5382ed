import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A failure that `POST /_sandbox/fail` asked for.
struct InjectedFailure: Sendable, Equatable {
    var remaining: Int
    var status: Int
    /// A kapi code (`-9798`) or a KOE code (`KOE003`), choosing the body's shape.
    var code: String?
    /// The OAuth `error` for a KOE body.
    var error: String?
    /// With code -402: the `required_scopes` of the body (`insufficientScopes`).
    var requiredScopes: [String] = []
}
