#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Who owns the other end of an accepted loopback connection.
///
/// Any local user can connect to a port on 127.0.0.1. A listener that must serve only the user
/// who started it (the login's and the picker's) asks the kernel who made the connecting
/// socket: on loopback both ends of a TCP connection are sockets of this machine, and Linux lists
/// each with its owner's uid in `/proc/net/tcp` (`/proc/net/tcp6` for an IPv6 socket connected to
/// an IPv4-mapped address). The peer's socket is the one whose local address is the peer's
/// address and port and whose remote address is the listener's.
package enum PeerOwner: Sendable, Equatable {
    /// The uid that owns the peer's socket.
    case user(UInt32)
    /// The owner could not be found, and why (the peer closed already, the table was unreadable).
    case unknown(reason: String)

    /// Whether this system can say who owns a loopback peer. Only Linux: macOS has no public
    /// interface that names the owner of another process's TCP socket.
    package static var isSupported: Bool {
        #if os(Linux)
        return true
        #else
        return false
        #endif
    }

    /// The owner of the peer of the connected socket `client`.
    package static func of(_ client: Int32) -> PeerOwner {
        guard let peer = address(client, peer: true), let local = address(client, peer: false) else {
            return .unknown(reason: "the connection's addresses could not be read (\(String(cString: strerror(errno))))")
        }
        return lookup(peer: peer, local: local, tables: [
            ("/proc/net/tcp", { TCPTableKey.ipv4($0) }),
            ("/proc/net/tcp6", { TCPTableKey.mappedIPv6($0) }),
        ])
    }

    /// The uid on the line of a `/proc/net/tcp`-format table whose local address is `peer` and
    /// whose remote address is `local`; nil when there is none. Pure, for tests.
    package static func uid(in table: String, peer: String, local: String) -> UInt32? {
        for line in table.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count > 7, fields[1] == peer, fields[2] == local else { continue }
            return UInt32(fields[7])
        }
        return nil
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
        return .unknown(reason: "no socket on this machine is the other end of the connection (it closed, or it is not a TCP socket of this system)")
    }

    /// An IPv4 address and port, as the kernel holds them (address in network byte order).
    struct SocketAddress: Equatable {
        var address: UInt32
        var port: UInt16
    }

    private static func address(_ socket: Int32, peer: Bool) -> SocketAddress? {
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
