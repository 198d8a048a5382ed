import Foundation
import Testing
@testable import KAuthCore
import KAuthTestSupport

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

/// The server's answer to another local user who tries to use up its connections, threads or
/// descriptors: a bounded number of connections, the oldest idle one shed, no crash.
@Suite struct LoopbackServerLimitTests {
    @Test func whenEverySlotIsTakenTheOldestIdleConnectionIsShed() throws {
        let server = try LoopbackServer(limits: LoopbackServerLimits(maxConnections: 4)) { _ in .text(200, "ok") }
        server.start()
        defer { server.stop() }
        var idle: [RawConnection] = []
        for _ in 0..<4 {
            let connection = try #require(RawConnection.open(port: server.port))
            connection.send("GET /callback HTTP/1.1\r\n")
            idle.append(connection)
            // One at a time, so that their age is the order they were opened in.
            #expect(eventually { server.counters.accepted == idle.count })
        }
        let response = RawSocketClient.exchange(port: server.port, "GET /hello HTTP/1.1\r\n\r\n")
        #expect(response.hasPrefix("HTTP/1.1 200 "))
        #expect(idle[0].closedSilently(within: .seconds(5)), "the oldest idle connection makes room")
        for connection in idle.dropFirst() {
            #expect(connection.read(timeout: .milliseconds(100)).end == .stillOpen)
        }
        #expect(server.counters.shed == 1)
        #expect(server.counters.peakOpen == 4)
    }

    @Test func aFloodOfIdleConnectionsStaysWithinTheLimitAndTheNextClientIsServed() throws {
        let server = try LoopbackServer(limits: LoopbackServerLimits(maxConnections: 16)) { _ in .text(200, "ok") }
        server.start()
        defer { server.stop() }
        let flood = RawConnection.flood(port: server.port, count: 600)
        #expect(flood.count == 600)
        #expect(eventually(timeout: .seconds(30)) { server.counters.accepted >= 600 })
        let response = RawSocketClient.exchange(port: server.port, "GET /hello HTTP/1.1\r\n\r\n")
        #expect(response.hasPrefix("HTTP/1.1 200 "))
        let counters = server.counters
        #expect(counters.peakOpen <= 16)
        #expect(counters.shed >= 600 - 16)
    }

    @Test func aConnectionThatGetsNoThreadIsClosedAndTheServerCarriesOn() throws {
        let threads = RefusingThreads(refusing: 2...4)
        let server = try LoopbackServer(threads: threads.start) { _ in .text(200, "ok") }
        server.start()
        defer { server.stop() }
        for _ in 0..<3 {
            let connection = try #require(RawConnection.open(port: server.port))
            connection.send("GET /hello HTTP/1.1\r\n\r\n")
            #expect(connection.closedSilently(within: .seconds(5)))
        }
        #expect(RawSocketClient.exchange(port: server.port, "GET /hello HTTP/1.1\r\n\r\n").hasPrefix("HTTP/1.1 200 "))
        #expect(server.counters.unserved == 3)
    }

    @Test func aServerThatGetsNoThreadSaysSoAndFreesItsPort() throws {
        let server = try LoopbackServer(threads: { _ in throw ThreadStartError(code: EAGAIN) }) { _ in .text(200, "ok") }
        #expect(throws: LoopbackServerError.socket(operation: "thread", reason: String(cString: strerror(EAGAIN)))) {
            try server.startServing()
        }
        let again = try LoopbackServer(port: server.port) { _ in .text(200, "ok") }
        again.stop()
    }

    @Test func startThreadReportsARefusedThreadInsteadOfTrapping() {
        // A stack larger than the address space: pthread_create fails as it does at a process
        // or thread limit.
        #expect(throws: ThreadStartError.self) {
            try startThread(stackSize: 1 << 50) {}
        }
    }

    @Test func stopClosesConnectionsThatHaveNotSentARequest() throws {
        let server = try LoopbackServer { _ in .text(200, "ok") }
        server.start()
        let idle = try #require(RawConnection.open(port: server.port))
        idle.send("GET /callback HTTP/1.1\r\n")
        #expect(eventually { server.counters.accepted == 1 })
        server.stop()
        #expect(idle.closedSilently(within: .seconds(2)))
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
