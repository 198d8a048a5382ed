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
/// Any local user can connect to a loopback port, so the server is built to stay available to
/// the one client that matters (the browser) whatever the others do:
/// - At most `limits.maxConnections` connections are open at once, each read on its own thread
///   with a deadline and size limits, answered once and closed (`Connection: close`). So threads
///   and descriptors are bounded too (one accepting thread besides).
/// - When every slot is taken, the oldest connection that has not delivered a whole request is
///   closed to make room ("shed"). A browser sends its request as soon as it connects, so it is
///   never the oldest idle one for long; connections that hold a slot without sending are the
///   ones that go.
/// - `accept` failing for lack of resources (EMFILE, ENFILE, ENOBUFS, ENOMEM, ...) pauses the
///   loop briefly and it carries on; with descriptors exhausted an idle connection is shed as
///   well. Only `stop()` ends the loop. A thread that cannot be started costs that one
///   connection, which is closed unanswered.
/// - Every descriptor is close-on-exec, so a program kauth starts (the browser) never holds the
///   port or a connection.
package final class LoopbackServer: @unchecked Sendable {
    package typealias Handler = @Sendable (HTTPServerRequest) -> HTTPServerResponse
    /// A handler that sends its response itself and may act after it is on the wire (the
    /// redirect listener ends the login only once the browser has its page).
    package typealias Responder = @Sendable (HTTPServerRequest, _ send: (HTTPServerResponse) -> Void) -> Void
    /// Runs `body` on a new thread or throws. Injectable so that a test can refuse threads.
    package typealias ThreadStarter = @Sendable (_ body: @escaping @Sendable () -> Void) throws -> Void

    /// Stack size of the accepting and connection threads: parsing a request and answering it
    /// needs little, and up to `maxConnections` of them may exist at once.
    static let threadStackSize = 1 << 20

    /// `startThread` with `threadStackSize`.
    static let systemThreads: ThreadStarter = { body in
        try startThread(stackSize: threadStackSize, body)
    }

    /// The bound port (the real one when 0 was asked for).
    package let port: UInt16
    package let host: String
    private let descriptor: Int32
    private let limits: LoopbackServerLimits
    private let responder: Responder
    private let threads: ThreadStarter
    private let peers: PeerFilter?

    // Everything below is guarded by `state`.
    private let state = Condition()
    private var started = false
    private var stopped = false
    private var acceptLoopRunning = false
    private var listenerOpen = true
    private var connections: [UInt64: Connection] = [:]
    private var nextConnection: UInt64 = 0
    private var tally = LoopbackServerCounters()

    private struct Connection {
        let descriptor: Int32
        /// Still reading its request: it may be shed.
        var reading = true
        /// Shut down by the server (shed, or stopped); its thread closes it and says nothing.
        var closing = false
    }

    /// Binds and listens; call `start()` to begin serving.
    package convenience init(
        host: String = "127.0.0.1",
        port: UInt16 = 0,
        limits: LoopbackServerLimits = LoopbackServerLimits(),
        threads: @escaping ThreadStarter = LoopbackServer.systemThreads,
        handler: @escaping Handler
    ) throws {
        try self.init(
            host: host, port: port, limits: limits, threads: threads, peers: nil,
            responder: { request, send in send(handler(request)) })
    }

    /// Binds and listens with a handler that sends its own response.
    package init(
        host: String = "127.0.0.1",
        port: UInt16 = 0,
        limits: LoopbackServerLimits = LoopbackServerLimits(),
        threads: @escaping ThreadStarter = LoopbackServer.systemThreads,
        peers: PeerFilter? = nil,
        responder: @escaping Responder
    ) throws {
        self.host = host
        self.limits = limits
        self.responder = responder
        self.threads = threads
        self.peers = peers
        let fd = SocketCalls.listeningSocket()
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
        // The longest backlog the system allows: a burst of connections from elsewhere waits in
        // it for the accept loop (which sheds idle ones) instead of having the browser's SYN
        // dropped and retried a second later.
        guard listen(fd, SOMAXCONN) == 0 else {
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

    /// What the server has done so far.
    var counters: LoopbackServerCounters {
        state.withLock {
            var now = tally
            now.open = connections.count
            return now
        }
    }

    /// Starts accepting connections on a background thread. If no thread can be started, the
    /// server stops (connections are refused rather than left waiting); `startServing()` says so.
    package func start() {
        try? startServing()
    }

    /// Starts accepting connections on a background thread, or throws (and stops) when the
    /// system refuses the thread.
    func startServing() throws(LoopbackServerError) {
        state.lock()
        guard !started, !stopped else {
            state.unlock()
            return
        }
        started = true
        acceptLoopRunning = true
        state.unlock()
        do {
            try threads { [self] in acceptLoop() }
        } catch {
            state.withLock { acceptLoopRunning = false }
            stop()
            let reason = (error as? ThreadStartError)?.reason ?? "\(error)"
            throw LoopbackServerError.socket(operation: "thread", reason: reason)
        }
    }

    /// Stops accepting, frees the port and closes connections that have not delivered a request.
    /// Requests already being handled finish.
    package func stop() {
        state.lock()
        defer { state.unlock() }
        guard !stopped else { return }
        stopped = true
        // Wakes the accept loop's poll; the loop closes the socket itself, so that its number
        // cannot be reused by another socket while the loop might still use it.
        shutdown(descriptor, Int32(SHUT_RDWR))
        for (id, connection) in connections where connection.reading && !connection.closing {
            shutdown(connection.descriptor, Int32(SHUT_RDWR))
            connections[id]?.closing = true
        }
        state.broadcast()
        while acceptLoopRunning { state.wait() }
        if listenerOpen {
            close(descriptor)
            listenerOpen = false
        }
    }

    // MARK: Accepting

    /// Shortest and longest pause after `accept` failed for lack of resources.
    private static let firstPause: Duration = .milliseconds(5)
    private static let longestPause: Duration = .milliseconds(200)
    /// How long the loop sleeps between checks when `stop()` cannot wake it by shutting the
    /// socket down (systems where that does not end a poll).
    private static let pollInterval: Int32 = 1000

    private func acceptLoop() {
        var pause = Self.firstPause
        while true {
            var listening = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&listening, 1, Self.pollInterval)
            guard makeRoom() else { break }
            let client = SocketCalls.accept(descriptor)
            if client < 0 {
                let code = errno
                if isStopped { break }
                switch code {
                case EAGAIN, EWOULDBLOCK, EINTR, ECONNABORTED, EPROTO:
                    // Nothing was waiting after all (woken by a timeout, or the client reset the
                    // connection before it was accepted): nothing to back off from.
                    continue
                default:
                    // EMFILE, ENFILE, ENOBUFS, ENOMEM, or anything unexpected: resources are short
                    // for now. Out of descriptors, one held by an idle connection is given up.
                    state.withLock {
                        tally.acceptFailures += 1
                        if code == EMFILE || code == ENFILE { shedOldestIdle() }
                        if !stopped { state.wait(timeout: pause) }
                    }
                    pause = min(pause * 2, Self.longestPause)
                    continue
                }
            }
            pause = Self.firstPause
            configure(client)
            guard let id = register(client) else {
                close(client)
                break
            }
            do {
                try threads { [self] in serve(id, client) }
            } catch {
                // No thread for this connection (a process or memory limit): it is closed
                // unanswered and the server carries on; a slot may free up a thread.
                state.withLock {
                    tally.unserved += 1
                    unregister(id)
                    if !stopped { state.wait(timeout: pause) }
                }
                pause = min(pause * 2, Self.longestPause)
            }
        }
        state.withLock {
            if listenerOpen {
                close(descriptor)
                listenerOpen = false
            }
            acceptLoopRunning = false
            state.broadcast()
        }
    }

    private var isStopped: Bool {
        state.withLock { stopped }
    }

    /// Waits until one more connection fits, shedding the oldest idle one when all slots are
    /// taken. False once the server is stopped.
    private func makeRoom() -> Bool {
        state.withLock {
            while !stopped && connections.count >= limits.maxConnections {
                // One at a time: a connection already shut down frees its slot in a moment.
                if !connections.values.contains(where: \.closing) { shedOldestIdle() }
                state.wait()
            }
            return !stopped
        }
    }

    /// Shuts down the connection that has waited longest without delivering a request; its
    /// thread wakes, closes it and frees the slot. Called with `state` held.
    private func shedOldestIdle() {
        guard
            let (id, victim) = connections.filter({ $0.value.reading && !$0.value.closing }).min(by: { $0.key < $1.key }
            )
        else {
            return
        }
        shutdown(victim.descriptor, Int32(SHUT_RDWR))
        connections[id]?.closing = true
        tally.shed += 1
    }

    private func register(_ client: Int32) -> UInt64? {
        state.withLock {
            guard !stopped else { return nil }
            nextConnection += 1
            connections[nextConnection] = Connection(descriptor: client)
            tally.accepted += 1
            tally.peakOpen = max(tally.peakOpen, connections.count)
            return nextConnection
        }
    }

    /// Closes the connection and frees its slot. Called with `state` held: the descriptor is
    /// closed under the lock so that `shedOldestIdle` never shuts down a reused number.
    private func unregister(_ id: UInt64) {
        guard let connection = connections.removeValue(forKey: id) else { return }
        close(connection.descriptor)
        state.broadcast()
    }

    private func configure(_ client: Int32) {
        #if canImport(Darwin)
            var yes: Int32 = 1
            setsockopt(client, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
            // Darwin's accepted sockets inherit the listener's O_NONBLOCK; reads and writes here block.
            _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) & ~O_NONBLOCK)
        #endif
        // A client that stops reading cannot hold a connection's thread in `send` for longer
        // than it may take to send its request.
        let (seconds, attoseconds) = limits.readTimeout.components
        var timeout = timeval()
        timeout.tv_sec = .init(seconds)
        timeout.tv_usec = .init(attoseconds / 1_000_000_000_000)
        setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    // MARK: One connection

    private func serve(_ id: UInt64, _ client: Int32) {
        defer { state.withLock { unregister(id) } }
        let result = readRequest(client)
        let shed = state.withLock {
            connections[id]?.reading = false
            return connections[id]?.closing ?? true
        }
        // Shed or stopped meanwhile: nobody is waiting for an answer.
        if shed { return }
        // Whoever is not the one user this server is for hears 403 and nothing else: not the
        // start link's redirect, not a judgement of the callback, not even why their request was
        // malformed. Only connections about to be answered are looked up, so a flood of idle ones
        // costs no lookups.
        if let peers, !admit(client, peers) {
            send(HTTPServerResponse.text(403, "Forbidden\n").serialized(), to: client)
            return
        }
        switch result {
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

    /// Whether the peer of `client` is `peers.uid`'s; a refusal is counted and reported.
    private func admit(_ client: Int32, _ peers: PeerFilter) -> Bool {
        let clock = ContinuousClock()
        let started = clock.now
        let owner = peers.lookup(client)
        let took = clock.now - started
        let refusal: PeerRefusal?
        switch owner {
        case .user(let uid) where uid == peers.uid: refusal = nil
        case .user(let uid): refusal = .otherUser(uid)
        case .unknown(let reason): refusal = .unknownOwner(reason)
        }
        state.withLock {
            tally.peerChecks += 1
            tally.peerCheckTime += took
            if refusal != nil { tally.peerRefusals += 1 }
        }
        if let refusal { peers.refused(refusal) }
        return refusal == nil
    }

    /// Reads until the parser has a whole request, the deadline passes or the client closes.
    private func readRequest(_ client: Int32) -> HTTPRequestParser.Parsed {
        let deadline = ContinuousClock.now + limits.readTimeout
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let remaining = ContinuousClock.now.duration(to: deadline)
            if remaining <= .zero { return .incomplete }
            var pollDescriptor = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(
                clamping: remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000
                    + 1)
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
        SocketCalls.sendAll(client, bytes)
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }
}

/// What a `LoopbackServer` has done so far: for tests, and to see a flood for what it is.
struct LoopbackServerCounters: Sendable, Equatable {
    /// Connections accepted.
    var accepted = 0
    /// Connections closed before they delivered a request, to make room for newer ones.
    var shed = 0
    /// Connections closed unanswered because no thread could be started for them.
    var unserved = 0
    /// Times `accept` failed for lack of resources and the server paused and carried on.
    var acceptFailures = 0
    /// Connections open now.
    var open = 0
    /// The most connections that were open at once.
    var peakOpen = 0
    /// Connections whose peer's owner was looked up (servers that serve one user only).
    var peerChecks = 0
    /// Of those, the ones refused with 403: another user's, or an owner that could not be found.
    var peerRefusals = 0
    /// The time all those lookups took together.
    var peerCheckTime: Duration = .zero

    init() {}
}

/// A server that serves one local user only: the peer of every connection is looked up before
/// anything is answered, and any other gets 403.
package struct PeerFilter: Sendable {
    /// The one user served.
    package var uid: UInt32
    /// Who owns a connection's peer; `PeerOwner.of` unless a test says otherwise.
    package var lookup: @Sendable (_ client: Int32) -> PeerOwner
    /// Hears of every connection refused (on the connection's thread).
    package var refused: @Sendable (PeerRefusal) -> Void

    init(
        uid: UInt32, lookup: @escaping @Sendable (Int32) -> PeerOwner = PeerOwner.of,
        refused: @escaping @Sendable (PeerRefusal) -> Void
    ) {
        self.uid = uid
        self.lookup = lookup
        self.refused = refused
    }
}

/// Why a connection to a one-user server was answered 403.
package enum PeerRefusal: Sendable, Equatable {
    /// Another local user's program connected (this uid).
    case otherUser(UInt32)
    /// Nobody could be found behind the connection, and why.
    case unknownOwner(String)
}
