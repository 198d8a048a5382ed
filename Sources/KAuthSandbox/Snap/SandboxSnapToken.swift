#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import KAuthCore
import KAuthBasics

/// Snap Login Kit's token endpoint: code and refresh grants
/// with plain OAuth errors, a new refresh token on every refresh.
extension SandboxEngine {
    /// `POST /accounts/oauth2/token`: the code and refresh grants. The client is `client_id` in
    /// the form (a public client) or HTTP Basic `client_id:client_secret` (the confidential flow
    /// Snap's Firebase sample uses); a configured secret must come one way or the other.
    mutating func snapToken(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        let form = request.form
        entry.grantType = form.first(named: "grant_type")
        entry.codeVerifierSent = form.first(named: "code_verifier").map { _ in true }
        if let name = Self.repeatedName(form) {
            return Self.standardError(400, "invalid_request", "\(name) is sent more than once", &entry)
        }
        let clientID: String
        switch snapClient(request, form, &entry) {
        case .success(let value): clientID = value
        case .failure(let refusal): return refusal.response
        }
        switch form.first(named: "grant_type") {
        case "authorization_code":
            return snapRedeemCode(form, clientID: clientID, &entry)
        case "refresh_token":
            return snapRefresh(form, clientID: clientID, &entry)
        case nil, "":
            return Self.standardError(400, "invalid_request", "grant_type is required", &entry)
        case let other?:
            return Self.standardError(400, "unsupported_grant_type", "unsupported grant_type: \(other)", &entry)
        }
    }

    /// The client of a Snap token request: Basic credentials when sent, else form `client_id`
    /// (and `client_secret`).
    private func snapClient(_ request: HTTPServerRequest, _ form: [(String, String)], _ entry: inout SandboxLogEntry) -> Result<String, Unauthorized> {
        var clientID = form.first(named: "client_id")
        var secret = form.first(named: "client_secret")
        if let header = request.headers.value(for: "Authorization") {
            guard let credentials = Self.basicCredentials(header) else {
                return .failure(Unauthorized(response: Self.standardError(401, "invalid_client", "the Authorization header must be Basic base64(client_id:client_secret)", &entry)))
            }
            clientID = credentials.id
            secret = credentials.secret
        }
        entry.clientID = clientID
        guard let clientID, !clientID.isEmpty else {
            return .failure(Unauthorized(response: Self.standardError(401, "invalid_client", "client_id is required", &entry)))
        }
        if let expected = configuration.clientID, clientID != expected {
            return .failure(Unauthorized(response: Self.standardError(401, "invalid_client", "unknown client_id", &entry)))
        }
        if let expected = configuration.clientSecret {
            guard let secret, SandboxSecrets.equal(secret, expected) else {
                return .failure(Unauthorized(response: Self.standardError(401, "invalid_client", "client secret is missing or wrong", &entry)))
            }
        }
        return .success(clientID)
    }

    /// `grant_type=authorization_code`, checked as Kakao's is (the code spent by the first
    /// attempt, a replay ending the grant, an identical `redirect_uri`), with the verifier
    /// always required: every Snap code was issued with a challenge.
    private mutating func snapRedeemCode(_ form: [(String, String)], clientID: String, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        guard let code = form.first(named: "code"), !code.isEmpty, let record = state.codes[code] else {
            return Self.standardError(400, "invalid_grant", "Invalid code", &entry)
        }
        if let grant = record.redeemedGrantId {
            revoke(grant: grant)
            return Self.standardError(400, "invalid_grant", "code already used", &entry)
        }
        let grant = SandboxSecrets.make(random)
        state.codes[code]?.redeemedGrantId = grant
        guard record.clientId == clientID else {
            return Self.standardError(400, "invalid_grant", "code was issued to another client", &entry)
        }
        guard form.first(named: "redirect_uri") == record.redirectUri else {
            return Self.standardError(400, "invalid_grant", "redirect_uri does not match the authorization request", &entry)
        }
        guard let verifier = form.first(named: "code_verifier"), SandboxSecrets.isWellFormedVerifier(verifier),
              let challenge = record.codeChallenge,
              SandboxSecrets.equal(SandboxSecrets.codeChallenge(for: verifier), challenge)
        else {
            return Self.standardError(400, "invalid_grant", "code_verifier is missing or does not match code_challenge", &entry)
        }
        return snapTokenResponse(userID: record.userId, clientID: clientID, grantID: grant, scopes: record.scopes, &entry)
    }

    /// `grant_type=refresh_token`: a new refresh token every time, the presented one dead from
    /// then on (Snap's rotation is unconfirmed; rotating always makes a client that keeps
    /// the old one fail here rather than in production).
    private mutating func snapRefresh(_ form: [(String, String)], clientID: String, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        guard let presented = form.first(named: "refresh_token"), !presented.isEmpty else {
            return Self.standardError(400, "invalid_request", "refresh_token is required", &entry)
        }
        guard let record = state.refreshTokens[presented], record.expiresAt > now, record.clientId == clientID else {
            return Self.standardError(400, "invalid_grant", "Invalid refresh token", &entry)
        }
        state.refreshTokens[presented] = nil
        entry.rotated = true
        return snapTokenResponse(userID: record.userId, clientID: clientID, grantID: record.grantId, scopes: record.scopes ?? [], &entry)
    }

    /// `access_token`, `token_type` `Bearer` (the SDK refuses anything else), `expires_in`,
    /// `refresh_token` (always: the SDK fails without one) and `scope`.
    private mutating func snapTokenResponse(userID: Int64, clientID: String, grantID: String, scopes: [String], _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        let refreshToken = SandboxSecrets.make(random)
        state.refreshTokens[refreshToken] = RefreshTokenRecord(
            value: refreshToken,
            userId: userID,
            clientId: clientID,
            grantId: grantID,
            expiresAt: now.addingTimeInterval(TimeInterval(configuration.refreshTokenLifetime)),
            scopes: scopes
        )
        let accessToken = SandboxSecrets.make(random)
        state.accessTokens[accessToken] = AccessTokenRecord(
            value: accessToken,
            userId: userID,
            clientId: clientID,
            grantId: grantID,
            scopes: scopes,
            expiresAt: now.addingTimeInterval(TimeInterval(Self.snapAccessTokenLifetime))
        )
        entry.scope = scopes.joined(separator: " ")
        return .json(200, OrderedJSON.object([
            ("access_token", .string(accessToken)),
            ("token_type", .string("Bearer")),
            ("expires_in", .int(Self.snapAccessTokenLifetime)),
            ("refresh_token", .string(refreshToken)),
            ("scope", .string(scopes.joined(separator: " "))),
        ]).data)
    }
}
