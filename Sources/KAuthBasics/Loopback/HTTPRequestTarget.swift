/// The path of a request target (`origin-form`: path plus optional `?query`, RFC 9112 §3.2.1).
enum HTTPRequestTarget {
    /// The path as sent, before any `?`.
    static func rawPath(of target: String) -> Substring {
        target.prefix { $0 != "?" }
    }

    /// The path with each `%XX` decoded once, or nil when it cannot stand for one path: an
    /// escape that is not `%` and two hex digits, an escaped NUL (which C code would cut the
    /// path at) or `/` (which would make `a%2Fb` one segment to one reader and two to another),
    /// or bytes that are not UTF-8. A browser percent-encodes what a redirect URI's path holds
    /// beyond plain ASCII, so a handler compares decoded paths.
    static func decodedPath(of target: String) -> String? {
        let raw = Array(rawPath(of: target).utf8)
        guard raw.contains(UInt8(ascii: "%")) else { return String(decoding: raw, as: UTF8.self) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            guard raw[index] == UInt8(ascii: "%") else {
                bytes.append(raw[index])
                index += 1
                continue
            }
            guard index + 2 < raw.count, let high = FormURLEncoding.hexValue(raw[index + 1]),
                let low = FormURLEncoding.hexValue(raw[index + 2])
            else {
                return nil
            }
            let byte = high << 4 | low
            if byte == 0 || byte == UInt8(ascii: "/") { return nil }
            bytes.append(byte)
            index += 3
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
