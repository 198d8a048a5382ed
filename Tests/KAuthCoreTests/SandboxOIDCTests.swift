import Foundation
import Testing
import KAuthCore
import KAuthSandbox
import KAuthTestSupport

private typealias Sandbox = SandboxClient

private func json(_ response: HTTPServerResponse, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
    try SandboxClient.json(response, sourceLocation: sourceLocation)
}

@Suite struct SandboxOIDCTests {
    // MARK: RFC 7009 revocation

    @Test func revokingTheRefreshTokenEndsTheLogin() throws {
        let sandbox = try Sandbox()
        let tokens = try sandbox.login()
        let response = sandbox.post("/oauth/revoke", [("client_id", SandboxClient.clientID), ("token", tokens.refresh), ("token_type_hint", "refresh_token")])
        #expect(response.status == 200 && response.body.isEmpty)
        let refresh = sandbox.refresh(tokens.refresh)
        #expect(try refresh.status == 400 && json(refresh)["error_code"] as? String == "KOE322")
        #expect(sandbox.get("/v2/user/me", bearer: tokens.access).status == 401)
        let entry = try #require(sandbox.provider.requestLog.first { $0.path == "/oauth/revoke" })
        #expect(entry.revoked == true && entry.tokenTypeHint == "refresh_token" && entry.clientID == SandboxClient.clientID)
    }

    @Test func revokingAnAccessTokenLeavesTheRefreshToken() throws {
        let sandbox = try Sandbox()
        let tokens = try sandbox.login()
        // A wrong hint is only a hint (RFC 7009 §2.1).
        #expect(sandbox.post("/oauth/revoke", [("client_id", SandboxClient.clientID), ("token", tokens.access), ("token_type_hint", "refresh_token")]).status == 200)
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
}
