import CCurl

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension HTTPClient {
    /// The real network: libcurl, loaded with `dlopen` the first time a request is sent (see
    /// `Sources/CCurl`). Redirects are returned, not followed; proxies come from the usual
    /// environment variables (`https_proxy`, `NO_PROXY`, ...), except that loopback URLs are
    /// always sent directly; TLS is verified. A POST, PUT or PATCH without a body carries
    /// `Content-Length: 0`; no Content-Type is added that the request does not have.
    package static let live = HTTPClient { request in
        try await CurlTransport.send(request)
    }
}

/// Sends `HTTPRequest`s through the `CCurl` shim and maps its results to `HTTPResponse` and
/// `HTTPTransportError`.
enum CurlTransport {
    static func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        // Checked before a thread is started for nothing, and because a header value taken
        // from a server's answer (a token) must never be able to add lines to our request.
        try validate(request)
        let lines = try headerLines(for: request)
        return try await withCheckedThrowingContinuation { continuation in
            // curl_easy_perform blocks for up to the request's timeout. Blocking a thread of
            // Swift's cooperative pool (one per core: two here) would stall every other task,
            // so each request gets a thread of its own; kauth sends a handful at most.
            do throws(ThreadStartError) {
                try startThread {
                    continuation.resume(with: Result { try perform(request, headerLines: lines) })
                }
            } catch {
                continuation.resume(
                    throwing: HTTPTransportError.connectionFailed(
                        url: request.url, detail: "no thread for the request: \(error.reason)"))
            }
        }
    }

    /// The blocking part; runs on its own thread.
    static func perform(_ request: HTTPRequest, headerLines lines: [String]) throws -> HTTPResponse {
        var result = kauth_http_result()
        defer { kauth_http_result_free(&result) }

        let cLines = lines.map { strdup($0) }
        defer { cLines.forEach { free($0) } }
        let linePointers = cLines.map { UnsafePointer<CChar>($0) }
        if linePointers.contains(where: { $0 == nil }) {
            throw HTTPTransportError.connectionFailed(url: request.url, detail: "out of memory")
        }

        let body = request.body ?? Data()
        let trust: [UnsafeMutablePointer<CChar>?] = [
            request.tls?.caFile, request.tls?.clientCertificate, request.tls?.clientKey
        ].map { $0.flatMap { strdup($0) } }
        defer { trust.forEach { free($0) } }
        var tls = kauth_http_tls(
            ca_file: trust[0].map { UnsafePointer($0) }, client_cert: trust[1].map { UnsafePointer($0) },
            client_key: trust[2].map { UnsafePointer($0) })
        _ = linePointers.withUnsafeBufferPointer { linesBuffer in
            body.withUnsafeBytes { bodyBytes in
                kauth_http_perform(
                    request.method, request.url,
                    linesBuffer.baseAddress, linesBuffer.count,
                    bodyBytes.baseAddress, bodyBytes.count,
                    timeoutMilliseconds(request.timeout),
                    &tls,
                    &result
                )
            }
        }

        let message = withUnsafeBytes(of: result.message) { bytes in
            String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        switch result.error {
        case KAUTH_HTTP_OK:
            let rawHeaders = bytes(of: result.headers)
            return HTTPResponse(
                status: result.status,
                headers: parseHeaders(rawHeaders),
                body: bytes(of: result.body),
                statusLine: statusLine(rawHeaders)
            )
        case KAUTH_HTTP_TIMED_OUT:
            throw HTTPTransportError.timedOut(url: request.url)
        case KAUTH_HTTP_INVALID_URL:
            throw HTTPTransportError.invalidURL(request.url)
        case KAUTH_HTTP_TLS_FAILED:
            throw HTTPTransportError.tlsFailed(url: request.url, detail: message, trust: request.tls ?? TLSTrust())
        case KAUTH_HTTP_UNAVAILABLE:
            throw HTTPTransportError.libcurlMissing(detail: message)
        default:
            // Connect, resolve and TLS failures, and the rarer ones (reset mid-response,
            // response too large) alike: no HTTP response came back, curl's message says why.
            throw HTTPTransportError.connectionFailed(url: request.url, detail: message)
        }
    }

    /// "Name: value" lines in libcurl's convention.
    static func headerLines(for request: HTTPRequest) throws -> [String] {
        try request.headers.map { header in
            let name = header.name
            guard HTTPHeader.isToken(name) else {
                throw invalidRequest(request, "header name \"\(name)\" is not a valid HTTP token")
            }
            guard !header.value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }) else {
                throw invalidRequest(request, "the value of header \(name) contains a line break")
            }
            let value = header.value.trimmingWhitespace()
            // libcurl reads "Name:" with nothing after it as "remove this header"; "Name;" is
            // its spelling of a header sent with an empty value.
            return value.isEmpty ? "\(name);" : "\(name): \(value)"
        }
    }

    static func validate(_ request: HTTPRequest) throws {
        let method = request.method
        guard HTTPHeader.isToken(method) else {
            throw invalidRequest(request, "method \"\(method)\" is not a valid HTTP token")
        }
        // A NUL would silently cut the URL short on its way to C.
        guard !request.url.utf8.contains(0) else { throw HTTPTransportError.invalidURL(request.url) }
    }

    /// The final response's status line (after any `100 Continue`), without its line end.
    static func statusLine(_ raw: Data) -> String? {
        raw.split(separator: UInt8(ascii: "\n"))
            .map { String(decoding: $0.last == UInt8(ascii: "\r") ? $0.dropLast() : $0, as: UTF8.self) }
            .last { $0.hasPrefix("HTTP/") }
    }

    /// Headers of the final response from raw header bytes: the status line skipped, CRLF or
    /// LF line ends, obsolete line folding (RFC 9112 §5.2) joined with a single space.
    static func parseHeaders(_ raw: Data) -> [HTTPHeader] {
        var headers: [HTTPHeader] = []
        // Split on bytes: to Swift's String "\r\n" is one Character, which "\n" never matches.
        for rawLine in raw.split(separator: UInt8(ascii: "\n")) {
            let trimmed = rawLine.last == UInt8(ascii: "\r") ? rawLine.dropLast() : rawLine
            let line = Substring(String(decoding: trimmed, as: UTF8.self))
            if line.isEmpty || line.hasPrefix("HTTP/") { continue }
            if line.first == " " || line.first == "\t" {
                let continuation = line.trimmingWhitespace()
                if !headers.isEmpty, !continuation.isEmpty {
                    let last = headers.count - 1
                    headers[last].value =
                        headers[last].value.isEmpty
                        ? continuation : headers[last].value + " " + continuation
                }
                continue
            }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingWhitespace()
            let value = line[line.index(after: colon)...].trimmingWhitespace()
            guard !name.isEmpty else { continue }
            headers.append(HTTPHeader(name, value))
        }
        return headers
    }

    /// The timeout in whole milliseconds, rounded up so that a positive timeout never becomes
    /// libcurl's 0 ("no timeout"); zero or negative durations become 1 ms.
    static func timeoutMilliseconds(_ timeout: Duration) -> Int {
        let (seconds, attoseconds) = timeout.components
        guard seconds >= 0, seconds > 0 || attoseconds > 0 else { return 1 }
        let perMillisecond: Int64 = 1_000_000_000_000_000
        let (total, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        if overflow { return Int(Int32.max) }
        let milliseconds = total + (attoseconds + perMillisecond - 1) / perMillisecond
        return Int(clamping: max(1, min(milliseconds, Int64(Int32.max))))
    }

    private static func bytes(of buffer: kauth_http_buffer) -> Data {
        guard let start = buffer.bytes, buffer.length > 0 else { return Data() }
        return Data(bytes: start, count: buffer.length)
    }

    private static func invalidRequest(_ request: HTTPRequest, _ reason: String) -> HTTPTransportError {
        // HTTPTransportError has no case for a malformed request; "no response, and why" is
        // what connectionFailed carries, so the reason goes there, marked as never sent.
        .connectionFailed(url: request.url, detail: "request not sent: \(reason)")
    }

}
