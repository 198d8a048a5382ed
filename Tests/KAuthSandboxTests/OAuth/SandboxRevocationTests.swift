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

private func revoke(_ sandbox: Sandbox, _ token: String, bearer: String?, extra: [(String, String)] = [])
    -> HTTPServerResponse
{
    sandbox.post("/oauth/revoke", [("client_id", SandboxClient.clientID), ("token", token)] + extra, bearer: bearer)
}

private func expectBearerRequired(_ response: HTTPServerResponse, sourceLocation: SourceLocation = #_sourceLocation)
    throws
{
    #expect(response.status == 401, sourceLocation: sourceLocation)
    #expect(
        try json(response, sourceLocation: sourceLocation)["error"] as? String == "invalid_token",
        sourceLocation: sourceLocation)
    #expect(
        response.headers.value(for: "WWW-Authenticate") == "Bearer error=\"invalid_token\"",
        sourceLocation: sourceLocation)
}

/// Revocation that needs proof of the grant (Glewlwyd's rule for public clients).
@Suite struct SandboxRevocationTests {
    @Test func aPublicClientNeedsABearerTokenOfTheSameGrant() throws {
        let sandbox = try Sandbox(SandboxConfiguration(revocationRequiresBearer: true))
        let mine = try sandbox.login()
        let other = try sandbox.login()

        try expectBearerRequired(revoke(sandbox, mine.refresh, bearer: nil))
        try expectBearerRequired(revoke(sandbox, mine.refresh, bearer: "not-a-token"))
        try expectBearerRequired(revoke(sandbox, mine.refresh, bearer: other.access))
        // Nothing was revoked by the refusals.
        #expect(sandbox.get("/v2/user/me", bearer: mine.access).status == 200)

        let done = revoke(sandbox, mine.refresh, bearer: mine.access)
        #expect(done.status == 200 && done.body.isEmpty)
        #expect(sandbox.provider.requestLog.last?.revoked == true)
        #expect(try json(sandbox.refresh(mine.refresh))["error_code"] as? String == "KOE322")
        #expect(sandbox.get("/v2/user/me", bearer: mine.access).status == 401)

        // An unknown token with a good bearer: 200, as RFC 7009 §2.2 wants.
        #expect(revoke(sandbox, "no-such-token", bearer: other.access).status == 200)
        #expect(sandbox.provider.requestLog.last?.revoked == false)
        // The access token may revoke itself; an expired one proves nothing.
        #expect(revoke(sandbox, other.access, bearer: other.access).status == 200)
        let third = try sandbox.login()
        sandbox.clock.advance(by: 21_599)
        try expectBearerRequired(revoke(sandbox, third.refresh, bearer: third.access))
    }

    @Test func confidentialClientsAuthenticateAsUsual() throws {
        let sandbox = try Sandbox(SandboxConfiguration(clientSecret: "s3cret", revocationRequiresBearer: true))
        let body = try json(sandbox.exchange(try sandbox.code(), extra: [("client_secret", "s3cret")]))
        let refresh = try #require(body["refresh_token"] as? String)
        let response = revoke(sandbox, refresh, bearer: nil, extra: [("client_secret", "s3cret")])
        #expect(response.status == 200)
        #expect(sandbox.provider.requestLog.last?.revoked == true)
    }

    @Test func theSwitchIsSetAtRunTime() throws {
        let sandbox = try Sandbox()
        let tokens = try sandbox.login()
        #expect(
            try json(sandbox.post("/_sandbox/config", [("revocation_requires_bearer", "true")]))[
                "revocation_requires_bearer"] as? Bool == true)
        try expectBearerRequired(revoke(sandbox, tokens.access, bearer: nil))
        _ = sandbox.post("/_sandbox/config", [("revocation_requires_bearer", "false")])
        #expect(revoke(sandbox, tokens.access, bearer: nil).status == 200)
    }
}
