import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The shapes of the sandbox's answers: kauth's and kapi's error bodies, the error page, and the
/// checks every endpoint shares.
extension SandboxEngine {
    /// kauth's error body, Kakao's documented `{"error","error_description","error_code"}`.
    static func oauthError(
        _ status: Int, _ error: String, _ description: String, _ code: String, _ entry: inout SandboxLogEntry
    ) -> HTTPServerResponse {
        entry.error = error
        entry.kakaoCode = code
        return .json(
            status,
            OrderedJSON.object([
                ("error", .string(error)),
                ("error_description", .string(description)),
                ("error_code", .string(code))
            ]).data)
    }

    /// kapi's error body, Kakao's documented `{"msg","code"}` (-402 adds the scopes:
    /// `insufficientScopes`).
    static func apiError(_ status: Int, _ code: Int, _ message: String, _ entry: inout SandboxLogEntry)
        -> HTTPServerResponse
    {
        entry.kakaoCode = String(code)
        return .json(status, OrderedJSON.object([("msg", .string(message)), ("code", .int(code))]).data)
    }

    /// kapi's -402: the API needs consent the user has not given. `required_scopes` names
    /// what to ask for with `/oauth/authorize?scope=…`; `allowed_scopes` is what the user agreed.
    static func insufficientScopes(
        _ status: Int = 403, apiType: String, required: [String], allowed: [String], _ entry: inout SandboxLogEntry
    ) -> HTTPServerResponse {
        entry.kakaoCode = "-402"
        return .json(
            status,
            OrderedJSON.object([
                ("msg", .string("insufficient scopes.")),
                ("code", .int(-402)),
                ("api_type", .string(apiType)),
                ("required_scopes", .array(required.map(OrderedJSON.string))),
                ("allowed_scopes", .array(allowed.map(OrderedJSON.string)))
            ]).data)
    }

    static func methodNotAllowed(_ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        apiError(405, -2, "method not allowed", &entry)
    }

    /// The page Kakao shows instead of redirecting when the request itself is unusable (wrong
    /// key, unregistered redirect URI): a redirect there could hand a code to an attacker.
    static func errorPage(
        _ status: Int, _ code: String, _ error: String, _ description: String, _ entry: inout SandboxLogEntry
    ) -> HTTPServerResponse {
        entry.error = error
        entry.kakaoCode = code
        let page = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>kauth sandbox: \(code)</title></head>
            <body><h1>Kakao Login error (\(code))</h1>
            <p>\(HTML.escape(error)): \(HTML.escape(description))</p>
            <p>This is the kauth sandbox, a local stand-in for kauth.kakao.com.</p></body></html>

            """
        return .html(status, page)
    }

    /// The name of a parameter sent more than once: RFC 6749 §3.1 and §3.2 forbid it, and
    /// answering it with an error keeps two parsers from reading different values.
    /// `resource` and `audience` may be repeated (RFC 8707 §2, RFC 8693 §2.1).
    static func repeatedName(_ pairs: [(String, String)]) -> String? {
        var seen = Set<String>()
        return pairs.first { !["resource", "audience"].contains($0.0) && !seen.insert($0.0).inserted }?.0
    }
}
