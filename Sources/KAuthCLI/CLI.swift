import KAuthBasics
import KAuthCore
import KakaoAPI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The command-line interface: parses, runs one command, renders its error, returns the exit code.
///
/// The target's folders use only the ones below them, never one above:
/// - `Flags/`: flag declarations (`Toggle`, `Option`, the global and shared flags) and the parsed
///   line (`ParsedCommand`); no command, no effect, no sentence beyond a usage error.
/// - `Context/`: what a running command has (`CommandContext`: the world, the keystore, providers,
///   API clients, stdout and stderr); it knows no command tree and no error words.
/// - `Parsing/`: the command tree (`CommandSpec`, whose `run` takes the context) and the parser.
/// - `Output/`: the words: help, man page, completions, error messages, tables, progress.
/// - `Pages/`: the browser pages and their English and Korean text, which use no other folder.
/// - `Commands/`: one file per command, and the tree's root.
/// - this file: parses, builds the context, runs the command and reports what it throws.
package enum CLI {
    /// kauth's version: the one place it is written. `make dist` names the archive and the
    /// package after what the built kauth prints.
    package static let version = "0.1.0"

    /// The arguments to run for a process started as `program` (its `argv[0]`) with `arguments`:
    /// kauth also answers as the credential helpers git and Docker run by name (links to it), as
    /// if `kauth git-credential …` or `kauth docker-credential-kauth …` had been typed.
    package static func arguments(program: String, _ arguments: [String]) -> [String] {
        switch program.split(separator: "/").last {
        case "git-credential-kauth": ["git-credential"] + arguments
        case "docker-credential-kauth": ["docker-credential-kauth"] + arguments
        default: arguments
        }
    }

    /// Runs `arguments` (without the program name) and returns the exit code.
    package static func run(_ arguments: [String], world: World) async -> Int32 {
        let root = Commands.root
        let outcome: ParseOutcome
        do {
            outcome = try ArgumentParser.parse(arguments, root: root, globalFlags: GlobalFlags.specs)
        } catch {
            let json = wantsJSON(arguments)
            ErrorReport.report(
                usage: error, json: json, language: json ? .english : language(world), terminal: world.terminal)
            return 2
        }
        switch outcome {
        case .version:
            world.terminal.writeOut(VersionCommand.line(version: version))
            return 0
        case .help(let path):
            let spec = ArgumentParser.command(at: path, root: root)
            world.terminal.writeOut(
                HelpRenderer.render(
                    spec, path: path, globalFlags: GlobalFlags.specs, width: world.terminal.columns,
                    language: helpLanguage(arguments, world: world)))
            return 0
        case .topic(let topic):
            world.terminal.writeOut(
                HelpRenderer.render(
                    topic, root: root.name, width: world.terminal.columns,
                    language: helpLanguage(arguments, world: world)))
            return 0
        case .run(let spec, let parsed):
            var context = CommandContext(world: world, command: parsed, version: version)
            if context.globals.verbose {
                let terminal = world.terminal
                context.world.http = world.http.traced(to: { terminal.writeErr($0) })
                context.world.browser.showsOpenerOutput = true
            }
            do {
                return try await spec.run!(context)
            } catch let error as KAuthError {
                ErrorReport.report(error, context: context)
                return error.exitCode
            } catch let error as CommandError {
                ErrorReport.report(error, context: context)
                return error.exitCode
            } catch let error as UsageError {
                ErrorReport.report(
                    usage: error, json: context.json, language: context.json ? .english : context.language,
                    terminal: world.terminal)
                return 2
            } catch {
                let wrapped = KAuthError.unexpected(description: "\(error)")
                ErrorReport.report(wrapped, context: context)
                return wrapped.exitCode
            }
        }
    }

    /// The language of a line that could not be parsed: `KAUTH_LANG`, the config and the locale,
    /// as for any command.
    static func language(_ world: World) -> Language {
        CommandContext.language(world: world, provider: nil)
    }

    /// The language of help: as a command's, with the provider the line names (help is parsed
    /// before the global flags are read into options, so `--provider` is looked up here).
    static func helpLanguage(_ arguments: [String], world: World) -> Language {
        let provider = CompleteCommand.providerName(in: Array(arguments.prefix { $0 != "--" }))
        return CommandContext.language(world: world, provider: provider)
    }

    /// Whether the line asks for JSON, judged before parsing so usage errors honour it too.
    static func wantsJSON(_ arguments: [String]) -> Bool {
        arguments.prefix { $0 != "--" }.contains("--json")
    }
}
