import Foundation
import KAuthTestSupport
import Testing

@testable import KAuthBasics

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
        let server = try LoopbackServer(limits: LoopbackServerLimits(readTimeout: .milliseconds(200))) { _ in
            .text(200, "ok")
        }
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
        #expect(throws: LoopbackServerError.addressInUse(host: "127.0.0.1", port: first.port, listening: true)) {
            _ = try LoopbackServer(port: first.port) { _ in .text(200, "ok") }
        }
    }

    /// A port an outgoing connection holds is taken too, but nothing accepts connections on it:
    /// the error says so, and no message blames a listening program for it.
    @Test func aPortHeldByAConnectionIsNotListening() throws {
        let first = try LoopbackServer { _ in .text(200, "ok") }
        first.start()
        defer { first.stop() }
        let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #expect(client >= 0)
        defer { close(client) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = first.port.bigEndian
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        #expect(connected == 0)
        var local = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(client, $0, &length) }
        }
        let held = UInt16(bigEndian: local.sin_port)
        #expect(throws: LoopbackServerError.addressInUse(host: "127.0.0.1", port: held, listening: false)) {
            _ = try LoopbackServer(port: held) { _ in .text(200, "ok") }
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

/// A thread starter that refuses the calls whose numbers (from 1: the accept loop) are in
/// `refusing`, as the system does at a thread limit.
final class RefusingThreads: @unchecked Sendable {
    private let refusing: ClosedRange<Int>
    private let lock = NSLock()
    private var calls = 0

    init(refusing: ClosedRange<Int>) {
        self.refusing = refusing
    }

    var start: LoopbackServer.ThreadStarter {
        { [self] body in
            let call = lock.withLock {
                calls += 1
                return calls
            }
            if refusing.contains(call) { throw ThreadStartError(code: EAGAIN) }
            try startThread(body)
        }
    }
}

/// Polls `condition` until it holds or `timeout` passes.
func eventually(timeout: Duration = .seconds(5), _ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if condition() { return true }
        usleep(2_000)
    }
    return condition()
}
