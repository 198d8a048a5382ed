import Foundation
import KAuthBasics
import KAuthCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP connection to a loopback port that a test drives byte by byte and keeps open as long
/// as it likes: an idle connection, a slow sender, a client that closes early. `RawSocketClient`
/// does whole exchanges; this is for what an attacker does between them.
package final class RawConnection: @unchecked Sendable {
    package let descriptor: Int32

    /// How a read ended.
    package enum End: Sendable, Equatable {
        /// The server closed the connection (end of stream).
        case closed
        /// The server reset it (ECONNRESET), typically by closing with unread bytes.
        case reset
        /// Still open when the wait ended.
        case stillOpen
    }

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Connects to 127.0.0.1:`port`; nil when the connection is refused or not made in time.
    package static func open(port: UInt16, timeout: Duration = .seconds(5)) -> RawConnection? {
        guard let connection = begin(port: port) else { return nil }
        guard connection.finishConnecting(timeout: timeout) else { return nil }
        connection.setBlocking(true)
        return connection
    }

    /// Opens `count` connections to 127.0.0.1:`port` and returns those that connected within
    /// `timeout`. They send nothing: idle connections, as a flood from another user would be.
    ///
    /// They are opened `batch` at a time (non-blocking connects, then one wait for the batch),
    /// with `pause` between batches: a patient attacker paces a flood so that the server takes
    /// every connection in, rather than leaving most of it in the kernel's backlog.
    package static func flood(
        port: UInt16,
        count: Int,
        batch: Int = 32,
        pause: Duration = .milliseconds(10),
        timeout: Duration = .seconds(20)
    ) -> [RawConnection] {
        var connected: [RawConnection] = []
        let deadline = ContinuousClock.now + timeout
        var opened = 0
        while opened < count && ContinuousClock.now < deadline {
            let size = min(batch, count - opened)
            opened += size
            var pending = (0..<size).compactMap { _ in begin(port: port) }
            while !pending.isEmpty && ContinuousClock.now < deadline {
                var descriptors = pending.map { pollfd(fd: $0.descriptor, events: Int16(POLLOUT), revents: 0) }
                _ = poll(&descriptors, nfds_t(descriptors.count), 100)
                var still: [RawConnection] = []
                for (index, connection) in pending.enumerated() {
                    let events = descriptors[index].revents
                    if events == 0 {
                        still.append(connection)
                    } else if connection.connectError() == 0 {
                        connected.append(connection)
                    }
                }
                pending = still
            }
            if pause > .zero { usleep(UInt32(pause.components.attoseconds / 1_000_000_000_000)) }
        }
        return connected
    }

    /// Sends all of `bytes`; false when the connection broke first.
    @discardableResult
    package func send(_ bytes: [UInt8]) -> Bool {
        SocketCalls.sendAll(descriptor, bytes, waitMilliseconds: 1000)
    }

    @discardableResult
    package func send(_ text: String) -> Bool {
        send(Array(text.utf8))
    }

    /// No more bytes from this side; the server sees the end of the request.
    package func shutdownWrite() {
        shutdown(descriptor, Int32(SHUT_WR))
    }

    /// Reads until the server closes, `timeout` passes, or `limit` bytes have arrived.
    package func read(timeout: Duration, limit: Int = 1 << 20) -> (bytes: [UInt8], end: End) {
        let deadline = ContinuousClock.now + timeout
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while received.count < limit {
            let remaining = ContinuousClock.now.duration(to: deadline)
            if remaining <= .zero { return (received, .stillOpen) }
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(
                clamping: remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000
                    + 1)
            let polled = poll(&ready, 1, milliseconds)
            if polled < 0 && errno == EINTR { continue }
            if polled <= 0 { return (received, .stillOpen) }
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count == 0 { return (received, .closed) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK { continue }
                return (received, .reset)
            }
            received.append(contentsOf: chunk[0..<count])
        }
        return (received, .stillOpen)
    }

    /// Whether the server has closed (or reset) this connection within `timeout` without
    /// sending anything.
    package func closedSilently(within timeout: Duration) -> Bool {
        let (bytes, end) = read(timeout: timeout)
        return bytes.isEmpty && end != .stillOpen
    }

    // MARK: Connecting

    private static func begin(port: UInt16) -> RawConnection? {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue | SOCK_NONBLOCK.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
            if fd >= 0 { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        #endif
        guard fd >= 0 else { return nil }
        let connection = RawConnection(descriptor: fd)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 || errno == EINPROGRESS else { return nil }
        return connection
    }

    private func finishConnecting(timeout: Duration) -> Bool {
        var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        let milliseconds = Int32(clamping: timeout.components.seconds * 1000 + 1)
        guard poll(&ready, 1, milliseconds) == 1 else { return false }
        return connectError() == 0
    }

    private func connectError() -> Int32 {
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length)
        return error
    }

    private func setBlocking(_ blocking: Bool) {
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, blocking ? flags & ~O_NONBLOCK : flags | O_NONBLOCK)
    }
}
