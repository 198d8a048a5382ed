import KAuthBasics
import KAuthCore
import KakaoAPI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The web sharer, where a browser lands after `kauth link --open`.
extension SandboxEngine {
    /// `GET /talk/friends/picker/easylink`: where Kakao shows the friend and chat picker.
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
            "status": .number(problem == nil ? 200 : 400)
        ]
        if let target = query.first(named: "target_app_key") { visit["target_app_key"] = .string(target) }
        if let problem { visit["error"] = .string(problem) }
        share.addVisit(.object(visit))
        guard let message, problem == nil else {
            entry.error = "invalid_request"
            return .html(
                400,
                Self.sharerHTML(
                    title: "This message cannot be shared", body: "<p>\(HTML.escape(problem ?? "invalid request"))</p>")
            )
        }
        let preview = validationResult(message)["template_msg"]?.text ?? ""
        return .html(
            200,
            Self.sharerHTML(
                title: "Share to Kakao Talk",
                body:
                    "<p>Here Kakao would ask you to log in, then to pick friends or chats to send this \(message.action.rawValue) message to.</p>\n<pre>\(HTML.escape(preview))</pre>"
            ))
    }

    /// The message of a sharer query, or nil when the action is missing.
    private func sharerMessage(_ actionName: String?, _ paramsText: String?) -> Result<ShareMessage, MessageProblem>? {
        guard let actionName, let action = ShareAction(rawValue: actionName) else {
            return .failure(MessageProblem(message: "validation_action must be default, custom or scrap"))
        }
        guard let paramsText,
            case .object(let params)? = try? JSONDecoder().decode(JSONValue.self, from: Data(paramsText.utf8))
        else {
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
}
