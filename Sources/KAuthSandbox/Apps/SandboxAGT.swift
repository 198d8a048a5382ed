import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `POST /api/agt` on the auth host: form `client_id` and `access_token` → `{"agt":"…"}`, an
/// app-guest token that opens apps-host pages (the shipping-address picker) as the user. It
/// lives `agtLifetime` seconds, is spent by its first use, and is bound to the app and the user.
/// UNCONFIRMED for real Kakao; the sandbox emulates exactly this.
extension SandboxEngine {
    /// Seconds an AGT can be used.
    static let agtLifetime = 600

    mutating func agt(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        let form = request.form
        entry.clientID = form.first(named: "client_id")
        if let name = Self.repeatedName(form) {
            return Self.oauthError(400, "invalid_request", "\(name) is sent more than once", "KOE001", &entry)
        }
        guard let clientID = form.first(named: "client_id"), !clientID.isEmpty else {
            return Self.oauthError(401, "invalid_client", "client_id is required", "KOE101", &entry)
        }
        if let expected = configuration.clientID, clientID != expected {
            return Self.oauthError(401, "invalid_client", "wrong app key", "KOE101", &entry)
        }
        guard let text = form.first(named: "access_token"), let token = state.accessTokens[text],
            token.expiresAt > now, token.clientId == clientID
        else {
            return Self.oauthError(
                401, "unauthorized", "the access token is missing, expired, revoked or of another app", "KOE001", &entry
            )
        }
        let value = SandboxSecrets.make(random)
        apps.agts[value] = AGTRecord(
            clientID: clientID, userID: token.userId, expiresAt: now.addingTimeInterval(TimeInterval(Self.agtLifetime)))
        return .json(200, OrderedJSON.object([("agt", .string(value))]).data)
    }
}
