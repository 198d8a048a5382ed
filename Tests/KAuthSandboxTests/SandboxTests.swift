import Foundation
import KAuthBasics
import KAuthCore
import KAuthSandbox
import KAuthTestSupport
import Testing

// RFC 7636 Appendix B.
private let rfcVerifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
private let rfcChallenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
private let client = "sandbox-rest-key"
private let redirect = "http://127.0.0.1:53682/callback"

/// The shared in-process client (`KAuthTestSupport`), also used by `SandboxUserAPITests`.
private typealias Sandbox = SandboxClient

private func json(_ response: HTTPServerResponse) throws -> [String: Any] {
    try SandboxClient.json(response)
}

private func text(_ response: HTTPServerResponse) -> String {
    SandboxClient.text(response)
}

private func redirectParameters(_ response: HTTPServerResponse) -> [(String, String)] {
    SandboxClient.redirectParameters(response)
}

/// Checks a kauth error body: `{"error","error_description","error_code"}`.
private func expectOAuthError(
    _ response: HTTPServerResponse, status: Int, error: String, code: String, describing: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    #expect(response.status == status, sourceLocation: sourceLocation)
    let body = try json(response)
    #expect(body["error"] as? String == error, sourceLocation: sourceLocation)
    #expect(body["error_code"] as? String == code, sourceLocation: sourceLocation)
    #expect(body["error_description"] is String, sourceLocation: sourceLocation)
    #expect(Set(body.keys) == ["error", "error_description", "error_code"], sourceLocation: sourceLocation)
    if let describing {
        #expect((body["error_description"] as? String)?.contains(describing) == true, sourceLocation: sourceLocation)
    }
}

private let invalidTokenBody = #"{"msg":"this access token does not exist","code":-401}"#

@Suite struct SandboxTests {
    // MARK: Authorization code flow

    @Test func codeFlowWithPKCEIssuesKakaoShapedTokens() throws {
        #expect(PKCE.codeChallenge(for: rfcVerifier) == rfcChallenge)
        let sandbox = try Sandbox()
        let authorize = sandbox.authorize([
            ("nonce", "n-1"), ("prompt", "login"), ("login_hint", "sandbox.user@example.com")
        ])
        #expect(authorize.status == 302)
        let location = try #require(authorize.headers.value(for: "Location"))
        #expect(location.hasPrefix(redirect + "?code="))
        let parameters = redirectParameters(authorize)
        #expect(parameters.map(\.0) == ["code", "state"])
        #expect(parameters.first(named: "state") == "st-123")
        let code = try #require(parameters.first(named: "code"))
        #expect(code.count >= 43)

        let response = sandbox.exchange(code)
        #expect(response.status == 200)
        #expect(response.headers.value(for: "Cache-Control") == "no-store")
        let body = try json(response)
        #expect(body["token_type"] as? String == "bearer")
        #expect(body["expires_in"] as? Int == 21599)
        #expect(body["refresh_token_expires_in"] as? Int == 5_183_999)
        #expect(body["scope"] as? String == "profile_nickname profile_image account_email")
        let access = try #require(body["access_token"] as? String)
        let refresh = try #require(body["refresh_token"] as? String)
        #expect(access != refresh && access.count >= 43)
        #expect(
            Set(body.keys) == [
                "token_type", "access_token", "expires_in", "refresh_token", "refresh_token_expires_in", "scope"
            ])
        #expect(sandbox.get("/v2/user/me", bearer: access).status == 200)
    }

    @Test func stateIsEchoedOnlyWhenSentAndValuesArePercentEncoded() throws {
        let sandbox = try Sandbox()
        let withoutState = sandbox.authorize(omit: ["state"])
        #expect(redirectParameters(withoutState).map(\.0) == ["code"])

        let odd = "a b&c=d/é+"
        let response = sandbox.authorize([("state", odd)])
        let location = try #require(response.headers.value(for: "Location"))
        #expect(location.hasSuffix("&state=a%20b%26c%3Dd%2F%C3%A9%2B"))
        #expect(redirectParameters(response).first(named: "state") == odd)
    }

    @Test func wrongVerifierFailsAndBurnsTheCode() throws {
        let sandbox = try Sandbox()
        let code = try sandbox.code()
        let wrong = String(rfcVerifier.reversed())
        try expectOAuthError(
            sandbox.exchange(code, verifier: wrong), status: 400, error: "invalid_grant", code: "KOE320",
            describing: "PKCE verification failed")
        try expectOAuthError(
            sandbox.exchange(code), status: 400, error: "invalid_grant", code: "KOE320", describing: "already used")
    }

    @Test func missingOrMalformedVerifierFails() throws {
        let sandbox = try Sandbox()
        try expectOAuthError(
            sandbox.exchange(try sandbox.code(), verifier: nil), status: 400, error: "invalid_grant", code: "KOE320",
            describing: "PKCE verification failed")
        try expectOAuthError(
            sandbox.exchange(try sandbox.code(), verifier: "short"), status: 400, error: "invalid_grant",
            code: "KOE320", describing: "PKCE verification failed")
    }

    @Test func verifierWithoutChallengeIsADowngrade() throws {
        let sandbox = try Sandbox()
        let code = try sandbox.code(omit: ["code_challenge", "code_challenge_method"])
        try expectOAuthError(
            sandbox.exchange(code), status: 400, error: "invalid_grant", code: "KOE320",
            describing: "PKCE verification failed")
        // Without PKCE on either side the exchange works, as it does at Kakao.
        let plain = try sandbox.code(omit: ["code_challenge", "code_challenge_method"])
        #expect(sandbox.exchange(plain, verifier: nil).status == 200)
    }

    @Test(arguments: [
        ([("code_challenge_method", "plain")], Set<String>()),
        ([], Set(["code_challenge_method"])),
        ([("code_challenge", "not-a-challenge")], Set<String>()),
        ([], Set(["code_challenge"]))
    ])
    func onlyS256ChallengesAreAccepted(extra: [(String, String)], omit: Set<String>) throws {
        let sandbox = try Sandbox()
        let response = sandbox.authorize(extra, omit: omit)
        #expect(response.status == 302)
        let parameters = redirectParameters(response)
        #expect(parameters.first(named: "error") == "invalid_request")
        #expect(parameters.first(named: "code") == nil)
        #expect(parameters.first(named: "state") == "st-123")
    }

    @Test func reusedCodeIsRefusedAndRevokesWhatItGave() throws {
        let sandbox = try Sandbox()
        let code = try sandbox.code()
        let first = try json(sandbox.exchange(code))
        let access = try #require(first["access_token"] as? String)
        let refresh = try #require(first["refresh_token"] as? String)
        try expectOAuthError(sandbox.exchange(code), status: 400, error: "invalid_grant", code: "KOE320")
        #expect(sandbox.get("/v2/user/me", bearer: access).status == 401)
        try expectOAuthError(sandbox.refresh(refresh), status: 400, error: "invalid_grant", code: "KOE322")
    }

    @Test func unknownAndExpiredCodesAreKOE320() throws {
        let sandbox = try Sandbox()
        try expectOAuthError(sandbox.exchange("no-such-code"), status: 400, error: "invalid_grant", code: "KOE320")
        let code = try sandbox.code()
        sandbox.clock.advance(by: 601)
        try expectOAuthError(sandbox.exchange(code), status: 400, error: "invalid_grant", code: "KOE320")
    }

    @Test func redirectURIMustBeIdentical() throws {
        let sandbox = try Sandbox()
        let code = try sandbox.code()
        try expectOAuthError(
            sandbox.exchange(code, redirectURI: "http://127.0.0.1:53682/other"), status: 400, error: "invalid_grant",
            code: "KOE303")
    }

    @Test(arguments: [
        "https://attacker.example/callback",
        "http://attacker.example:53682/callback",
        "http://127.0.0.1.attacker.example:53682/callback",
        "http://127.0.0.1/callback",
        "http://127.0.0.1:99999/callback",
        "http://127.0.0.1:53682",
        "http://127.0.0.1:53682/callback?next=/home",
        "http://127.0.0.1:53682/callback#fragment",
        "http://user@127.0.0.1:53682/callback",
        "http://127.0.0.1:53682/callback\r\nSet-Cookie: a=b",
        "kakaosandbox://oauth"
    ])
    func unregisteredRedirectURIsGetAPageNeverARedirect(uri: String) throws {
        let sandbox = try Sandbox()
        let response = sandbox.authorize([("redirect_uri", uri)])
        #expect(response.status == 400)
        #expect(response.headers.value(for: "Location") == nil)
        #expect(response.headers.value(for: "Content-Type")?.hasPrefix("text/html") == true)
        #expect(text(response).contains("KOE006"))
        #expect(sandbox.provider.requestLog.last?.kakaoCode == "KOE006")
    }

    @Test func localhostRedirectURIsAreRegistered() throws {
        let sandbox = try Sandbox()
        let response = sandbox.authorize([("redirect_uri", "http://localhost:8080/")])
        #expect(response.headers.value(for: "Location")?.hasPrefix("http://localhost:8080/?code=") == true)
    }

    @Test func requestsThatCannotBeRedirectedGetErrorPages() throws {
        let sandbox = try Sandbox()
        let noType = sandbox.authorize(omit: ["response_type"])
        #expect(noType.status == 400 && text(noType).contains("KOE001") && noType.headers.value(for: "Location") == nil)
        let token = sandbox.authorize([("response_type", "token")])
        #expect(token.status == 400 && text(token).contains("KOE001"))
        let noClient = sandbox.authorize(omit: ["client_id"])
        #expect(noClient.status == 400 && text(noClient).contains("KOE001"))
        let twice = sandbox.get(
            "/oauth/authorize",
            [("client_id", client), ("client_id", "other"), ("redirect_uri", redirect), ("response_type", "code")])
        #expect(twice.status == 400 && text(twice).contains("KOE001"))
    }

    @Test func scopePromptAndConsentErrorsAreRedirected() throws {
        let sandbox = try Sandbox()
        #expect(
            redirectParameters(sandbox.authorize([("scope", "account_email telepathy")])).first(named: "error")
                == "invalid_scope")
        #expect(
            redirectParameters(sandbox.authorize([("prompt", "login,sometimes")])).first(named: "error")
                == "invalid_request")
        #expect(redirectParameters(sandbox.authorize([("prompt", "none")])).first(named: "error") == "consent_required")
        _ = try sandbox.login()
        #expect(redirectParameters(sandbox.authorize([("prompt", "none")])).first(named: "code") != nil)
        #expect(
            redirectParameters(sandbox.authorize([("prompt", "none"), ("scope", "gender")])).first(named: "error")
                == "consent_required")
    }

    @Test func denyRedirectsWithAccessDenied() throws {
        let sandbox = try Sandbox(SandboxConfiguration(deny: true))
        let response = sandbox.authorize()
        #expect(response.status == 302)
        #expect(
            response.headers.value(for: "Location") == redirect
                + "?error=access_denied&error_description=User%20denied%20access&state=st-123")
        let entry = try #require(sandbox.provider.requestLog.last)
        #expect(entry.error == "access_denied" && entry.status == 302 && entry.stateSent == true)

        // And switched off at run time.
        let config = sandbox.post("/_sandbox/config", [("deny", "false")])
        #expect(try config.status == 200 && json(config)["deny"] as? Bool == false)
        #expect(redirectParameters(sandbox.authorize()).first(named: "code") != nil)
    }

    // MARK: Client authentication

    @Test func configuredClientIDIsEnforced() throws {
        let sandbox = try Sandbox(SandboxConfiguration(clientID: "the-right-key"))
        let page = sandbox.authorize()
        #expect(page.status == 400 && page.headers.value(for: "Location") == nil && text(page).contains("KOE101"))
        let code = try sandbox.code([("client_id", "the-right-key")])
        let wrong = sandbox.post(
            "/oauth/token",
            [
                ("grant_type", "authorization_code"), ("client_id", "another-key"), ("redirect_uri", redirect),
                ("code", code), ("code_verifier", rfcVerifier)
            ])
        try expectOAuthError(wrong, status: 401, error: "invalid_client", code: "KOE101")
        let missing = sandbox.post(
            "/oauth/token", [("grant_type", "authorization_code"), ("redirect_uri", redirect), ("code", code)])
        try expectOAuthError(missing, status: 401, error: "invalid_client", code: "KOE101")
        // Client errors come first and leave the code usable.
        let right = sandbox.post(
            "/oauth/token",
            [
                ("grant_type", "authorization_code"), ("client_id", "the-right-key"), ("redirect_uri", redirect),
                ("code", code), ("code_verifier", rfcVerifier)
            ])
        #expect(right.status == 200)
    }

    @Test func codeIsBoundToTheClientThatAskedForIt() throws {
        let sandbox = try Sandbox()
        let code = try sandbox.code()
        let other = sandbox.post(
            "/oauth/token",
            [
                ("grant_type", "authorization_code"), ("client_id", "someone-else"), ("redirect_uri", redirect),
                ("code", code), ("code_verifier", rfcVerifier)
            ])
        try expectOAuthError(other, status: 400, error: "invalid_grant", code: "KOE320")
    }

    @Test func configuredClientSecretIsRequired() throws {
        let sandbox = try Sandbox(SandboxConfiguration(clientSecret: "s3cret"))
        try expectOAuthError(sandbox.exchange(try sandbox.code()), status: 401, error: "invalid_client", code: "KOE010")
        try expectOAuthError(
            sandbox.exchange(try sandbox.code(), extra: [("client_secret", "s3cre")]), status: 401,
            error: "invalid_client", code: "KOE010")
        let ok = sandbox.exchange(try sandbox.code(), extra: [("client_secret", "s3cret")])
        #expect(ok.status == 200)
        let refresh = try #require(try json(ok)["refresh_token"] as? String)
        try expectOAuthError(sandbox.refresh(refresh), status: 401, error: "invalid_client", code: "KOE010")
        #expect(sandbox.refresh(refresh, extra: [("client_secret", "s3cret")]).status == 200)
    }

    // MARK: Refresh and rotation

    @Test func refreshWithPlentyOfLifeLeftKeepsTheRefreshToken() throws {
        let sandbox = try Sandbox()
        let tokens = try sandbox.login()
        sandbox.clock.advance(by: 21600)
        #expect(sandbox.get("/v2/user/me", bearer: tokens.access).status == 401)
        let response = sandbox.refresh(tokens.refresh)
        #expect(response.status == 200)
        let body = try json(response)
        #expect(body["refresh_token"] == nil)
        #expect(body["refresh_token_expires_in"] == nil)
        #expect(body["token_type"] as? String == "bearer")
        #expect(body["expires_in"] as? Int == 21599)
        #expect(body["scope"] as? String == "profile_nickname profile_image account_email")
        let access = try #require(body["access_token"] as? String)
        #expect(access != tokens.access)
        #expect(sandbox.get("/v2/user/me", bearer: access).status == 200)
        #expect(sandbox.refresh(tokens.refresh).status == 200)
        #expect(sandbox.provider.requestLog.last?.rotated == false)
    }

    @Test func refreshWithLessThanTheThresholdLeftRotates() throws {
        let sandbox = try Sandbox()
        let tokens = try sandbox.login()
        // 5183999 − 2592000 = 2591999 s later, exactly the threshold remains: no rotation yet.
        sandbox.clock.advance(by: 2_591_999)
        #expect(try json(sandbox.refresh(tokens.refresh))["refresh_token"] == nil)
        sandbox.clock.advance(by: 1)
        let body = try json(sandbox.refresh(tokens.refresh))
        let rotated = try #require(body["refresh_token"] as? String)
        #expect(rotated != tokens.refresh)
        #expect(body["refresh_token_expires_in"] as? Int == 5_183_999)
        #expect(sandbox.provider.requestLog.last?.rotated == true)

        try expectOAuthError(
            sandbox.refresh(tokens.refresh), status: 400, error: "invalid_grant", code: "KOE322",
            describing: "expired_or_invalid_refresh_token")
        let again = try json(sandbox.refresh(rotated))
        #expect(again["access_token"] is String && again["refresh_token"] == nil)
    }

    @Test func expiredRefreshTokenIsKOE322() throws {
        let sandbox = try Sandbox(SandboxConfiguration(rotationThreshold: 0))
        let tokens = try sandbox.login()
        sandbox.clock.advance(by: 5_183_999)
        try expectOAuthError(sandbox.refresh(tokens.refresh), status: 400, error: "invalid_grant", code: "KOE322")
        try expectOAuthError(sandbox.refresh("never-issued"), status: 400, error: "invalid_grant", code: "KOE322")
    }

    @Test func refreshWithoutARefreshTokenIsKOE319() throws {
        let sandbox = try Sandbox()
        try expectOAuthError(sandbox.refresh(nil), status: 400, error: "invalid_grant", code: "KOE319")
        try expectOAuthError(sandbox.refresh(""), status: 400, error: "invalid_grant", code: "KOE319")
    }

    @Test func unknownGrantTypeIsUnsupported() throws {
        let sandbox = try Sandbox()
        try expectOAuthError(
            sandbox.post("/oauth/token", [("grant_type", "password"), ("client_id", client)]), status: 400,
            error: "unsupported_grant_type", code: "KOE001")
        try expectOAuthError(
            sandbox.post("/oauth/token", [("client_id", client)]), status: 400, error: "invalid_request", code: "KOE001"
        )
    }

    // MARK: User API

    @Test func meWithDefaultScopes() throws {
        let sandbox = try Sandbox()
        let tokens = try sandbox.login()
        let response = sandbox.get("/v2/user/me", bearer: tokens.access)
        #expect(response.status == 200)
        let body = try json(response)
        #expect(body["id"] as? Int64 == 4_242_424_242)
        #expect(body["connected_at"] as? String == "2026-01-01T00:00:00Z")
        let properties = try #require(body["properties"] as? [String: Any])
        #expect(properties["nickname"] as? String == "Sandbox User")
        #expect((properties["profile_image"] as? String)?.hasPrefix("http://") == true)
        let account = try #require(body["kakao_account"] as? [String: Any])
        #expect(account["email"] as? String == "sandbox.user@example.com")
        #expect(account["email_needs_agreement"] as? Bool == false)
        #expect(account["is_email_valid"] as? Bool == true)
        #expect(account["is_email_verified"] as? Bool == true)
        #expect(account["phone_number_needs_agreement"] as? Bool == true)
        #expect(account["phone_number"] == nil)
        #expect(account["gender_needs_agreement"] as? Bool == true && account["gender"] == nil)
        #expect(account["profile_nickname_needs_agreement"] as? Bool == false)
        #expect(account["profile_image_needs_agreement"] as? Bool == false)
        let profile = try #require(account["profile"] as? [String: Any])
        #expect(profile["nickname"] as? String == "Sandbox User")
        #expect(profile["is_default_image"] as? Bool == false)
        // The wire text keeps Kakao's order: id first.
        #expect(text(response).hasPrefix(#"{"id":4242424242,"connected_at":"2026-01-01T00:00:00Z","#))

        let secure = try json(sandbox.get("/v2/user/me", [("secure_resource", "true")], bearer: tokens.access))
        #expect(((secure["properties"] as? [String: Any])?["profile_image"] as? String)?.hasPrefix("https://") == true)
    }

    @Test func additionalConsentAddsToTheFirstOne() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.login()
        let tokens = try sandbox.login([("scope", "phone_number,gender")])
        let account = try #require(
            try json(sandbox.get("/v2/user/me", bearer: tokens.access))["kakao_account"] as? [String: Any])
        #expect(account["phone_number"] as? String == "+82 10-1234-5678")
        #expect(account["phone_number_needs_agreement"] as? Bool == false)
        #expect(account["gender"] as? String == "female")
        #expect(account["email"] as? String == "sandbox.user@example.com")
        let token = try json(sandbox.refresh(tokens.refresh))
        #expect(token["scope"] as? String == "profile_nickname profile_image account_email phone_number gender")
    }

    @Test func meFilteredByPropertyKeys() throws {
        let sandbox = try Sandbox()
        let tokens = try sandbox.login()
        let keys = #"["kakao_account.email","properties.nickname"]"#
        let response = sandbox.get("/v2/user/me", [("property_keys", keys)], bearer: tokens.access)
        #expect(response.status == 200)
        #expect(
            text(response)
                == #"{"id":4242424242,"properties":{"nickname":"Sandbox User"},"kakao_account":{"has_email":true,"email_needs_agreement":false,"is_email_valid":true,"is_email_verified":true,"email":"sandbox.user@example.com"}}"#
        )

        let post = sandbox.post(
            "/v2/user/me", [("property_keys", #"["kakao_account.phone_number"]"#)], bearer: tokens.access)
        #expect(
            text(post)
                == #"{"id":4242424242,"kakao_account":{"has_phone_number":true,"phone_number_needs_agreement":true}}"#)
        #expect(sandbox.provider.requestLog.last?.propertyKeys == ["kakao_account.phone_number"])

        for bad in ["kakao_account.email", #"["kakao_account.shoe_size"]"#] {
            let response = sandbox.get("/v2/user/me", [("property_keys", bad)], bearer: tokens.access)
            #expect(response.status == 400)
            #expect(try json(response)["code"] as? Int == -2)
        }
    }

    @Test func accessTokenInfo() throws {
        let sandbox = try Sandbox()
        let tokens = try sandbox.login()
        sandbox.clock.advance(by: 99)
        let response = sandbox.get("/v1/user/access_token_info", bearer: tokens.access)
        #expect(text(response) == #"{"id":4242424242,"expires_in":21500,"app_id":424242}"#)
    }

    @Test func invalidAccessTokensGetKakaos401() throws {
        let sandbox = try Sandbox()
        let tokens = try sandbox.login()
        let unauthorized: [HTTPServerResponse] = [
            sandbox.get("/v2/user/me"),
            sandbox.get("/v2/user/me", bearer: "no-such-token"),
            sandbox.provider.handle(
                HTTPServerRequest(
                    method: "GET", target: "/v2/user/me",
                    headers: [HTTPHeader("Authorization", "KakaoAK \(tokens.access)")])),
            sandbox.get("/v1/user/access_token_info", bearer: ""),
            sandbox.post("/v1/user/logout", bearer: "no-such-token"),
            sandbox.post("/v1/user/unlink")
        ]
        for response in unauthorized {
            #expect(response.status == 401)
            #expect(text(response) == invalidTokenBody)
            #expect(response.headers.value(for: "Content-Type")?.hasPrefix("application/json") == true)
        }
        #expect(
            sandbox.provider.handle(
                HTTPServerRequest(
                    method: "GET", target: "/v2/user/me",
                    headers: [HTTPHeader("authorization", "bearer \(tokens.access)")])
            ).status == 200)
        sandbox.clock.advance(by: 21599)
        #expect(text(sandbox.get("/v2/user/me", bearer: tokens.access)) == invalidTokenBody)
        #expect(sandbox.provider.requestLog.last?.kakaoCode == "-401")
    }

    @Test func logoutEndsThatLoginOnly() throws {
        let sandbox = try Sandbox()
        let first = try sandbox.login()
        let second = try sandbox.login()
        let response = sandbox.post("/v1/user/logout", bearer: first.access)
        #expect(text(response) == #"{"id":4242424242}"#)
        #expect(text(sandbox.get("/v2/user/me", bearer: first.access)) == invalidTokenBody)
        try expectOAuthError(sandbox.refresh(first.refresh), status: 400, error: "invalid_grant", code: "KOE322")
        #expect(sandbox.get("/v2/user/me", bearer: second.access).status == 200)
        #expect(sandbox.refresh(second.refresh).status == 200)
    }

    @Test func unlinkEndsEveryTokenAndForgetsConsent() throws {
        let sandbox = try Sandbox()
        let first = try sandbox.login([("scope", "gender")])
        let second = try sandbox.login()
        #expect(text(sandbox.post("/v1/user/unlink", bearer: second.access)) == #"{"id":4242424242}"#)
        for tokens in [first, second] {
            #expect(sandbox.get("/v2/user/me", bearer: tokens.access).status == 401)
            try expectOAuthError(sandbox.refresh(tokens.refresh), status: 400, error: "invalid_grant", code: "KOE322")
        }
        sandbox.clock.advance(by: 60)
        let again = try sandbox.login()
        let body = try json(sandbox.get("/v2/user/me", bearer: again.access))
        #expect(body["connected_at"] as? String == "2026-01-01T00:01:00Z")
        #expect((body["kakao_account"] as? [String: Any])?["gender_needs_agreement"] as? Bool == true)
    }

    // MARK: Control endpoints

    @Test func injectedFailuresThenRecovery() throws {
        let sandbox = try Sandbox()
        let tokens = try sandbox.login()
        #expect(
            sandbox.post(
                "/_sandbox/fail", [("path", "/v2/user/me"), ("count", "2"), ("status", "503"), ("code", "-9798")]
            ).status == 200)
        for _ in 0..<2 {
            let response = sandbox.get("/v2/user/me", bearer: tokens.access)
            #expect(response.status == 503)
            let body = try json(response)
            #expect(body["code"] as? Int == -9798 && body["msg"] is String)
        }
        #expect(sandbox.get("/v2/user/me", bearer: tokens.access).status == 200)
        let log = sandbox.provider.requestLog.suffix(3)
        #expect(log.map(\.status) == [503, 503, 200])
        #expect(log.map { $0.injected ?? false } == [true, true, false])

        #expect(sandbox.post("/_sandbox/fail", [("path", "/oauth/token"), ("status", "500")]).status == 200)
        let plain = sandbox.refresh(tokens.refresh)
        #expect(plain.status == 500 && plain.headers.value(for: "Content-Type")?.hasPrefix("text/plain") == true)
        #expect(sandbox.refresh(tokens.refresh).status == 200)

        _ = sandbox.post("/_sandbox/fail", [("path", "/oauth/token"), ("status", "400"), ("code", "-1")])
        let apiShaped = sandbox.refresh(tokens.refresh)
        #expect(try apiShaped.status == 400 && json(apiShaped)["code"] as? Int == -1)

        _ = sandbox.post("/_sandbox/fail", [("path", "/oauth/token"), ("status", "503"), ("code", "KOE003")])
        try expectOAuthError(sandbox.refresh(tokens.refresh), status: 503, error: "server_error", code: "KOE003")

        _ = sandbox.post("/_sandbox/fail", [("path", "/v2/user/me"), ("count", "5")])
        _ = sandbox.post("/_sandbox/fail", [("path", "/v2/user/me"), ("count", "0")])
        #expect(sandbox.get("/v2/user/me", bearer: tokens.access).status == 200)

        for bad in [
            [("path", "/v2/user/me"), ("status", "200")], [("status", "500")],
            [("path", "/v2/user/me"), ("code", "oops")]
        ] {
            #expect(sandbox.post("/_sandbox/fail", bad).status == 400)
        }
    }

    @Test func injectedFailureDoesNotSpendTheCode() throws {
        let sandbox = try Sandbox()
        let code = try sandbox.code()
        _ = sandbox.post("/_sandbox/fail", [("path", "/oauth/token"), ("status", "502")])
        #expect(sandbox.exchange(code).status == 502)
        #expect(sandbox.exchange(code).status == 200)
    }

    @Test func expiringAccessTokensForcesARefresh() throws {
        let sandbox = try Sandbox()
        let tokens = try sandbox.login()
        let response = sandbox.post("/_sandbox/expire-access-tokens")
        #expect(try response.status == 200 && json(response)["expired"] as? Int == 1)
        #expect(text(sandbox.get("/v2/user/me", bearer: tokens.access)) == invalidTokenBody)
        let fresh = try #require(try json(sandbox.refresh(tokens.refresh))["access_token"] as? String)
        #expect(sandbox.get("/v2/user/me", bearer: fresh).status == 200)
    }

    @Test func configChangesLifetimesAtRunTime() throws {
        let sandbox = try Sandbox()
        let response = sandbox.post(
            "/_sandbox/config",
            [
                ("access_token_lifetime", "30"), ("refresh_token_lifetime", "120"), ("rotation_threshold", "100"),
                ("code_lifetime", "5")
            ])
        let config = try json(response)
        #expect(config["access_token_lifetime"] as? Int == 30 && config["rotation_threshold"] as? Int == 100)
        #expect(sandbox.provider.configuration.refreshTokenLifetime == 120)
        let tokens = try json(sandbox.exchange(try sandbox.code()))
        #expect(tokens["expires_in"] as? Int == 30 && tokens["refresh_token_expires_in"] as? Int == 120)
        sandbox.clock.advance(by: 21)
        #expect(try json(sandbox.refresh(try #require(tokens["refresh_token"] as? String)))["refresh_token"] is String)

        #expect(sandbox.post("/_sandbox/config", [("access_token_lifetime", "-1")]).status == 400)
        #expect(sandbox.post("/_sandbox/config", [("deny", "true"), ("bogus", "1")]).status == 400)
        #expect(sandbox.provider.configuration.deny == false)
        #expect(sandbox.get("/_sandbox/config").status == 200)
        #expect(sandbox.get("/_sandbox/fail").status == 405)
        #expect(sandbox.get("/_sandbox/nothing").status == 404)
    }

    @Test func logNeverHoldsSecrets() throws {
        let secret = "client-secret-value"
        let sandbox = try Sandbox(SandboxConfiguration(clientSecret: secret))
        let code = try sandbox.code([("nonce", "nonce-value-123"), ("state", "state-value-456")])
        let tokens = try json(sandbox.exchange(code, extra: [("client_secret", secret)]))
        let access = try #require(tokens["access_token"] as? String)
        let refresh = try #require(tokens["refresh_token"] as? String)
        sandbox.clock.advance(by: 3_000_000)
        let rotated = try #require(
            try json(sandbox.refresh(refresh, extra: [("client_secret", secret)]))["refresh_token"] as? String)
        _ = sandbox.exchange(code, extra: [("client_secret", "wrong-secret-789")])
        _ = sandbox.get("/v2/user/me", bearer: access)
        _ = sandbox.post("/v1/user/logout", bearer: access)

        let response = sandbox.get("/_sandbox/log")
        #expect(response.status == 200)
        let logText = text(response)
        for value in [
            secret, "wrong-secret-789", code, access, refresh, rotated, rfcVerifier, "nonce-value-123",
            "state-value-456"
        ] {
            #expect(!logText.contains(value), "log contains \(value)")
        }
        let entries = try SandboxLogEntry.makeDecoder().decode([SandboxLogEntry].self, from: response.body)
        #expect(entries == sandbox.provider.requestLog)
        #expect(
            entries.map(\.path) == [
                "/oauth/authorize", "/oauth/token", "/oauth/token", "/oauth/token", "/v2/user/me", "/v1/user/logout"
            ])
        #expect(
            entries[0].stateSent == true && entries[0].nonceSent == true && entries[0].codeChallengeMethod == "S256")
        #expect(entries[1].grantType == "authorization_code" && entries[1].codeVerifierSent == true)
        #expect(entries[3].kakaoCode == "KOE010")
        #expect(logText.contains(#""time":"2026-01-01T00:00:00Z""#))

        #expect(sandbox.post("/_sandbox/reset-log").status == 200)
        #expect(sandbox.provider.requestLog.isEmpty)
    }

    @Test func unknownPathsAre404() throws {
        let sandbox = try Sandbox()
        let api = sandbox.get("/v1/user/nonexistent")
        #expect(try api.status == 404 && json(api)["code"] as? Int == -2)
        let other = sandbox.get("/favicon.ico")
        #expect(other.status == 404 && other.headers.value(for: "Content-Type")?.hasPrefix("text/plain") == true)
        #expect(sandbox.get("/oauth/token").status == 405)
        #expect(sandbox.get("/v1/user/logout").status == 405)
    }

    // MARK: State file

    @Test func stateFileCarriesLoginsAcrossRestarts() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kauth-sandbox-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("state.json").path
        let configuration = SandboxConfiguration(stateFile: path)

        let clock = TestClock()
        let first = Sandbox(
            provider: try SandboxProvider(configuration: configuration, clock: clock.clock, random: .seeded(1)))
        let tokens = try first.login([("scope", "phone_number")])
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)

        clock.advance(by: 10)
        let second = Sandbox(
            provider: try SandboxProvider(configuration: configuration, clock: clock.clock, random: .seeded(2)))
        let me = try json(second.get("/v2/user/me", bearer: tokens.access))
        #expect((me["kakao_account"] as? [String: Any])?["phone_number"] as? String == "+82 10-1234-5678")
        #expect(me["connected_at"] as? String == "2026-01-01T00:00:00Z")
        #expect(second.refresh(tokens.refresh).status == 200)
        #expect(second.post("/v1/user/unlink", bearer: tokens.access).status == 200)

        let third = Sandbox(
            provider: try SandboxProvider(configuration: configuration, clock: clock.clock, random: .seeded(3)))
        try expectOAuthError(third.refresh(tokens.refresh), status: 400, error: "invalid_grant", code: "KOE322")
    }

    @Test func unreadableStateFileIsAnErrorAndLeftAlone() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kauth-sandbox-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("state.json").path
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: SandboxStateError.self) {
            _ = try SandboxProvider(configuration: SandboxConfiguration(stateFile: path))
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{not json")
    }

    // MARK: Concurrency and the wire

    @Test func concurrentLoginsGetDistinctWorkingTokens() throws {
        let sandbox = try Sandbox()
        let results = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 32) { _ in
            if let tokens = try? sandbox.login() { results.withValue { $0.append(tokens.access) } }
        }
        let tokens = results.withValue { $0 }
        #expect(tokens.count == 32 && Set(tokens).count == 32)
        #expect(tokens.allSatisfy { sandbox.get("/v1/user/access_token_info", bearer: $0).status == 200 })
    }

    @Test func servesTheRedirectAndTokenOverTheSocket() throws {
        let seen = Locked<[SandboxLogEntry]>([])
        let server = try SandboxServer(
            configuration: SandboxConfiguration(), clock: TestClock().clock, random: .seeded(9)
        ) { entry in
            seen.withValue { $0.append(entry) }
        }
        server.start()
        defer { server.stop() }
        #expect(server.baseURL == "http://127.0.0.1:\(server.port)")

        let callback = "http://127.0.0.1:\(server.port)/callback"
        let query = FormURLEncoding.encode([
            ("client_id", client), ("redirect_uri", callback), ("response_type", "code"),
            ("state", "wire state"), ("code_challenge", rfcChallenge), ("code_challenge_method", "S256")
        ])
        let raw = RawSocketClient.exchange(
            port: server.port, "GET /oauth/authorize?\(query) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(raw.hasPrefix("HTTP/1.1 302 Found\r\n"))
        let locationLine = try #require(raw.components(separatedBy: "\r\n").first { $0.hasPrefix("Location: ") })
        let location = String(locationLine.dropFirst("Location: ".count))
        #expect(location.hasPrefix(callback + "?code="))
        #expect(location.hasSuffix("&state=wire%20state"))
        let code = try #require(FormURLEncoding.decode(String(location.split(separator: "?")[1])).first(named: "code"))

        let form = FormURLEncoding.encode([
            ("grant_type", "authorization_code"), ("client_id", client), ("redirect_uri", callback), ("code", code),
            ("code_verifier", rfcVerifier)
        ])
        let tokenRaw = RawSocketClient.exchange(
            port: server.port,
            "POST /oauth/token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: \(form.utf8.count)\r\n\r\n\(form)"
        )
        #expect(tokenRaw.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(tokenRaw.contains("\"token_type\":\"bearer\""))

        #expect(seen.withValue { $0.map(\.status) } == [302, 200])
        #expect(server.provider.requestLog.count == 2)
    }
}

/// A value shared between threads in a test.
private final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withValue<T>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
