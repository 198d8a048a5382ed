#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading the system's own small text files (`/proc` tables, desktop settings), which live code
/// consults to decide something and never writes.
enum SystemFiles {
    /// The whole file as text, or nil when it cannot be read. procfs files report no size, so
    /// the file is read to its end.
    static func text(of path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `path` exists (links followed).
    static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }
}
