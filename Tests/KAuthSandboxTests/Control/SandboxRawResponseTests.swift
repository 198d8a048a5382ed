import Foundation
import KAuthBasics
import KAuthCore
import KAuthSandbox
import KAuthTestSupport
import Testing

private typealias Sandbox = SandboxClient

private func respond(_ sandbox: Sandbox, _ form: [(String, String)]) -> HTTPServerResponse {
    sandbox.post("/_sandbox/respond", form)
}

/// `POST /_sandbox/respond`: hostile answers from the token and device authorization endpoints.
@Suite struct SandboxRawResponseTests {
    @Test func theTokenEndpointAnswersExactlyWhatWasSetAndIssuesNothing() throws {
        let sandbox = try Sandbox()
        let code = try sandbox.code()
        let body = #"{"access_token":"a","token_type":"bearer","expires_in":-1e12}"#
        let set = respond(
            sandbox,
            [
                ("endpoint", "token"), ("count", "2"), ("status", "200"), ("content_type", "application/json"),
                ("body", body)
            ])
        #expect(set.status == 200)
        let shown = try SandboxClient.json(set)
        #expect(
            shown["endpoint"] as? String == "token" && shown["count"] as? Int == 2
                && shown["length"] as? Int == body.utf8.count)
        for _ in 0..<2 {
            let answer = sandbox.exchange(code)
            #expect(answer.status == 200)
            #expect(SandboxClient.text(answer) == body)
            #expect(answer.headers.map(\.name) == ["Content-Type"])
            #expect(answer.headers.value(for: "Content-Type") == "application/json")
            #expect(sandbox.provider.requestLog.last?.injected == true)
        }
        // The code was not spent by the requests that got the set answer.
        let real = try SandboxClient.json(sandbox.exchange(code))
        #expect(real["access_token"] is String)
        #expect(sandbox.provider.requestLog.last?.injected == nil)
    }

    @Test func textBodiesAndTerminalEscapesArePassedThrough() throws {
        let sandbox = try Sandbox()
        let form = "access_token=abc&refresh_token=def&expires_in=3600"
        _ = respond(sandbox, [("endpoint", "token"), ("content_type", "text/plain"), ("body", form)])
        let plain = sandbox.refresh("x")
        #expect(plain.status == 200 && SandboxClient.text(plain) == form)
        #expect(plain.headers.value(for: "Content-Type") == "text/plain")

        let escapes =
            "{\"error\":\"invalid_grant\",\"error_description\":\"\u{1B}[2J\u{1B}]0;pwned\u{07}\u{1B}[31mred\"}"
        _ = respond(
            sandbox, [("endpoint", "token"), ("status", "400"), ("content_type", "application/json"), ("body", escapes)]
        )
        let hostile = sandbox.refresh("x")
        #expect(hostile.status == 400)
        #expect(hostile.body == Data(escapes.utf8))
    }

    @Test func theDeviceEndpointIsSetSeparately() throws {
        let sandbox = try Sandbox()
        let body =
            #"{"device_code":"d","user_code":"U","verification_uri":"file:///etc/passwd","verification_uri_complete":"file:///etc/passwd","expires_in":600,"interval":9223372036854775807}"#
        _ = respond(
            sandbox, [("endpoint", "device_authorization"), ("content_type", "application/json"), ("body", body)])
        // The token endpoint is not affected.
        #expect(try SandboxClient.json(sandbox.refresh("x"))["error_code"] as? String == "KOE322")
        let device = sandbox.post("/oauth/device/code", [("client_id", SandboxClient.clientID)])
        #expect(SandboxClient.text(device) == body)
        // Once only: the next one is the sandbox's own.
        let own = try SandboxClient.json(sandbox.post("/oauth/device/code", [("client_id", SandboxClient.clientID)]))
        #expect(own["interval"] as? Int == 5)
    }

    @Test func anyBytesAndNoContentType() throws {
        let sandbox = try Sandbox()
        let bytes = Data([0xFF, 0xFE, 0x00, 0x7B, 0x0A])
        _ = respond(sandbox, [("endpoint", "token"), ("status", "502"), ("body_base64", bytes.base64EncodedString())])
        let answer = sandbox.refresh("x")
        #expect(answer.status == 502)
        #expect(answer.body == bytes)
        #expect(answer.headers.isEmpty)
        // An empty body.
        _ = respond(sandbox, [("endpoint", "token"), ("status", "200")])
        let empty = sandbox.refresh("x")
        #expect(empty.status == 200 && empty.body.isEmpty)
    }

    @Test func badRequestsChangeNothingAndCountZeroClears() throws {
        let sandbox = try Sandbox()
        for form in [
            [("endpoint", "userinfo")],
            [("endpoint", "token"), ("status", "101")],
            [("endpoint", "token"), ("status", "600")],
            [("endpoint", "token"), ("count", "-1")],
            [("endpoint", "token"), ("content_type", "text/plain\r\nSet-Cookie: a=b")],
            [("endpoint", "token"), ("body_base64", "not base64!")],
            [("endpoint", "token"), ("body", "a"), ("body_base64", "YQ==")]
        ] {
            #expect(respond(sandbox, form).status == 400)
        }
        #expect(try SandboxClient.json(sandbox.refresh("x"))["error_code"] as? String == "KOE322")
        _ = respond(sandbox, [("endpoint", "token"), ("count", "5"), ("body", "x")])
        _ = respond(sandbox, [("endpoint", "token"), ("count", "0")])
        #expect(try SandboxClient.json(sandbox.refresh("x"))["error_code"] as? String == "KOE322")
        #expect(sandbox.get("/_sandbox/respond").status == 405)
    }

    @Test func snapModesTokenEndpointIsItsOwnPath() throws {
        let sandbox = try Sandbox(SandboxConfiguration(mode: .snapchat))
        _ = respond(sandbox, [("endpoint", "token"), ("status", "503"), ("body", "down")])
        let answer = sandbox.post(
            "/accounts/oauth2/token", [("grant_type", "refresh_token"), ("client_id", "c"), ("refresh_token", "x")])
        #expect(answer.status == 503 && SandboxClient.text(answer) == "down")
    }

    @Test func theAnswerCrossesTheSocketAsSet() throws {
        let server = try SandboxServer(clock: TestClock().clock, random: .seeded(9))
        server.start()
        defer { server.stop() }
        let body = "access_token=abc&refresh_token=def"
        let set = server.provider.handle(
            HTTPServerRequest(
                method: "POST", target: "/_sandbox/respond",
                headers: [HTTPHeader("Content-Type", "application/x-www-form-urlencoded")],
                body: Data(
                    FormURLEncoding.encode([
                        ("endpoint", "token"), ("status", "200"), ("content_type", "text/plain"), ("body", body)
                    ]).utf8)))
        #expect(set.status == 200)
        let request =
            "POST /oauth/token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 3\r\n\r\na=b"
        let reply = RawSocketClient.exchange(port: server.port, request)
        #expect(
            reply.hasPrefix(
                "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n"
            ))
        #expect(reply.hasSuffix("\r\n\r\n" + body))
    }
}
