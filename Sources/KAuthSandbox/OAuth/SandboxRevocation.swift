import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// RFC 7009 token revocation at the profile's path. In Kakao mode (`/oauth/revoke`) it is a
/// sandbox addition that Kakao does not document (its clients log out with `/v1/user/logout`),
/// listed in the discovery document as `revocation_endpoint` so that a generic OAuth client can
/// be tested against it; in Snap mode (`/accounts/oauth2/revoke`) it is where the SDK sends the
/// refresh token.
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
    ///
    /// With `revocationRequiresBearer` a public client must also send `Authorization: Bearer`
    /// with a live access token of the grant it revokes (401 `invalid_token` otherwise); an
    /// unknown token still answers 200.
    mutating func revokeToken(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        let form = request.form
        entry.clientID = form.first(named: "client_id")
        entry.tokenTypeHint = form.first(named: "token_type_hint")
        guard profile.revocationAuthenticatesClient else { return revokeForNamedClient(request, form, &entry) }
        let clientID: String
        switch authenticateClient(request, form, &entry) {
        case .success(let value): clientID = value
        case .failure(let refusal): return refusal.response
        }
        let holder =
            configuration.revocationRequiresBearer && configuration.clientSecret == nil ? bearerToken(request) : nil
        if configuration.revocationRequiresBearer && configuration.clientSecret == nil {
            guard let holder, holder.clientId == clientID else {
                return Self.bearerRequired(
                    "a public client must send Authorization: Bearer with a live access token of the grant it revokes",
                    &entry)
            }
        }
        guard let token = form.first(named: "token"), !token.isEmpty else {
            return oauthFailure(400, "invalid_request", "token is required", "KOE001", &entry)
        }
        if let holder, let grant = grant(of: token, clientID: clientID), grant != holder.grantId {
            return Self.bearerRequired("the bearer access token is not of the grant of the token to revoke", &entry)
        }
        entry.revoked = revoke(token: token, clientID: clientID)
        return Self.revocationAnswer
    }

    /// Revocation where the profile authenticates no client (Snap's client authentication here
    /// is unconfirmed, so none is required): a `client_id` that is sent (form or Basic) must be a
    /// known one, and then only that client's tokens are ended.
    private mutating func revokeForNamedClient(
        _ request: HTTPServerRequest, _ form: [(String, String)], _ entry: inout SandboxLogEntry
    ) -> HTTPServerResponse {
        var clientID = form.first(named: "client_id")
        if let header = request.headers.value(for: "Authorization") {
            guard let credentials = Self.basicCredentials(header) else {
                return oauthFailure(
                    401, "invalid_client", "the Authorization header must be Basic base64(client_id:client_secret)",
                    "KOE101", &entry)
            }
            clientID = credentials.id
        }
        entry.clientID = clientID
        if let clientID, let expected = configuration.clientID, clientID != expected {
            return oauthFailure(401, "invalid_client", "unknown client_id", "KOE101", &entry)
        }
        guard let token = form.first(named: "token"), !token.isEmpty else {
            return oauthFailure(400, "invalid_request", "token is required", "KOE001", &entry)
        }
        let owner = clientID ?? state.refreshTokens[token]?.clientId ?? state.accessTokens[token]?.clientId ?? ""
        entry.revoked = revoke(token: token, clientID: owner)
        return Self.revocationAnswer
    }

    /// The grant of `token`, a live refresh or access token of `clientID`.
    private func grant(of token: String, clientID: String) -> String? {
        if let record = state.refreshTokens[token], record.clientId == clientID { return record.grantId }
        if let record = state.accessTokens[token], record.clientId == clientID { return record.grantId }
        return nil
    }

    /// 401 with RFC 6750's challenge: the request lacked a usable bearer token.
    private static func bearerRequired(_ description: String, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        var response = standardError(401, "invalid_token", description, &entry)
        response.headers.append(HTTPHeader("WWW-Authenticate", "Bearer error=\"invalid_token\""))
        return response
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
