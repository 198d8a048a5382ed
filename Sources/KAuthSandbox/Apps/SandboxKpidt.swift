import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The apps host (served at the sandbox's own base URL; the client takes it from
/// `KAUTH_KAKAO_APPS_URL`): `GET /auth/kpidt` turns an AGT into a session for one page of the
/// host, then sends the browser there. UNCONFIRMED for real Kakao; the sandbox emulates exactly
/// this.
extension SandboxEngine {
    /// Seconds between kpidt and the page it opens.
    static let kpidtSessionLifetime = 600

    /// `GET /auth/kpidt?app_key=…&agt=…&continue=<URL>`. Problems with the request itself are
    /// shown on a 400 page and never redirected: an unknown `app_key`, a `continue` that is not
    /// a page of the apps host, or a `return_url` in it that is not
    /// `http://127.0.0.1:PORT/…` or `http://localhost:PORT/…`. A bad, used, expired or other
    /// app's AGT goes back to `return_url` with `status=error&error_code=KAE201`. Otherwise the
    /// AGT is spent and the answer is a 302 to `continue`.
    mutating func kpidt(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        let query = request.query
        let appKey = query.first(named: "app_key")
        let continueURL = query.first(named: "continue")
        entry.clientID = appKey
        var visit = AppsVisit(page: "kpidt", time: now, query: query)
        visit.agtSent = query.first(named: "agt") != nil
        visit.continueURL = continueURL

        if let problem = appKeyProblem(appKey) {
            return appsErrorPage(problem, visit: visit, &entry)
        }
        guard let continueURL, let target = appsHostTarget(continueURL) else {
            return appsErrorPage("continue must be a page of the apps host (\(baseURL)/…)", visit: visit, &entry)
        }
        let returnURL = target.query.first(named: "return_url")
        visit.returnURL = returnURL
        guard let returnURL, Self.isLoopbackReturnURL(returnURL) else {
            return appsErrorPage(
                "the return_url in continue must be http://127.0.0.1:PORT/… or http://localhost:PORT/…", visit: visit,
                &entry)
        }
        guard let value = query.first(named: "agt"), let agt = apps.agts[value], agt.expiresAt > now,
            agt.clientID == appKey
        else {
            return appsFailure(
                returnURL, code: "KAE201", message: "invalid agt: unknown, already used, expired or of another app",
                visit: visit, &entry)
        }
        apps.agts[value] = nil
        apps.addSession(
            KpidtSession(
                path: target.path, query: KpidtSession.key(target.query), clientID: agt.clientID, userID: agt.userID,
                expiresAt: now.addingTimeInterval(TimeInterval(Self.kpidtSessionLifetime))
            ))
        visit.outcome = "redirect"
        visit.status = 302
        apps.addVisit(visit.json)
        return .redirect(continueURL)
    }

    /// Why `appKey` is not this app's key, if it is not.
    func appKeyProblem(_ appKey: String?) -> String? {
        guard let appKey, !appKey.isEmpty else { return "app_key is required" }
        if let expected = configuration.clientID, appKey != expected { return "unknown app_key \(appKey)" }
        return nil
    }

    /// The path and query of `url` when it is on the apps host (the sandbox itself).
    func appsHostTarget(_ url: String) -> (path: String, query: [(String, String)])? {
        let prefix = baseURL + "/"
        guard url.hasPrefix(prefix), !url.contains("#") else { return nil }
        let rest = url.dropFirst(baseURL.count)
        let mark = rest.firstIndex(of: "?")
        let path = String(rest[..<(mark ?? rest.endIndex)])
        let query = mark.map { FormURLEncoding.decode(String(rest[rest.index(after: $0)...])) } ?? []
        return (path, query)
    }

    /// A `return_url` the apps host may send the browser to: the client's loopback listener,
    /// `http://127.0.0.1:PORT/PATH` or `http://localhost:PORT/PATH`, with a query if it likes
    /// (the outcome is appended to it) and no fragment.
    static func isLoopbackReturnURL(_ url: String) -> Bool {
        let parts = url.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        guard isRegisteredRedirectURI(String(parts[0])) else { return false }
        guard parts.count == 2 else { return true }
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/?%")
        return parts[1].allSatisfy { allowed.contains($0) }
    }

    /// A 302 to the client's `return_url` with `pairs` added to its query.
    static func redirect(to returnURL: String, _ pairs: [(String, String)]) -> HTTPServerResponse {
        .redirect(returnURL + (returnURL.contains("?") ? "&" : "?") + FormURLEncoding.encode(pairs))
    }

    /// A failure sent back to the client: `status=error&error_code=KAE…&error_msg=…`.
    mutating func appsFailure(
        _ returnURL: String, code: String, message: String, visit: AppsVisit, _ entry: inout SandboxLogEntry
    ) -> HTTPServerResponse {
        entry.error = "apps_error"
        entry.kakaoCode = code
        var visit = visit
        visit.outcome = "error"
        visit.errorCode = code
        visit.status = 302
        apps.addVisit(visit.json)
        return Self.redirect(to: returnURL, [("status", "error"), ("error_code", code), ("error_msg", message)])
    }

    /// The page the apps host shows for a request it will not redirect.
    mutating func appsErrorPage(_ message: String, visit: AppsVisit, _ entry: inout SandboxLogEntry)
        -> HTTPServerResponse
    {
        entry.error = "invalid_request"
        var visit = visit
        visit.outcome = "refused"
        visit.status = 400
        visit.error = message
        apps.addVisit(visit.json)
        return .html(400, Self.appsHTML(title: "This page cannot be opened", body: "<p>\(HTML.escape(message))</p>"))
    }

    static func appsHTML(title: String, body: String) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>kauth sandbox: \(HTML.escape(title))</title></head>
        <body><h1>\(HTML.escape(title))</h1>
        \(body)
        <p>This is the kauth sandbox, a local stand-in for Kakao's apps host.</p></body></html>

        """
    }
}

/// One request to the apps host, as `GET /_sandbox/picker-visits` lists it. The AGT is a
/// credential: only whether one was sent is kept.
struct AppsVisit {
    var page: String
    var time: Date
    var appKey: String?
    var returnURL: String?
    var ka: String?
    var enableBackButton: String?
    var requestedAddressID: String?
    var agtSent: Bool?
    var continueURL: String?
    /// `redirect` (kpidt), `ok`, `error`, `closed` (the page is shown and left) or `refused` (400).
    var outcome = ""
    var status = 0
    var addressID: Int64?
    var errorCode: String?
    var error: String?

    init(page: String, time: Date, query: [(String, String)]) {
        self.page = page
        self.time = time
        appKey = query.first(named: "app_key")
        returnURL = query.first(named: "return_url")
        ka = query.first(named: "ka")
        enableBackButton = query.first(named: "enable_back_button")
        requestedAddressID = query.first(named: "address_id")
    }

    var json: JSONValue {
        var members: [String: JSONValue] = [
            "page": .string(page),
            "time": .string(RFC3339.string(from: time)),
            "app_key": appKey.map(JSONValue.string) ?? .null,
            "outcome": .string(outcome),
            "status": .number(Double(status))
        ]
        if let returnURL { members["return_url"] = .string(returnURL) }
        if let ka { members["ka"] = .string(ka) }
        if let enableBackButton { members["enable_back_button"] = .string(enableBackButton) }
        if let requestedAddressID { members["requested_address_id"] = .string(requestedAddressID) }
        if let agtSent { members["agt_sent"] = .bool(agtSent) }
        if let continueURL { members["continue"] = .string(continueURL) }
        if let addressID { members["address_id"] = .number(Double(addressID)) }
        if let errorCode { members["error_code"] = .string(errorCode) }
        if let error { members["error"] = .string(error) }
        return .object(members)
    }
}
