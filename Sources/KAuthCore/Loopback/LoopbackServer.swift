import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a `LoopbackServer` could not start.
package enum LoopbackServerError: Error, Sendable, Equatable {
    /// Another program listens on the port.
    case addressInUse(host: String, port: UInt16)
    /// Any other socket failure, with the system's reason.
    case socket(operation: String, reason: String)
}

/// A small HTTP/1.1 server on POSIX sockets, bound to a loopback address only. Used by the
/// login flow's redirect listener and by `kauth sandbox`.
///
/// One thread accepts; each connection is read on its own thread with a deadline and size
/// limits, answered once, and closed (`Connection: close`), which keeps the server small and a
/// slow or hostile client from holding the others up.
package final class LoopbackServer: @unchecked Sendable {
    package typealias Handler = @Sendable (HTTPServerRequest) -> HTTPServerResponse
    /// A handler that sends its response itself and may act after it is on the wire (the
    /// redirect listener ends the login only once the browser has its page).
    package typealias Responder = @Sendable (HTTPServerRequest, _ send: (HTTPServerResponse) -> Void) -> Void

    /// The bound port (the real one when 0 was asked for).
    package let port: UInt16
    package let host: String
    private let descriptor: Int32
    private let limits: LoopbackServerLimits
    private let responder: Responder
    private let state = Lock()
    private var stopped = false

    /// Binds and listens; call `start()` to begin serving.
    package convenience init(
        host: String = "127.0.0.1",
        port: UInt16 = 0,
        limits: LoopbackServerLimits = LoopbackServerLimits(),
        handler: @escaping Handler
    ) throws {
        try self.init(host: host, port: port, limits: limits, responder: { request, send in send(handler(request)) })
    }

    /// Binds and listens with a handler that sends its own response.
    package init(
        host: String = "127.0.0.1",
        port: UInt16 = 0,
        limits: LoopbackServerLimits = LoopbackServerLimits(),
        responder: @escaping Responder
    ) throws {
        self.host = host
        self.limits = limits
        self.responder = responder
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw LoopbackServerError.socket(operation: "socket", reason: Self.lastError()) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            close(fd)
            throw LoopbackServerError.socket(operation: "bind", reason: "'\(host)' is not an IPv4 address")
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        if bound != 0 {
            let code = errno
            close(fd)
            if code == EADDRINUSE { throw LoopbackServerError.addressInUse(host: host, port: port) }
            throw LoopbackServerError.socket(operation: "bind", reason: String(cString: strerror(code)))
        }
        guard listen(fd, 64) == 0 else {
            let reason = Self.lastError()
            close(fd)
            throw LoopbackServerError.socket(operation: "listen", reason: reason)
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.port = UInt16(bigEndian: actual.sin_port)
        self.descriptor = fd
    }

    deinit {
        stop()
    }

    /// `http://host:port`.
    package var baseURL: String { "http://\(host):\(port)" }

    /// Starts accepting connections on a background thread.
    package func start() {
        startThread { [self] in acceptLoop() }
    }

    /// Stops accepting and frees the port. Requests already being handled finish.
    package func stop() {
        state.lock()
        defer { state.unlock() }
        guard !stopped else { return }
        stopped = true
        shutdown(descriptor, Int32(SHUT_RDWR))
        close(descriptor)
    }

    private var isStopped: Bool {
        state.lock()
        defer { state.unlock() }
        return stopped
    }

    private func acceptLoop() {
        while !isStopped {
            let client = accept(descriptor, nil, nil)
            if client < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return
            }
            #if canImport(Darwin)
            var yes: Int32 = 1
            setsockopt(client, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
            #endif
            startThread { [self] in serve(client) }
        }
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        switch readRequest(client) {
        case .complete(let request):
            var sent = false
            responder(request) { response in
                guard !sent else { return }
                sent = true
                send(response.serialized(), to: client)
                shutdown(client, Int32(SHUT_WR))
            }
            if !sent { send(HTTPServerResponse.text(500, "no response\n").serialized(), to: client) }
        case .invalid(let status, let reason):
            send(HTTPServerResponse.text(status, reason + "\n").serialized(), to: client)
        case .incomplete:
            send(HTTPServerResponse.text(408, "request not received in time\n").serialized(), to: client)
        }
    }

    /// Reads until the parser has a whole request, the deadline passes or the client closes.
    private func readRequest(_ client: Int32) -> HTTPRequestParser.Result {
        let deadline = ContinuousClock.now + limits.readTimeout
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let remaining = ContinuousClock.now.duration(to: deadline)
            if remaining <= .zero { return .incomplete }
            var pollDescriptor = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(clamping: remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000 + 1)
            let ready = poll(&pollDescriptor, 1, milliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                return .incomplete
            }
            if ready == 0 { return .incomplete }
            let count = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            if count < 0 {
                if errno == EINTR { continue }
                return .incomplete
            }
            if count == 0 {
                let result = HTTPRequestParser.parse(buffer, limits: limits)
                if case .incomplete = result {
                    return buffer.isEmpty ? .incomplete : .invalid(status: 400, reason: "request ended early")
                }
                return result
            }
            buffer.append(contentsOf: chunk[0..<count])
            let result = HTTPRequestParser.parse(buffer, limits: limits)
            if case .incomplete = result { continue }
            return result
        }
    }

    private func send(_ bytes: [UInt8], to client: Int32) {
        var offset = 0
        while offset < bytes.count {
            #if canImport(Glibc)
            let flags = Int32(MSG_NOSIGNAL)
            #else
            let flags: Int32 = 0
            #endif
            let written = bytes.withUnsafeBytes { socketSend(client, $0.baseAddress! + offset, $0.count - offset, flags) }
            if written <= 0 {
                if written < 0 && errno == EINTR { continue }
                return
            }
            offset += written
        }
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }
}

#if canImport(Glibc)
private func socketSend(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int, _ flags: Int32) -> Int {
    Glibc.send(fd, buffer, count, flags)
}
#else
private func socketSend(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int, _ flags: Int32) -> Int {
    Darwin.send(fd, buffer, count, flags)
}
#endif
