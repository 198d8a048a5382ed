import KAuthBasics
import KAuthCore
import KakaoAPI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The command-line interface: parses, runs one command, renders its error, returns the exit code.
package enum CLI {
    /// kauth's version: the one place it is written. `make dist` names the archive and the
    /// package after what the built kauth prints.
    package static let version = "0.1.0"

    /// Flags for many commands, before or after the command words; each command says which it
    /// takes (`CommandSpec.globals`).
    static let globalFlags: [FlagSpec] = [
        GlobalFlags.profile.spec, GlobalFlags.provider.spec, GlobalFlags.verbose.spec, GlobalFlags.noColor.spec
    ]

    /// Runs `arguments` (without the program name) and returns the exit code.
    package static func run(_ arguments: [String], world: World) async -> Int32 {
        let root = Commands.root
        let outcome: ParseOutcome
        do {
            outcome = try ArgumentParser.parse(arguments, root: root, globalFlags: globalFlags)
        } catch {
            report(usage: error, json: wantsJSON(arguments), terminal: world.terminal)
            return 2
        }
        switch outcome {
        case .version:
            world.terminal.writeOut(VersionCommand.line(version: version))
            return 0
        case .help(let path):
            let spec = ArgumentParser.command(at: path, root: root)
            world.terminal.writeOut(
                HelpRenderer.render(spec, path: path, globalFlags: globalFlags, width: world.terminal.columns))
            return 0
        case .topic(let topic):
            world.terminal.writeOut(HelpRenderer.render(topic, root: root.name, width: world.terminal.columns))
            return 0
        case .run(let parsed):
            var world = world
            if parsed[GlobalFlags.verbose] {
                let terminal = world.terminal
                world.http = world.http.traced(to: { terminal.writeErr($0) })
                world.browser.showsOpenerOutput = true
            }
            let context = CommandContext(world: world, command: parsed, version: version)
            do {
                return try await parsed.spec.run!(context)
            } catch let error as KAuthError {
                report(error, context: context)
                return error.exitCode
            } catch let error as UsageError {
                report(usage: error, json: context.json, terminal: world.terminal)
                return 2
            } catch {
                let wrapped = KAuthError.unexpected(description: "\(error)")
                report(wrapped, context: context)
                return wrapped.exitCode
            }
        }
    }

    /// `error: …` on stderr, or the JSON error object on stdout in `--json` mode.
    static func report(_ error: KAuthError, context: CommandContext) {
        if context.json {
            context.printJSON(.object(["error": .object(errorObject(error, context: context))]))
            return
        }
        var message = context.messages.message(for: error)
        let suggestions = suggestions(for: error)
        if !suggestions.isEmpty {
            message += suggestions.count == 1 ? "\n\nDid you mean this?\n" : "\n\nDid you mean one of these?\n"
            message += suggestions.map { "  \($0)" }.joined(separator: "\n")
        }
        context.err("error: \(message)\n")
    }

    /// The members of a `--json` error object: `code`, `message`, `exit_code` and what the error
    /// adds (`required_scopes`, `provider_code`, …).
    static func errorObject(_ error: KAuthError, context: CommandContext) -> [String: JSONValue] {
        var object: [String: JSONValue] = [
            "code": .string(error.code),
            "message": .string(context.messages.message(for: error)),
            "exit_code": .number(Double(error.exitCode))
        ]
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
        if case .product(let product) = error, case .failed(let failure) = product.failure as? AddressPickerError,
            !failure.code.isEmpty
        {
            object["provider_code"] = .string(failure.code)
        }
        if case .product(let product) = error, case .invalidTemplate(let violations) = product.failure as? ShareFailure
        {
            object["violations"] = .array(
                violations.map { .object(["path": .string($0.path), "message": .string($0.message)]) })
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

    /// Whether the line asks for JSON, judged before parsing so usage errors honour it too.
    static func wantsJSON(_ arguments: [String]) -> Bool {
        arguments.prefix { $0 != "--" }.contains("--json")
    }

    /// A usage error as text on stderr, or as the JSON error object on stdout.
    static func report(usage error: UsageError, json: Bool, terminal: Terminal) {
        guard json else {
            terminal.writeErr(render(usage: error))
            return
        }
        var object: [String: JSONValue] = [
            "code": .string("usage"),
            "message": .string(error.message),
            "exit_code": .number(2)
        ]
        if !error.suggestions.isEmpty {
            object["suggestions"] = .array(error.suggestions.map(JSONValue.string))
        }
        terminal.writeOut(JSONValue.object(["error": .object(object)]).jsonText(pretty: true) + "\n")
    }

    static func render(usage error: UsageError) -> String {
        var text = "error: \(error.message)\n"
        if !error.suggestions.isEmpty {
            text += error.suggestions.count == 1 ? "\nDid you mean this?\n" : "\nDid you mean one of these?\n"
            text += error.suggestions.map { "  \($0)\n" }.joined()
        }
        text += "\nRun '\(error.commandPath.joined(separator: " ")) --help' for usage.\n"
        return text
    }
}

/// The flags of `CLI.globalFlags`, read by `CommandContext` and `CLI.run`.
enum GlobalFlags {
    static let profile = Option(
        "profile", "NAME", "use the login stored under NAME (default: KAUTH_PROFILE, else the default profile)",
        values: .dynamic(.profiles))
    static let provider = Option(
        "provider", "NAME",
        "provider to use: kakao (default), snapchat, oidc (any OpenID Connect provider, with --issuer), or one configured with `kauth config`",
        values: .dynamic(.providers))
    static let verbose = Toggle("verbose", "trace HTTP requests to stderr, secrets redacted")
    static let noColor = Toggle("no-color", "no colour in output (also: NO_COLOR)")
}
