#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The socket calls whose descriptors must be close-on-exec from the moment they exist. kauth
/// starts a browser while it listens; a descriptor without the flag is inherited by it, and a
/// browser that outlives a killed kauth would keep the redirect port (the next login: "port in
/// use") or a connection open. Setting the flag afterwards with `fcntl` leaves a window in which
/// another thread's spawn copies it, so on Linux the flag is given at creation.
package enum SocketCalls {
    /// `send(2)`, named through the platform module: inside types with a `send` of their own
    /// (the servers' responders) the bare name would not reach the system call.
    package static func send(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int, _ flags: Int32) -> Int {
        #if canImport(Glibc)
            return Glibc.send(fd, buffer, count, flags)
        #else
            return Darwin.send(fd, buffer, count, flags)
        #endif
    }

    /// Sends all of `bytes` on a stream socket, again after a signal interrupted the call, without
    /// SIGPIPE when the peer has gone; false when the connection broke first. A full send buffer
    /// on a non-blocking socket waits up to `waitMilliseconds` for room each time, or gives up at
    /// once with 0 (the loopback server: one slow reader must not hold the others). The one send
    /// loop of the servers and the test clients.
    @discardableResult
    package static func sendAll(_ fd: Int32, _ bytes: [UInt8], waitMilliseconds: Int32 = 0) -> Bool {
        #if canImport(Glibc)
            let flags = Int32(MSG_NOSIGNAL)
        #else
            let flags: Int32 = 0
        #endif
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + offset, $0.count - offset, flags) }
            if written < 0 && errno == EINTR { continue }
            if written < 0 && waitMilliseconds > 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                if poll(&ready, 1, waitMilliseconds) <= 0 { return false }
                continue
            }
            if written <= 0 { return false }
            offset += written
        }
        return true
    }

    /// A non-blocking, close-on-exec IPv4 stream socket. Non-blocking so that the accept loop,
    /// woken by `poll`, never blocks in `accept` when the waiting client has gone meanwhile.
    static func listeningSocket() -> Int32 {
        #if canImport(Glibc)
            return socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue | SOCK_NONBLOCK.rawValue), 0)
        #else
            // Darwin has no SOCK_CLOEXEC: the flag is set right after.
            let fd = socket(AF_INET, SOCK_STREAM, 0)
            if fd >= 0 {
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            }
            return fd
        #endif
    }

    /// Accepts one connection as a blocking, close-on-exec socket; -1 with `errno` as `accept`.
    static func accept(_ listening: Int32) -> Int32 {
        #if canImport(Glibc)
            if let accept4 = accept4Function {
                return accept4(listening, nil, nil, Int32(SOCK_CLOEXEC.rawValue))
            }
        #endif
        let fd = acceptCall(listening)
        if fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return fd
    }

    #if canImport(Glibc)
        private typealias Accept4 =
            @convention(c) (Int32, UnsafeMutablePointer<sockaddr>?, UnsafeMutablePointer<socklen_t>?, Int32) -> Int32

        /// `accept4(2)`. Glibc's Swift module leaves it out (glibc declares it only for
        /// _GNU_SOURCE), so it is looked up by name once; glibc has had it since 2.10.
        private static let accept4Function: Accept4? = {
            guard let symbol = dlsym(nil, "accept4") else { return nil }
            return unsafeBitCast(symbol, to: Accept4.self)
        }()
    #endif

    private static func acceptCall(_ listening: Int32) -> Int32 {
        #if canImport(Glibc)
            return Glibc.accept(listening, nil, nil)
        #else
            return Darwin.accept(listening, nil, nil)
        #endif
    }
}
