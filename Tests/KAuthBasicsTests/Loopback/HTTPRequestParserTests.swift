import Foundation
import KAuthTestSupport
import Testing

@testable import KAuthBasics

@Suite struct HTTPRequestParserTests {
    @Test func parsesRequestLineHeadersQueryAndBody() throws {
        let raw =
            "POST /oauth/token?x=1&y=a+b%2Fc HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 9\r\n\r\na=1&b=%3D"
        guard case .complete(let request) = HTTPRequestParser.parse(Array(raw.utf8)) else {
            Issue.record("expected a complete request")
            return
        }
        #expect(request.method == "POST")
        #expect(request.path == "/oauth/token")
        #expect(request.query.map { "\($0.0)=\($0.1)" } == ["x=1", "y=a b/c"])
        #expect(request.headers.value(for: "content-type") == "application/x-www-form-urlencoded")
        #expect(request.form.first(named: "b") == "=")
    }

    @Test func waitsForTheRestOfHeadersAndBody() {
        let head = "GET /callback HTTP/1.1\r\nHost: x\r\n"
        guard case .incomplete = HTTPRequestParser.parse(Array(head.utf8)) else {
            Issue.record("headers not finished yet")
            return
        }
        let partialBody = "POST / HTTP/1.1\r\nContent-Length: 10\r\n\r\nabc"
        guard case .incomplete = HTTPRequestParser.parse(Array(partialBody.utf8)) else {
            Issue.record("body not finished yet")
            return
        }
    }

    @Test(arguments: [
        ("GARBAGE\r\n\r\n", 400),
        ("GET callback HTTP/1.1\r\n\r\n", 400),
        ("get /callback HTTP/1.1\r\n\r\n", 400),
        ("GET /callback HTTP/2\r\n\r\n", 400),
        ("GET /callback HTTP/1.1\r\nNoColonHere\r\n\r\n", 400),
        ("GET /callback HTTP/1.1\r\nBad Name: x\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nContent-Length: nine\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", 501)
    ])
    func rejectsMalformedRequests(raw: String, status: Int) {
        guard case .invalid(let got, _) = HTTPRequestParser.parse(Array(raw.utf8)) else {
            Issue.record("expected \(raw.debugDescription) to be rejected")
            return
        }
        #expect(got == status)
    }

    @Test func rejectsOversizedHeadersBeforeTheyEnd() {
        let limits = LoopbackServerLimits(maxHeaderBytes: 100)
        let raw = "GET /callback?" + String(repeating: "a", count: 200)
        guard case .invalid(let status, _) = HTTPRequestParser.parse(Array(raw.utf8), limits: limits) else {
            Issue.record("expected 431")
            return
        }
        #expect(status == 431)
    }

    @Test func rejectsOversizedBodiesFromTheirLength() {
        let limits = LoopbackServerLimits(maxBodyBytes: 10)
        let raw = "POST / HTTP/1.1\r\nContent-Length: 11\r\n\r\n"
        guard case .invalid(let status, _) = HTTPRequestParser.parse(Array(raw.utf8), limits: limits) else {
            Issue.record("expected 413")
            return
        }
        #expect(status == 413)
    }
}
