#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import KAuthCore

/// Snap Login Kit's scopes: full URLs, separated by spaces.
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

/// The sandbox in Snap mode: Snap Login Kit's OAuth2 endpoints on `accounts.snapchat.com`'s paths, and its GraphQL user data (`SandboxSnapGraphQL.swift`)
/// on `kit.snapchat.com`'s, all on one port like the Kakao mode. Errors are plain OAuth
/// (`{"error","error_description"}`): Snap has no KOE codes.
extension SandboxEngine {
    mutating func snapRoute(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        let method = request.method
        switch request.path {
        case "/accounts/oauth2/auth":
            guard method == "GET" else { return Self.standardError(405, "invalid_request", "use GET for /accounts/oauth2/auth", &entry) }
            return snapAuthorize(request, &entry)
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
    /// unconfirmed). The simulated user grants every scope asked for.
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

    /// The page Snap shows for a request it will not redirect: "Something went wrong – Invalid
    /// redirect_uri".
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
