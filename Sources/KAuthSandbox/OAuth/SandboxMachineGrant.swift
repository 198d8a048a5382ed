import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The client credentials grant (RFC 6749 §4.4) and token introspection (RFC 7662): a machine's
/// tokens, and a client asking what a token is.
extension SandboxEngine {
    /// The user id machine tokens carry: no user is behind them, and no user API takes them.
    static let noUser: Int64 = 0
    /// The introspection endpoint's path, in Kakao mode.
    static let introspectionPath = "/oauth/introspect"

    /// `grant_type=client_credentials`: only for a client that authenticated (§4.4: confidential
    /// clients only); the scopes asked for are granted as they are (none: none); no refresh
    /// token (§4.4.3) and no ID token. RFC 8707 `resource`s the sandbox serves become the token's
    /// audience (introspection's `aud`); another is `invalid_target`.
    mutating func clientCredentials(_ form: [(String, String)], clientID: String, _ entry: inout SandboxLogEntry)
        -> HTTPServerResponse
    {
        guard let method = entry.clientAuthMethod, method != "none" else {
            return oauthFailure(
                401, "unauthorized_client", "client_credentials is for clients that authenticate", "KOE010", &entry)
        }
        let scopes = SandboxScopes.parse(form.first(named: "scope") ?? "")
        if scopes.contains("openid") {
            return oauthFailure(
                400, "invalid_scope", "openid needs a user; client_credentials has none", "KOE205", &entry)
        }
        let resources = form.filter { $0.0 == "resource" }.map(\.1)
        entry.resources = resources.isEmpty ? nil : resources
        if let refused = unservedResource(resources, &entry) { return refused }
        let grant = "cc-" + SandboxSecrets.make(random)
        let token = SandboxSecrets.make(random)
        state.accessTokens[token] = AccessTokenRecord(
            value: token, userId: Self.noUser, clientId: clientID, grantId: grant, scopes: scopes,
            expiresAt: now.addingTimeInterval(TimeInterval(accessTokenLifetime)),
            resources: resources.isEmpty ? nil : resources)
        var body: [(String, OrderedJSON)] = [
            ("access_token", .string(token)), ("token_type", .string("Bearer")),
            ("expires_in", .int(accessTokenLifetime))
        ]
        if !scopes.isEmpty { body.append(("scope", .string(scopes.joined(separator: " ")))) }
        entry.scope = scopes.joined(separator: " ")
        return .json(200, OrderedJSON.object(body).data)
    }

    /// `POST /oauth/introspect` (RFC 7662 §2): the client authenticates as at the token endpoint;
    /// a live token it was issued is `active` with its scope, client, subject and expiry; anything
    /// else (unknown, expired, revoked, another client's) is `{"active": false}` alone (§2.2).
    mutating func introspect(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        let form = request.form
        entry.tokenTypeHint = form.first(named: "token_type_hint")
        let clientID: String
        switch authenticateClient(request, form, &entry) {
        case .success(let value): clientID = value
        case .failure(let refusal): return refusal.response
        }
        guard let token = form.first(named: "token"), !token.isEmpty else {
            return oauthFailure(400, "invalid_request", "token is required", "KOE001", &entry)
        }
        var body: [(String, OrderedJSON)] = [("active", .bool(false))]
        if let record = state.accessTokens[token], record.expiresAt > now, record.clientId == clientID {
            body = [
                ("active", .bool(true)), ("scope", .string(record.scopes.joined(separator: " "))),
                ("client_id", .string(record.clientId)),
                ("sub", .string(record.userId == Self.noUser ? record.clientId : String(record.userId))),
                ("token_type", .string("Bearer")),
                ("exp", .int(Int(record.expiresAt.timeIntervalSince1970))),
                ("iss", .string(configuration.effectiveIssuer))
            ]
            // RFC 7662 §2.2 `aud`, as in a JWT (RFC 7519 §4.1.3): one string or several.
            if let resources = record.resources {
                body.append(
                    ("aud", resources.count == 1 ? .string(resources[0]) : .array(resources.map(OrderedJSON.string))))
            }
        } else if let record = state.refreshTokens[token], record.expiresAt > now, record.clientId == clientID {
            body = [
                ("active", .bool(true)), ("client_id", .string(record.clientId)),
                ("sub", .string(String(record.userId))), ("token_type", .string("refresh_token")),
                ("exp", .int(Int(record.expiresAt.timeIntervalSince1970)))
            ]
        }
        return .json(200, OrderedJSON.object(body).data)
    }
}
