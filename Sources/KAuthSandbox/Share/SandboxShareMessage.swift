import KAuthBasics
import KAuthCore
import KakaoAPI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The message of a share, memo or friends message, read from its parameters and checked as Kakao
/// would: the default template with kauth's own `TemplateValidator` (the rules clients check
/// locally, so client and sandbox cannot drift), custom templates against the app's, scrap URLs.
extension SandboxEngine {
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
            guard let id = Int64(text), id > 0 else {
                return .failure(MessageProblem(message: "template_id must be a positive integer"))
            }
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
            guard Self.webHost(url) != nil else {
                return .failure(MessageProblem(message: "request_url must be an http or https URL"))
            }
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
            return .failure(
                MessageProblem(message: "invalid template_object: " + serverMessage(problems.violations)))
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

    /// The message as the records tests read back show it: `template_object`, or `template_id`
    /// and `template_args`, or `request_url` with those.
    static func describe(_ message: ShareMessage, into record: inout [String: JSONValue]) {
        switch message {
        case .default(let template):
            record["template_object"] = template.json
        case .custom(let id, let args):
            record["template_id"] = .number(Double(id))
            if !args.isEmpty { record["template_args"] = .object(args.mapValues(JSONValue.string)) }
        case .scrap(let url, let id, let args):
            record["request_url"] = .string(url)
            if let id { record["template_id"] = .number(Double(id)) }
            if !args.isEmpty { record["template_args"] = .object(args.mapValues(JSONValue.string)) }
        }
    }
}
