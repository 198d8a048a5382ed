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
        summary: Localized(
            en: "give Docker a valid access token (a Docker credential helper)",
            ko: "Docker credential helper: 액세스 토큰을 줍니다"),
        discussion: Localized(
            en:
                "Docker runs it (credHelpers in ~/.docker/config.json maps a registry to kauth) with get, store, erase or list. get reads the registry on stdin (host, host:port or a URL, whose host is taken) and, when docker_hosts of the profile's provider (KAUTH_PROFILE, else the default profile) lists it, prints {\"ServerURL\", \"Username\", \"Secret\"}: the user name docker_username (default oauth2) and a valid access token, refreshed first when needed. For another registry it prints `credentials not found in native keychain` and exits 1, as Docker's own helpers do, and Docker goes on without credentials. list prints the registries served and their user name; store and erase leave the keystore alone. Other failures are printed on stdout, where Docker shows them.",
            ko:
                "Docker가 get, store, erase 또는 list로 실행합니다(~/.docker/config.json의 credHelpers가 레지스트리를 kauth에 연결합니다). get은 표준 입력에서 레지스트리(host, host:port 또는 URL이면 그 호스트)를 읽고, 프로필 제공자(KAUTH_PROFILE, 없으면 기본 프로필)의 docker_hosts에 있으면 {\"ServerURL\", \"Username\", \"Secret\"}를 출력합니다: 사용자 이름 docker_username(기본값 oauth2)과 유효한 액세스 토큰(필요하면 먼저 갱신)입니다. 다른 레지스트리에는 Docker 자체 helper처럼 `credentials not found in native keychain`을 출력하고 1로 끝나며, Docker는 자격 증명 없이 계속합니다. list는 응답하는 레지스트리와 그 사용자 이름을 출력합니다. store와 erase는 키 저장소를 건드리지 않습니다. 그 밖의 실패는 Docker가 보여 주는 표준 출력에 출력합니다."
        ),
        options: NoOptions.self,
        globals: [],
        arguments: [
            ArgumentSpec(
                name: "ACTION",
                help: Localized(
                    en: "get, store, erase or list (Docker gives it)", ko: "get, store, erase 또는 list (Docker가 줍니다)"),
                minimum: 1, maximum: 1,
                values: .choices(["get", "store", "erase", "list"]))
        ],
        environment: EnvironmentVariables.session,
        examples: [
            (
                "echo registry.example.com | docker-credential-kauth get",
                Localized(en: "what Docker receives", ko: "Docker가 받는 내용")
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
