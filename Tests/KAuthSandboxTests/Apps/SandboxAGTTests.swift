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

/// `POST /api/agt`: an access token traded for an app-guest token.
@Suite struct SandboxAGTTests {
    @Test func anAccessTokenGivesAnAGT() throws {
        let sandbox = try Sandbox()
        let tokens = try sandbox.login()
        let response = sandbox.post(
            "/api/agt", [("client_id", SandboxClient.clientID), ("access_token", tokens.access)])
        #expect(response.status == 200)
        let body = try json(response)
        #expect(Set(body.keys) == ["agt"])
        let agt = try #require(body["agt"] as? String)
        #expect(agt.count == 43)
        // A second call gives another one.
        let again = try json(
            sandbox.post("/api/agt", [("client_id", SandboxClient.clientID), ("access_token", tokens.access)]))
        #expect(again["agt"] as? String != agt)
        // The log holds neither token.
        let logged = String(
            decoding: try SandboxLogEntry.makeEncoder().encode(sandbox.provider.requestLog), as: UTF8.self)
        #expect(!logged.contains(agt) && !logged.contains(tokens.access))
    }

    @Test func aBadAccessTokenIsKOE001Unauthorized() throws {
        let sandbox = try Sandbox()
        let tokens = try sandbox.login()
        var refusals = [
            sandbox.post("/api/agt", [("client_id", SandboxClient.clientID), ("access_token", "never-issued")]),
            sandbox.post("/api/agt", [("client_id", SandboxClient.clientID)]),
            // A token of another app is not this app's to trade.
            sandbox.post("/api/agt", [("client_id", "another-app"), ("access_token", tokens.access)])
        ]
        sandbox.clock.advance(by: 21_599)
        refusals.append(
            sandbox.post("/api/agt", [("client_id", SandboxClient.clientID), ("access_token", tokens.access)]))
        for response in refusals {
            #expect(response.status == 401)
            let body = try json(response)
            #expect(body["error"] as? String == "unauthorized")
            #expect(body["error_code"] as? String == "KOE001")
            #expect(body["error_description"] is String)
        }
    }

    @Test func anUnknownClientIsKOE101() throws {
        let sandbox = try Sandbox(SandboxConfiguration(clientID: SandboxClient.clientID))
        let tokens = try sandbox.login()
        for form in [
            [("client_id", "not-this-app"), ("access_token", tokens.access)], [("access_token", tokens.access)]
        ] {
            let response = sandbox.post("/api/agt", form)
            #expect(response.status == 401)
            #expect(try json(response)["error"] as? String == "invalid_client")
            #expect(try json(response)["error_code"] as? String == "KOE101")
        }
        #expect(sandbox.get("/api/agt").status == 405)
        #expect(sandbox.post("/api/agt", [("client_id", "a"), ("client_id", "b")]).status == 400)
    }
}
