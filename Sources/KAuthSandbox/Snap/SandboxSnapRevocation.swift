import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Ending every Snap session of an app: the SDK's "unlink all sessions" (revoking one token is
/// the shared RFC 7009 endpoint, `OAuth/SandboxRevocation.swift`).
extension SandboxEngine {
    /// `POST /v1/oauth2/revoke_client` with `Authorization: Bearer`: the SDK's "unlink all
    /// sessions" (`revokeAllSessionsWithCompletion:`), which also removes the app from the user's
    /// Connected Apps. The path is from Snap's SDK; its host, body and answer are
    /// unconfirmed. The sandbox ends every token and outstanding code of the user with the
    /// token's app and answers 200 `{}`; a bad token gets 401 `{"error":"invalid_token"}`.
    mutating func snapRevokeClient(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        guard let token = bearerToken(request) else {
            return Self.standardError(401, "invalid_token", "the access token is missing, expired or revoked", &entry)
        }
        entry.clientID = token.clientId
        disconnect(user: token.userId, client: token.clientId)
        entry.revoked = true
        return .json(200, OrderedJSON.object([]).data)
    }
}
