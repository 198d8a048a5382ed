#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A request received by `LoopbackServer`.
package struct HTTPServerRequest: Sendable {
    package var method: String
    /// The request target exactly as sent: path plus optional `?query`.
    package var target: String
    package var headers: [HTTPHeader]
    package var body: Data

    package init(method: String, target: String, headers: [HTTPHeader] = [], body: Data = Data()) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
    }

    /// The target's path, percent-decoded once (`/caf%C3%A9` is `/café`). The parser refuses a
    /// request whose path cannot be decoded (see `HTTPRequestTarget.decodedPath`); for a value
    /// built by hand with such a path, this is the raw path.
    package var path: String {
        HTTPRequestTarget.decodedPath(of: target) ?? rawPath
    }

    /// The target's path exactly as sent, escapes and all.
    var rawPath: String {
        String(HTTPRequestTarget.rawPath(of: target))
    }

    /// The decoded query parameters, in order.
    package var query: [(String, String)] {
        guard let mark = target.firstIndex(of: "?") else { return [] }
        return FormURLEncoding.decode(String(target[target.index(after: mark)...]))
    }

    /// The decoded `application/x-www-form-urlencoded` body parameters.
    package var form: [(String, String)] {
        FormURLEncoding.decode(String(decoding: body, as: UTF8.self))
    }
}

/// A response for `LoopbackServer` to send: the same value the client side receives.
/// `Content-Length` and `Connection: close` are added when it is sent.
package typealias HTTPServerResponse = HTTPResponse

extension HTTPResponse {
    /// A UTF-8 HTML page. Pages are never cached and may not be framed.
    package static func html(_ status: Int, _ page: String) -> HTTPServerResponse {
        HTTPServerResponse(
            status: status,
            headers: [
                HTTPHeader("Content-Type", "text/html; charset=utf-8"),
                HTTPHeader("Cache-Control", "no-store"),
                HTTPHeader("X-Frame-Options", "DENY"),
                HTTPHeader("Referrer-Policy", "no-referrer")
            ],
            body: Data(page.utf8)
        )
    }

    /// A plain-text response.
    package static func text(_ status: Int, _ text: String) -> HTTPServerResponse {
        HTTPServerResponse(
            status: status,
            headers: [HTTPHeader("Content-Type", "text/plain; charset=utf-8")],
            body: Data(text.utf8)
        )
    }

    /// A JSON response (`Cache-Control: no-store`, as RFC 6749 §5.1 asks of token responses).
    package static func json(_ status: Int, _ body: Data) -> HTTPServerResponse {
        HTTPServerResponse(
            status: status,
            headers: [
                HTTPHeader("Content-Type", "application/json;charset=UTF-8"),
                HTTPHeader("Cache-Control", "no-store"),
                HTTPHeader("Pragma", "no-cache")
            ],
            body: body
        )
    }

    /// A `302 Found` to `location`.
    package static func redirect(_ location: String) -> HTTPServerResponse {
        HTTPServerResponse(status: 302, headers: [HTTPHeader("Location", location)])
    }

    /// The reason phrase for the status line.
    static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 204: return "No Content"
        case 302: return "Found"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 408: return "Request Timeout"
        case 411: return "Length Required"
        case 413: return "Content Too Large"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 503: return "Service Unavailable"
        default: return "Status \(status)"
        }
    }

    /// The bytes on the wire.
    func serialized() -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        for header in headers {
            head += "\(header.name): \(header.value)\r\n"
        }
        head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + Array(body)
    }
}
