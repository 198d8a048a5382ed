import Foundation
import KAuthTestSupport
import Testing

@testable import KAuthBasics

/// The listeners' second defence: a connection whose peer is not the user's own gets 403 and
/// nothing else. The cross-user end-to-end tests try it with a real second uid.
@Suite struct PeerOwnerTests {
    /// `/proc/net/tcp` as Linux writes it: both ends of a loopback connection are listed; the
    /// peer's line is the one whose local address is the peer's.
    static let table = """
          sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
           0: 0100007F:CF14 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1 1 0000000000000000 100 0 0 10 0
           1: 0100007F:CF14 0100007F:9C40 01 00000000:00000000 00:00000000 00000000     0        0 2 1 0000000000000000 20 4 30 10 -1
           2: 0100007F:9C40 0100007F:CF14 01 00000000:00000000 00:00000000 00000000  1001        0 3 1 0000000000000000 20 4 30 10 -1
        """

    @Test func thePeersLineIsTheOneWhoseLocalAddressIsThePeers() {
        let peer = TCPTableKey.ipv4(.init(address: UInt32(0x7F00_0001).bigEndian, port: 40000))
        let listener = TCPTableKey.ipv4(.init(address: UInt32(0x7F00_0001).bigEndian, port: 53012))
        #expect(peer == "0100007F:9C40" && listener == "0100007F:CF14")
        #expect(PeerOwner.uid(in: Self.table, peer: peer, local: listener) == 1001)
        // The listener's own end of the connection is not the peer.
        #expect(PeerOwner.uid(in: Self.table, peer: listener, local: peer) == 0)
        #expect(PeerOwner.uid(in: Self.table, peer: "0100007F:0001", local: listener) == nil)
        #expect(
            TCPTableKey.mappedIPv6(.init(address: UInt32(0x7F00_0001).bigEndian, port: 40000))
                == "0000000000000000FFFF00000100007F:9C40")
    }

    /// This process's own connection is found, with this process's uid.
    @Test(.enabled(if: PeerOwner.isSupported)) func aRealConnectionIsFoundWithItsOwner() throws {
        let owners = OwnerLog()
        let server = try LoopbackServer(
            peers: PeerFilter(
                uid: geteuid(),
                lookup: { client in
                    let owner = PeerOwner.of(client)
                    owners.add(owner)
                    #if os(Linux)
                        // Both ways of asking agree: netlink sock_diag, and the /proc/net tables.
                        if let peer = PeerOwner.address(client, peer: true),
                            let local = PeerOwner.address(client, peer: false)
                        {
                            owners.add(
                                SockDiag.owner(peer: peer, local: local) == .found(geteuid())
                                    ? .user(geteuid()) : .unknown(reason: "sock_diag"))
                            owners.add(
                                PeerOwner.lookup(
                                    peer: peer, local: local, tables: [("/proc/net/tcp", { TCPTableKey.ipv4($0) })]))
                        }
                    #endif
                    return owner
                }, refused: { _ in })
        ) { request, send in send(.text(200, "ok")) }
        server.start()
        defer { server.stop() }
        let response = RawSocketClient.exchange(port: server.port, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(response.hasPrefix("HTTP/1.1 200 "))
        #expect(owners.all == [.user(geteuid()), .user(geteuid()), .user(geteuid())])
        #expect(server.counters.peerChecks == 1 && server.counters.peerRefusals == 0)
    }

    /// Another user's connection, and one whose owner cannot be found, hear 403 and nothing
    /// more: the handler never sees the request, whatever it asked for.
    @Test(arguments: [PeerOwner.user(geteuid() &+ 1), .unknown(reason: "it closed")])
    func anyoneElseGetsA403AndNothingElse(owner: PeerOwner) throws {
        let calls = Counter()
        let refusals = RefusalLog()
        let server = try LoopbackServer(
            peers: PeerFilter(uid: geteuid(), lookup: { _ in owner }, refused: { refusals.add($0) })
        ) { request, send in
            calls.increment()
            send(.redirect("https://provider.example/authorize?state=secret"))
        }
        server.start()
        defer { server.stop() }
        for request in ["GET /start/abc HTTP/1.1\r\nHost: x\r\n\r\n", "NONSENSE\r\n\r\n"] {
            let response = RawSocketClient.exchange(port: server.port, request)
            #expect(response.hasPrefix("HTTP/1.1 403 "))
            #expect(!response.contains("secret") && !response.contains("Location"))
        }
        #expect(calls.value == 0)
        switch owner {
        case .user(let uid): #expect(refusals.all == [.otherUser(uid), .otherUser(uid)])
        case .unknown(let reason): #expect(refusals.all == [.unknownOwner(reason), .unknownOwner(reason)])
        }
        #expect(server.counters.peerRefusals == 2)
    }

    /// What the lookup costs: `KAUTH_MEASURE_PEER_LOOKUP=N` times N connections, with 2,000 idle
    /// connections of another socket table's worth open beside them, and prints the figures.
    @Test(
        .enabled(if: PeerOwner.isSupported && ProcessInfo.processInfo.environment["KAUTH_MEASURE_PEER_LOOKUP"] != nil))
    func measureTheLookup() throws {
        let count = Int(ProcessInfo.processInfo.environment["KAUTH_MEASURE_PEER_LOOKUP"] ?? "") ?? 200
        // The tables alone: what a machine without netlink sock_diag pays.
        let tables: @Sendable (Int32) -> PeerOwner = { client in
            guard let peer = PeerOwner.address(client, peer: true), let local = PeerOwner.address(client, peer: false)
            else { return .unknown(reason: "") }
            return PeerOwner.lookup(peer: peer, local: local, tables: [("/proc/net/tcp", { TCPTableKey.ipv4($0) })])
        }
        for (way, lookup) in [("sock_diag or the tables", PeerOwner.of), ("/proc/net/tcp alone", tables)]
            as [(String, @Sendable (Int32) -> PeerOwner)]
        {
            // Idle connections are answered 408 after 10 s, each checked: only sock_diag is timed with them.
            for idle in way.hasPrefix("sock_diag") ? [0, 2000] : [0] {
                let server = try LoopbackServer(
                    limits: LoopbackServerLimits(maxConnections: 4096),
                    peers: PeerFilter(uid: geteuid(), lookup: lookup, refused: { _ in })
                ) { _, send in
                    send(.text(200, "ok"))
                }
                server.start()
                // Connections that hold a socket each and send nothing: lines in the table, no lookups.
                let holders = (0..<idle).compactMap { _ in RawConnection.open(port: server.port) }
                for _ in 0..<count {
                    _ = RawSocketClient.exchange(port: server.port, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
                }
                let counters = server.counters
                _ = holders
                server.stop()
                let lines = (SystemFiles.text(of: "/proc/net/tcp") ?? "").split(separator: "\n").count
                let each = counters.peerCheckTime / max(1, counters.peerChecks)
                print(
                    "peer lookup through \(way): \(counters.peerChecks) connections checked with \(idle) idle ones open (\(lines) lines in /proc/net/tcp afterwards): \(counters.peerCheckTime) in all, \(each) each"
                )
                #expect(counters.peerChecks == count && counters.peerRefusals == 0)
            }
        }
    }
}

private final class OwnerLog: @unchecked Sendable {
    private let lock = NSLock()
    private var owners: [PeerOwner] = []
    func add(_ owner: PeerOwner) { lock.withLock { owners.append(owner) } }
    var all: [PeerOwner] { lock.withLock { owners } }
}

private final class RefusalLog: @unchecked Sendable {
    private let lock = NSLock()
    private var refusals: [PeerRefusal] = []
    func add(_ refusal: PeerRefusal) { lock.withLock { refusals.append(refusal) } }
    var all: [PeerRefusal] { lock.withLock { refusals } }
}
