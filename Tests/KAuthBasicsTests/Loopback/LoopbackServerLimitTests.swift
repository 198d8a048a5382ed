import Foundation
import KAuthTestSupport
import Testing

@testable import KAuthBasics

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
        let server = try LoopbackServer(threads: { _ in throw ThreadStartError(code: EAGAIN) }) { _ in .text(200, "ok")
        }
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
