#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Limits that keep a local listener from being held or flooded by a misbehaving client.
package struct LoopbackServerLimits: Sendable, Equatable {
    /// Request line plus headers.
    var maxHeaderBytes: Int
    var maxBodyBytes: Int
    /// Time a connection may take to deliver its whole request (and, later, to take the answer).
    var readTimeout: Duration
    /// Connections open at once; each has a thread while it is open. When all are taken, the
    /// oldest one that has not delivered a request is closed to make room for a new one.
    var maxConnections: Int

    init(
        maxHeaderBytes: Int = 8 * 1024,
        maxBodyBytes: Int = 4 * 1024 * 1024,
        readTimeout: Duration = .seconds(10),
        maxConnections: Int = 64
    ) {
        self.maxHeaderBytes = maxHeaderBytes
        self.maxBodyBytes = maxBodyBytes
        self.readTimeout = readTimeout
        self.maxConnections = max(1, maxConnections)
    }
}

/// Parses one HTTP/1.1 request from the bytes read so far. Pure, so malformed and oversized
/// input is tested without sockets.
///
/// Strict on purpose (RFC 9112): whatever a browser sends parses, and anything ambiguous is
/// refused with 400 rather than guessed at, since the listener's clients include whoever else is
/// on the machine. Control bytes in the request line or a header, bare CR or LF, a header name
/// that is not a token, and a Content-Length that is not exactly one run of digits (or that
/// disagrees with another Content-Length) are all refused; so is a path with an invalid
/// percent-escape or one that decodes to NUL or `/`.
enum HTTPRequestParser {
    enum Parsed: Sendable {
        /// A whole request.
        case complete(HTTPServerRequest)
        /// Read more bytes and try again.
        case incomplete
        /// Answer with `status` and close: the request is malformed or too large.
        case invalid(status: Int, reason: String)
    }

    private static let headerEnd: [UInt8] = Array("\r\n\r\n".utf8)

    static func parse(_ bytes: [UInt8], limits: LoopbackServerLimits = LoopbackServerLimits()) -> Parsed {
        // A request starts with a method of capital letters. Anything else — a TLS handshake sent
        // to this plain-HTTP server by an https:// URL — is refused at once, so that the client
        // learns its scheme is wrong instead of waiting out its timeout.
        if !bytes.prefix(while: { $0 != 0x20 }).allSatisfy({ (0x41...0x5A).contains($0) }) {
            return .invalid(status: 400, reason: "not an HTTP request (a TLS handshake sent to a plain-HTTP server?)")
        }
        guard let end = firstIndex(of: headerEnd, in: bytes) else {
            return bytes.count > limits.maxHeaderBytes
                ? .invalid(status: 431, reason: "request headers larger than \(limits.maxHeaderBytes) bytes")
                : .incomplete
        }
        if end > limits.maxHeaderBytes {
            return .invalid(status: 431, reason: "request headers larger than \(limits.maxHeaderBytes) bytes")
        }
        guard let head = String(validating: bytes[..<end], as: UTF8.self) else {
            return .invalid(status: 400, reason: "request head is not UTF-8")
        }
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: false)
        guard requestLine.count == 3,
            !requestLine[0].isEmpty,
            requestLine[0].allSatisfy({ $0.isASCII && $0.isUppercase }),
            requestLine[1].hasPrefix("/"),
            !requestLine[1].unicodeScalars.contains(where: { isControl($0) || $0 == "\t" }),
            requestLine[2] == "HTTP/1.1" || requestLine[2] == "HTTP/1.0"
        else {
            return .invalid(status: 400, reason: "malformed request line")
        }
        let target = String(requestLine[1])
        guard HTTPRequestTarget.decodedPath(of: target) != nil else {
            return .invalid(
                status: 400, reason: "malformed path: an invalid percent-escape, or an encoded NUL or slash")
        }
        var headers: [HTTPHeader] = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":"), HTTPHeader.isToken(String(line[..<colon])) else {
                return .invalid(status: 400, reason: "malformed header line")
            }
            let value = line[line.index(after: colon)...]
            // HTAB is the only control byte a field value may hold; NUL, a bare CR or LF, or
            // DEL in one is an attempt to make two parsers disagree.
            if value.unicodeScalars.contains(where: isControl) {
                return .invalid(status: 400, reason: "control character in a header value")
            }
            headers.append(HTTPHeader(String(line[..<colon]), value.trimmingWhitespace()))
        }
        if headers.value(for: "Transfer-Encoding") != nil {
            return .invalid(status: 501, reason: "chunked request bodies are not supported")
        }
        var length = 0
        let lengths = headers.filter { $0.name.lowercased() == "content-length" }.map(\.value)
        if let first = lengths.first {
            // Repeated with the same value is harmless (RFC 9112 §6.3); anything else means two
            // parsers could read two different bodies.
            guard lengths.allSatisfy({ $0 == first }), let value = decimal(first) else {
                return .invalid(status: 400, reason: "invalid Content-Length")
            }
            length = value
        }
        if length > limits.maxBodyBytes {
            return .invalid(status: 413, reason: "request body larger than \(limits.maxBodyBytes) bytes")
        }
        let bodyStart = end + headerEnd.count
        guard bytes.count - bodyStart >= length else { return .incomplete }
        return .complete(
            HTTPServerRequest(
                method: String(requestLine[0]),
                target: target,
                headers: headers,
                body: Data(bytes[bodyStart..<(bodyStart + length)])
            ))
    }

    /// `1*DIGIT` (RFC 9110 §8.6) as an Int; nil for a sign, a space, any other character, or a
    /// value that does not fit.
    static func decimal(_ text: String) -> Int? {
        guard !text.isEmpty else { return nil }
        var value = 0
        for byte in text.utf8 {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            if overflow1 || overflow2 { return nil }
            value = sum
        }
        return value
    }

    /// C0 controls and DEL, except HTAB (which header values may contain).
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F
    }

    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count)
        where haystack[start] == needle[0] && haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }
}
