#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import KAuthCore
import KAuthBasics

/// `POST /oauth/token`: the code and refresh grants, with Kakao's KOE
/// codes and its refresh-token rotation rule.
extension SandboxEngine {
    mutating func token(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        let form = request.form
        entry.grantType = form.first(named: "grant_type")
        entry.clientID = form.first(named: "client_id")
        entry.codeVerifierSent = form.first(named: "code_verifier").map { _ in true }

        // The client is authenticated before anything about the grant is looked at
        // (RFC 6749 §3.2.1), so a wrong key learns nothing about codes or tokens.
        let clientID: String
        switch authenticateClient(request, form, &entry) {
        case .success(let value): clientID = value
        case .failure(let refusal): return refusal.response
        }

        switch form.first(named: "grant_type") {
        case "authorization_code":
            return redeemCode(form, clientID: clientID, &entry)
        case "refresh_token":
            return refresh(form, clientID: clientID, &entry)
        case Self.deviceGrantType:
            return redeemDeviceCode(form, clientID: clientID, &entry)
        case nil, "":
            return Self.oauthError(400, "invalid_request", "grant_type is required", "KOE001", &entry)
        case let other?:
            return Self.oauthError(400, "unsupported_grant_type", "unsupported grant_type: \(other)", "KOE001", &entry)
        }
    }

    /// `grant_type=authorization_code`. The code is spent by the first attempt, whatever its
    /// outcome, so a stolen code cannot be tried against several verifiers.
    private mutating func redeemCode(_ form: [(String, String)], clientID: String, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        guard let code = form.first(named: "code"), !code.isEmpty, let record = state.codes[code] else {
            return Self.oauthError(400, "invalid_grant", "authorization code not found", "KOE320", &entry)
        }
        if let grant = record.redeemedGrantId {
            // RFC 6749 §4.1.2: a code used twice may have been stolen; end what it produced.
            revoke(grant: grant)
            return Self.oauthError(400, "invalid_grant", "authorization code already used", "KOE320", &entry)
        }
        let grant = SandboxSecrets.make(random)
        state.codes[code]?.redeemedGrantId = grant

        guard record.clientId == clientID else {
            return Self.oauthError(400, "invalid_grant", "authorization code was issued to another app key", "KOE320", &entry)
        }
        guard form.first(named: "redirect_uri") == record.redirectUri else {
            return Self.oauthError(400, "invalid_grant", "redirect_uri mismatch: it must be identical to the one sent to /oauth/authorize", "KOE303", &entry)
        }
        let verifier = form.first(named: "code_verifier")
        if let challenge = record.codeChallenge {
            guard let verifier else {
                return Self.oauthError(400, "invalid_grant", "PKCE verification failed: code_verifier is required", "KOE320", &entry)
            }
            guard SandboxSecrets.isWellFormedVerifier(verifier) else {
                return Self.oauthError(400, "invalid_grant", "PKCE verification failed: code_verifier must be 43 to 128 unreserved characters", "KOE320", &entry)
            }
            guard SandboxSecrets.equal(SandboxSecrets.codeChallenge(for: verifier), challenge) else {
                return Self.oauthError(400, "invalid_grant", "PKCE verification failed: code_verifier does not match code_challenge", "KOE320", &entry)
            }
        } else if verifier != nil {
            // RFC 9700 §2.1.1: a verifier for a code issued without a challenge means someone
            // stripped the challenge from the authorization request (PKCE downgrade).
            return Self.oauthError(400, "invalid_grant", "PKCE verification failed: code_verifier sent but the authorization request had no code_challenge", "KOE320", &entry)
        }

        let authTime = record.openid == true ? (record.authTime ?? now) : nil
        return tokenResponse(
            userID: record.userId, clientID: clientID, grantID: grant, scopes: record.scopes,
            idToken: authTime.map { IDTokenRequest(authTime: $0, nonce: record.nonce) },
            refreshToken: configuration.issueRefreshTokens || record.offlineAccess == true, &entry
        )
    }

    /// What an ID token needs besides the user and app: when the user authenticated, and the
    /// authorize request's `nonce` (none on refresh, OIDC Core §12.2, or for the device grant).
    struct IDTokenRequest {
        var authTime: Date
        var nonce: String?
    }

    /// A new login's token response (code and device grants): a fresh refresh token for the
    /// grant (when `issuesRefreshToken`), an access token, and an ID token when one was asked for
    /// and OIDC is on.
    mutating func tokenResponse(
        userID: Int64, clientID: String, grantID: String, scopes: [String], idToken: IDTokenRequest?,
        refreshToken issuesRefreshToken: Bool, _ entry: inout SandboxLogEntry
    ) -> HTTPServerResponse {
        let refreshToken = SandboxSecrets.make(random)
        state.refreshTokens[refreshToken] = RefreshTokenRecord(
            value: refreshToken,
            userId: userID,
            clientId: clientID,
            grantId: grantID,
            expiresAt: now.addingTimeInterval(TimeInterval(configuration.refreshTokenLifetime)),
            idTokenAuthTime: idToken?.authTime
        )
        let accessToken = issueAccessToken(userID: userID, clientID: clientID, grantID: grantID, scopes: scopes)
        entry.scope = scopes.joined(separator: " ")
        var body: [(String, OrderedJSON)] = [
            ("token_type", .string("bearer")),
            ("access_token", .string(accessToken)),
        ]
        if let idToken, configuration.oidc {
            guard let jwt = makeIDToken(userID: userID, clientID: clientID, authTime: idToken.authTime, nonce: idToken.nonce) else {
                return Self.signingFailure(&entry)
            }
            body.append(("id_token", .string(jwt)))
            entry.idTokenIssued = true
        }
        body.append(("expires_in", .int(configuration.accessTokenLifetime)))
        if issuesRefreshToken {
            body += [
                ("refresh_token", .string(refreshToken)),
                ("refresh_token_expires_in", .int(configuration.refreshTokenLifetime)),
            ]
        } else {
            // Issued to no one: the grant ends with its access token.
            state.refreshTokens[refreshToken] = nil
        }
        if !scopes.isEmpty { body.append(("scope", .string(scopes.joined(separator: " ")))) }
        return .json(200, OrderedJSON.object(body).data)
    }

    /// `grant_type=refresh_token`, with Kakao's rotation rule (DT-322): a new refresh token only
    /// when the presented one has less than `rotationThreshold` seconds left (or always, with
    /// `oneUseRefreshTokens`), the old one then dead; otherwise no `refresh_token` field at all,
    /// and the client keeps the one it has.
    private mutating func refresh(_ form: [(String, String)], clientID: String, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        guard let presented = form.first(named: "refresh_token"), !presented.isEmpty else {
            return Self.oauthError(400, "invalid_grant", "refresh_token is required", "KOE319", &entry)
        }
        guard let record = state.refreshTokens[presented], record.expiresAt > now, record.clientId == clientID else {
            if configuration.bareRefreshErrors {
                // Glewlwyd's answer to a revoked, expired or replayed refresh token.
                entry.error = "invalid_grant"
                return HTTPServerResponse(status: 400)
            }
            return Self.oauthError(400, "invalid_grant", "expired_or_invalid_refresh_token", "KOE322", &entry)
        }
        let scopes = state.consents.first { $0.userId == record.userId && $0.clientId == clientID }?.scopes ?? []
        let accessToken = issueAccessToken(userID: record.userId, clientID: clientID, grantID: record.grantId, scopes: scopes)
        var body: [(String, OrderedJSON)] = [
            ("token_type", .string("bearer")),
            ("access_token", .string(accessToken)),
        ]
        if let authTime = record.idTokenAuthTime, configuration.oidc {
            // OIDC Core §12.2: a fresh ID token for the same login, without the nonce.
            guard let jwt = makeIDToken(userID: record.userId, clientID: clientID, authTime: authTime, nonce: nil) else {
                return Self.signingFailure(&entry)
            }
            body.append(("id_token", .string(jwt)))
            entry.idTokenIssued = true
        }
        body.append(("expires_in", .int(configuration.accessTokenLifetime)))
        let remaining = record.expiresAt.timeIntervalSince(now)
        let rotate = configuration.oneUseRefreshTokens || remaining < TimeInterval(configuration.rotationThreshold)
        entry.rotated = rotate
        if rotate {
            let next = SandboxSecrets.make(random)
            state.refreshTokens[presented] = nil
            state.refreshTokens[next] = RefreshTokenRecord(
                value: next,
                userId: record.userId,
                clientId: clientID,
                grantId: record.grantId,
                expiresAt: now.addingTimeInterval(TimeInterval(configuration.refreshTokenLifetime)),
                idTokenAuthTime: record.idTokenAuthTime
            )
            body.append(("refresh_token", .string(next)))
            body.append(("refresh_token_expires_in", .int(configuration.refreshTokenLifetime)))
        }
        entry.scope = scopes.joined(separator: " ")
        if !scopes.isEmpty { body.append(("scope", .string(scopes.joined(separator: " ")))) }
        return .json(200, OrderedJSON.object(body).data)
    }

    /// The platform library could not make or use the signing key: Kakao's "temporary server
    /// error", which a client may retry.
    static func signingFailure(_ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        oauthError(500, "server_error", "cannot sign the ID token", "KOE003", &entry)
    }

    private mutating func issueAccessToken(userID: Int64, clientID: String, grantID: String, scopes: [String]) -> String {
        let token = SandboxSecrets.make(random)
        state.accessTokens[token] = AccessTokenRecord(
            value: token,
            userId: userID,
            clientId: clientID,
            grantId: grantID,
            scopes: scopes,
            expiresAt: now.addingTimeInterval(TimeInterval(configuration.accessTokenLifetime))
        )
        return token
    }

    /// Ends every access and refresh token that `matches` (logout, unlink, a replayed code).
    mutating func revoke(where matches: (AccessTokenRecord) -> Bool, refresh refreshMatches: (RefreshTokenRecord) -> Bool) {
        state.accessTokens = state.accessTokens.filter { !matches($0.value) }
        state.refreshTokens = state.refreshTokens.filter { !refreshMatches($0.value) }
    }

    /// Ends every token of one login.
    mutating func revoke(grant: String) {
        revoke(where: { $0.grantId == grant }, refresh: { $0.grantId == grant })
    }
}
