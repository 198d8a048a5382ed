#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Who owns the other end of an accepted loopback connection.
///
/// Any local user can connect to a port on 127.0.0.1. A listener that must serve only the user
/// who started it (the login's and the picker's) asks the kernel who made the connecting
/// socket: on loopback both ends of a TCP connection are sockets of this machine, each with its
/// owner's uid. The peer's socket is the one whose local address is the peer's address and port
/// and whose remote address is the listener's. Linux finds exactly that socket through netlink
/// `sock_diag` (one request, however many sockets the machine has); where that is not available
/// the tables `/proc/net/tcp` and `/proc/net/tcp6` (an IPv6 socket connected to an IPv4-mapped
/// address) are searched, which costs time in proportion to the sockets listed.
package enum PeerOwner: Sendable, Equatable {
    /// The uid that owns the peer's socket.
    case user(UInt32)
    /// The owner could not be found, and why (the peer closed already, the table was unreadable).
    case unknown(reason: String)

    /// Whether this system can say who owns a loopback peer. Only Linux: macOS has no public
    /// interface that names the owner of another process's TCP socket.
    static var isSupported: Bool {
        #if os(Linux)
            return true
        #else
            return false
        #endif
    }

    /// Gets what the lookups need ready while descriptors are to be had (a listener calls it
    /// before it serves: under a flood there may be none left later).
    package static func prepare() {
        #if os(Linux)
            SockDiag.prepare()
        #endif
    }

    /// The owner of the peer of the connected socket `client`.
    package static func of(_ client: Int32) -> PeerOwner {
        guard let peer = address(client, peer: true), let local = address(client, peer: false) else {
            return .unknown(
                reason: "the connection's addresses could not be read (\(String(cString: strerror(errno))))")
        }
        #if os(Linux)
            switch SockDiag.owner(peer: peer, local: local) {
            case .found(let uid): return .user(uid)
            case .none:
                return .unknown(
                    reason: "no socket on this machine is the other end of the connection (it closed already)")
            case .unavailable: break
            }
        #endif
        return lookup(
            peer: peer, local: local,
            tables: [
                ("/proc/net/tcp", { TCPTableKey.ipv4($0) }),
                ("/proc/net/tcp6", { TCPTableKey.mappedIPv6($0) })
            ])
    }

    /// The uid on the line of a `/proc/net/tcp`-format table whose local address is `peer` and
    /// whose remote address is `local`; nil when there is none. Pure, for tests. The pair is
    /// searched for as bytes, since a busy machine lists thousands of sockets.
    package static func uid(in table: String, peer: String, local: String) -> UInt32? {
        let needle = " " + peer + " " + local + " "
        // strstr: a busy machine lists thousands of sockets, and this runs for every connection.
        let rest: String? = table.withCString { text in
            needle.withCString { pattern in strstr(text, pattern).map { String(cString: $0 + needle.utf8.count) } }
        }
        guard let rest else { return nil }
        // After the pair: st, tx:rx, tr:when, retrnsmt, then uid.
        let fields = rest.prefix { $0 != "\n" }.split(separator: " ")
        guard fields.count > 4 else { return nil }
        return UInt32(fields[4])
    }

    typealias Table = (path: String, key: (SocketAddress) -> String)

    static func lookup(peer: SocketAddress, local: SocketAddress, tables: [Table]) -> PeerOwner {
        var unreadable: [String] = []
        for table in tables {
            guard let text = SystemFiles.text(of: table.path) else {
                unreadable.append(table.path)
                continue
            }
            if let uid = uid(in: text, peer: table.key(peer), local: table.key(local)) { return .user(uid) }
        }
        if !unreadable.isEmpty { return .unknown(reason: "\(unreadable.joined(separator: " and ")) could not be read") }
        return .unknown(
            reason:
                "no socket on this machine is the other end of the connection (it closed, or it is not a TCP socket of this system)"
        )
    }

    /// An IPv4 address and port, as the kernel holds them (address in network byte order).
    struct SocketAddress: Equatable {
        var address: UInt32
        var port: UInt16
    }

    static func address(_ socket: Int32, peer: Bool) -> SocketAddress? {
        var storage = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let result = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                peer ? getpeername(socket, $0, &length) : getsockname(socket, $0, &length)
            }
        }
        guard result == 0, storage.sin_family == sa_family_t(AF_INET) else { return nil }
        return SocketAddress(address: storage.sin_addr.s_addr, port: UInt16(bigEndian: storage.sin_port))
    }
}

/// How `/proc/net/tcp` and `tcp6` write an address: each 32-bit word of the address as the
/// machine reads it from memory, in upper-case hex, then `:` and the port in hex.
enum TCPTableKey {
    static func ipv4(_ address: PeerOwner.SocketAddress) -> String {
        hex(address.address, width: 8) + ":" + hex(UInt32(address.port), width: 4)
    }

    /// `::ffff:a.b.c.d`: the words 0, 0, 0x0000ffff (in network order) and the IPv4 address.
    static func mappedIPv6(_ address: PeerOwner.SocketAddress) -> String {
        "0000000000000000" + hex(UInt32(0x0000_ffff).bigEndian, width: 8) + hex(address.address, width: 8) + ":"
            + hex(UInt32(address.port), width: 4)
    }

    private static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

#if os(Linux)
    /// One `SOCK_DIAG_BY_FAMILY` request for the TCP socket with exactly the peer's address and port
    /// as its local end and the listener's as its remote end (`inet_diag_req_v2` without
    /// `NLM_F_DUMP`: the kernel looks the socket up by those four values).
    enum SockDiag {
        enum Answer: Equatable {
            case found(UInt32)
            /// The kernel knows no such socket.
            case none
            /// No answer to go by (no netlink, no `inet_diag`): look in `/proc/net/tcp` instead.
            case unavailable
        }

        private static let sockDiagByFamily: UInt16 = 20
        private static let netlinkSockDiag: Int32 = 4
        private static let noCookie: UInt32 = 0xFFFF_FFFF

        /// One netlink socket for the process, opened before it is needed (`prepare`): a listener
        /// short of descriptors, under a flood, must still be able to ask.
        private static let lock = Lock()
        nonisolated(unsafe) private static var descriptor: Int32 = -1
        nonisolated(unsafe) private static var sequence: UInt32 = 0

        /// Opens the socket now, if it is not open; a listener calls this before it serves.
        static func prepare() {
            lock.withLock { _ = openLocked() }
        }

        private static func openLocked() -> Int32 {
            if descriptor >= 0 { return descriptor }
            let fd = socket(AF_NETLINK, Int32(SOCK_DGRAM.rawValue | SOCK_CLOEXEC.rawValue), netlinkSockDiag)
            guard fd >= 0 else { return -1 }
            var timeout = timeval(tv_sec: 1, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            descriptor = fd
            return fd
        }

        static func owner(peer: PeerOwner.SocketAddress, local: PeerOwner.SocketAddress) -> Answer {
            // One request and its answer at a time on the shared socket.
            lock.withLock {
                let fd = openLocked()
                guard fd >= 0 else { return .unavailable }
                let answer = ask(fd, peer: peer, local: local)
                if answer == .unavailable {
                    // A socket in a bad state is not kept: the next lookup opens a new one.
                    close(fd)
                    descriptor = -1
                }
                return answer
            }
        }

        private static func ask(_ fd: Int32, peer: PeerOwner.SocketAddress, local: PeerOwner.SocketAddress) -> Answer {
            var request = [UInt8]()
            func put32(_ value: UInt32) { withUnsafeBytes(of: value) { request.append(contentsOf: $0) } }
            func put16(_ value: UInt16) { withUnsafeBytes(of: value) { request.append(contentsOf: $0) } }
            // struct nlmsghdr: length, type, flags (NLM_F_REQUEST), sequence, port id.
            sequence &+= 1
            let asked = sequence
            put32(72)
            put16(sockDiagByFamily)
            put16(1)
            put32(asked)
            put32(0)
            // struct inet_diag_req_v2: family, protocol, ext, pad, states (all).
            request += [UInt8(AF_INET), UInt8(IPPROTO_TCP), 0, 0]
            put32(0xFFFF_FFFF)
            // struct inet_diag_sockid: sport, dport (network order), src[4], dst[4], if, cookie[2].
            put16(peer.port.bigEndian)
            put16(local.port.bigEndian)
            put32(peer.address)
            put32(0)
            put32(0)
            put32(0)
            put32(local.address)
            put32(0)
            put32(0)
            put32(0)
            put32(0)
            put32(noCookie)
            put32(noCookie)

            // Unaddressed, a netlink message goes to the kernel.
            let sent = request.withUnsafeBytes { SocketCalls.send(fd, $0.baseAddress!, $0.count, 0) }
            guard sent == request.count else { return .unavailable }
            var answer = [UInt8](repeating: 0, count: 8192)
            let count = answer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count >= 20 else { return .unavailable }
            func read32(_ offset: Int) -> UInt32 {
                answer[offset..<(offset + 4)].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
            }
            // The answer to this request, not a late one to an earlier request that timed out.
            guard read32(8) == asked else { return .unavailable }
            let type = answer[4..<6].withUnsafeBytes { $0.loadUnaligned(as: UInt16.self) }
            if type == 2 {  // NLMSG_ERROR
                // struct nlmsgerr: a negative errno; ENOENT: no such socket.
                return Int32(bitPattern: read32(16)) == -ENOENT ? .none : .unavailable
            }
            // struct inet_diag_msg after the header: family, state, timer, retrans, sockid (48
            // bytes), expires, rqueue, wqueue, then uid.
            guard type == sockDiagByFamily, count >= 16 + 68 else { return .unavailable }
            return .found(read32(16 + 64))
        }
    }
#endif
