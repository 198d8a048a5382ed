#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import KAuthCore

/// Client authentication (RFC 6749 §2.3) at the token, revocation (RFC 7009 §2.1) and device
/// authorization (RFC 8628 §3.1) endpoints.
extension SandboxEngine {
    /// Client authentication as at the token endpoint (RFC 7009 §2.1 and RFC 8628 §3.1 reuse it),
    /// after refusing a parameter sent twice (RFC 6749 §3.2): `client_id`, checked against the
    /// configured app key, and `client_secret` when one is configured. The client id, or the
    /// KOE001 / KOE101 / KOE010 answer.
    func authenticateClient(_ form: [(String, String)], _ entry: inout SandboxLogEntry) -> Result<String, Unauthorized> {
        if let name = Self.repeatedName(form) {
            return .failure(Unauthorized(response: Self.oauthError(400, "invalid_request", "\(name) is sent more than once", "KOE001", &entry)))
        }
        guard let clientID = form.first(named: "client_id"), !clientID.isEmpty else {
            return .failure(Unauthorized(response: Self.oauthError(401, "invalid_client", "client_id is required", "KOE101", &entry)))
        }
        if let expected = configuration.clientID, clientID != expected {
            return .failure(Unauthorized(response: Self.oauthError(401, "invalid_client", "wrong app key", "KOE101", &entry)))
        }
        if let secret = configuration.clientSecret {
            guard let presented = form.first(named: "client_secret"), SandboxSecrets.equal(presented, secret) else {
                return .failure(Unauthorized(response: Self.oauthError(401, "invalid_client", "client_secret is missing or wrong", "KOE010", &entry)))
            }
        }
        return .success(clientID)
    }

    /// RFC 7617: `Basic base64(id:secret)`, each part form-urlencoded first (RFC 6749 §2.3.1).
    static func basicCredentials(_ header: String) -> (id: String, secret: String)? {
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "basic",
              let bytes = Data(base64Encoded: parts[1].trimmingWhitespace()),
              let text = String(bytes: bytes, encoding: .utf8),
              let colon = text.firstIndex(of: ":")
        else { return nil }
        let decode = { (part: Substring) in FormURLEncoding.decode("x=" + part).first?.1 ?? String(part) }
        return (decode(text[..<colon]), decode(text[text.index(after: colon)...]))
    }
}
