import KAuthBasics
import KAuthCore

/// `docker-credential-kauth get|store|erase|list`: Docker's credential-helper protocol
/// (docker-credential-helpers), for the registries of `docker_hosts` of the profile's provider.
/// kauth answers to that name (a link to it); the command is hidden from kauth's own help.
enum DockerCredentialCommand {
    /// The name Docker runs: `docker-credential-` and the `credHelpers` value, `kauth`.
    static let name = "docker-credential-kauth"
    /// What every Docker helper prints on stdout for a registry it has nothing for; Docker
    /// compares the output (spaces around it dropped) with it and then goes on without
    /// credentials. A fixed word of the protocol, never translated.
    static let notFound = "credentials not found in native keychain"
    /// What the helpers print when `get` is given no server URL.
    static let missingServerURL = "no credentials server URL"

    // Literals, not the constants above: building the tree (every command does) then runs no line
    // of this file.
    static let spec = CommandSpec(
        name: "docker-credential-kauth",
        summary: DockerCredentialHelpWords.summary,
        discussion: DockerCredentialHelpWords.discussion,
        options: NoOptions.self,
        globals: [],
        arguments: [
            ArgumentSpec(
                name: "ACTION",
                help: DockerCredentialHelpWords.actionArgument,
                minimum: 1, maximum: 1,
                values: .choices(["get", "store", "erase", "list"]))
        ],
        environment: EnvironmentVariables.session,
        examples: [
            (
                "echo registry.example.com | docker-credential-kauth get",
                DockerCredentialHelpWords.exampleWhatDockerReceives
            )
        ],
        run: run,
        hidden: true
    )

    static func run(_ context: CommandContext) async throws -> Int32 {
        let action = context.command.arguments[0]
        switch action {
        case "store", "erase":
            // The login is kauth's: `docker login` and `docker logout` change nothing in it.
            CredentialHelper.discardInput(context)
            return 0
        case "get":
            return await get(context)
        case "list":
            return await list(context)
        default:
            throw CommandError.usage(ToolsWords.unknownDockerAction(action: action).localized)
        }
    }

    /// Docker shows what a helper printed on stdout when it fails, and never its stderr: errors
    /// go there, as the helpers' own do.
    static func get(_ context: CommandContext) async -> Int32 {
        var input: [String] = []
        while input.count < 4096, let line = context.terminal.readLine() { input.append(line) }
        let serverURL = DockerCredentialRequest.serverURL(input.joined(separator: "\n"))
        guard !serverURL.isEmpty else {
            context.out(missingServerURL + "\n")
            return 1
        }
        do {
            guard
                let answer = try CredentialHelper.answer(
                    for: DockerCredentialRequest.host(of: serverURL), tool: .docker, context: context)
            else {
                context.out(notFound + "\n")
                return 1
            }
            let (token, _) = try await CredentialHelper.token(answer, tool: "Docker")
            let credentials: JSONValue = .object([
                "ServerURL": .string(serverURL), "Username": .string(answer.username), "Secret": .string(token)
            ])
            context.out(credentials.jsonText() + "\n")
            return 0
        } catch {
            return failed(error, context: context)
        }
    }

    /// `{"host": "username"}` for every registry the profile's provider serves; `{}` without a
    /// stored login.
    static func list(_ context: CommandContext) async -> Int32 {
        CredentialHelper.discardInput(context)
        do {
            let config = try context.configStore.load()
            var served: [String: JSONValue] = [:]
            if let provider = try context.storedLogin().session?.provider {
                let username = config.credentialUsername(provider: provider, for: .docker)
                for host in config.credentialHosts(provider: provider, for: .docker) {
                    served[host] = .string(username)
                }
            }
            context.out(JSONValue.object(served).jsonText() + "\n")
            return 0
        } catch {
            return failed(error, context: context)
        }
    }

    /// The error's words on stdout, and its exit code.
    private static func failed(_ error: any Error, context: CommandContext) -> Int32 {
        switch error {
        case let error as KAuthError:
            context.out(context.messages.message(for: error) + "\n")
            return error.exitCode
        case let error as CommandError:
            context.out(context.messages.message(for: error) + "\n")
            return error.exitCode
        default:
            let wrapped = KAuthError.unexpected(description: "\(error)")
            context.out(context.messages.message(for: wrapped) + "\n")
            return wrapped.exitCode
        }
    }
}
