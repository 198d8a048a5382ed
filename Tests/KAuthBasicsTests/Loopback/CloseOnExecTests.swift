import Foundation
import KAuthTestSupport
import Testing

@testable import KAuthBasics

#if canImport(Glibc)
    import Glibc
#endif

/// kauth starts a browser while it listens. Without close-on-exec, the browser inherits the
/// listening socket and keeps the port after kauth is gone (the next login: "port in use").
/// These look at this process's descriptors through /proc, so they run on Linux only.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd")))
struct CloseOnExecTests {
    @Test func theListeningAndAcceptedSocketsAreCloseOnExec() throws {
        let server = try LoopbackServer { _ in .text(200, "ok") }
        server.start()
        defer { server.stop() }
        let client = try #require(RawConnection.open(port: server.port))
        client.send("GET /callback HTTP/1.1\r\n")
        #expect(eventually { server.counters.accepted == 1 })
        let descriptors = SocketDescriptors.matching { $0.localPort == server.port }
        #expect(descriptors.count == 2, "the listening socket and the accepted one")
        for descriptor in descriptors {
            #expect(fcntl(descriptor, F_GETFD) & FD_CLOEXEC != 0, "descriptor \(descriptor)")
        }
    }

    @Test func aProgramStartedMeanwhileInheritsNoSocketOfTheServer() throws {
        let server = try LoopbackServer { _ in .text(200, "ok") }
        server.start()
        defer { server.stop() }
        let client = try #require(RawConnection.open(port: server.port))
        client.send("GET /callback HTTP/1.1\r\n")
        #expect(eventually { server.counters.accepted == 1 })
        let inodes = SocketDescriptors.inodes { $0.localPort == server.port }
        #expect(inodes.count == 2)
        // posix_spawn as the browser launcher does, without Foundation's Process (which closes
        // every descriptor itself and would hide a leak).
        let listing = try spawnAndCapture(["/bin/sh", "-c", "exec ls -l /proc/self/fd"])
        #expect(listing.contains("/proc") || listing.contains("->"), "the child listed its descriptors: \(listing)")
        for inode in inodes {
            #expect(!listing.contains("socket:[\(inode)]"), "the child holds one of the server's sockets:\n\(listing)")
        }
    }

    @Test func libcurlConnectionsAreCloseOnExec() async throws {
        let server = try LoopbackServer { request in
            // libcurl's connection is open in this process while it waits for this answer.
            let port = request.headers.value(for: "Host")?.split(separator: ":").last.flatMap { UInt16($0) }
            let descriptors = SocketDescriptors.matching { $0.remotePort == port }
            let flags = descriptors.map { fcntl($0, F_GETFD) & FD_CLOEXEC != 0 ? "cloexec" : "inheritable" }
            return .text(200, flags.joined(separator: ","))
        }
        server.start()
        defer { server.stop() }
        let response = try await HTTPClient.live.send(HTTPRequest(method: "GET", url: server.baseURL + "/probe"))
        #expect(String(decoding: response.body, as: UTF8.self) == "cloexec")
    }
}

/// This process's TCP sockets, from /proc/net/tcp and /proc/self/fd.
enum SocketDescriptors {
    struct Endpoint {
        var localPort: UInt16
        var remotePort: UInt16
        var inode: String
    }

    static func inodes(where predicate: (Endpoint) -> Bool) -> Set<String> {
        let table = String(
            decoding: (FileHandle(forReadingAtPath: "/proc/net/tcp")?.readDataToEndOfFile()) ?? Data(), as: UTF8.self)
        var result: Set<String> = []
        for line in table.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count > 9,
                let local = fields[1].split(separator: ":").last.flatMap({ UInt16($0, radix: 16) }),
                let remote = fields[2].split(separator: ":").last.flatMap({ UInt16($0, radix: 16) })
            else { continue }
            let endpoint = Endpoint(localPort: local, remotePort: remote, inode: String(fields[9]))
            if endpoint.inode != "0" && predicate(endpoint) { result.insert(endpoint.inode) }
        }
        return result
    }

    /// The descriptors of this process that are sockets matching `predicate`.
    static func matching(_ predicate: (Endpoint) -> Bool) -> [Int32] {
        let wanted = Set(inodes(where: predicate).map { "socket:[\($0)]" })
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return entries.compactMap { entry in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + entry),
                wanted.contains(target)
            else { return nil }
            return Int32(entry)
        }
    }
}

/// Runs `argv` with posix_spawn (inheriting every descriptor not marked close-on-exec) and
/// returns its standard output.
func spawnAndCapture(_ argv: [String]) throws -> String {
    let output = NSTemporaryDirectory() + "kauth-spawn-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: output) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    var arguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) }
    arguments.append(nil)
    defer { arguments.forEach { free($0) } }
    var pid = pid_t()
    let status = posix_spawn(&pid, argv[0], &actions, nil, arguments, environ)
    guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO) }
    var exit: Int32 = 0
    while waitpid(pid, &exit, 0) < 0 && errno == EINTR {}
    return try String(contentsOfFile: output, encoding: .utf8)
}
