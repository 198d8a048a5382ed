#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import KAuthCore
import KAuthBasics

/// Ending Snap sessions: RFC 7009 revocation of one token and the SDK's "unlink all sessions".
extension SandboxEngine {
    /// `POST /accounts/oauth2/revoke`, form `token` (the SDK sends the refresh token): 200 with
    /// an empty body whether or not the token was known (RFC 7009 §2.2). Snap's client
    /// authentication here is UNCONFIRMED, so none is required; a `client_id` (form or
    /// Basic) that is sent must be a known one, and then only that client's tokens are ended.
    mutating func snapRevoke(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        let form = request.form
        entry.tokenTypeHint = form.first(named: "token_type_hint")
        var clientID = form.first(named: "client_id")
        if let header = request.headers.value(for: "Authorization") {
            guard let credentials = Self.basicCredentials(header) else {
                return Self.standardError(401, "invalid_client", "the Authorization header must be Basic base64(client_id:client_secret)", &entry)
            }
            clientID = credentials.id
        }
        entry.clientID = clientID
        if let clientID, let expected = configuration.clientID, clientID != expected {
            return Self.standardError(401, "invalid_client", "unknown client_id", &entry)
        }
        guard let token = form.first(named: "token"), !token.isEmpty else {
            return Self.standardError(400, "invalid_request", "token is required", &entry)
        }
        let owner = clientID ?? state.refreshTokens[token]?.clientId ?? state.accessTokens[token]?.clientId ?? ""
        entry.revoked = revoke(token: token, clientID: owner)
        return Self.revocationAnswer
    }

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
        let user = token.userId
        let client = token.clientId
        revoke(where: { $0.userId == user && $0.clientId == client }, refresh: { $0.userId == user && $0.clientId == client })
        state.codes = state.codes.filter { !($0.value.userId == user && $0.value.clientId == client) }
        entry.revoked = true
        return .json(200, OrderedJSON.object([]).data)
    }
}
