#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Limits that keep a local listener from being held or flooded by a misbehaving client.
package struct LoopbackServerLimits: Sendable, Equatable {
    /// Request line plus headers.
    package var maxHeaderBytes: Int
    package var maxBodyBytes: Int
    /// Time a connection may take to deliver its whole request (and, later, to take the answer).
    package var readTimeout: Duration
    /// Connections open at once; each has a thread while it is open. When all are taken, the
    /// oldest one that has not delivered a request is closed to make room for a new one.
    package var maxConnections: Int

    package init(
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
package enum HTTPRequestParser {
    package enum Result: Sendable {
        /// A whole request.
        case complete(HTTPServerRequest)
        /// Read more bytes and try again.
        case incomplete
        /// Answer with `status` and close: the request is malformed or too large.
        case invalid(status: Int, reason: String)
    }

    private static let headerEnd: [UInt8] = Array("\r\n\r\n".utf8)

    package static func parse(_ bytes: [UInt8], limits: LoopbackServerLimits = LoopbackServerLimits()) -> Result {
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
              requestLine[2] == "HTTP/1.1" || requestLine[2] == "HTTP/1.0"
        else {
            return .invalid(status: 400, reason: "malformed request line")
        }
        var headers: [HTTPHeader] = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
                  !line[..<colon].contains(where: { $0 == " " || $0 == "\t" })
            else {
                return .invalid(status: 400, reason: "malformed header line")
            }
            let value = line[line.index(after: colon)...].trimmingWhitespace()
            headers.append(HTTPHeader(String(line[..<colon]), value))
        }
        if headers.value(for: "Transfer-Encoding") != nil {
            return .invalid(status: 501, reason: "chunked request bodies are not supported")
        }
        var length = 0
        if let text = headers.value(for: "Content-Length") {
            guard let value = Int(text), value >= 0 else {
                return .invalid(status: 400, reason: "invalid Content-Length")
            }
            length = value
        }
        if length > limits.maxBodyBytes {
            return .invalid(status: 413, reason: "request body larger than \(limits.maxBodyBytes) bytes")
        }
        let bodyStart = end + headerEnd.count
        guard bytes.count - bodyStart >= length else { return .incomplete }
        return .complete(HTTPServerRequest(
            method: String(requestLine[0]),
            target: String(requestLine[1]),
            headers: headers,
            body: Data(bytes[bodyStart..<(bodyStart + length)])
        ))
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
