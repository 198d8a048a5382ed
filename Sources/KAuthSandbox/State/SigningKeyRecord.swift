import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The signing key as the state file keeps it: the private JWK members (RFC 7518 §6.3.2). The
/// state file is written 0600 and already holds live tokens; the key signs only sandbox tokens.
struct SigningKeyRecord: Codable, Equatable, Sendable {
    var kid: String
    var jwk: [String: String]
}
