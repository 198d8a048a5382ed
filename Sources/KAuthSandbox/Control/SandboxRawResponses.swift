import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension SandboxRawEndpoint {
    /// The endpoint `path` is in `mode`, if it is one of these.
    init?(path: String, mode: SandboxMode) {
        let profile = mode.oauthProfile
        switch path {
        case profile.tokenPath: self = .token
        case _ where path == profile.devicePath: self = .deviceAuthorization
        default: return nil
        }
    }
}

/// Hostile answers for end-to-end tests of a client: what a broken or malicious provider could
/// send (`expires_in: -1e12`, an empty `access_token`, a `text/plain` body, terminal escapes in
/// `error_description`, a huge `interval`, a `file:` verification URI). The request itself is
/// not processed: nothing is issued or spent.
extension SandboxEngine {
    /// `POST /_sandbox/respond`: form `endpoint` (`token` or `device_authorization`), `count`
    /// (default 1; 0 clears), `status` (200–599), optional `content_type` (none: no
    /// `Content-Type` header), and the body as `body` (text) or `body_base64` (any bytes; none:
    /// empty). The next `count` requests to that endpoint get exactly this answer.
    mutating func setRawResponse(_ form: [(String, String)]) -> HTTPServerResponse {
        guard let name = form.first(named: "endpoint"), let endpoint = SandboxRawEndpoint(rawValue: name) else {
            return Self.controlError(400, "endpoint must be token or device_authorization")
        }
        guard let count = Int(form.first(named: "count") ?? "1"), (0...10_000).contains(count) else {
            return Self.controlError(400, "count must be a number from 0 to 10000")
        }
        guard let status = Int(form.first(named: "status") ?? "200"), (200...599).contains(status) else {
            return Self.controlError(400, "status must be an HTTP status from 200 to 599")
        }
        let contentType = form.first(named: "content_type").flatMap { $0.isEmpty ? nil : $0 }
        if let contentType, !contentType.unicodeScalars.allSatisfy({ (0x20..<0x7F).contains($0.value) }) {
            return Self.controlError(400, "content_type must be printable ASCII on one line")
        }
        var body = Data(form.first(named: "body")?.utf8 ?? "".utf8)
        if let encoded = form.first(named: "body_base64") {
            guard form.first(named: "body") == nil, let bytes = Data(base64Encoded: encoded) else {
                return Self.controlError(400, "body_base64 must be standard Base64, and not sent with body")
            }
            body = bytes
        }
        rawResponses[endpoint] =
            count == 0
            ? nil : SandboxRawResponse(remaining: count, status: status, contentType: contentType, body: body)
        return .json(
            200,
            OrderedJSON.object([
                ("endpoint", .string(endpoint.rawValue)),
                ("count", .int(count)),
                ("status", .int(status)),
                ("content_type", contentType.map(OrderedJSON.string) ?? .null),
                ("length", .int(body.count))
            ]).data)
    }

    /// Takes one from the raw answers set for the endpoint at `path`, if any.
    mutating func rawResponse(for path: String, _ entry: inout SandboxLogEntry) -> HTTPServerResponse? {
        guard let endpoint = SandboxRawEndpoint(path: path, mode: configuration.mode), var raw = rawResponses[endpoint]
        else {
            return nil
        }
        raw.remaining -= 1
        rawResponses[endpoint] = raw.remaining > 0 ? raw : nil
        entry.injected = true
        return raw.response
    }
}
