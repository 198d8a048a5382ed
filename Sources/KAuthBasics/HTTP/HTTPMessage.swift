#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One HTTP header line. Names compare case-insensitively through `HTTPHeaders` lookups.
package struct HTTPHeader: Sendable, Hashable {
    package var name: String
    package var value: String

    package init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    /// Whether `text` is an RFC 9110 §5.6.2 token: what a header name or a method must be.
    package static func isToken(_ text: String) -> Bool {
        !text.isEmpty
            && text.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"):
                    return true
                default:
                    return "!#$%&'*+-.^_`|~".utf8.contains(byte)
                }
            }
    }
}

extension Array where Element == HTTPHeader {
    /// The first value of the header `name`, compared case-insensitively.
    package func value(for name: String) -> String? {
        first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

/// A request as the transport sends it.
package struct HTTPRequest: Sendable, Equatable {
    package var method: String
    package var url: String
    package var headers: [HTTPHeader]
    package var body: Data?
    package var timeout: Duration
    /// CA bundle and client certificate for this request's TLS; nil: the system's defaults.
    package var tls: TLSTrust?

    package init(
        method: String, url: String, headers: [HTTPHeader] = [], body: Data? = nil, timeout: Duration = .seconds(30),
        tls: TLSTrust? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.tls = tls
    }
}

/// A response as the transport received it (redirects are not followed).
package struct HTTPResponse: Sendable, Equatable {
    package var status: Int
    package var headers: [HTTPHeader]
    package var body: Data
    /// The status line as received (`HTTP/1.1 200 OK`), when the transport keeps it.
    package var statusLine: String?

    package init(status: Int, headers: [HTTPHeader] = [], body: Data = Data(), statusLine: String? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.statusLine = statusLine
    }
}

extension HTTPResponse {
    /// The start of a body that is not the JSON expected, for a message: at most 200 bytes,
    /// without the blank space and line breaks around it (a bare "not found\n" reads as such).
    package var bodyExcerpt: String {
        let text = String(decoding: body.prefix(200), as: UTF8.self)
        let isBlank: (Character) -> Bool = { $0.isWhitespace || $0.isNewline }
        guard let first = text.firstIndex(where: { !isBlank($0) }), let last = text.lastIndex(where: { !isBlank($0) })
        else { return "" }
        return String(text[first...last])
    }
}

/// Why a request got no HTTP response at all.
package enum HTTPTransportError: Error, Sendable, Equatable {
    /// The host could not be reached (refused, unresolvable): `detail` says which.
    case connectionFailed(url: String, detail: String)
    /// The TLS handshake failed: a certificate not trusted, a CA or client certificate file that
    /// cannot be used, a client certificate refused. `detail` is libcurl's reason; `trust`, what
    /// the request trusted and presented.
    case tlsFailed(url: String, detail: String, trust: TLSTrust)
    /// No complete response within the request's timeout.
    case timedOut(url: String)
    /// The URL is not one the transport can send.
    case invalidURL(String)
    /// libcurl could not be loaded: `detail` is the loader's reason (`dlerror`).
    case libcurlMissing(detail: String)
}

/// Sends HTTP requests. The live value loads libcurl on first use, so commands that make no
/// request (`kauth token` with a valid token) never pay for networking at start-up.
package struct HTTPClient: Sendable {
    package var send: @Sendable (_ request: HTTPRequest) async throws -> HTTPResponse

    package init(send: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) {
        self.send = send
    }
}
