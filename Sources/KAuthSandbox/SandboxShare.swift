#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import KAuthCore

/// What the share and talk endpoints remember for tests to read back through `/_sandbox/`:
/// visits to the sharer page, "send to me" messages, and uploaded images. Kept in memory only
/// (not in the state file), newest last, at most `capacity` of each.
struct SandboxShareRecords: Sendable {
    var sharerVisits: [JSONValue] = []
    var memos: [JSONValue] = []
    /// Uploaded images by the URL the upload answered, so that scraping that URL answers the
    /// same image.
    var images: [String: SandboxImage] = [:]
    var imageOrder: [String] = []

    static let capacity = 1000

    mutating func addVisit(_ visit: JSONValue) {
        sharerVisits.append(visit)
        if sharerVisits.count > Self.capacity { sharerVisits.removeFirst() }
    }

    mutating func addMemo(_ memo: JSONValue) {
        memos.append(memo)
        if memos.count > Self.capacity { memos.removeFirst() }
    }

    mutating func addImage(_ image: SandboxImage) {
        images[image.url] = image
        imageOrder.append(image.url)
        if imageOrder.count > Self.capacity { images[imageOrder.removeFirst()] = nil }
    }
}

/// An image as ImageUploadResult describes it (§8.4).
struct SandboxImage: Sendable, Equatable {
    var url: String
    var contentType: String
    var length: Int
    var width: Int
    var height: Int

    var response: OrderedJSON {
        .object([("infos", .object([("original", .object([
            ("url", .string(url)),
            ("content_type", .string(contentType)),
            ("length", .int(length)),
            ("width", .int(width)),
            ("height", .int(height)),
        ]))]))])
    }
}

/// Kakao Talk share (`spec/kakao-rest.md` §8): the three validation APIs, the web sharer page and
/// the image APIs. Validation and images take `Authorization: KakaoAK {app key}`; the default
/// template is checked with kauth's own `TemplateValidator`, the rules clients check locally.
extension SandboxEngine {
    static let shareValidationPaths = [
        "/v2/api/kakaolink/talk/template/default": ShareAction.default,
        "/v2/api/kakaolink/talk/template/validate": .custom,
        "/v2/api/kakaolink/talk/template/scrap": .scrap,
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
        return .failure(Unauthorized(response: Self.apiError(401, -401, "invalid app key: send Authorization: KakaoAK {app key}", &entry)))
    }

    /// `POST|GET /v2/api/kakaolink/talk/template/{default,validate,scrap}` (§8.1): iOS sends a
    /// form, Flutter a query; both are read.
    mutating func shareValidation(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        guard request.method == "POST" || request.method == "GET" else { return Self.methodNotAllowed(&entry) }
        if case .failure(let unauthorized) = authenticateApp(request, &entry) { return unauthorized.response }
        guard let action = Self.shareValidationPaths[request.path] else { return Self.apiError(404, -2, "not found", &entry) }
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

    /// A problem with a request's message, answered -2.
    struct MessageProblem: Error {
        var message: String
    }

    /// The message the parameters describe (`template_object`, `template_id` + `template_args`,
    /// or `request_url`), checked as Kakao would.
    func shareMessage(_ action: ShareAction, _ parameters: [(String, String)]) -> Result<ShareMessage, MessageProblem> {
        let args: [String: String]
        switch Self.arguments(parameters.first(named: "template_args")) {
        case .success(let parsed): args = parsed
        case .failure(let problem): return .failure(problem)
        }
        var templateID: Int64?
        if let text = parameters.first(named: "template_id") {
            guard let id = Int64(text), id > 0 else { return .failure(MessageProblem(message: "template_id must be a positive integer")) }
            guard configuration.customTemplates[id] != nil else {
                return .failure(MessageProblem(message: "template_id \(id) is not a template of this app"))
            }
            templateID = id
        }
        switch action {
        case .default:
            guard let text = parameters.first(named: "template_object") else {
                return .failure(MessageProblem(message: "template_object is required"))
            }
            return Self.template(fromJSONText: text).map { .default($0) }
        case .custom:
            guard let templateID else { return .failure(MessageProblem(message: "template_id is required")) }
            return .success(.custom(templateID: templateID, args: args))
        case .scrap:
            guard let url = parameters.first(named: "request_url") else {
                return .failure(MessageProblem(message: "request_url is required"))
            }
            guard Self.webHost(url) != nil else { return .failure(MessageProblem(message: "request_url must be an http or https URL")) }
            return .success(.scrap(url: url, templateID: templateID, args: args))
        }
    }

    /// A default template from its JSON text, with the validator's problems as one message.
    static func template(fromJSONText text: String) -> Result<DefaultTemplate, MessageProblem> {
        guard let json = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) else {
            return .failure(MessageProblem(message: "template_object is not a JSON object"))
        }
        return template(fromJSON: json)
    }

    static func template(fromJSON json: JSONValue) -> Result<DefaultTemplate, MessageProblem> {
        switch TemplateValidator.validate(json) {
        case .success(let template): return .success(template)
        case .failure(let problems):
            return .failure(MessageProblem(message: "invalid template_object: " + problems.violations.map(\.description).joined(separator: "; ")))
        }
    }

    /// `template_args`: a JSON object of strings, or nothing.
    static func arguments(_ text: String?) -> Result<[String: String], MessageProblem> {
        guard let text else { return .success([:]) }
        guard case .object(let members)? = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) else {
            return .failure(MessageProblem(message: "template_args must be a JSON object"))
        }
        var args: [String: String] = [:]
        for (key, value) in members {
            guard case .string(let string) = value else {
                return .failure(MessageProblem(message: "template_args.\(key) must be a string"))
            }
            args[key] = string
        }
        return .success(args)
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
                warnings.append((path, .string("the domain of \(url) is not registered for this app (Kakao console > Platform > Web)")))
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
                ("LI", .string(url)),
            ])
            if !isRegistered(url) {
                warnings.append(("request_url", .string("the domain of \(url) is not registered for this app (Kakao console > Platform > Web)")))
            }
            if let id { argumentWarnings = unusedArguments(given, template: id) }
        }
        var members: [(String, OrderedJSON)] = [
            ("template_id", .int(templateID)),
            ("template_args", .object(args.keys.sorted().map { ($0, .string(args[$0]!)) })),
            ("template_msg", .object([("P", .object(properties)), ("C", content)])),
        ]
        if !warnings.isEmpty { members.append(("warning_msg", .object(warnings))) }
        if !argumentWarnings.isEmpty { members.append(("argument_msg", .object(argumentWarnings))) }
        return .object(members)
    }

    private func unusedArguments(_ given: [String: String], template id: Int64) -> [(String, OrderedJSON)] {
        let known = configuration.customTemplates[id] ?? []
        return given.keys.sorted().filter { !known.contains($0) }.map { ($0, .string("template \(id) has no ${\($0)}; the value is not shown")) }
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

    // MARK: - Sharer page

    /// `GET /talk/friends/picker/easylink` (§8.3): where Kakao shows the friend and chat picker.
    /// The sandbox checks the query as the real page would, records it for
    /// `GET /_sandbox/sharer-visits`, and shows what would be shared.
    mutating func sharerPage(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        guard request.method == "GET" else { return .text(405, "use GET\n") }
        let query = request.query
        let appKey = query.first(named: "app_key")
        let actionName = query.first(named: "validation_action")
        let paramsText = query.first(named: "validation_params")
        entry.clientID = appKey
        func parsed(_ text: String?) -> JSONValue {
            guard let text else { return .null }
            return (try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))) ?? .string(text)
        }
        var problem: String?
        var message: ShareMessage?
        if appKey?.isEmpty ?? true {
            problem = "app_key is required"
        } else if let expected = configuration.clientID, appKey != expected {
            problem = "app_key \(appKey!) is not this app's key"
        } else if let result = sharerMessage(actionName, paramsText) {
            switch result {
            case .success(let value): message = value
            case .failure(let failure): problem = failure.message
            }
        }
        var visit: [String: JSONValue] = [
            "time": .string(RFC3339.string(from: now)),
            "app_key": appKey.map(JSONValue.string) ?? .null,
            "validation_action": actionName.map(JSONValue.string) ?? .null,
            "validation_params": parsed(paramsText),
            "ka": query.first(named: "ka").map(JSONValue.string) ?? .null,
            "lcba": parsed(query.first(named: "lcba")),
            "status": .number(problem == nil ? 200 : 400),
        ]
        if let target = query.first(named: "target_app_key") { visit["target_app_key"] = .string(target) }
        if let problem { visit["error"] = .string(problem) }
        share.addVisit(.object(visit))
        guard let message, problem == nil else {
            entry.error = "invalid_request"
            return .html(400, Self.sharerHTML(title: "This message cannot be shared", body: "<p>\(HTML.escape(problem ?? "invalid request"))</p>"))
        }
        let preview = validationResult(message)["template_msg"]?.text ?? ""
        return .html(200, Self.sharerHTML(
            title: "Share to Kakao Talk",
            body: "<p>Here Kakao would ask you to log in, then to pick friends or chats to send this \(message.action.rawValue) message to.</p>\n<pre>\(HTML.escape(preview))</pre>"
        ))
    }

    /// The message of a sharer query, or nil when the action is missing.
    private func sharerMessage(_ actionName: String?, _ paramsText: String?) -> Result<ShareMessage, MessageProblem>? {
        guard let actionName, let action = ShareAction(rawValue: actionName) else {
            return .failure(MessageProblem(message: "validation_action must be default, custom or scrap"))
        }
        guard let paramsText, case .object(let params)? = try? JSONDecoder().decode(JSONValue.self, from: Data(paramsText.utf8)) else {
            return .failure(MessageProblem(message: "validation_params must be a JSON object"))
        }
        guard params["link_ver"] == .string(ShareLinkVersion.current) else {
            return .failure(MessageProblem(message: "validation_params.link_ver must be \(ShareLinkVersion.current)"))
        }
        if action == .default {
            // The template travels as an object here, not as a string.
            guard let object = params["template_object"], case .object = object else {
                return .failure(MessageProblem(message: "validation_params.template_object must be a JSON object"))
            }
            return Self.template(fromJSON: object).map { .default($0) }
        }
        var pairs: [(String, String)] = []
        if let id = params["template_id"]?.stringValue { pairs.append(("template_id", id)) }
        if let args = params["template_args"] { pairs.append(("template_args", args.jsonText())) }
        if let url = params["request_url"]?.stringValue { pairs.append(("request_url", url)) }
        return shareMessage(action, pairs)
    }

    static func sharerHTML(title: String, body: String) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>kauth sandbox: \(HTML.escape(title))</title></head>
        <body><h1>\(HTML.escape(title))</h1>
        \(body)
        <p>This is the kauth sandbox, a local stand-in for sharer.kakao.com.</p></body></html>

        """
    }

    // MARK: - Images

    /// `POST /v2/api/talk/message/image/upload` (§8.4): multipart part `file`, at most 2 MB
    /// (-602 over it), a PNG, JPEG or GIF judged by its bytes (-2 otherwise).
    mutating func imageUpload(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        guard request.method == "POST" else { return Self.methodNotAllowed(&entry) }
        if case .failure(let unauthorized) = authenticateApp(request, &entry) { return unauthorized.response }
        let form: MultipartForm
        do {
            form = try MultipartForm.parse(request.body, contentType: request.headers.value(for: "Content-Type") ?? "")
        } catch {
            return Self.apiError(400, -2, "a multipart/form-data body is required: \(error)", &entry)
        }
        guard let file = form.part(named: "file") else {
            return Self.apiError(400, -2, "the multipart part 'file' is required", &entry)
        }
        guard file.data.count <= ImageInfo.maximumUploadBytes else {
            return Self.apiError(400, -602, "image size exceeds the limit of \(ImageInfo.maximumUploadBytes) bytes (2 MB)", &entry)
        }
        guard let info = ImageInfo.sniff(file.data) else {
            return Self.apiError(400, -2, "file is not a PNG, JPEG or GIF image", &entry)
        }
        let secureText = form.part(named: "secure_resource").map { String(decoding: $0.data, as: UTF8.self) } ?? request.query.first(named: "secure_resource")
        let image = SandboxImage(
            url: imageURL(secure: secureText?.lowercased() != "false", format: info.format),
            contentType: info.format.mimeType,
            length: file.data.count,
            width: info.width,
            height: info.height
        )
        share.addImage(image)
        return .json(200, image.response.data)
    }

    /// `POST /v2/api/talk/message/image/scrap` (§8.4): form `image_url`. The sandbox fetches
    /// nothing: the URL of an image uploaded here answers that image; any other http(s) URL a
    /// 640×640 image of 65 536 bytes, its type from the file extension.
    mutating func imageScrap(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        guard request.method == "POST" else { return Self.methodNotAllowed(&entry) }
        if case .failure(let unauthorized) = authenticateApp(request, &entry) { return unauthorized.response }
        let parameters = request.form + request.query
        guard let url = parameters.first(named: "image_url"), Self.webHost(url) != nil else {
            return Self.apiError(400, -2, "image_url must be an http or https URL", &entry)
        }
        if let known = share.images[url] {
            return .json(200, known.response.data)
        }
        let lowered = (URLComponents(string: url)?.path ?? "").lowercased()
        let format: ImageInfo.Format = lowered.hasSuffix(".png") ? .png : lowered.hasSuffix(".gif") ? .gif : .jpeg
        let secure = parameters.first(named: "secure_resource")?.lowercased() != "false"
        let image = SandboxImage(url: imageURL(secure: secure, format: format), contentType: format.mimeType, length: 65536, width: 640, height: 640)
        share.addImage(image)
        return .json(200, image.response.data)
    }

    /// A Kakao CDN-like URL for a new image.
    private func imageURL(secure: Bool, format: ImageInfo.Format) -> String {
        let id = Base64URL.encode(random.bytes(9))
        let suffix = format.uploadFilename.split(separator: ".").last.map(String.init) ?? "img"
        return "\(secure ? "https" : "http")://k.kakaocdn.net/dn/sandbox/\(id)/kakaolink40_original.\(suffix)"
    }
}

extension OrderedJSON {
    /// A JSON value with its object keys sorted. Whole numbers become `.int`; the templates the
    /// sandbox builds from hold no others, and any other number is kept as its text.
    init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let number):
            self = number.rounded() == number && abs(number) < 1e15 ? .int(Int(number)) : .string(String(number))
        case .string(let text): self = .string(text)
        case .array(let items): self = .array(items.map(OrderedJSON.init))
        case .object(let members): self = OrderedJSON(members: members)
        }
    }

    init(members: [String: JSONValue]) {
        self = .object(members.keys.sorted().map { ($0, OrderedJSON(members[$0]!)) })
    }
}
