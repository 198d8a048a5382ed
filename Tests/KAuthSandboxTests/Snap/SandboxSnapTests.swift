import Foundation
import KAuthBasics
import KAuthCore
import KAuthSandbox
import KAuthTestSupport
import Testing

private typealias Sandbox = SandboxClient

private let api = "https://auth.snapchat.com/oauth2/api/"
private let displayName = api + "user.display_name"
private let bitmoji = api + "user.bitmoji.avatar"
private let externalID = api + "user.external_id"
private let allScopes = [displayName, bitmoji, externalID].joined(separator: " ")
private let fullQuery = "{me{displayName bitmoji{avatar id} externalId}}"

private func json(_ response: HTTPServerResponse, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String:
    Any]
{
    try SandboxClient.json(response, sourceLocation: sourceLocation)
}

private func snapSandbox(_ configuration: SandboxConfiguration = SandboxConfiguration(mode: .snapchat)) throws
    -> Sandbox
{
    try Sandbox(configuration)
}

extension SandboxClient {
    /// `GET /accounts/oauth2/auth` with PKCE and every scope, `extra` appended or replacing.
    fileprivate func snapAuthorize(_ extra: [(String, String)] = [], omit: Set<String> = []) -> HTTPServerResponse {
        var query: [(String, String)] = [
            ("client_id", Self.clientID), ("redirect_uri", Self.redirectURI), ("response_type", "code"),
            ("scope", allScopes), ("state", "st-snap"),
            ("code_challenge", Self.challenge), ("code_challenge_method", "S256")
        ]
        for (name, value) in extra {
            if let index = query.firstIndex(where: { $0.0 == name }) {
                query[index].1 = value
            } else {
                query.append((name, value))
            }
        }
        return get("/accounts/oauth2/auth", query.filter { !omit.contains($0.0) })
    }

    fileprivate func snapCode(_ extra: [(String, String)] = [], sourceLocation: SourceLocation = #_sourceLocation)
        throws -> String
    {
        let response = snapAuthorize(extra)
        #expect(response.status == 302, sourceLocation: sourceLocation)
        return try #require(Self.redirectParameters(response).first(named: "code"), sourceLocation: sourceLocation)
    }

    fileprivate func snapExchange(
        _ code: String, verifier: String? = SandboxClient.verifier, headers: [HTTPHeader] = [],
        extra: [(String, String)] = []
    ) -> HTTPServerResponse {
        var form = [
            ("grant_type", "authorization_code"), ("client_id", Self.clientID), ("redirect_uri", Self.redirectURI),
            ("code", code)
        ]
        if let verifier { form.append(("code_verifier", verifier)) }
        return post("/accounts/oauth2/token", form + extra, headers: headers)
    }

    fileprivate func snapRefresh(_ token: String) -> HTTPServerResponse {
        post(
            "/accounts/oauth2/token",
            [("grant_type", "refresh_token"), ("client_id", Self.clientID), ("refresh_token", token)])
    }

    fileprivate func snapLogin(scope: String = allScopes, sourceLocation: SourceLocation = #_sourceLocation) throws -> (
        access: String, refresh: String
    ) {
        let response = snapExchange(try snapCode([("scope", scope)], sourceLocation: sourceLocation))
        #expect(response.status == 200, sourceLocation: sourceLocation)
        let body = try Self.json(response, sourceLocation: sourceLocation)
        return (
            try #require(body["access_token"] as? String, sourceLocation: sourceLocation),
            try #require(body["refresh_token"] as? String, sourceLocation: sourceLocation)
        )
    }

    fileprivate func me(_ access: String?, query: String = fullQuery) -> HTTPServerResponse {
        get("/v1/me", [("query", query)], bearer: access)
    }
}

/// `{"data":{"me":{…}}}` → the `me` object.
private func me(_ response: HTTPServerResponse, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String:
    Any]
{
    #expect(response.status == 200, sourceLocation: sourceLocation)
    let data = try #require(
        try json(response, sourceLocation: sourceLocation)["data"] as? [String: Any], sourceLocation: sourceLocation)
    return try #require(data["me"] as? [String: Any], sourceLocation: sourceLocation)
}

/// The code of a GraphQL error body `{"errors":[{"message","extensions":{"code"}}]}`.
private func graphQLErrorCode(_ response: HTTPServerResponse, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> String?
{
    let errors = try #require(
        try json(response, sourceLocation: sourceLocation)["errors"] as? [[String: Any]], sourceLocation: sourceLocation
    )
    #expect(errors.first?["message"] is String, sourceLocation: sourceLocation)
    return (errors.first?["extensions"] as? [String: Any])?["code"] as? String
}

private func expectSnapError(
    _ response: HTTPServerResponse, _ error: String, status: Int = 400,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    #expect(response.status == status, sourceLocation: sourceLocation)
    let body = try json(response, sourceLocation: sourceLocation)
    #expect(body["error"] as? String == error, sourceLocation: sourceLocation)
    #expect(Set(body.keys) == ["error", "error_description"], sourceLocation: sourceLocation)
}

@Suite struct SandboxSnapTests {
    // MARK: Authorize

    @Test func authorizeTakesFullURLScopes() throws {
        let sandbox = try snapSandbox()
        let response = sandbox.snapAuthorize()
        #expect(response.status == 302)
        let parameters = SandboxClient.redirectParameters(response)
        #expect(parameters.map(\.0) == ["code", "state"])
        #expect(parameters.first(named: "state") == "st-snap")

        for scope in ["user.display_name", "https://auth.snapchat.com/oauth2/api/user.email", "profile_nickname", ""] {
            let refused = SandboxClient.redirectParameters(sandbox.snapAuthorize([("scope", scope)]))
            #expect(refused.first(named: "error") == "invalid_scope", "scope \(scope)")
            #expect(refused.first(named: "state") == "st-snap")
        }
        // Commas are not separators for Snap.
        let comma = SandboxClient.redirectParameters(sandbox.snapAuthorize([("scope", displayName + "," + bitmoji)]))
        #expect(comma.first(named: "error") == "invalid_scope")
    }

    @Test(arguments: [
        ([(String, String)](), Set(["code_challenge", "code_challenge_method"])),
        ([], Set(["code_challenge"])),
        ([], Set(["code_challenge_method"])),
        ([("code_challenge_method", "plain")], Set<String>()),
        ([("code_challenge", "short")], Set<String>()),
        ([("response_type", "token")], Set<String>())
    ])
    func authorizeRequiresPKCEWithS256(extra: [(String, String)], omit: Set<String>) throws {
        let sandbox = try snapSandbox()
        let response = sandbox.snapAuthorize(extra, omit: omit)
        #expect(response.status == 302)
        let error = SandboxClient.redirectParameters(response).first(named: "error")
        #expect(error == "invalid_request" || error == "unsupported_response_type")
        #expect(SandboxClient.redirectParameters(response).first(named: "code") == nil)
    }

    @Test func badClientOrRedirectURIIsShownNotRedirected() throws {
        let sandbox = try snapSandbox(SandboxConfiguration(clientID: "snap-client", mode: .snapchat))
        for response in [
            sandbox.snapAuthorize([("client_id", "snap-client"), ("redirect_uri", "https://evil.example/callback")]),
            sandbox.snapAuthorize([("client_id", "another-client")])
        ] {
            #expect(response.status == 400)
            #expect(response.headers.value(for: "Location") == nil)
            #expect(SandboxClient.text(response).contains("Something went wrong"))
        }
    }

    @Test func noIssuerParameterInSnapMode() throws {
        let sandbox = try snapSandbox(SandboxConfiguration(mode: .snapchat, oidc: true, issuer: "http://127.0.0.1:1"))
        #expect(SandboxClient.redirectParameters(sandbox.snapAuthorize()).first(named: "iss") == nil)
        #expect(sandbox.get("/.well-known/openid-configuration").status == 404)
    }

    // MARK: Token

    @Test func tokenResponseHasSnapsShape() throws {
        let sandbox = try snapSandbox()
        let response = sandbox.snapExchange(try sandbox.snapCode())
        #expect(response.status == 200)
        #expect(response.headers.value(for: "Cache-Control") == "no-store")
        let body = try json(response)
        #expect(Set(body.keys) == ["access_token", "token_type", "expires_in", "refresh_token", "scope"])
        #expect(body["token_type"] as? String == "Bearer")
        #expect(body["expires_in"] as? Int == 1800)
        #expect(body["scope"] as? String == allScopes)
        #expect(sandbox.provider.requestLog.last?.grantType == "authorization_code")
    }

    @Test func tokenErrorsArePlainOAuth() throws {
        let sandbox = try snapSandbox()
        let wrong = String(SandboxClient.verifier.reversed())
        let code = try sandbox.snapCode()
        try expectSnapError(sandbox.snapExchange(code, verifier: wrong), "invalid_grant")
        try expectSnapError(sandbox.snapExchange(code), "invalid_grant")
        try expectSnapError(sandbox.snapExchange(try sandbox.snapCode(), verifier: nil), "invalid_grant")
        try expectSnapError(
            sandbox.post("/accounts/oauth2/token", [("grant_type", "password"), ("client_id", SandboxClient.clientID)]),
            "unsupported_grant_type")
        try expectSnapError(
            sandbox.post("/accounts/oauth2/token", [("grant_type", "refresh_token")]), "invalid_client", status: 401)
        try expectSnapError(sandbox.snapRefresh("no-such-token"), "invalid_grant")
    }

    @Test func confidentialClientsMaySendBasicCredentials() throws {
        let sandbox = try snapSandbox(SandboxConfiguration(clientSecret: "snap-secret", mode: .snapchat))
        try expectSnapError(sandbox.snapExchange(try sandbox.snapCode()), "invalid_client", status: 401)
        let basic = "Basic " + Data("\(SandboxClient.clientID):snap-secret".utf8).base64EncodedString()
        #expect(
            sandbox.snapExchange(try sandbox.snapCode(), headers: [HTTPHeader("Authorization", basic)]).status == 200)
        #expect(sandbox.snapExchange(try sandbox.snapCode(), extra: [("client_secret", "snap-secret")]).status == 200)
        let wrong = "Basic " + Data("\(SandboxClient.clientID):nope".utf8).base64EncodedString()
        try expectSnapError(
            sandbox.snapExchange(try sandbox.snapCode(), headers: [HTTPHeader("Authorization", wrong)]),
            "invalid_client", status: 401)
    }

    @Test func refreshAlwaysRotates() throws {
        let sandbox = try snapSandbox()
        let tokens = try sandbox.snapLogin()
        let response = sandbox.snapRefresh(tokens.refresh)
        #expect(response.status == 200)
        let body = try json(response)
        let next = try #require(body["refresh_token"] as? String)
        #expect(next != tokens.refresh)
        #expect(body["scope"] as? String == allScopes)
        #expect(sandbox.provider.requestLog.last?.rotated == true)
        try expectSnapError(sandbox.snapRefresh(tokens.refresh), "invalid_grant")
        #expect(sandbox.snapRefresh(next).status == 200)
        // The refreshed access token keeps the grant's scopes.
        let access = try #require(body["access_token"] as? String)
        #expect(try me(sandbox.me(access)).count == 3)
    }

    // MARK: GraphQL user data

    @Test func meAnswersEveryGrantedField() throws {
        let sandbox = try snapSandbox()
        let tokens = try sandbox.snapLogin()
        let response = sandbox.me(tokens.access)
        let user = try me(response)
        #expect(user["displayName"] as? String == "Sandbox User")
        let avatar = try #require(user["bitmoji"] as? [String: Any])
        #expect((avatar["avatar"] as? String)?.hasPrefix("https://") == true)
        #expect(avatar["id"] is String)
        #expect(user["externalId"] is String)
        // Keys in the query's order.
        #expect(SandboxClient.text(response).hasPrefix(#"{"data":{"me":{"displayName":"#))
        #expect(
            sandbox.provider.requestLog.last?.fields == ["displayName", "bitmoji.avatar", "bitmoji.id", "externalId"])
    }

    @Test func externalIdIsStandardBase64() throws {
        let sandbox = try snapSandbox()
        let tokens = try sandbox.snapLogin()
        let id = try #require(try me(sandbox.me(tokens.access, query: "{me{externalId}}"))["externalId"] as? String)
        #expect(id.hasPrefix("CAESI"))
        #expect(id.contains("+") && id.contains("/") && id.hasSuffix("="))
        #expect(Data(base64Encoded: id)?.count == 38)
        #expect(Base64URL.decode(id) == nil)
        // Stable for the user, so a client can key its store on it.
        let again = try snapSandbox()
        #expect(
            try me(again.me(try again.snapLogin().access, query: "{me{externalId}}"))["externalId"] as? String == id)
    }

    @Test(arguments: [
        (displayName, ["displayName"]),
        (bitmoji, ["bitmoji"]),
        (externalID, ["externalId"]),
        (displayName + " " + externalID, ["displayName", "externalId"])
    ])
    func meAnswersOnlyTheFieldsOfGrantedScopes(scope: String, fields: [String]) throws {
        let sandbox = try snapSandbox()
        let tokens = try sandbox.snapLogin(scope: scope)
        #expect(Set(try me(sandbox.me(tokens.access)).keys) == Set(fields))
    }

    @Test func meQueryForms() throws {
        let sandbox = try snapSandbox()
        let tokens = try sandbox.snapLogin(scope: displayName + " " + bitmoji)
        // The SDK's form: commas, a named operation with variables, only the avatar.
        let sdk = try me(
            sandbox.me(tokens.access, query: "query Me($page: String) { me { displayName, bitmoji { avatar } } }"))
        #expect(sdk["displayName"] as? String == "Sandbox User")
        #expect(Set(try #require(sdk["bitmoji"] as? [String: Any]).keys) == ["avatar"])
        // POST with JSON, as some clients send it.
        let body = try JSONSerialization.data(withJSONObject: [
            "query": "{me{displayName}}", "variables": ["page": "bitmoji"]
        ])
        let post = sandbox.provider.handle(
            HTTPServerRequest(
                method: "POST", target: "/v1/me",
                headers: [
                    HTTPHeader("Content-Type", "application/json"),
                    HTTPHeader("Authorization", "Bearer \(tokens.access)")
                ],
                body: body
            ))
        #expect(try me(post).keys.sorted() == ["displayName"])
        // Asking for a field whose scope was not granted is not an error: it is just absent.
        #expect(try me(sandbox.me(tokens.access, query: "{me{externalId}}")).isEmpty)
    }

    @Test func meRefusesUnknownFieldsAndBadTokens() throws {
        let sandbox = try snapSandbox()
        let tokens = try sandbox.snapLogin()
        for query in [
            "{me{externalID}}", "{me{bitmoji{avatarID}}}", "{me{bitmoji}}", "{you{displayName}}", "{me{displayName}",
            "{me{...F}}", ""
        ] {
            let response = sandbox.me(tokens.access, query: query)
            #expect(response.status == 400, "query \(query)")
            #expect(try graphQLErrorCode(response) == "GRAPHQL_VALIDATION_FAILED")
        }
        let unauthorized = sandbox.me("not-a-token")
        #expect(unauthorized.status == 401)
        #expect(try graphQLErrorCode(unauthorized) == "UNAUTHORIZED_USER")
        #expect(sandbox.me(nil).status == 401)
    }

    // MARK: Revocation

    @Test func revokingTheRefreshTokenEndsTheSession() throws {
        let sandbox = try snapSandbox()
        let tokens = try sandbox.snapLogin()
        let response = sandbox.post("/accounts/oauth2/revoke", [("token", tokens.refresh)])
        #expect(response.status == 200 && response.body.isEmpty)
        #expect(sandbox.provider.requestLog.last?.revoked == true)
        try expectSnapError(sandbox.snapRefresh(tokens.refresh), "invalid_grant")
        #expect(sandbox.me(tokens.access).status == 401)
        // Unknown tokens: 200 all the same.
        #expect(sandbox.post("/accounts/oauth2/revoke", [("token", "no-such-token")]).status == 200)
        try expectSnapError(sandbox.post("/accounts/oauth2/revoke", []), "invalid_request")
        let strict = try snapSandbox(SandboxConfiguration(clientID: "snap-client", mode: .snapchat))
        try expectSnapError(
            strict.post("/accounts/oauth2/revoke", [("token", "x"), ("client_id", "x")]), "invalid_client", status: 401)
        #expect(strict.post("/accounts/oauth2/revoke", [("token", "x"), ("client_id", "snap-client")]).status == 200)
    }

    @Test func revokeClientEndsEverySessionOfTheApp() throws {
        let sandbox = try snapSandbox()
        let laptop = try sandbox.snapLogin()
        let phone = try sandbox.snapLogin()
        let pending = try sandbox.snapCode()
        let response = sandbox.post("/v1/oauth2/revoke_client", bearer: phone.access)
        #expect(response.status == 200)
        for tokens in [laptop, phone] {
            #expect(sandbox.me(tokens.access).status == 401)
            try expectSnapError(sandbox.snapRefresh(tokens.refresh), "invalid_grant")
        }
        try expectSnapError(sandbox.snapExchange(pending), "invalid_grant")
        try expectSnapError(
            sandbox.post("/v1/oauth2/revoke_client", bearer: phone.access), "invalid_token", status: 401)
    }

    // MARK: Modes

    @Test func eachModeServesOnlyItsOwnPaths() throws {
        let snap = try snapSandbox()
        #expect(snap.authorize().status == 404)
        #expect(snap.post("/oauth/token").status == 404)
        let kakao = try Sandbox()
        #expect(kakao.snapAuthorize().status == 404)

        // Switched at run time.
        let config = kakao.post("/_sandbox/config", [("mode", "snapchat")])
        #expect(try json(config)["mode"] as? String == "snapchat")
        #expect(kakao.snapAuthorize().status == 302)
        #expect(kakao.post("/_sandbox/config", [("mode", "facebook")]).status == 400)
        #expect(try json(Sandbox().get("/_sandbox/config"))["mode"] as? String == "kakao")
    }

    @Test func logsHoldNoSnapTokens() throws {
        let sandbox = try snapSandbox()
        let code = try sandbox.snapCode()
        let body = try json(sandbox.snapExchange(code))
        let access = try #require(body["access_token"] as? String)
        let refresh = try #require(body["refresh_token"] as? String)
        let next = try json(sandbox.snapRefresh(refresh))
        let nextRefresh = try #require(next["refresh_token"] as? String)
        _ = sandbox.me(access)
        _ = sandbox.post("/accounts/oauth2/revoke", [("token", nextRefresh)])
        _ = sandbox.post("/v1/oauth2/revoke_client", bearer: access)
        let log = SandboxClient.text(sandbox.get("/_sandbox/log"))
        for secret in [code, access, refresh, nextRefresh, try #require(next["access_token"] as? String), "st-snap"] {
            #expect(!log.contains(secret))
        }
    }
}
