import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// RFC 8693 token exchange at the token endpoint, and RFC 8707 resource indicators.
extension SandboxEngine {
    static let tokenExchangeGrantType = "urn:ietf:params:oauth:grant-type:token-exchange"
    /// The subject token types taken: a JWT, or an ID token (what the CI issuer mints is both).
    static let subjectTokenTypes = ["urn:ietf:params:oauth:token-type:jwt", "urn:ietf:params:oauth:token-type:id_token"]

    /// `grant_type=…token-exchange`: a CI job's token (the CI issuer's, for this server, not
    /// expired) becomes an access token for that job (`subject`, no user), with no refresh token.
    /// A bad subject token is `invalid_request` (RFC 8693 §2.2.2); a resource not served,
    /// `invalid_target`.
    mutating func exchangeToken(_ form: [(String, String)], clientID: String, _ entry: inout SandboxLogEntry)
        -> HTTPServerResponse
    {
        let type = form.first(named: "subject_token_type")
        entry.subjectTokenType = type
        let resources = form.filter { $0.0 == "resource" }.map(\.1)
        let audiences = form.filter { $0.0 == "audience" }.map(\.1)
        entry.resources = resources.isEmpty ? nil : resources
        entry.audiences = audiences.isEmpty ? nil : audiences
        guard let subjectToken = form.first(named: "subject_token"), !subjectToken.isEmpty else {
            return Self.oauthError(400, "invalid_request", "subject_token is required", "KOE001", &entry)
        }
        guard let type, Self.subjectTokenTypes.contains(type) else {
            return Self.oauthError(
                400, "invalid_request",
                "subject_token_type must be one of \(Self.subjectTokenTypes.joined(separator: ", "))",
                "KOE001", &entry)
        }
        let claims: IDTokenClaims
        switch verifyCIToken(subjectToken) {
        case .success(let value): claims = value
        case .failure(let refusal):
            return Self.oauthError(400, "invalid_request", refusal.description, "KOE001", &entry)
        }
        entry.subject = claims.sub
        if let refused = unservedResource(resources, &entry) { return refused }
        let scopes = form.first(named: "scope").map(SandboxScopes.parse) ?? []
        let token = SandboxSecrets.make(random)
        state.accessTokens[token] = AccessTokenRecord(
            value: token, userId: 0, clientId: clientID, grantId: SandboxSecrets.make(random), scopes: scopes,
            expiresAt: now.addingTimeInterval(TimeInterval(accessTokenLifetime)),
            resources: resources.isEmpty ? nil : resources,
            subject: claims.sub)
        let body: [(String, OrderedJSON)] = [
            ("access_token", .string(token)),
            ("issued_token_type", .string("urn:ietf:params:oauth:token-type:access_token")),
            ("token_type", .string("Bearer")),
            ("expires_in", .int(accessTokenLifetime))
        ]
        // No `scope`: RFC 6749 §5.1 lets a server leave it out when it granted what was asked.
        return .json(200, OrderedJSON.object(body).data)
    }

    /// `invalid_target` (RFC 8707 §2) for the first resource the sandbox does not serve.
    mutating func unservedResource(_ resources: [String], allowed: [String]? = nil, _ entry: inout SandboxLogEntry)
        -> HTTPServerResponse?
    {
        let allowed = allowed ?? configuration.resources
        guard let unserved = resources.first(where: { !allowed.contains($0) }) else { return nil }
        return Self.oauthError(
            400, "invalid_target", "the resource \(unserved) is not served to this client or grant", "KOE001", &entry)
    }
}
