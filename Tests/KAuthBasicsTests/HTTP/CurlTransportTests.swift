import Foundation
import Testing

@testable import KAuthBasics

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The live transport against real sockets on 127.0.0.1; nothing here leaves the machine.
@Suite struct CurlTransportTests {
    let client = HTTPClient.live

    @Test func getSendsHeadersAndReturnsJSON() async throws {
        let json = #"{"id":1234,"nickname":"kii"}"#
        let server = try TestServer { _ in
            .respond(
                TestServer.response(200, headers: [("Content-Type", "application/json;charset=UTF-8")], body: json))
        }
        defer { server.stop() }

        let response = try await client.send(
            HTTPRequest(
                method: "GET", url: server.url("/v2/user/me?secure_resource=true"),
                headers: [HTTPHeader("Authorization", "Bearer abc.def"), HTTPHeader("Accept", "application/json")]
            ))

        #expect(response.status == 200)
        #expect(response.body == Data(json.utf8))
        #expect(response.headers.value(for: "content-type") == "application/json;charset=UTF-8")
        let received = try #require(server.received.first)
        #expect(received.method == "GET")
        #expect(received.target == "/v2/user/me?secure_resource=true")
        #expect(received.headers.value(for: "Authorization") == "Bearer abc.def")
        #expect(received.headers.value(for: "Accept") == "application/json")
        #expect(received.headers.value(for: "User-Agent") == "kauth")
        #expect(received.headers.value(for: "Content-Length") == nil)
        #expect(received.body.isEmpty)
    }

    @Test func postSendsFormBodyWithContentLength() async throws {
        let server = try TestServer { _ in .respond(TestServer.response(200, body: "{}")) }
        defer { server.stop() }
        let form =
            "grant_type=authorization_code&client_id=abc&code=x%2By&redirect_uri=http%3A%2F%2F127.0.0.1%3A9000%2Fcb"

        let response = try await client.send(
            HTTPRequest(
                method: "POST", url: server.url("/oauth/token"),
                headers: [HTTPHeader("Content-Type", "application/x-www-form-urlencoded;charset=utf-8")],
                body: Data(form.utf8)
            ))

        #expect(response.status == 200)
        let received = try #require(server.received.first)
        #expect(received.method == "POST")
        #expect(received.target == "/oauth/token")
        #expect(received.headers.value(for: "Content-Length") == String(form.utf8.count))
        #expect(received.headers.value(for: "Content-Type") == "application/x-www-form-urlencoded;charset=utf-8")
        #expect(received.body == Data(form.utf8))
        // Suppressed so that small posts are not held back waiting for "100 Continue".
        #expect(received.headers.value(for: "Expect") == nil)
    }

    @Test(arguments: [nil, Data()])
    func emptyPostSendsContentLengthZero(body: Data?) async throws {
        let server = try TestServer { _ in .respond(TestServer.response(200)) }
        defer { server.stop() }

        let response = try await client.send(
            HTTPRequest(method: "POST", url: server.url("/v1/user/logout"), body: body))

        #expect(response.status == 200)
        let received = try #require(server.received.first)
        #expect(received.method == "POST")
        #expect(received.headers.value(for: "Content-Length") == "0")
        #expect(received.body.isEmpty)
        // The request goes out as described: libcurl's default form Content-Type is not added.
        #expect(received.headers.value(for: "Content-Type") == nil)
    }

    @Test func redirectIsReturnedNotFollowed() async throws {
        let elsewhere = try TestServer { _ in .respond(TestServer.response(200, body: "followed")) }
        defer { elsewhere.stop() }
        let target = elsewhere.url("/landing")
        let server = try TestServer { _ in
            .respond(TestServer.response(302, headers: [("Location", target)], body: "moved"))
        }
        defer { server.stop() }

        let response = try await client.send(HTTPRequest(method: "GET", url: server.url("/authorize")))

        #expect(response.status == 302)
        #expect(response.headers.value(for: "location") == target)
        #expect(response.body == Data("moved".utf8))
        #expect(elsewhere.received.isEmpty)
    }

    @Test func responseHeadersAreParsed() async throws {
        let head =
            "HTTP/1.1 201 Created\r\n"
            + "content-type: text/plain\r\n"
            + "X-Request-ID:   abc-123  \r\n"
            + "Set-Cookie: a=1\r\n"
            + "Set-Cookie: b=2\r\n"
            + "X-Folded: first\r\n"
            + "\tsecond\r\n"
            + "Link: <http://127.0.0.1/x>; rel=\"next\"\r\n"
            + "X-Empty:\r\n"
            + "Content-Length: 2\r\n"
            + "Connection: close\r\n\r\nok"
        let server = try TestServer { _ in .respond(Data(head.utf8)) }
        defer { server.stop() }

        let response = try await client.send(HTTPRequest(method: "GET", url: server.url("/")))

        #expect(response.status == 201)
        #expect(response.body == Data("ok".utf8))
        #expect(response.headers.value(for: "Content-Type") == "text/plain")
        #expect(response.headers.value(for: "x-request-id") == "abc-123")
        #expect(response.headers.filter { $0.name == "Set-Cookie" }.map(\.value) == ["a=1", "b=2"])
        #expect(response.headers.value(for: "x-folded") == "first second")
        #expect(response.headers.value(for: "LINK") == "<http://127.0.0.1/x>; rel=\"next\"")
        #expect(response.headers.value(for: "X-Empty") == "")
        #expect(!response.headers.contains { $0.name.hasPrefix("HTTP/") })
    }

    @Test func headersOfInterimResponsesAreDropped() async throws {
        let server = try TestServer { _ in
            .respond(
                Data(("HTTP/1.1 100 Continue\r\nX-Interim: yes\r\n\r\n").utf8)
                    + TestServer.response(200, headers: [("X-Final", "yes")], body: "done"))
        }
        defer { server.stop() }

        let response = try await client.send(HTTPRequest(method: "POST", url: server.url("/"), body: Data("a=b".utf8)))

        #expect(response.status == 200)
        #expect(response.body == Data("done".utf8))
        #expect(response.headers.value(for: "X-Final") == "yes")
        #expect(response.headers.value(for: "X-Interim") == nil)
    }

    @Test func serverErrorIsAResponse() async throws {
        let body = #"{"msg":"internal error","code":-1}"#
        let server = try TestServer { _ in .respond(TestServer.response(500, body: body)) }
        defer { server.stop() }

        let response = try await client.send(HTTPRequest(method: "GET", url: server.url("/")))

        #expect(response.status == 500)
        #expect(response.body == Data(body.utf8))
    }

    @Test func otherMethodsCarryTheirBodies() async throws {
        let server = try TestServer { _ in .respond(TestServer.response(204)) }
        defer { server.stop() }

        for method in ["PUT", "PATCH", "DELETE"] {
            _ = try await client.send(
                HTTPRequest(method: method, url: server.url("/r"), body: Data("k=\(method)".utf8)))
        }
        _ = try await client.send(HTTPRequest(method: "PUT", url: server.url("/empty")))
        _ = try await client.send(HTTPRequest(method: "DELETE", url: server.url("/bare")))

        let received = server.received
        try #require(received.count == 5)
        #expect(received[0..<3].map(\.method) == ["PUT", "PATCH", "DELETE"])
        #expect(received[0..<3].map { String(decoding: $0.body, as: UTF8.self) } == ["k=PUT", "k=PATCH", "k=DELETE"])
        #expect(received[3].method == "PUT")
        #expect(received[3].headers.value(for: "Content-Length") == "0")
        #expect(received[4].method == "DELETE")
        #expect(received[4].headers.value(for: "Content-Length") == nil)
        #expect(received[4].body.isEmpty)
    }

    @Test func headReturnsHeadersWithoutWaitingForABody() async throws {
        // A HEAD answer announces the length of the body a GET would get, and sends none.
        let server = try TestServer { _ in
            .respond(Data("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\nX-Head: 1\r\n\r\n".utf8), thenHold: true)
        }
        defer { server.stop() }

        let response = try await client.send(HTTPRequest(method: "HEAD", url: server.url("/"), timeout: .seconds(5)))

        #expect(response.status == 200)
        #expect(response.body.isEmpty)
        #expect(response.headers.value(for: "X-Head") == "1")
        #expect(server.received.first?.method == "HEAD")
    }

    @Test func callerHeadersWinAndEmptyValuesAreSent() async throws {
        let server = try TestServer { _ in .respond(TestServer.response(200)) }
        defer { server.stop() }

        _ = try await client.send(
            HTTPRequest(
                method: "POST", url: server.url("/"),
                headers: [
                    HTTPHeader("User-Agent", "my-script/1.0"), HTTPHeader("X-Empty", ""),
                    HTTPHeader("Content-Type", "application/json")
                ],
                body: Data("{}".utf8)
            ))

        let received = try #require(server.received.first)
        #expect(received.headers.filter { $0.name.lowercased() == "user-agent" }.map(\.value) == ["my-script/1.0"])
        #expect(received.headers.value(for: "X-Empty") == "")
        #expect(received.headers.filter { $0.name.lowercased() == "content-type" }.map(\.value) == ["application/json"])
    }

    @Test func binaryBodiesPassThroughUnchanged() async throws {
        let bytes = Data([0, 1, 2, 0xFF, 0, 0x0D, 0x0A, 0x7F] + Array(repeating: 0xAB, count: 2_000_000))
        let server = try TestServer { request in
            .respond(
                TestServer.response(200, headers: [("Content-Type", "application/octet-stream")], body: request.body))
        }
        defer { server.stop() }

        let response = try await client.send(HTTPRequest(method: "POST", url: server.url("/echo"), body: bytes))

        #expect(server.received.first?.body == bytes)
        #expect(response.body == bytes)
        // Above 1 MiB libcurl adds "Expect: 100-continue" (a lower threshold in older
        // versions) and then waits for a "100 Continue" this server never sends.
        #expect(server.received.first?.headers.value(for: "Expect") == nil)
    }

    @Test func headerInjectionIsRefusedBeforeSending() async throws {
        let server = try TestServer { _ in .respond(TestServer.response(200)) }
        defer { server.stop() }
        let url = server.url("/")

        let error = await transportError {
            try await client.send(
                HTTPRequest(method: "GET", url: url, headers: [HTTPHeader("Authorization", "Bearer x\r\nX-Evil: 1")]))
        }
        guard case .connectionFailed(url, let detail)? = error else {
            Issue.record("expected connectionFailed, got \(String(describing: error))")
            return
        }
        #expect(detail.hasPrefix("request not sent:"))
        #expect(server.received.isEmpty)
    }

    @Test func refusedConnectionIsConnectionFailed() async throws {
        let port = try TestServer.closedPort()
        let url = "http://127.0.0.1:\(port)/oauth/token"

        let error = await transportError {
            try await client.send(HTTPRequest(method: "POST", url: url, body: Data("a=b".utf8)))
        }

        guard case .connectionFailed(url, let detail)? = error else {
            Issue.record("expected connectionFailed, got \(String(describing: error))")
            return
        }
        #expect(detail.contains("127.0.0.1"))
        #expect(detail.contains("\(port)"))
    }

    /// The server holds the request until it is stopped, so only the request's own timeout ends
    /// it. The upper bound is loose on purpose: it tells "timed out" from "hung", not speed.
    @Test func silentServerTimesOut() async throws {
        let server = try TestServer { _ in .hold }
        defer { server.stop() }
        let url = server.url("/slow")

        let clock = ContinuousClock()
        let start = clock.now
        let error = await transportError {
            try await client.send(HTTPRequest(method: "GET", url: url, timeout: .milliseconds(300)))
        }
        let elapsed = clock.now - start

        #expect(error == .timedOut(url: url))
        #expect(elapsed >= .milliseconds(250))
        #expect(elapsed < .seconds(30))
    }

    /// URLs that are not http(s) are refused by the shim; malformed http URLs by libcurl's URL
    /// parser (CURLE_URL_MALFORMAT). Both are `.invalidURL`, and none of them is looked up.
    @Test(arguments: [
        "not a url", "", "ftp://127.0.0.1/file", "file:///etc/passwd", "127.0.0.1:8080/x",
        "http://", "http://[::1/", "http://127.0.0.1:99999/", "http://a b/"
    ])
    func malformedURLIsInvalidURL(url: String) async {
        let error = await transportError { try await client.send(HTTPRequest(method: "GET", url: url)) }
        #expect(error == .invalidURL(url))
    }

    @Test func twentyConcurrentRequestsAllSucceed() async throws {
        let server = try TestServer { request in .respond(TestServer.response(200, body: "item \(request.target)")) }
        defer { server.stop() }

        let bodies = try await withThrowingTaskGroup(of: (Int, HTTPResponse).self) { group in
            for index in 0..<20 {
                group.addTask {
                    (index, try await client.send(HTTPRequest(method: "GET", url: server.url("/item/\(index)"))))
                }
            }
            var bodies: [Int: String] = [:]
            for try await (index, response) in group {
                #expect(response.status == 200)
                bodies[index] = String(decoding: response.body, as: UTF8.self)
            }
            return bodies
        }

        #expect(bodies.count == 20)
        for index in 0..<20 { #expect(bodies[index] == "item /item/\(index)") }
        #expect(server.received.count == 20)
    }

    // MARK: - Pure helpers

    @Test func parseHeadersHandlesLineEndsFoldingAndStatusLines() {
        let raw =
            "HTTP/2 200\nx-a: 1\r\nX-B:two words\r\n  continued\r\n\tagain\r\nno colon here\r\n: nameless\r\nX-C: a:b:c\r\n\r\n"
        let headers = CurlTransport.parseHeaders(Data(raw.utf8))
        #expect(
            headers == [
                HTTPHeader("x-a", "1"), HTTPHeader("X-B", "two words continued again"), HTTPHeader("X-C", "a:b:c")
            ])
    }

    @Test func timeoutsRoundUpToWholeMilliseconds() {
        #expect(CurlTransport.timeoutMilliseconds(.seconds(30)) == 30_000)
        #expect(CurlTransport.timeoutMilliseconds(.milliseconds(300)) == 300)
        #expect(CurlTransport.timeoutMilliseconds(.microseconds(1)) == 1)
        #expect(CurlTransport.timeoutMilliseconds(.microseconds(1500)) == 2)
        #expect(CurlTransport.timeoutMilliseconds(.zero) == 1)
        #expect(CurlTransport.timeoutMilliseconds(.seconds(-5)) == 1)
        #expect(CurlTransport.timeoutMilliseconds(.seconds(Int64.max)) == Int(Int32.max))
    }
}

private func transportError(_ body: () async throws -> HTTPResponse) async -> HTTPTransportError? {
    do {
        let response = try await body()
        Issue.record("expected an error, got status \(response.status)")
        return nil
    } catch let error as HTTPTransportError {
        return error
    } catch {
        Issue.record("unexpected error \(error)")
        return nil
    }
}

// MARK: - A minimal HTTP/1.1 server for these tests

private struct SocketError: Error {
    var code: Int32
}

/// A request as the test server read it off the socket.
private struct ReceivedRequest: Sendable {
    var method: String
    var target: String
    var headers: [HTTPHeader]
    var body: Data
}

/// Listens on 127.0.0.1 (an ephemeral port), reads each request (head, then a
/// Content-Length body), records it, and answers what `reply` says, one connection per request.
/// Each socket is closed only by the thread that uses it, so a descriptor number is never
/// reused under a thread still polling it while other tests open sockets in parallel.
private final class TestServer: @unchecked Sendable {
    enum Reply: Sendable {
        /// Write these bytes; close after, or hold the connection open until the client leaves.
        case respond(Data, thenHold: Bool = false)
        /// Never answer; hold the connection until the client gives up.
        case hold
    }

    let port: UInt16
    private let reply: @Sendable (ReceivedRequest) -> Reply
    private let lock = NSLock()
    private var requests: [ReceivedRequest] = []
    private var isStopped = false

    init(reply: @escaping @Sendable (ReceivedRequest) -> Reply) throws {
        self.reply = reply
        let (socket, port) = try Self.listeningSocket()
        self.port = port
        let thread = Thread { [self] in acceptLoop(socket) }
        thread.start()
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    var received: [ReceivedRequest] { locked { requests } }

    func stop() { locked { isStopped = true } }

    private var stopped: Bool { locked { isStopped } }

    /// A port nothing listens on: bound, then closed.
    static func closedPort() throws -> UInt16 {
        let (socket, port) = try listeningSocket()
        close(socket)
        return port
    }

    static func response(_ status: Int, headers: [(String, String)] = [], body: String = "") -> Data {
        response(status, headers: headers, body: Data(body.utf8))
    }

    static func response(_ status: Int, headers: [(String, String)] = [], body: Data) -> Data {
        var head = "HTTP/1.1 \(status) Test\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        return Data(head.utf8) + body
    }

    private static func listeningSocket() throws -> (Int32, UInt16) {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw SocketError(code: errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && listen(fd, 64) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else {
            let error = SocketError(code: errno)
            close(fd)
            throw error
        }
        return (fd, UInt16(bigEndian: address.sin_port))
    }

    private func acceptLoop(_ listener: Int32) {
        defer { close(listener) }
        while !stopped {
            guard Self.waitReadable(listener, milliseconds: 50) else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            let thread = Thread { [self] in serve(connection) }
            thread.start()
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        guard let request = readRequest(connection) else { return }
        locked { requests.append(request) }
        switch reply(request) {
        case .respond(let bytes, let thenHold):
            writeAll(connection, bytes)
            if thenHold { holdUntilClientLeaves(connection) }
        case .hold:
            holdUntilClientLeaves(connection)
        }
    }

    private func readRequest(_ connection: Int32) -> ReceivedRequest? {
        var buffer = Data()
        let deadline = ContinuousClock.now + .seconds(10)
        let separator = Data("\r\n\r\n".utf8)
        var headEnd: Range<Data.Index>?
        var expectedLength = 0
        while ContinuousClock.now < deadline, !stopped {
            if let end = headEnd, buffer.count - end.upperBound >= expectedLength { break }
            guard Self.waitReadable(connection, milliseconds: 50) else { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = read(connection, &chunk, chunk.count)
            if count <= 0 { return nil }
            buffer.append(contentsOf: chunk[0..<count])
            if headEnd == nil, let end = buffer.range(of: separator) {
                headEnd = end
                let head = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
                let length = Self.headerLines(head).value(for: "Content-Length")
                expectedLength = length.flatMap { Int($0) } ?? 0
            }
        }
        guard let end = headEnd, buffer.count - end.upperBound >= expectedLength else { return nil }
        let head = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
        let requestLine = head.split(separator: "\r\n", maxSplits: 1).first.map(String.init) ?? ""
        let parts = requestLine.split(separator: " ")
        guard parts.count == 3 else { return nil }
        let bodyStart = end.upperBound
        return ReceivedRequest(
            method: String(parts[0]),
            target: String(parts[1]),
            headers: Self.headerLines(head),
            body: Data(buffer[bodyStart..<(bodyStart + expectedLength)])
        )
    }

    private static func headerLines(_ head: String) -> [HTTPHeader] {
        head.components(separatedBy: "\r\n").dropFirst().compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return HTTPHeader(
                String(line[..<colon]),
                line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            )
        }
    }

    private func writeAll(_ connection: Int32, _ bytes: Data) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                // MSG_NOSIGNAL: a client that already left must not kill the test process.
                #if canImport(Glibc)
                    let written = send(connection, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                #else
                    let written = write(connection, raw.baseAddress! + offset, raw.count - offset)
                #endif
                if written <= 0 { return }
                offset += written
            }
        }
    }

    private func holdUntilClientLeaves(_ connection: Int32) {
        var scratch = [UInt8](repeating: 0, count: 1024)
        while !stopped {
            guard Self.waitReadable(connection, milliseconds: 50) else { continue }
            if read(connection, &scratch, scratch.count) <= 0 { return }
        }
    }

    private static func waitReadable(_ fd: Int32, milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, milliseconds) > 0
    }
}
