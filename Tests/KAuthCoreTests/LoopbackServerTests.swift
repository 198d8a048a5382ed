import Foundation
import Testing
@testable import KAuthCore
import KAuthTestSupport

@Suite struct HTTPRequestParserTests {
    @Test func parsesRequestLineHeadersQueryAndBody() throws {
        let raw = "POST /oauth/token?x=1&y=a+b%2Fc HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 9\r\n\r\na=1&b=%3D"
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
        ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", 501),
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

@Suite struct FormURLEncodingTests {
    @Test func roundTripsReservedAndNonASCIICharacters() {
        let pairs = [("scope", "account_email profile"), ("q", "a&b=c/d?e+f"), ("name", "카카오")]
        let encoded = FormURLEncoding.encode(pairs)
        #expect(encoded.hasPrefix("scope=account_email%20profile&q=a%26b%3Dc%2Fd%3Fe%2Bf&name=%EC"))
        #expect(FormURLEncoding.decode(encoded).map { $0.1 } == pairs.map { $0.1 })
    }

    @Test func keepsMalformedEscapesLiterally() {
        #expect(FormURLEncoding.decode("a=%zz%4").first(named: "a") == "%zz%4")
    }
}

@Suite struct LoopbackServerTests {
    @Test func servesRequestsOnAnEphemeralLoopbackPort() throws {
        let server = try LoopbackServer { request in
            .text(200, "\(request.method) \(request.path) \(request.query.first(named: "q") ?? "-")")
        }
        server.start()
        defer { server.stop() }
        #expect(server.port != 0)
        let response = RawSocketClient.exchange(port: server.port, "GET /hello?q=1 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(response.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(response.contains("Connection: close"))
        #expect(response.hasSuffix("GET /hello 1"))
    }

    @Test func answersMalformedAndOversizedRequestsWithoutCallingTheHandler() throws {
        let calls = Counter()
        let server = try LoopbackServer(limits: LoopbackServerLimits(maxHeaderBytes: 512)) { _ in
            calls.increment()
            return .text(200, "ok")
        }
        server.start()
        defer { server.stop() }
        #expect(RawSocketClient.exchange(port: server.port, "NONSENSE\r\n\r\n").hasPrefix("HTTP/1.1 400 "))
        let big = "GET /" + String(repeating: "x", count: 2000) + " HTTP/1.1\r\n\r\n"
        #expect(RawSocketClient.exchange(port: server.port, big).hasPrefix("HTTP/1.1 431 "))
        #expect(calls.value == 0)
    }

    @Test func slowClientsAreCutOffAtTheReadDeadline() throws {
        let server = try LoopbackServer(limits: LoopbackServerLimits(readTimeout: .milliseconds(200))) { _ in .text(200, "ok") }
        server.start()
        defer { server.stop() }
        let started = ContinuousClock.now
        let response = RawSocketClient.exchange(port: server.port, "GET /callback HTTP/1.1\r\n")
        #expect(response.hasPrefix("HTTP/1.1 408 "))
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    @Test func aBusyPortIsReportedAsSuch() throws {
        let first = try LoopbackServer { _ in .text(200, "ok") }
        defer { first.stop() }
        #expect(throws: LoopbackServerError.addressInUse(host: "127.0.0.1", port: first.port)) {
            _ = try LoopbackServer(port: first.port) { _ in .text(200, "ok") }
        }
    }

    @Test func stopFreesThePort() throws {
        let first = try LoopbackServer { _ in .text(200, "ok") }
        first.start()
        let port = first.port
        first.stop()
        let second = try LoopbackServer(port: port) { _ in .text(200, "ok") }
        second.stop()
    }
}
