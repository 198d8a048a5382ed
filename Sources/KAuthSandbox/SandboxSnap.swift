#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import KAuthCore

/// Snap Login Kit's scopes (`spec/snap-oidc.md` §A.4): full URLs, separated by spaces.
enum SnapScopes {
    static let prefix = "https://auth.snapchat.com/oauth2/api/"
    static let displayName = prefix + "user.display_name"
    /// "Toggleable by user": the one a real user may refuse on its own.
    static let bitmojiAvatar = prefix + "user.bitmoji.avatar"
    static let externalID = prefix + "user.external_id"
    static let known: Set<String> = [displayName, bitmojiAvatar, externalID]

    /// Splits on spaces only, as Snap documents; duplicates dropped, order kept.
    static func parse(_ text: String) -> [String] {
        var seen = Set<String>()
        return text.split(separator: " ").map(String.init).filter { seen.insert($0).inserted }
    }
}

/// The sandbox in Snap mode: Snap Login Kit's OAuth2 endpoints (`spec/snap-oidc.md` §A.1–A.3,
/// A.7) on `accounts.snapchat.com`'s paths, and its GraphQL user data (`SandboxSnapGraphQL.swift`)
/// on `kit.snapchat.com`'s, all on one port like the Kakao mode. Errors are plain OAuth
/// (`{"error","error_description"}`): Snap has no KOE codes.
extension SandboxEngine {
    /// Seconds a Snap access token lives. Snap's code-flow lifetime is UNCONFIRMED (§A.7: a
    /// third party says 30 minutes; the implicit token lives an hour); this is the figure the
    /// sandbox answers. `POST /_sandbox/expire-access-tokens` ends tokens sooner.
    static let snapAccessTokenLifetime = 1800

    mutating func snapRoute(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        let method = request.method
        switch request.path {
        case "/accounts/oauth2/auth":
            guard method == "GET" else { return Self.standardError(405, "invalid_request", "use GET for /accounts/oauth2/auth", &entry) }
            return snapAuthorize(request, &entry)
        case "/accounts/oauth2/token":
            guard method == "POST" else { return Self.standardError(405, "invalid_request", "use POST for /accounts/oauth2/token", &entry) }
            return snapToken(request, &entry)
        case "/accounts/oauth2/revoke":
            guard method == "POST" else { return Self.standardError(405, "invalid_request", "use POST for /accounts/oauth2/revoke", &entry) }
            return snapRevoke(request, &entry)
        case "/v1/me":
            guard method == "GET" || method == "POST" else { return Self.graphQLError(405, "use GET or POST for /v1/me", code: "GRAPHQL_VALIDATION_FAILED", &entry) }
            return snapMe(request, &entry)
        case "/v1/oauth2/revoke_client":
            guard method == "POST" else { return Self.standardError(405, "invalid_request", "use POST for /v1/oauth2/revoke_client", &entry) }
            return snapRevokeClient(request, &entry)
        default:
            return .text(404, "not found\n")
        }
    }

    /// `GET /accounts/oauth2/auth`: the same loopback redirect rule as Kakao's authorize (any
    /// port, exact otherwise), a problem with the client or redirect URI shown on a page rather
    /// than redirected (as Snap's "Something went wrong – Invalid redirect_uri"), `scope` made of
    /// Snap's full scope URLs, and PKCE with S256 required: kauth is a public client, and the
    /// sandbox holds it to that (whether Snap itself refuses a request without PKCE is
    /// UNCONFIRMED, §A.3). The simulated user grants every scope asked for.
    mutating func snapAuthorize(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        let query = request.query
        let clientID = query.first(named: "client_id")
        let redirectURI = query.first(named: "redirect_uri")
        let clientState = query.first(named: "state")
        let requestedScope = query.first(named: "scope")
        let challenge = query.first(named: "code_challenge")
        let challengeMethod = query.first(named: "code_challenge_method")
        entry.clientID = clientID
        entry.redirectURI = redirectURI
        entry.responseType = query.first(named: "response_type")
        entry.scope = requestedScope
        entry.codeChallengeMethod = challengeMethod
        entry.stateSent = clientState != nil

        if let name = Self.repeatedName(query) {
            return Self.snapErrorPage("invalid_request", "\(name) is sent more than once", &entry)
        }
        guard let clientID, !clientID.isEmpty, configuration.clientID.map({ $0 == clientID }) ?? true else {
            return Self.snapErrorPage("invalid_client", "Invalid client_id", &entry)
        }
        guard let redirectURI, Self.isRegisteredRedirectURI(redirectURI) else {
            return Self.snapErrorPage("invalid_request", "Invalid redirect_uri", &entry)
        }
        func fail(_ error: String, _ description: String) -> HTTPServerResponse {
            entry.error = error
            var pairs = [("error", error), ("error_description", description)]
            if let clientState { pairs.append(("state", clientState)) }
            return .redirect(redirectURI + "?" + FormURLEncoding.encode(pairs))
        }
        guard query.first(named: "response_type") == "code" else {
            return fail("unsupported_response_type", "response_type must be code")
        }
        guard let challenge else {
            return fail("invalid_request", "code_challenge is required (PKCE with S256)")
        }
        guard challengeMethod == "S256" else {
            return fail("invalid_request", "code_challenge_method must be S256")
        }
        guard SandboxSecrets.isWellFormedS256Challenge(challenge) else {
            return fail("invalid_request", "code_challenge must be 43 base64url characters (S256)")
        }
        let scopes = requestedScope.map(SnapScopes.parse) ?? []
        guard !scopes.isEmpty else {
            return fail("invalid_scope", "scope is required: space-separated scope URLs such as \(SnapScopes.displayName)")
        }
        if let unknown = scopes.first(where: { !SnapScopes.known.contains($0) }) {
            return fail("invalid_scope", "unknown scope: \(unknown) (scopes are full URLs such as \(SnapScopes.displayName))")
        }
        if configuration.deny {
            return fail("access_denied", "User denied access")
        }

        let code = SandboxSecrets.make(random)
        state.codes[code] = CodeRecord(
            value: code,
            clientId: clientID,
            redirectUri: redirectURI,
            userId: state.users[0].id,
            scopes: scopes,
            codeChallenge: challenge,
            nonce: nil,
            expiresAt: now.addingTimeInterval(TimeInterval(configuration.codeLifetime)),
            redeemedGrantId: nil,
            authTime: now
        )
        var pairs = [("code", code)]
        if let clientState { pairs.append(("state", clientState)) }
        return .redirect(redirectURI + "?" + FormURLEncoding.encode(pairs))
    }

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

    /// RFC 7617: `Basic base64(id:secret)`, each part form-urlencoded first (RFC 6749 §2.3.1).
    static func basicCredentials(_ header: String) -> (id: String, secret: String)? {
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "basic",
              let bytes = Data(base64Encoded: parts[1].trimmingWhitespace()),
              let text = String(bytes: bytes, encoding: .utf8),
              let colon = text.firstIndex(of: ":")
        else { return nil }
        let decode = { (part: Substring) in FormURLEncoding.decode("x=" + part).first?.1 ?? String(part) }
        return (decode(text[..<colon]), decode(text[text.index(after: colon)...]))
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
    /// then on (Snap's rotation is UNCONFIRMED, §A.1; rotating always makes a client that keeps
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

    /// §A.2: `access_token`, `token_type` `Bearer` (the SDK refuses anything else), `expires_in`,
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

    /// `POST /accounts/oauth2/revoke`, form `token` (the SDK sends the refresh token): 200 with
    /// an empty body whether or not the token was known (RFC 7009 §2.2). Snap's client
    /// authentication here is UNCONFIRMED (§A.1), so none is required; a `client_id` (form or
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
    /// Connected Apps. The path is from Snap's SDK; its host, body and answer are UNCONFIRMED
    /// (§A.1, §A.7). The sandbox ends every token and outstanding code of the user with the
    /// token's app and answers 200 `{}`; a bad token gets 401 `{"error":"invalid_token"}`.
    mutating func snapRevokeClient(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        guard let token = snapBearer(request) else {
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

    /// The live access token of the request's `Authorization: Bearer` header.
    func snapBearer(_ request: HTTPServerRequest) -> AccessTokenRecord? {
        let header = request.headers.value(for: "Authorization") ?? ""
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer",
              let record = state.accessTokens[parts[1].trimmingWhitespace()], record.expiresAt > now
        else { return nil }
        return record
    }

    /// The page Snap shows for a request it will not redirect: "Something went wrong – Invalid
    /// redirect_uri" (§A.2).
    static func snapErrorPage(_ error: String, _ description: String, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        entry.error = error
        let page = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>kauth sandbox: Something went wrong</title></head>
        <body><h1>Something went wrong</h1>
        <p>\(HTML.escape(description))</p>
        <p>This is the kauth sandbox in Snap mode, a local stand-in for accounts.snapchat.com.</p></body></html>

        """
        return .html(400, page)
    }
}
