#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import KAuthCore

/// `POST /oauth/revoke`: RFC 7009 token revocation, a sandbox addition that Kakao does not
/// document (its clients log out with `/v1/user/logout`), listed in the discovery document as
/// `revocation_endpoint` so that a generic OAuth client can be tested against it.
extension SandboxEngine {
    /// Form `token` (required) and `token_type_hint` (optional, `access_token` or
    /// `refresh_token`). Once the client is authenticated the answer is 200 with an empty body,
    /// whether or not the token was known (RFC 7009 §2.2), so that nothing about tokens leaks.
    ///
    /// - A refresh token ends with its whole grant: every access token of that login too
    ///   (RFC 7009 §2.1 "SHOULD"), and a later refresh with it gets KOE322.
    /// - An access token ends alone; its refresh token still works.
    /// - A token of another app key is left alone, as if it were unknown: that app's tokens are
    ///   not this client's to end.
    ///
    /// The hint only chooses where to look first (§2.1: the search extends to every type), so an
    /// unknown hint value is ignored rather than refused.
    mutating func revokeToken(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        let form = request.form
        entry.clientID = form.first(named: "client_id")
        entry.tokenTypeHint = form.first(named: "token_type_hint")
        let clientID: String
        switch authenticateClient(form, &entry) {
        case .success(let value): clientID = value
        case .failure(let refusal): return refusal.response
        }
        guard let token = form.first(named: "token"), !token.isEmpty else {
            return Self.oauthError(400, "invalid_request", "token is required", "KOE001", &entry)
        }
        entry.revoked = revoke(token: token, clientID: clientID)
        return Self.revocationAnswer
    }

    /// Ends `token` if it is a live refresh or access token of `clientID`; whether it was.
    mutating func revoke(token: String, clientID: String) -> Bool {
        if let record = state.refreshTokens[token], record.clientId == clientID {
            revoke(grant: record.grantId)
            return true
        }
        if let record = state.accessTokens[token], record.clientId == clientID {
            state.accessTokens[token] = nil
            return true
        }
        return false
    }

    /// RFC 7009 §2.2: 200, and the client ignores the body; an empty one says so.
    static var revocationAnswer: HTTPServerResponse {
        HTTPServerResponse(status: 200, headers: [HTTPHeader("Cache-Control", "no-store")])
    }
}
