import Foundation
import KAuthBasics

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Sends raw bytes to a loopback port and returns everything the server answers until it closes.
/// Used to test what a browser or an attacker could send, byte for byte.
package enum RawSocketClient {
    /// `exchange` on a thread of its own, for answers that come late (the listener answers a
    /// code's request only once the login concludes): a blocking read on Swift's cooperative
    /// pool, which has one thread per core, could starve the very tasks it waits for.
    package static func exchangeInBackground(port: UInt16, _ request: String) async -> String {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: exchange(port: port, request)) }
            thread.start()
        }
    }

    package static func exchange(port: UInt16, _ bytes: [UInt8], closeWriteAfterSending: Bool = false) -> String {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        precondition(fd >= 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { return "" }
        SocketCalls.sendAll(fd, bytes)
        if closeWriteAfterSending { shutdown(fd, Int32(SHUT_WR)) }
        var response: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            response.append(contentsOf: chunk[0..<count])
        }
        return String(decoding: response, as: UTF8.self)
    }

    package static func exchange(port: UInt16, _ text: String, closeWriteAfterSending: Bool = false) -> String {
        exchange(port: port, Array(text.utf8), closeWriteAfterSending: closeWriteAfterSending)
    }
}
