import KAuthBasics

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The one place where the transport's own failures (`HTTPTransportError`, which knows nothing of
/// kauth's errors) become `KAuthError`s: every request the core sends goes through `perform`.
extension HTTPClient {
    /// Sends and turns transport failures into `KAuthError.unavailable` (exit 5) with the URL
    /// (secrets redacted) and the reason.
    package func perform(_ request: HTTPRequest) async throws -> HTTPResponse {
        do {
            return try await send(request)
        } catch let error as HTTPTransportError {
            switch error {
            case .connectionFailed(let url, let detail)
            where url.lowercased().hasPrefix("https://") && Self.answeredInPlainHTTP(detail):
                // Not a network fault, and retrying cannot help: the URL's scheme is wrong.
                throw KAuthError.plainHTTPServer(url: Redaction.url(url))
            case .connectionFailed(let url, let detail):
                throw KAuthError.unavailable(.unreachable(url: Redaction.url(url), detail: detail))
            case .tlsFailed(let url, let detail, _)
            where url.lowercased().hasPrefix("https://") && Self.answeredInPlainHTTP(detail):
                // The handshake failed because there was no TLS at all, not over certificates.
                throw KAuthError.plainHTTPServer(url: Redaction.url(url))
            case .tlsFailed(let url, let detail, let trust):
                throw KAuthError.tlsFailed(url: Redaction.url(url), detail: detail, trust: trust)
            case .timedOut(let url):
                throw KAuthError.unavailable(.noAnswer(url: Redaction.url(url)))
            case .invalidURL(let url):
                throw KAuthError.invalidSetting(
                    name: "URL", value: Redaction.url(url), expected: ["an http or https URL"])
            case .libcurlMissing(let detail):
                throw KAuthError.httpUnavailable(libcurlMissing: detail)
            }
        }
    }
}

extension HTTPClient {
    /// What the TLS libraries say when the "TLS" server answered in plain HTTP: OpenSSL reads the
    /// first bytes of `HTTP/1.1 …` as a record of an unknown version, GnuTLS as an unexpected
    /// packet.
    static func answeredInPlainHTTP(_ detail: String) -> Bool {
        let lowered = detail.lowercased()
        return ["wrong version number", "packet length too long", "unexpected tls packet", "record layer failure"]
            .contains { lowered.contains($0) }
    }
}
