import Foundation
import KAuthBasics
import KAuthCore
import KAuthSandbox
import KAuthTestSupport
import Testing

private typealias Sandbox = SandboxClient

private func json(_ response: HTTPServerResponse, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String:
    Any]
{
    try SandboxClient.json(response, sourceLocation: sourceLocation)
}

/// Glewlwyd's refusal of a refresh: `HTTP 400`, no body, no `Content-Type`.
private func expectBare400(_ response: HTTPServerResponse, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(response.status == 400, sourceLocation: sourceLocation)
    #expect(response.body.isEmpty, sourceLocation: sourceLocation)
    #expect(response.headers.value(for: "Content-Type") == nil, sourceLocation: sourceLocation)
}

/// Refresh behaviours of other OpenID providers: bare refusals, one-use refresh tokens, and
/// access tokens that live seconds.
@Suite struct SandboxRefreshTests {
    @Test func bareRefreshErrorsHaveNoBodyForEveryRefusedToken() throws {
        let sandbox = try Sandbox(SandboxConfiguration(bareRefreshErrors: true, oneUseRefreshTokens: true))
        // Never issued.
        expectBare400(sandbox.refresh("never-issued"))
        #expect(sandbox.provider.requestLog.last?.error == "invalid_grant")
        #expect(sandbox.provider.requestLog.last?.kakaoCode == nil)
        // Replayed: the first refresh spent it.
        let first = try sandbox.login()
        let next = try #require(try json(sandbox.refresh(first.refresh))["refresh_token"] as? String)
        expectBare400(sandbox.refresh(first.refresh))
        // Revoked.
        #expect(sandbox.post("/oauth/revoke", [("client_id", SandboxClient.clientID), ("token", next)]).status == 200)
        expectBare400(sandbox.refresh(next))
        // Expired.
        let second = try sandbox.login()
        sandbox.clock.advance(by: 5_183_999)
        expectBare400(sandbox.refresh(second.refresh))
        // A malformed request is still explained.
        let missing = sandbox.refresh(nil)
        #expect(missing.status == 400)
        #expect(try json(missing)["error_code"] as? String == "KOE319")
    }

    @Test func theSwitchIsOffByDefaultAndSetAtRunTime() throws {
        let sandbox = try Sandbox()
        #expect(try json(sandbox.refresh("never-issued"))["error_code"] as? String == "KOE322")
        let set = try json(sandbox.post("/_sandbox/config", [("bare_refresh_errors", "true")]))
        #expect(set["bare_refresh_errors"] as? Bool == true)
        expectBare400(sandbox.refresh("never-issued"))
        #expect(sandbox.post("/_sandbox/config", [("bare_refresh_errors", "maybe")]).status == 400)
        #expect(sandbox.provider.configuration.bareRefreshErrors)
    }

    @Test func oneUseRefreshTokensRotateOnEveryRefresh() throws {
        let sandbox = try Sandbox()
        #expect(
            try json(sandbox.post("/_sandbox/config", [("one_use_refresh_tokens", "on")]))["one_use_refresh_tokens"]
                as? Bool == true)
        var current = try sandbox.login().refresh
        var seen: Set<String> = [current]
        for _ in 0..<3 {
            let body = try json(sandbox.refresh(current))
            let next = try #require(body["refresh_token"] as? String)
            #expect(body["refresh_token_expires_in"] as? Int == 5_183_999)
            #expect(sandbox.provider.requestLog.last?.rotated == true)
            #expect(seen.insert(next).inserted)
            // The one just used is dead at once.
            #expect(try json(sandbox.refresh(current))["error_code"] as? String == "KOE322")
            current = next
        }
        // Off again: Kakao's rule, a refresh token with plenty of life is kept.
        _ = sandbox.post("/_sandbox/config", [("one_use_refresh_tokens", "false")])
        #expect(try json(sandbox.refresh(current))["refresh_token"] == nil)
    }

    @Test func accessTokensLivingSecondsWork() throws {
        let sandbox = try Sandbox(SandboxConfiguration(accessTokenLifetime: 5, oidc: true))
        let body = try json(sandbox.exchange(try sandbox.code([("scope", "openid"), ("nonce", "n-1")])))
        #expect(body["expires_in"] as? Int == 5)
        #expect(body["id_token"] is String)
        let access = try #require(body["access_token"] as? String)
        let refresh = try #require(body["refresh_token"] as? String)
        sandbox.clock.advance(by: 4)
        #expect(sandbox.get("/v2/user/me", bearer: access).status == 200)
        #expect(try json(sandbox.get("/v1/user/access_token_info", bearer: access))["expires_in"] as? Int == 1)
        sandbox.clock.advance(by: 1)
        #expect(sandbox.get("/v2/user/me", bearer: access).status == 401)

        // One second, set at run time, for the tokens issued from then on.
        _ = sandbox.post("/_sandbox/config", [("access_token_lifetime", "1")])
        let refreshed = try json(sandbox.refresh(refresh))
        #expect(refreshed["expires_in"] as? Int == 1)
        let fresh = try #require(refreshed["access_token"] as? String)
        #expect(sandbox.get("/v2/user/me", bearer: fresh).status == 200)
        sandbox.clock.advance(by: 1)
        #expect(sandbox.get("/v2/user/me", bearer: fresh).status == 401)
        #expect(try json(sandbox.refresh(refresh))["access_token"] is String)
    }
}
