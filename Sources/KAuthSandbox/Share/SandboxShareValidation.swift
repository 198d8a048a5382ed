import KAuthBasics
import KAuthCore
import KakaoAPI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Kakao Talk share's validation APIs: what the SDKs call before
/// they open the sharer, with `Authorization: KakaoAK {app key}`. Their answer (ValidationResult)
/// is also what the sharer page shows.
extension SandboxEngine {
    static let shareValidationPaths = [
        "/v2/api/kakaolink/talk/template/default": ShareAction.default,
        "/v2/api/kakaolink/talk/template/validate": .custom,
        "/v2/api/kakaolink/talk/template/scrap": .scrap
    ]

    /// The `template_id` the sandbox gives each default template type.
    static func defaultTemplateID(_ type: TemplateType) -> Int {
        100 + (TemplateType.allCases.firstIndex(of: type) ?? 0)
    }

    /// The app key of `Authorization: KakaoAK …`: any non-empty one, or only the configured
    /// client id when the sandbox has one.
    func authenticateApp(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> Result<String, Unauthorized> {
        let header = request.headers.value(for: "Authorization") ?? ""
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        if parts.count == 2, parts[0].lowercased() == "kakaoak" {
            let key = parts[1].trimmingWhitespace()
            entry.clientID = key
            if !key.isEmpty, configuration.clientID == nil || configuration.clientID == key {
                return .success(key)
            }
        }
        return .failure(
            Unauthorized(
                response: Self.apiError(401, -401, "invalid app key: send Authorization: KakaoAK {app key}", &entry)))
    }

    /// `POST|GET /v2/api/kakaolink/talk/template/{default,validate,scrap}`: iOS sends a
    /// form, Flutter a query; both are read.
    mutating func shareValidation(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        guard request.method == "POST" || request.method == "GET" else { return Self.methodNotAllowed(&entry) }
        if case .failure(let unauthorized) = authenticateApp(request, &entry) { return unauthorized.response }
        guard let action = Self.shareValidationPaths[request.path] else {
            return Self.apiError(404, -2, "not found", &entry)
        }
        let parameters = request.method == "POST" ? request.form + request.query : request.query
        if let name = Self.repeatedName(parameters) {
            return Self.apiError(400, -2, "\(name) is sent more than once", &entry)
        }
        guard parameters.first(named: "link_ver") == ShareLinkVersion.current else {
            return Self.apiError(400, -2, "link_ver must be \(ShareLinkVersion.current)", &entry)
        }
        switch shareMessage(action, parameters) {
        case .failure(let problem):
            return Self.apiError(400, -2, problem.message, &entry)
        case .success(let message):
            return .json(200, validationResult(message).data)
        }
    }

    /// ValidationResult: `template_id`, `template_args`, `template_msg` (`P`: properties, `C`:
    /// content built from the input, so its size follows the input's), `warning_msg`,
    /// `argument_msg`.
    func validationResult(_ message: ShareMessage) -> OrderedJSON {
        var warnings: [(String, OrderedJSON)] = []
        var argumentWarnings: [(String, OrderedJSON)] = []
        var properties: [(String, OrderedJSON)] = [("SID", .string("capri_\(configuration.appID)"))]
        let content: OrderedJSON
        let templateID: Int
        var args: [String: String] = [:]
        switch message {
        case .default(let template):
            templateID = Self.defaultTemplateID(template.type)
            properties.insert(("TP", .string(template.type.rawValue)), at: 0)
            properties.append(("BUT", .int(template.buttons.isEmpty ? 0 : 1)))
            guard case .object(var members) = template.json else { return .null }
            members["object_type"] = nil
            content = OrderedJSON(members: members)
            for (path, url) in Self.linkURLs(in: template.json) where !isRegistered(url) {
                warnings.append(
                    (
                        path,
                        .string("the domain of \(url) is not registered for this app (Kakao console > Platform > Web)")
                    ))
            }
        case .custom(let id, let given):
            templateID = Int(id)
            args = given
            properties.insert(("TP", .string("custom")), at: 0)
            content = .object([("TID", .int(Int(id)))] + given.keys.sorted().map { ($0, .string(given[$0]!)) })
            argumentWarnings = unusedArguments(given, template: id)
        case .scrap(let url, let id, let given):
            templateID = id.map(Int.init) ?? Self.defaultTemplateID(.feed)
            args = given
            properties.insert(("TP", .string(id == nil ? "scrap" : "custom")), at: 0)
            content = .object([
                ("TI", .string(Self.webHost(url) ?? url)),
                ("DE", .string("Scraped by the kauth sandbox, which does not fetch pages")),
                ("LI", .string(url))
            ])
            if !isRegistered(url) {
                warnings.append(
                    (
                        "request_url",
                        .string("the domain of \(url) is not registered for this app (Kakao console > Platform > Web)")
                    ))
            }
            if let id { argumentWarnings = unusedArguments(given, template: id) }
        }
        var members: [(String, OrderedJSON)] = [
            ("template_id", .int(templateID)),
            ("template_args", .object(args.keys.sorted().map { ($0, .string(args[$0]!)) })),
            ("template_msg", .object([("P", .object(properties)), ("C", content)]))
        ]
        if !warnings.isEmpty { members.append(("warning_msg", .object(warnings))) }
        if !argumentWarnings.isEmpty { members.append(("argument_msg", .object(argumentWarnings))) }
        return .object(members)
    }

    private func unusedArguments(_ given: [String: String], template id: Int64) -> [(String, OrderedJSON)] {
        let known = configuration.customTemplates[id] ?? []
        return given.keys.sorted().filter { !known.contains($0) }.map {
            ($0, .string("template \(id) has no ${\($0)}; the value is not shown"))
        }
    }

    /// Whether the URL's host is a registered share domain or below one.
    func isRegistered(_ url: String) -> Bool {
        guard let host = Self.webHost(url) else { return false }
        return configuration.shareDomains.contains { host == $0 || host.hasSuffix("." + $0) }
    }

    /// The lowercased host of an http(s) URL.
    static func webHost(_ url: String) -> String? {
        let lowered = url.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://"),
            let host = URLComponents(string: url)?.host?.lowercased(), !host.isEmpty
        else { return nil }
        return host
    }

    /// `web_url` and `mobile_web_url` of every link in a template, with their JSON paths.
    static func linkURLs(in json: JSONValue, path: String = "") -> [(String, String)] {
        switch json {
        case .object(let members):
            return members.keys.sorted().flatMap { key -> [(String, String)] in
                let child = path.isEmpty ? key : path + "." + key
                if key == "web_url" || key == "mobile_web_url", case .string(let url)? = members[key] {
                    return [(child, url)]
                }
                return linkURLs(in: members[key]!, path: child)
            }
        case .array(let items):
            return items.enumerated().flatMap { linkURLs(in: $0.element, path: "\(path)[\($0.offset)]") }
        default:
            return []
        }
    }
}
