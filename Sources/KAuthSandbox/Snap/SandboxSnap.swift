import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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

/// The sandbox in Snap mode: Snap Login Kit's OAuth2 endpoints on `accounts.snapchat.com`'s
/// paths (the shared engine in `OAuth/` with `SandboxOAuthProfile.snapchat`), its "unlink all
/// sessions" and its GraphQL user data (`SandboxSnapGraphQL.swift`) on `kit.snapchat.com`'s, all
/// on one port like the Kakao mode. Errors are plain OAuth (`{"error","error_description"}`):
/// Snap has no KOE codes.
extension SandboxEngine {
    mutating func snapRoute(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        let method = request.method
        switch request.path {
        case "/v1/me":
            guard method == "GET" || method == "POST" else {
                return Self.graphQLError(405, "use GET or POST for /v1/me", code: "GRAPHQL_VALIDATION_FAILED", &entry)
            }
            return snapMe(request, &entry)
        case "/v1/oauth2/revoke_client":
            guard method == "POST" else {
                return Self.standardError(405, "invalid_request", "use POST for /v1/oauth2/revoke_client", &entry)
            }
            return snapRevokeClient(request, &entry)
        default:
            return .text(404, "not found\n")
        }
    }

    /// Snap's consent step at `GET /accounts/oauth2/auth`: `scope` made of Snap's full scope
    /// URLs, at least one. The simulated user (the first one) grants every scope asked for; Snap
    /// has no consent API, so the grant's scopes travel with its refresh token. The engine
    /// shows a problem with the client or redirect URI on a page rather than redirecting (as
    /// Snap's "Something went wrong – Invalid redirect_uri") and requires PKCE with S256: kauth is
    /// a public client, and the sandbox holds it to that (whether Snap itself refuses a request
    /// without PKCE is unconfirmed).
    static let snapConsent: SandboxConsentStep = { engine, query, _ in
        let scopes = query.first(named: "scope").map(SnapScopes.parse) ?? []
        guard !scopes.isEmpty else {
            return .failure(
                SandboxAuthorizeRefusal(
                    error: "invalid_scope",
                    description: "scope is required: space-separated scope URLs such as \(SnapScopes.displayName)"))
        }
        if let unknown = scopes.first(where: { !SnapScopes.known.contains($0) }) {
            return .failure(
                SandboxAuthorizeRefusal(
                    error: "invalid_scope",
                    description: "unknown scope: \(unknown) (scopes are full URLs such as \(SnapScopes.displayName))"))
        }
        if let refusal = engine.userRefusal { return .failure(refusal) }
        return .success(SandboxGrant(userID: engine.state.users[0].id, scopes: scopes))
    }

    /// The page Snap shows for a request it will not redirect: "Something went wrong – Invalid
    /// redirect_uri".
    static func snapErrorPage(
        _ status: Int, _ code: String, _ error: String, _ description: String, _ entry: inout SandboxLogEntry
    ) -> HTTPServerResponse {
        entry.error = error
        let page = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>kauth sandbox: Something went wrong</title></head>
            <body><h1>Something went wrong</h1>
            <p>\(HTML.escape(description))</p>
            <p>This is the kauth sandbox in Snap mode, a local stand-in for accounts.snapchat.com.</p></body></html>

            """
        return .html(status, page)
    }
}
