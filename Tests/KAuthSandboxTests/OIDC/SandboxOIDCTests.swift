import Foundation
import KAuthBasics
import KAuthCore
import KAuthSandbox
import KAuthTestSupport
import Testing

private typealias Sandbox = SandboxClient

private let issuer = "http://127.0.0.1:8765"
private let oidcConfiguration = SandboxConfiguration(oidc: true, issuer: issuer)

private func json(_ response: HTTPServerResponse, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String:
    Any]
{
    try SandboxClient.json(response, sourceLocation: sourceLocation)
}

private func redirectParameters(_ response: HTTPServerResponse) -> [(String, String)] {
    SandboxClient.redirectParameters(response)
}

/// A JWT's three parts: the decoded header and claims, and the raw texts.
private struct DecodedJWT {
    var header: [String: Any]
    var claims: [String: Any]
    var signingInput: String
    var signature: [UInt8]
    var compact: String

    init(_ token: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        compact = token
        let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        try #require(parts.count == 3, sourceLocation: sourceLocation)
        func object(_ part: String) throws -> [String: Any] {
            let bytes = try #require(Base64URL.decode(part), sourceLocation: sourceLocation)
            return try #require(
                try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any], sourceLocation: sourceLocation)
        }
        header = try object(parts[0])
        claims = try object(parts[1])
        signingInput = parts[0] + "." + parts[1]
        signature = try #require(Base64URL.decode(parts[2]), sourceLocation: sourceLocation)
    }
}

/// The keys of `/.well-known/jwks.json`.
private func jwks(_ sandbox: Sandbox, sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
    let response = sandbox.get("/.well-known/jwks.json")
    #expect(response.status == 200, sourceLocation: sourceLocation)
    return try #require(try json(response)["keys"] as? [[String: Any]], sourceLocation: sourceLocation)
}

/// The JWK set as a client reads it.
private func keySet(_ sandbox: Sandbox, sourceLocation: SourceLocation = #_sourceLocation) throws -> JWKSet {
    try JWKSet.parse(sandbox.get("/.well-known/jwks.json").body)
}

/// Checks `token` as a client does (signature against the sandbox's JWK set, `iss`, `aud`, `exp`,
/// `iat`, `nonce`), with `KAuthCore`'s validator.
@discardableResult
private func validate(_ token: String, _ sandbox: Sandbox, nonce: String? = nil) throws -> IDTokenClaims {
    let validator = IDTokenValidator(
        issuer: issuer, clientID: SandboxClient.clientID, nonce: nonce, clock: sandbox.clock.clock)
    return try validator.validate(token, keys: try keySet(sandbox))
}

/// The token response of a login with `extra` authorize parameters.
private func tokenResponse(
    _ sandbox: Sandbox, _ extra: [(String, String)], sourceLocation: SourceLocation = #_sourceLocation
) throws -> [String: Any] {
    let response = sandbox.exchange(try sandbox.code(extra, sourceLocation: sourceLocation))
    #expect(response.status == 200, sourceLocation: sourceLocation)
    return try json(response, sourceLocation: sourceLocation)
}

/// Checks an RFC 6749 §5.2 body without a KOE code.
private func expectStandardError(
    _ response: HTTPServerResponse, _ error: String, status: Int = 400,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    #expect(response.status == status, sourceLocation: sourceLocation)
    let body = try json(response, sourceLocation: sourceLocation)
    #expect(body["error"] as? String == error, sourceLocation: sourceLocation)
    #expect(Set(body.keys) == ["error", "error_description"], sourceLocation: sourceLocation)
}

@Suite struct SandboxOIDCTests {
    // MARK: Discovery and keys

    @Test func discoveryNamesTheIssuerAndEveryEndpoint() throws {
        let sandbox = try Sandbox(oidcConfiguration)
        let response = sandbox.get("/.well-known/openid-configuration")
        #expect(response.status == 200)
        #expect(response.headers.value(for: "Cache-Control") == nil)
        let document = try json(response)
        #expect(document["issuer"] as? String == issuer)
        #expect(document["authorization_endpoint"] as? String == issuer + "/oauth/authorize")
        #expect(document["token_endpoint"] as? String == issuer + "/oauth/token")
        #expect(document["userinfo_endpoint"] as? String == issuer + "/v1/oidc/userinfo")
        #expect(document["jwks_uri"] as? String == issuer + "/.well-known/jwks.json")
        #expect(document["revocation_endpoint"] as? String == issuer + "/oauth/revoke")
        #expect(document["device_authorization_endpoint"] as? String == issuer + "/oauth/device/code")
        #expect(document["response_types_supported"] as? [String] == ["code"])
        #expect(document["subject_types_supported"] as? [String] == ["public"])
        #expect(document["id_token_signing_alg_values_supported"] as? [String] == ["RS256"])
        #expect(document["code_challenge_methods_supported"] as? [String] == ["S256"])
        #expect(
            document["grant_types_supported"] as? [String] == [
                "authorization_code", "refresh_token", "urn:ietf:params:oauth:grant-type:device_code",
                "client_credentials", "urn:ietf:params:oauth:grant-type:token-exchange"
            ])
        #expect(document["token_endpoint_auth_methods_supported"] as? [String] == ["client_secret_post", "none"])
        #expect(document["authorization_response_iss_parameter_supported"] as? Bool == true)
        let scopes = try #require(document["scopes_supported"] as? [String])
        #expect(scopes.first == "openid" && scopes.contains("account_email"))
        #expect(
            Set(try #require(document["claims_supported"] as? [String])).isSuperset(of: [
                "iss", "aud", "sub", "exp", "iat", "auth_time", "nonce", "nickname", "picture", "email"
            ]))
    }

    @Test func discoveryFollowsTheConfiguration() throws {
        // OIDC off: redirects carry no iss, and the document says so.
        let off = try json(Sandbox(SandboxConfiguration(issuer: issuer)).get("/.well-known/openid-configuration"))
        #expect(off["authorization_response_iss_parameter_supported"] as? Bool == false)
        // A confidential app: no "none".
        let secret = try json(
            Sandbox(SandboxConfiguration(clientSecret: "s3cret", oidc: true)).get("/.well-known/openid-configuration"))
        #expect(secret["token_endpoint_auth_methods_supported"] as? [String] == ["client_secret_post"])
        // No issuer configured in process: the reserved placeholder.
        #expect(secret["issuer"] as? String == SandboxConfiguration.placeholderIssuer)
        #expect(try Sandbox().post("/.well-known/openid-configuration").status == 405)
    }

    @Test func serverAdoptsItsBaseURLAsIssuer() throws {
        let server = try SandboxServer(
            configuration: SandboxConfiguration(oidc: true), clock: TestClock().clock, random: .seeded(3))
        defer { server.stop() }
        #expect(server.provider.configuration.issuer == server.baseURL)
        let named = try SandboxServer(
            configuration: SandboxConfiguration(issuer: "https://sandbox.example"), clock: TestClock().clock,
            random: .seeded(3))
        defer { named.stop() }
        #expect(named.provider.configuration.issuer == "https://sandbox.example")
    }

    @Test func jwksListsTheSigningKeyForFiveMinutes() throws {
        let sandbox = try Sandbox(oidcConfiguration)
        let response = sandbox.get("/.well-known/jwks.json")
        #expect(response.status == 200)
        #expect(response.headers.value(for: "Cache-Control")?.contains("max-age=300") == true)
        let keys = try jwks(sandbox)
        #expect(keys.count == 1)
        let key = try #require(keys.first)
        #expect(key["kty"] as? String == "RSA")
        #expect(key["alg"] as? String == "RS256")
        #expect(key["use"] as? String == "sig")
        #expect((key["kid"] as? String)?.isEmpty == false)
        #expect(key["e"] as? String == "AQAB")
        #expect(Base64URL.decode(try #require(key["n"] as? String))?.count == 256)
        #expect(key["d"] == nil && key["p"] == nil)
        // The same key until rotated.
        #expect(try jwks(sandbox).first?["kid"] as? String == key["kid"] as? String)
    }

    // MARK: ID tokens

    @Test func codeFlowWithOpenIDGivesASignedIDToken() throws {
        let sandbox = try Sandbox(oidcConfiguration)
        let loginTime = Int(sandbox.clock.now.timeIntervalSince1970)
        let code = try sandbox.code([("scope", "openid"), ("nonce", "n-0S6_WzA2Mj")])
        sandbox.clock.advance(by: 7)
        let response = sandbox.exchange(code)
        #expect(response.status == 200)
        let body = try json(response)
        #expect(
            Set(body.keys) == [
                "token_type", "access_token", "id_token", "expires_in", "refresh_token", "refresh_token_expires_in",
                "scope"
            ])
        let token = try DecodedJWT(try #require(body["id_token"] as? String))

        let key = try #require(try jwks(sandbox).first)
        #expect(token.header["alg"] as? String == "RS256")
        #expect(token.header["typ"] as? String == "JWT")
        #expect(token.header["kid"] as? String == key["kid"] as? String)
        #expect(token.signature.count == 256)

        let now = loginTime + 7
        #expect(token.claims["iss"] as? String == issuer)
        #expect(token.claims["aud"] as? String == SandboxClient.clientID)
        #expect(token.claims["sub"] as? String == "4242424242")
        #expect(token.claims["iat"] as? Int == now)
        #expect(token.claims["exp"] as? Int == now + 3600)
        #expect(token.claims["auth_time"] as? Int == loginTime)
        #expect(token.claims["nonce"] as? String == "n-0S6_WzA2Mj")
        #expect(token.claims["nickname"] as? String == "Sandbox User")
        #expect(token.claims["picture"] as? String == "https://img.example.com/kauth-sandbox/profile_640x640.jpg")
        #expect(token.claims["email"] as? String == "sandbox.user@example.com")
        #expect(
            Set(token.claims.keys) == [
                "iss", "aud", "sub", "iat", "exp", "auth_time", "nonce", "nickname", "picture", "email"
            ])

        // What a client checks: the signature with the JWK set's key, iss, aud, exp, iat, nonce.
        let claims = try validate(try #require(body["id_token"] as? String), sandbox, nonce: "n-0S6_WzA2Mj")
        #expect(claims.sub == "4242424242" && claims.authTime == Date(timeIntervalSince1970: TimeInterval(loginTime)))
        #expect(throws: IDTokenError.self) {
            try validate(try #require(body["id_token"] as? String), sandbox, nonce: "another-nonce")
        }
        #expect(sandbox.provider.requestLog.first { $0.path == "/oauth/token" }?.idTokenIssued == true)
    }

    @Test func idTokenClaimsFollowConsentAndNonce() throws {
        let sandbox = try Sandbox(SandboxConfiguration(defaultScopes: ["profile_nickname"], oidc: true, issuer: issuer))
        let token = try DecodedJWT(
            try #require(try tokenResponse(sandbox, [("scope", "openid")])["id_token"] as? String))
        #expect(token.claims["nonce"] == nil)
        #expect(token.claims["nickname"] as? String == "Sandbox User")
        #expect(token.claims["picture"] == nil && token.claims["email"] == nil)
    }

    @Test func noIDTokenWithoutOpenIDOrWithOIDCOff() throws {
        let sandbox = try Sandbox(oidcConfiguration)
        #expect(try tokenResponse(sandbox, [])["id_token"] == nil)
        // The consent remembers openid from this login; the next request without it still gets none.
        #expect(try tokenResponse(sandbox, [("scope", "openid")])["id_token"] != nil)
        #expect(try tokenResponse(sandbox, [("scope", "account_email")])["id_token"] == nil)

        let off = try Sandbox()
        #expect(try tokenResponse(off, [("scope", "openid"), ("nonce", "n")])["id_token"] == nil)
    }

    @Test func refreshCarriesAFreshIDTokenForTheSameLogin() throws {
        let sandbox = try Sandbox(SandboxConfiguration(rotationThreshold: 10_000_000, oidc: true, issuer: issuer))
        let loginTime = Int(sandbox.clock.now.timeIntervalSince1970)
        let first = try tokenResponse(sandbox, [("scope", "openid"), ("nonce", "n-1")])
        let original = try DecodedJWT(try #require(first["id_token"] as? String))
        sandbox.clock.advance(by: 600)

        let response = sandbox.refresh(try #require(first["refresh_token"] as? String))
        #expect(response.status == 200)
        let body = try json(response)
        let refreshed = try DecodedJWT(try #require(body["id_token"] as? String))
        #expect(refreshed.claims["iss"] as? String == original.claims["iss"] as? String)
        #expect(refreshed.claims["sub"] as? String == original.claims["sub"] as? String)
        #expect(refreshed.claims["aud"] as? String == original.claims["aud"] as? String)
        #expect(refreshed.claims["auth_time"] as? Int == loginTime)
        #expect(refreshed.claims["iat"] as? Int == loginTime + 600)
        #expect(refreshed.claims["exp"] as? Int == loginTime + 600 + 3600)
        // OIDC Core §12.2: a refresh is not an authentication request.
        #expect(refreshed.claims["nonce"] == nil)
        try validate(refreshed.compact, sandbox)

        // The rotated refresh token keeps the grant's ID token.
        let rotated = try #require(body["refresh_token"] as? String)
        let again = try json(sandbox.refresh(rotated))
        #expect(try DecodedJWT(try #require(again["id_token"] as? String)).claims["auth_time"] as? Int == loginTime)
    }

    @Test func keyRotationChangesTheKid() throws {
        let sandbox = try Sandbox(oidcConfiguration)
        let before = try #require(try jwks(sandbox).first?["kid"] as? String)
        let old = try DecodedJWT(try #require(try tokenResponse(sandbox, [("scope", "openid")])["id_token"] as? String))
        #expect(old.header["kid"] as? String == before)

        let rotation = sandbox.post("/_sandbox/rotate-key")
        #expect(rotation.status == 200)
        let after = try #require(try json(rotation)["kid"] as? String)
        #expect(try json(rotation)["previous_kid"] as? String == before)
        #expect(after != before)
        let keys = try jwks(sandbox)
        #expect(keys.count == 1 && keys.first?["kid"] as? String == after)
        let newToken = try #require(try tokenResponse(sandbox, [("scope", "openid")])["id_token"] as? String)
        #expect(try DecodedJWT(newToken).header["kid"] as? String == after)
        try validate(newToken, sandbox)
        // A token of the old key: its kid is no longer listed, which is what sends a client back
        // to the JWK set (and then, the key being gone, to a failed validation).
        #expect(throws: IDTokenError.unknownKeyID(before)) {
            try validate(old.compact, sandbox)
        }
        #expect(sandbox.get("/_sandbox/rotate-key").status == 405)
    }

    @Test func aClientsKeyCacheFollowsARotation() async throws {
        let sandbox = try Sandbox(oidcConfiguration)
        let provider = sandbox.provider
        let fetches = Counter()
        // The client's HTTP, answered in process by the sandbox.
        let http = HTTPClient { request in
            fetches.increment()
            let target = String(request.url.dropFirst(issuer.count))
            return provider.handle(
                HTTPServerRequest(
                    method: request.method, target: target, headers: request.headers, body: request.body ?? Data()))
        }
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let cache = JWKSCache(
            jwksURI: issuer + "/.well-known/jwks.json", paths: KAuthPaths(home: folder.path),
            fileSystem: .live, http: http, clock: sandbox.clock.clock)
        let validator = IDTokenValidator(
            issuer: issuer, clientID: SandboxClient.clientID, nonce: nil, clock: sandbox.clock.clock)

        let first = try #require(try tokenResponse(sandbox, [("scope", "openid")])["id_token"] as? String)
        _ = try await validator.validate(first, keys: cache)
        _ = try await validator.validate(first, keys: cache)
        #expect(fetches.value == 1)

        // Rotated: the cached set is still fresh, but lacks the new kid, so it is fetched again.
        #expect(sandbox.post("/_sandbox/rotate-key").status == 200)
        let second = try #require(try tokenResponse(sandbox, [("scope", "openid")])["id_token"] as? String)
        _ = try await validator.validate(second, keys: cache)
        #expect(fetches.value == 2)
    }

    @Test func signingKeyIsKeptInTheStateFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kauth-sandbox-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let configuration = SandboxConfiguration(
            stateFile: folder.appendingPathComponent("state.json").path, oidc: true, issuer: issuer)
        let clock = TestClock()
        let first = Sandbox(
            provider: try SandboxProvider(configuration: configuration, clock: clock.clock, random: .seeded(1)))
        let kid = try #require(try jwks(first).first?["kid"] as? String)
        let second = Sandbox(
            provider: try SandboxProvider(configuration: configuration, clock: clock.clock, random: .seeded(2)))
        #expect(try jwks(second).first?["kid"] as? String == kid)
        let token = try DecodedJWT(
            try #require(try tokenResponse(second, [("scope", "openid")])["id_token"] as? String))
        #expect(token.header["kid"] as? String == kid)
        try validate(token.compact, second)
    }

    // MARK: RFC 9207 iss

    @Test func redirectsCarryTheIssuerWithOIDCOn() throws {
        let sandbox = try Sandbox(oidcConfiguration)
        let success = redirectParameters(sandbox.authorize())
        #expect(success.map(\.0) == ["code", "state", "iss"])
        #expect(success.first(named: "iss") == issuer)

        let failure = redirectParameters(sandbox.authorize([("scope", "no_such_scope")]))
        #expect(failure.first(named: "error") == "invalid_scope")
        #expect(failure.first(named: "iss") == issuer)

        _ = sandbox.post("/_sandbox/config", [("deny", "true")])
        let denied = redirectParameters(sandbox.authorize())
        #expect(denied.first(named: "error") == "access_denied" && denied.first(named: "iss") == issuer)

        // Switched off at run time: no iss.
        let config = sandbox.post("/_sandbox/config", [("oidc", "false"), ("deny", "false")])
        #expect(try json(config)["oidc"] as? Bool == false)
        #expect(redirectParameters(sandbox.authorize()).first(named: "iss") == nil)
        #expect(sandbox.post("/_sandbox/config", [("oidc", "maybe")]).status == 400)
    }

    // MARK: UserInfo

    @Test func userInfoSubjectMatchesTheIDToken() throws {
        let sandbox = try Sandbox(oidcConfiguration)
        let body = try tokenResponse(sandbox, [("scope", "openid")])
        let access = try #require(body["access_token"] as? String)
        let token = try DecodedJWT(try #require(body["id_token"] as? String))

        let response = sandbox.get("/v1/oidc/userinfo", bearer: access)
        #expect(response.status == 200)
        let info = try json(response)
        #expect(info["sub"] as? String == token.claims["sub"] as? String)
        #expect(info["nickname"] as? String == "Sandbox User")
        #expect(info["picture"] as? String == "https://img.example.com/kauth-sandbox/profile_640x640.jpg")
        #expect(info["email"] as? String == "sandbox.user@example.com")
        #expect(info["email_verified"] as? Bool == true)
        #expect(sandbox.post("/v1/oidc/userinfo", bearer: access).status == 200)

        // Withdrawn consent is gone at once.
        #expect(
            sandbox.post("/v2/user/revoke/scopes", [("scopes", #"["account_email","profile_image"]"#)], bearer: access)
                .status == 200)
        let narrower = try json(sandbox.get("/v1/oidc/userinfo", bearer: access))
        #expect(Set(narrower.keys) == ["sub", "nickname"])
    }

    @Test func userInfoErrorsAreKapiErrors() throws {
        let sandbox = try Sandbox(oidcConfiguration)
        let bad = sandbox.get("/v1/oidc/userinfo", bearer: "not-a-token")
        #expect(bad.status == 401)
        #expect(SandboxClient.text(bad) == #"{"msg":"this access token does not exist","code":-401}"#)
        #expect(sandbox.get("/v1/oidc/userinfo").status == 401)

        let tokens = try sandbox.login()
        _ = sandbox.post("/_sandbox/config", [("oidc", "false")])
        let off = sandbox.get("/v1/oidc/userinfo", bearer: tokens.access)
        #expect(try off.status == 403 && json(off)["code"] as? Int == -3)
    }

    // MARK: RFC 7009 revocation

    @Test func revokingTheRefreshTokenEndsTheLogin() throws {
        let sandbox = try Sandbox()
        let tokens = try sandbox.login()
        let response = sandbox.post(
            "/oauth/revoke",
            [("client_id", SandboxClient.clientID), ("token", tokens.refresh), ("token_type_hint", "refresh_token")])
        #expect(response.status == 200 && response.body.isEmpty)
        let refresh = sandbox.refresh(tokens.refresh)
        #expect(try refresh.status == 400 && json(refresh)["error_code"] as? String == "KOE322")
        #expect(sandbox.get("/v2/user/me", bearer: tokens.access).status == 401)
        let entry = try #require(sandbox.provider.requestLog.first { $0.path == "/oauth/revoke" })
        #expect(
            entry.revoked == true && entry.tokenTypeHint == "refresh_token" && entry.clientID == SandboxClient.clientID)
    }

    @Test func revokingAnAccessTokenLeavesTheRefreshToken() throws {
        let sandbox = try Sandbox()
        let tokens = try sandbox.login()
        // A wrong hint is only a hint (RFC 7009 §2.1).
        #expect(
            sandbox.post(
                "/oauth/revoke",
                [("client_id", SandboxClient.clientID), ("token", tokens.access), ("token_type_hint", "refresh_token")]
            ).status == 200)
        #expect(sandbox.get("/v2/user/me", bearer: tokens.access).status == 401)
        #expect(sandbox.refresh(tokens.refresh).status == 200)
    }

    @Test func revocationAnswers200ForUnknownTokensAndChecksTheClient() throws {
        let sandbox = try Sandbox(SandboxConfiguration(clientSecret: "s3cret"))
        let secret = [("client_id", SandboxClient.clientID), ("client_secret", "s3cret")]
        let unknown = sandbox.post("/oauth/revoke", secret + [("token", "no-such-token")])
        #expect(unknown.status == 200)
        #expect(sandbox.provider.requestLog.last?.revoked == false)

        let noSecret = sandbox.post("/oauth/revoke", [("client_id", SandboxClient.clientID), ("token", "x")])
        #expect(try noSecret.status == 401 && json(noSecret)["error_code"] as? String == "KOE010")
        let noClient = sandbox.post("/oauth/revoke", [("token", "x")])
        #expect(try noClient.status == 401 && json(noClient)["error"] as? String == "invalid_client")
        let noToken = sandbox.post("/oauth/revoke", secret)
        #expect(try noToken.status == 400 && json(noToken)["error"] as? String == "invalid_request")
        #expect(sandbox.get("/oauth/revoke").status == 405)
    }

    @Test func anotherAppsTokenIsNotRevoked() throws {
        let sandbox = try Sandbox()
        let tokens = try sandbox.login()
        #expect(sandbox.post("/oauth/revoke", [("client_id", "another-app"), ("token", tokens.refresh)]).status == 200)
        #expect(sandbox.provider.requestLog.last?.revoked == false)
        #expect(sandbox.refresh(tokens.refresh).status == 200)
    }

    // MARK: RFC 8628 device grant

    private func deviceCode(
        _ sandbox: Sandbox, scope: String = "openid", sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (device: String, user: String) {
        let response = sandbox.post("/oauth/device/code", [("client_id", SandboxClient.clientID), ("scope", scope)])
        #expect(response.status == 200, sourceLocation: sourceLocation)
        let body = try json(response, sourceLocation: sourceLocation)
        return (
            try #require(body["device_code"] as? String, sourceLocation: sourceLocation),
            try #require(body["user_code"] as? String, sourceLocation: sourceLocation)
        )
    }

    private func poll(_ sandbox: Sandbox, _ deviceCode: String) -> HTTPServerResponse {
        sandbox.post(
            "/oauth/token",
            [
                ("grant_type", "urn:ietf:params:oauth:grant-type:device_code"),
                ("device_code", deviceCode), ("client_id", SandboxClient.clientID)
            ])
    }

    @Test func deviceAuthorizationResponse() throws {
        let sandbox = try Sandbox(oidcConfiguration)
        let response = sandbox.post(
            "/oauth/device/code", [("client_id", SandboxClient.clientID), ("scope", "openid profile_nickname")])
        #expect(response.status == 200)
        let body = try json(response)
        #expect(
            Set(body.keys) == [
                "device_code", "user_code", "verification_uri", "verification_uri_complete", "expires_in", "interval"
            ])
        let userCode = try #require(body["user_code"] as? String)
        #expect(userCode.wholeMatch(of: /[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}/) != nil)
        #expect(body["verification_uri"] as? String == issuer + "/device")
        #expect(body["verification_uri_complete"] as? String == issuer + "/device?user_code=" + userCode)
        #expect(body["expires_in"] as? Int == 600)
        #expect(body["interval"] as? Int == 5)
        #expect((body["device_code"] as? String)?.count ?? 0 >= 43)

        let unknown = sandbox.post(
            "/oauth/device/code", [("client_id", SandboxClient.clientID), ("scope", "no_such_scope")])
        #expect(try unknown.status == 400 && json(unknown)["error"] as? String == "invalid_scope")
        let noClient = sandbox.post("/oauth/device/code", [("scope", "openid")])
        #expect(try noClient.status == 401 && json(noClient)["error"] as? String == "invalid_client")
    }

    @Test func deviceGrantPendingSlowDownApproveTokens() throws {
        let sandbox = try Sandbox(oidcConfiguration)
        let config = sandbox.post("/_sandbox/config", [("device_interval", "1")])
        #expect(try json(config)["device_interval"] as? Int == 1)
        let codes = try deviceCode(sandbox)

        try expectStandardError(poll(sandbox, codes.device), "authorization_pending")
        // Again at once: too fast, and the interval grows from 1 to 6 seconds; 2 seconds later
        // is still too fast, and it grows to 11.
        try expectStandardError(poll(sandbox, codes.device), "slow_down")
        sandbox.clock.advance(by: 2)
        let second = poll(sandbox, codes.device)
        try expectStandardError(second, "slow_down")
        #expect(
            try json(second)["error_description"] as? String
                == "polling too fast: wait at least 11 seconds between requests")
        sandbox.clock.advance(by: 10)
        try expectStandardError(poll(sandbox, codes.device), "slow_down")

        // The user opens the page, typing the code loosely.
        let loose = codes.user.lowercased().replacingOccurrences(of: "-", with: " ")
        let page = sandbox.get("/device", [("user_code", loose)])
        #expect(page.status == 200 && SandboxClient.text(page).contains("Device approved"))
        #expect(sandbox.provider.requestLog.last?.userCodeSent == true)

        sandbox.clock.advance(by: 16)
        let approved = poll(sandbox, codes.device)
        #expect(approved.status == 200)
        let body = try json(approved)
        let access = try #require(body["access_token"] as? String)
        #expect(body["refresh_token"] is String)
        let idToken = try DecodedJWT(try #require(body["id_token"] as? String))
        try validate(idToken.compact, sandbox)
        #expect(idToken.claims["nonce"] == nil)
        #expect(idToken.claims["auth_time"] as? Int == Int(sandbox.clock.now.timeIntervalSince1970) - 16)
        #expect(sandbox.get("/v2/user/me", bearer: access).status == 200)

        // Spent.
        sandbox.clock.advance(by: 10)
        try expectStandardError(poll(sandbox, codes.device), "invalid_grant")
        #expect(sandbox.get("/device", [("user_code", codes.user)]).status == 404)
    }

    @Test func deviceGrantDenied() throws {
        let sandbox = try Sandbox(SandboxConfiguration(deviceInterval: 1))
        let codes = try deviceCode(sandbox)
        let deny = sandbox.post("/_sandbox/device/deny", [("user_code", codes.user)])
        #expect(try deny.status == 200 && json(deny)["status"] as? String == "denied")
        try expectStandardError(poll(sandbox, codes.device), "access_denied")
        #expect(sandbox.post("/_sandbox/device/deny", [("user_code", codes.user)]).status == 409)
        #expect(sandbox.post("/_sandbox/device/deny", [("user_code", "BBBB-BBBB")]).status == 404)
        #expect(sandbox.get("/device", [("user_code", codes.user)]).status == 403)

        // A sandbox configured to deny refuses on the page too.
        _ = sandbox.post("/_sandbox/config", [("deny", "true")])
        let second = try deviceCode(sandbox)
        #expect(sandbox.get("/device", [("user_code", second.user)]).status == 403)
        try expectStandardError(poll(sandbox, second.device), "access_denied")
    }

    @Test func deviceCodeExpires() throws {
        let sandbox = try Sandbox(SandboxConfiguration(deviceInterval: 1))
        let codes = try deviceCode(sandbox)
        sandbox.clock.advance(by: 601)
        try expectStandardError(poll(sandbox, codes.device), "expired_token")
        #expect(sandbox.get("/device", [("user_code", codes.user)]).status == 404)
        // Long after, it is simply unknown.
        sandbox.clock.advance(by: 7200)
        try expectStandardError(poll(sandbox, codes.device), "invalid_grant")
    }

    @Test func deviceGrantChecksClientAndWithoutOpenIDGivesNoIDToken() throws {
        let sandbox = try Sandbox(oidcConfiguration)
        let codes = try deviceCode(sandbox, scope: "profile_nickname")
        let other = sandbox.post(
            "/oauth/token",
            [
                ("grant_type", "urn:ietf:params:oauth:grant-type:device_code"), ("device_code", codes.device),
                ("client_id", "another-app")
            ])
        try expectStandardError(other, "invalid_grant")
        #expect(sandbox.get("/device").status == 400)
        #expect(sandbox.get("/device", [("user_code", codes.user)]).status == 200)
        let body = try json(poll(sandbox, codes.device))
        #expect(body["access_token"] is String && body["id_token"] == nil)
    }

    // MARK: Logs

    @Test func logsNeverHoldTokensCodesOrNonces() throws {
        let sandbox = try Sandbox(
            SandboxConfiguration(rotationThreshold: 10_000_000, oidc: true, issuer: issuer, deviceInterval: 1))
        var secrets: [String] = ["n-secret-nonce", "st-123"]
        let code = try sandbox.code([("scope", "openid"), ("nonce", "n-secret-nonce")])
        secrets.append(code)
        let body = try json(sandbox.exchange(code))
        for name in ["access_token", "refresh_token", "id_token"] {
            secrets.append(try #require(body[name] as? String))
        }
        let refreshed = try json(sandbox.refresh(try #require(body["refresh_token"] as? String)))
        for name in ["access_token", "refresh_token", "id_token"] {
            secrets.append(try #require(refreshed[name] as? String))
        }
        let access = try #require(refreshed["access_token"] as? String)
        _ = sandbox.get("/v1/oidc/userinfo", bearer: access)
        let codes = try deviceCode(sandbox)
        secrets += [codes.device, codes.user]
        _ = sandbox.get("/device", [("user_code", codes.user)])
        let device = try json(poll(sandbox, codes.device))
        secrets.append(try #require(device["access_token"] as? String))
        _ = sandbox.post(
            "/oauth/revoke",
            [("client_id", SandboxClient.clientID), ("token", try #require(refreshed["refresh_token"] as? String))])
        _ = sandbox.get("/.well-known/jwks.json")

        let log = SandboxClient.text(sandbox.get("/_sandbox/log"))
        #expect(sandbox.provider.requestLog.count == 9)
        for secret in secrets {
            #expect(!log.contains(secret), "the log holds a secret")
        }
        for entry in sandbox.provider.requestLog {
            #expect(!entry.summary.contains(codes.user))
        }
    }
}
