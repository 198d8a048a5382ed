import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The token endpoint of every mode: the code and refresh grants (and the device grant where the
/// profile takes it), with the error shape, answer fields and rotation rule of the profile in
/// force (`SandboxOAuthProfile`).
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
        case Self.deviceGrantType where profile.devicePath != nil:
            return redeemDeviceCode(form, clientID: clientID, &entry)
        case "client_credentials" where configuration.mode == .kakao:
            return clientCredentials(form, clientID: clientID, &entry)
        case Self.tokenExchangeGrantType where configuration.oidc:
            return exchangeToken(form, clientID: clientID, &entry)
        case nil, "":
            return oauthFailure(400, "invalid_request", "grant_type is required", "KOE001", &entry)
        case let other?:
            return oauthFailure(400, "unsupported_grant_type", "unsupported grant_type: \(other)", "KOE001", &entry)
        }
    }

    /// `grant_type=authorization_code`. The code is spent by the first attempt, whatever its
    /// outcome, so a stolen code cannot be tried against several verifiers.
    private mutating func redeemCode(_ form: [(String, String)], clientID: String, _ entry: inout SandboxLogEntry)
        -> HTTPServerResponse
    {
        guard let code = form.first(named: "code"), !code.isEmpty, let record = state.codes[code] else {
            return oauthFailure(400, "invalid_grant", "authorization code not found", "KOE320", &entry)
        }
        if let grant = record.redeemedGrantId {
            // RFC 6749 §4.1.2: a code used twice may have been stolen; end what it produced.
            revoke(grant: grant)
            return oauthFailure(400, "invalid_grant", "authorization code already used", "KOE320", &entry)
        }
        let grant = SandboxSecrets.make(random)
        state.codes[code]?.redeemedGrantId = grant

        guard record.clientId == clientID else {
            return oauthFailure(
                400, "invalid_grant", "authorization code was issued to another app key", "KOE320", &entry)
        }
        guard form.first(named: "redirect_uri") == record.redirectUri else {
            return oauthFailure(
                400, "invalid_grant",
                "redirect_uri mismatch: it must be identical to the one sent to \(profile.authorizePath)", "KOE303",
                &entry)
        }
        let verifier = form.first(named: "code_verifier")
        if let challenge = record.codeChallenge {
            guard let verifier else {
                return oauthFailure(
                    400, "invalid_grant", "PKCE verification failed: code_verifier is required", "KOE320", &entry)
            }
            guard SandboxSecrets.isWellFormedVerifier(verifier) else {
                return oauthFailure(
                    400, "invalid_grant",
                    "PKCE verification failed: code_verifier must be 43 to 128 unreserved characters", "KOE320", &entry)
            }
            guard SandboxSecrets.equal(SandboxSecrets.codeChallenge(for: verifier), challenge) else {
                return oauthFailure(
                    400, "invalid_grant", "PKCE verification failed: code_verifier does not match code_challenge",
                    "KOE320", &entry)
            }
        } else if verifier != nil {
            // RFC 9700 §2.1.1: a verifier for a code issued without a challenge means someone
            // stripped the challenge from the authorization request (PKCE downgrade).
            return oauthFailure(
                400, "invalid_grant",
                "PKCE verification failed: code_verifier sent but the authorization request had no code_challenge",
                "KOE320", &entry)
        }

        // RFC 8707 §2.2: the token request may narrow the resources, never add one.
        let resources = form.filter { $0.0 == "resource" }.map(\.1)
        entry.resources = resources.isEmpty ? nil : resources
        if let refused = unservedResource(resources, allowed: record.resources ?? [], &entry) { return refused }
        let authTime = record.openid == true ? (record.authTime ?? now) : nil
        return tokenResponse(
            userID: record.userId, clientID: clientID, grantID: grant, scopes: record.scopes,
            idToken: authTime.map { IDTokenRequest(authTime: $0, nonce: record.nonce, acr: record.acr) },
            refreshToken: configuration.issueRefreshTokens || record.offlineAccess == true,
            resources: record.resources, &entry
        )
    }

    /// What an ID token needs besides the user and app: when the user authenticated, and the
    /// authorize request's `nonce` (none on refresh, OIDC Core §12.2, or for the device grant).
    struct IDTokenRequest {
        var authTime: Date
        var nonce: String?
        var acr: String? = nil
    }

    /// A new login's token response (code and device grants): a fresh refresh token for the
    /// grant (when `issuesRefreshToken`), an access token, and an ID token when one was asked for
    /// and OIDC is on.
    mutating func tokenResponse(
        userID: Int64, clientID: String, grantID: String, scopes: [String], idToken: IDTokenRequest?,
        refreshToken issuesRefreshToken: Bool, resources: [String]? = nil, _ entry: inout SandboxLogEntry
    ) -> HTTPServerResponse {
        let refreshToken = issueRefreshToken(
            userID: userID, clientID: clientID, grantID: grantID, scopes: scopes, idTokenAuthTime: idToken?.authTime)
        state.refreshTokens[refreshToken]?.resources = resources
        state.refreshTokens[refreshToken]?.acr = idToken?.acr
        // Without `issuesRefreshToken` it is issued to no one: the grant ends with its access token.
        if !issuesRefreshToken { state.refreshTokens[refreshToken] = nil }
        let accessToken = issueAccessToken(userID: userID, clientID: clientID, grantID: grantID, scopes: scopes)
        var jwt: String?
        if let idToken, configuration.oidc {
            guard
                let signed = makeIDToken(
                    userID: userID, clientID: clientID, authTime: idToken.authTime, nonce: idToken.nonce,
                    acr: idToken.acr)
            else {
                return Self.signingFailure(&entry)
            }
            jwt = signed
            entry.idTokenIssued = true
        }
        return tokenAnswer(
            accessToken: accessToken, idToken: jwt, refreshToken: issuesRefreshToken ? refreshToken : nil,
            scopes: scopes, &entry)
    }

    /// `grant_type=refresh_token`, rotating as the profile says: with Kakao's rule (DT-322) a
    /// new refresh token only when the presented one has less than `rotationThreshold` seconds
    /// left (or always, with `oneUseRefreshTokens`), the old one then dead; otherwise no
    /// `refresh_token` field at all, and the client keeps the one it has.
    private mutating func refresh(_ form: [(String, String)], clientID: String, _ entry: inout SandboxLogEntry)
        -> HTTPServerResponse
    {
        guard let presented = form.first(named: "refresh_token"), !presented.isEmpty else {
            return oauthFailure(400, profile.missingRefreshTokenError, "refresh_token is required", "KOE319", &entry)
        }
        guard let record = state.refreshTokens[presented], record.expiresAt > now, record.clientId == clientID else {
            if configuration.bareRefreshErrors {
                // Glewlwyd's answer to a revoked, expired or replayed refresh token.
                entry.error = "invalid_grant"
                return HTTPServerResponse(status: 400)
            }
            return oauthFailure(400, "invalid_grant", "expired_or_invalid_refresh_token", "KOE322", &entry)
        }
        let scopes: [String]
        switch profile.refreshScopes {
        case .consent:
            scopes = state.consents.first { $0.userId == record.userId && $0.clientId == clientID }?.scopes ?? []
        case .grant: scopes = record.scopes ?? []
        }
        // RFC 8707 §2.2: a token for one of the grant's resources.
        let resource = form.first(named: "resource")
        entry.resources = resource.map { [$0] }
        if let resource, let refused = unservedResource([resource], allowed: record.resources ?? [], &entry) {
            return refused
        }
        let accessToken = issueAccessToken(
            userID: record.userId, clientID: clientID, grantID: record.grantId, scopes: scopes)
        state.accessTokens[accessToken]?.resources = resource.map { [$0] }
        var jwt: String?
        if let authTime = record.idTokenAuthTime, configuration.oidc, resource == nil {
            // OIDC Core §12.2: a fresh ID token for the same login, without the nonce.
            guard
                let signed = makeIDToken(
                    userID: record.userId, clientID: clientID, authTime: authTime, nonce: nil, acr: record.acr)
            else {
                return Self.signingFailure(&entry)
            }
            jwt = signed
            entry.idTokenIssued = true
        }
        let rotate: Bool
        switch profile.rotation {
        case .always: rotate = true
        case .nearExpiry:
            let remaining = record.expiresAt.timeIntervalSince(now)
            rotate = configuration.oneUseRefreshTokens || remaining < TimeInterval(configuration.rotationThreshold)
        }
        entry.rotated = rotate
        var next: String?
        if rotate {
            state.refreshTokens[presented] = nil
            next = issueRefreshToken(
                userID: record.userId, clientID: clientID, grantID: record.grantId, scopes: scopes,
                idTokenAuthTime: record.idTokenAuthTime)
            if let next {
                state.refreshTokens[next]?.resources = record.resources
                state.refreshTokens[next]?.acr = record.acr
            }
        }
        return tokenAnswer(accessToken: accessToken, idToken: jwt, refreshToken: next, scopes: scopes, &entry)
    }

    /// The answer's fields in the profile's order; a field with nothing to say is left out.
    private func tokenAnswer(
        accessToken: String, idToken: String?, refreshToken: String?, scopes: [String], _ entry: inout SandboxLogEntry
    ) -> HTTPServerResponse {
        let scope = scopes.joined(separator: " ")
        entry.scope = scope
        let body: [(String, OrderedJSON)] = profile.tokenFields.compactMap { field in
            let value: OrderedJSON?
            switch field {
            case .tokenType: value = .string(profile.tokenType)
            case .accessToken: value = .string(accessToken)
            case .idToken: value = idToken.map(OrderedJSON.string)
            case .expiresIn: value = .int(accessTokenLifetime)
            case .refreshToken: value = refreshToken.map(OrderedJSON.string)
            case .refreshTokenExpiresIn: value = refreshToken.map { _ in .int(configuration.refreshTokenLifetime) }
            case .scope: value = scopes.isEmpty && !profile.scopeAlwaysSent ? nil : .string(scope)
            }
            return value.map { (field.rawValue, $0) }
        }
        return .json(200, OrderedJSON.object(body).data)
    }

    /// The platform library could not make or use the signing key: Kakao's "temporary server
    /// error", which a client may retry.
    static func signingFailure(_ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        oauthError(500, "server_error", "cannot sign the ID token", "KOE003", &entry)
    }

    private mutating func issueAccessToken(userID: Int64, clientID: String, grantID: String, scopes: [String]) -> String
    {
        let token = SandboxSecrets.make(random)
        state.accessTokens[token] = AccessTokenRecord(
            value: token,
            userId: userID,
            clientId: clientID,
            grantId: grantID,
            scopes: scopes,
            expiresAt: now.addingTimeInterval(TimeInterval(accessTokenLifetime))
        )
        return token
    }

    /// A refresh token of the grant; it keeps the grant's scopes when the profile's refreshes
    /// read them from there.
    private mutating func issueRefreshToken(
        userID: Int64, clientID: String, grantID: String, scopes: [String], idTokenAuthTime: Date?
    ) -> String {
        let token = SandboxSecrets.make(random)
        state.refreshTokens[token] = RefreshTokenRecord(
            value: token,
            userId: userID,
            clientId: clientID,
            grantId: grantID,
            expiresAt: now.addingTimeInterval(TimeInterval(configuration.refreshTokenLifetime)),
            scopes: profile.refreshScopes == .grant ? scopes : nil,
            idTokenAuthTime: idTokenAuthTime
        )
        return token
    }

    /// Ends every access and refresh token that `matches` (logout, unlink, a replayed code).
    mutating func revoke(
        where matches: (AccessTokenRecord) -> Bool, refresh refreshMatches: (RefreshTokenRecord) -> Bool
    ) {
        state.accessTokens = state.accessTokens.filter { !matches($0.value) }
        state.refreshTokens = state.refreshTokens.filter { !refreshMatches($0.value) }
    }

    /// Ends every token of one login.
    mutating func revoke(grant: String) {
        revoke(where: { $0.grantId == grant }, refresh: { $0.grantId == grant })
    }

    /// Ends every token and outstanding code of `user` with `client`: Kakao's unlink and Snap's
    /// "unlink all sessions" alike.
    mutating func disconnect(user: Int64, client: String) {
        revoke(
            where: { $0.userId == user && $0.clientId == client },
            refresh: { $0.userId == user && $0.clientId == client })
        state.codes = state.codes.filter { !($0.value.userId == user && $0.value.clientId == client) }
    }
}
