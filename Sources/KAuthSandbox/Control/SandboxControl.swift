import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Control endpoints under `/_sandbox/`, for tests that need to see what a client sent or to
/// put the provider into states that are hard to reach otherwise (expired tokens, outages).
/// Kakao has nothing like them; they are never logged and never fail on purpose.
extension SandboxEngine {
    mutating func control(_ request: HTTPServerRequest) -> HTTPServerResponse {
        switch (request.method, request.path) {
        case ("GET", "/_sandbox/log"):
            let data = (try? SandboxLogEntry.makeEncoder().encode(log)) ?? Data("[]".utf8)
            return .json(200, data)
        case ("POST", "/_sandbox/reset-log"):
            let cleared = log.count
            log.removeAll()
            return .json(200, OrderedJSON.object([("cleared", .int(cleared))]).data)
        case ("GET", "/_sandbox/config"):
            return .json(200, configurationJSON.data)
        case ("POST", "/_sandbox/config"):
            return updateConfiguration(request.form)
        case ("POST", "/_sandbox/expire-access-tokens"):
            // Kept, but expired: the client's next API call gets -401 and must refresh.
            let expired = state.accessTokens.count
            state.accessTokens = state.accessTokens.mapValues { record in
                var record = record
                record.expiresAt = min(record.expiresAt, now)
                return record
            }
            return .json(200, OrderedJSON.object([("expired", .int(expired))]).data)
        case ("POST", "/_sandbox/fail"):
            return injectFailure(request.form)
        case ("GET", "/_sandbox/sharer-visits"):
            return .json(200, Data(JSONValue.array(share.sharerVisits).jsonText().utf8))
        case ("GET", "/_sandbox/memos"):
            return .json(200, Data(JSONValue.array(share.memos).jsonText().utf8))
        case ("GET", "/_sandbox/friend-messages"):
            return .json(200, Data(JSONValue.array(share.friendMessages).jsonText().utf8))
        case ("GET", "/_sandbox/picker"):
            return .json(200, configuration.pickerOutcome.json.data)
        case ("POST", "/_sandbox/picker"):
            return setPickerOutcome(request.form)
        case ("GET", "/_sandbox/picker-visits"):
            return .json(200, Data(JSONValue.array(apps.visits).jsonText().utf8))
        case ("POST", "/_sandbox/rotate-key"):
            // A new ID-token signing key, so that tests can reach a client's "unknown kid:
            // fetch the JWK set again" path (OIDC Core §10.1.1).
            let previous = state.signingKey?.kid
            guard let key = try? rotateSigningKey() else {
                return Self.controlError(500, "cannot make a signing key")
            }
            return .json(
                200,
                OrderedJSON.object([
                    ("kid", .string(key.kid)),
                    ("previous_kid", previous.map(OrderedJSON.string) ?? .null)
                ]).data)
        case ("POST", "/_sandbox/device/deny"):
            return denyDevice(request.form)
        case ("POST", "/_sandbox/respond"):
            return setRawResponse(request.form)
        case ("POST", "/_sandbox/ci-job"):
            return startCIJob(request.form)
        default:
            if Self.controlPaths.contains(request.path) {
                return Self.controlError(405, "method \(request.method) not allowed on \(request.path)")
            }
            return Self.controlError(404, "no sandbox control endpoint \(request.path)")
        }
    }

    /// Every control endpoint, for telling a wrong method (405) from a wrong path (404).
    static let controlPaths: Set<String> = [
        "/_sandbox/log", "/_sandbox/reset-log", "/_sandbox/config", "/_sandbox/expire-access-tokens",
        "/_sandbox/fail", "/_sandbox/sharer-visits", "/_sandbox/memos", "/_sandbox/rotate-key",
        "/_sandbox/device/deny", "/_sandbox/respond", "/_sandbox/friend-messages", "/_sandbox/picker",
        "/_sandbox/picker-visits", "/_sandbox/ci-job"
    ]

    /// `POST /_sandbox/fail`: form `path` (e.g. `/v2/user/me`), `count` (default 1; 0 clears),
    /// `status` (400–599, default 500) and optional `code`: a kapi code such as `-1` or `-9798`
    /// gives `{"msg","code"}`, a `KOE…` code gives `{"error","error_description","error_code"}`
    /// (with `error`, default `server_error`), none gives a plain-text body like a proxy's.
    /// `code=-402` gives the -402 body with `required_scopes` from the form field of that name
    /// (scope IDs separated by spaces or commas; none by default) and empty `allowed_scopes`.
    private mutating func injectFailure(_ form: [(String, String)]) -> HTTPServerResponse {
        guard let path = form.first(named: "path"), path.hasPrefix("/"), !path.hasPrefix("/_sandbox") else {
            return Self.controlError(400, "path must be a provider path such as /oauth/token or /v2/user/me")
        }
        guard let count = Int(form.first(named: "count") ?? "1"), (0...10_000).contains(count) else {
            return Self.controlError(400, "count must be a number from 0 to 10000")
        }
        guard let status = Int(form.first(named: "status") ?? "500"), (400...599).contains(status) else {
            return Self.controlError(400, "status must be an HTTP error status from 400 to 599")
        }
        let code = form.first(named: "code").flatMap { $0.isEmpty ? nil : $0 }
        if let code, !code.hasPrefix("KOE"), Int(code) == nil {
            return Self.controlError(400, "code must be a kapi code such as -9798 or a KOE code such as KOE003")
        }
        let required = form.first(named: "required_scopes").map(SandboxScopes.parse) ?? []
        failures[path] =
            count == 0
            ? nil
            : InjectedFailure(
                remaining: count, status: status, code: code, error: form.first(named: "error"),
                requiredScopes: required
            )
        return .json(
            200,
            OrderedJSON.object([
                ("path", .string(path)),
                ("count", .int(count)),
                ("status", .int(status)),
                ("code", code.map(OrderedJSON.string) ?? .null)
            ]).data)
    }

    static func flag(_ value: String) -> Bool? {
        switch value.lowercased() {
        case "true", "1", "yes", "on": return true
        case "false", "0", "no", "off": return false
        default: return nil
        }
    }

    static func controlError(_ status: Int, _ message: String) -> HTTPServerResponse {
        .json(status, OrderedJSON.object([("error", .string(message))]).data)
    }
}
