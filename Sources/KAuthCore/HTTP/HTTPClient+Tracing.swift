#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension HTTPClient {
    /// The same client, tracing each exchange to `log` with every secret redacted (`--verbose`).
    package func traced(to log: @escaping @Sendable (String) -> Void) -> HTTPClient {
        let inner = self
        return HTTPClient { request in
            var lines = ["> \(request.method) \(Redaction.url(request.url))"]
            lines += request.headers.map { "> " + Redaction.header($0) }
            if let body = request.body, !body.isEmpty {
                lines.append("> " + Redaction.body(body, contentType: request.headers.value(for: "Content-Type")))
            }
            log(lines.joined(separator: "\n") + "\n")
            let started = ContinuousClock.now
            do {
                let response = try await inner.send(request)
                let elapsed = ContinuousClock.now - started
                var out = ["< \(response.status) (\(elapsed.milliseconds) ms)"]
                out += response.headers.map { "< " + Redaction.header($0) }
                let body = Redaction.body(response.body, contentType: response.headers.value(for: "Content-Type"))
                if !body.isEmpty { out.append("< " + body) }
                log(out.joined(separator: "\n") + "\n")
                return response
            } catch {
                log("< failed: \(error)\n")
                throw error
            }
        }
    }

    /// Sends and turns transport failures into `KAuthError.unavailable` (exit 5) with the URL
    /// (secrets redacted) and the reason.
    package func perform(_ request: HTTPRequest) async throws -> HTTPResponse {
        do {
            return try await send(request)
        } catch let error as HTTPTransportError {
            switch error {
            case .connectionFailed(let url, let detail) where url.lowercased().hasPrefix("https://") && Self.answeredInPlainHTTP(detail):
                // Not a network fault, and retrying cannot help: the URL's scheme is wrong.
                throw KAuthError.plainHTTPServer(url: Redaction.url(url))
            case .connectionFailed(let url, let detail):
                throw KAuthError.unavailable("cannot reach \(Redaction.url(url)): \(detail)")
            case .tlsFailed(let url, let detail, _) where url.lowercased().hasPrefix("https://") && Self.answeredInPlainHTTP(detail):
                // The handshake failed because there was no TLS at all, not over certificates.
                throw KAuthError.plainHTTPServer(url: Redaction.url(url))
            case .tlsFailed(let url, let detail, let trust):
                throw KAuthError.tlsFailed(url: Redaction.url(url), detail: detail, trust: trust)
            case .timedOut(let url):
                throw KAuthError.unavailable("no answer from \(Redaction.url(url)) in time")
            case .invalidURL(let url):
                throw KAuthError.invalidSetting(name: "URL", value: Redaction.url(url), expected: ["an http or https URL"])
            case .unavailable(let detail):
                throw KAuthError.failure("HTTP is not available on this machine: \(detail)")
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
        return ["wrong version number", "packet length too long", "unexpected tls packet", "record layer failure"].contains { lowered.contains($0) }
    }
}

extension Duration {
    /// Whole milliseconds.
    package var milliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
}

extension HTTPRequest {
    /// A form-encoded POST (`application/x-www-form-urlencoded;charset=utf-8`, as Kakao's docs use).
    package static func form(_ url: String, _ pairs: [(String, String)], headers: [HTTPHeader] = []) -> HTTPRequest {
        HTTPRequest(
            method: "POST",
            url: url,
            headers: [HTTPHeader("Content-Type", "application/x-www-form-urlencoded;charset=utf-8")] + headers,
            body: Data(FormURLEncoding.encode(pairs).utf8)
        )
    }
}
