import KAuthBasics
import KAuthCore
import KakaoAPI

/// An error as the user sees it: `error: …` with "did you mean" lines on stderr, or the JSON error
/// object on stdout under `--json`. `CLI.run` reports what a command throws; `kauth api` puts the
/// same object in its own output.
enum ErrorReport {
    /// `error: …` on stderr, or the JSON error object on stdout in `--json` mode.
    static func report(_ error: KAuthError, context: CommandContext) {
        if context.json {
            context.printJSON(.object(["error": .object(errorObject(error, context: context))]))
            return
        }
        var message = context.messages.words(for: error)
        let suggestions = suggestions(for: error)
        if !suggestions.isEmpty {
            message =
                message + .verbatim("\n\n") + ReportWords.didYouMean(count: suggestions.count).localized
                + .verbatim("\n" + suggestions.map { "  \($0)" }.joined(separator: "\n"))
        }
        context.err(context.words(ReportWords.error(message)) + "\n")
    }

    /// The command line's own failure, as `error: …` on stderr or the JSON error object (its
    /// `code`, `message` and `exit_code`) on stdout in `--json` mode.
    static func report(_ error: CommandError, context: CommandContext) {
        guard context.json else {
            return context.err(context.words(ReportWords.error(.verbatim(context.messages.message(for: error)))) + "\n")
        }
        let message = context.messages(in: .english).message(for: error)
        let object = members(code: error.code, message: message, exitCode: error.exitCode)
        context.printJSON(.object(["error": .object(object)]))
    }

    /// The members every `--json` error object has.
    private static func members(code: String, message: String, exitCode: Int32) -> [String: JSONValue] {
        ["code": .string(code), "message": .string(message), "exit_code": .number(Double(exitCode))]
    }

    /// The members of a `--json` error object: `code`, `message`, `exit_code` and what the error
    /// adds (`required_scopes`, `provider_code`, …).
    static func errorObject(_ error: KAuthError, context: CommandContext) -> [String: JSONValue] {
        var object = members(
            code: error.code, message: context.messages(in: .english).message(for: error), exitCode: error.exitCode)
        if let scopes = error.requiredScopes {
            object["required_scopes"] = .array(scopes.map(JSONValue.string))
        }
        if case .oauth(let failure) = error {
            object["provider_error"] = .string(failure.error)
            if let providerCode = failure.providerCode { object["provider_code"] = .string(providerCode) }
        }
        if case .api(_, let code?, _) = error {
            object["provider_code"] = .number(Double(code))
        }
        if case .apiNotPermitted(let code, _, _) = error {
            object["provider_code"] = .number(Double(code))
        }
        if case .apiRefused(_, _, let code, _) = error {
            object["provider_code"] = .number(Double(code))
        }
        if case .product(let product) = error {
            switch product.kakao {
            case .addressPicker(.failed(let failure))? where !failure.code.isEmpty:
                object["provider_code"] = .string(failure.code)
            case .share(.invalidTemplate(let violations))?:
                object["violations"] = .array(
                    violations.map {
                        .object([
                            "path": .string($0.path), "message": .string(TemplateWords.message(for: $0.problem).english)
                        ])
                    })
            case .addressPicker?, .share?, nil:
                break
            }
        }
        let suggestions = suggestions(for: error)
        if !suggestions.isEmpty { object["suggestions"] = .array(suggestions.map(JSONValue.string)) }
        return object
    }

    private static func suggestions(for error: KAuthError) -> [String] {
        if case .unknownProvider(let name, let known) = error {
            return Suggestions.closest(to: name, in: known)
        }
        return []
    }

    /// A usage error as text on stderr in `language`, or as the JSON error object on stdout.
    static func report(usage error: UsageError, json: Bool, language: Language, terminal: Terminal) {
        guard json else {
            terminal.writeErr(render(usage: error, language: language))
            return
        }
        var object = members(code: "usage", message: error.message.english, exitCode: 2)
        if !error.suggestions.isEmpty {
            object["suggestions"] = .array(error.suggestions.map(JSONValue.string))
        }
        terminal.writeOut(JSONValue.object(["error": .object(object)]).jsonText(pretty: true) + "\n")
    }

    static func render(usage error: UsageError, language: Language = .english) -> String {
        var text = ReportWords.error(error.message).text(language) + "\n"
        if !error.suggestions.isEmpty {
            text += "\n" + ReportWords.didYouMean(count: error.suggestions.count).text(language) + "\n"
            text += error.suggestions.map { "  \($0)\n" }.joined()
        }
        text += "\n" + ReportWords.runHelp(command: error.commandPath.joined(separator: " ")).text(language) + "\n"
        return text
    }
}
