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
