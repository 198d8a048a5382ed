import KAuthBasics
import KAuthCore

/// `kauth git-credential get|store|erase`, also run as `git-credential-kauth`: a git credential
/// helper (`git help credential`) that answers with the stored login's access token for the hosts
/// of its provider's `git_hosts`.
enum GitCredentialCommand {
    static let spec = CommandSpec(
        name: "git-credential",
        summary: GitCredentialHelpWords.summary,
        discussion: GitCredentialHelpWords.discussion,
        options: NoOptions.self,
        globals: [.profile, .verbose],
        arguments: [
            ArgumentSpec(
                name: "OPERATION",
                help: GitCredentialHelpWords.operationArgument,
                minimum: 1, maximum: 1,
                values: .choices(["get", "store", "erase"]))
        ],
        environment: EnvironmentVariables.session,
        examples: [
            (
                "git config --global credential.https://git.example.com.helper kauth",
                GitCredentialHelpWords.exampleGitAsksKauthForThatHost
            ),
            (
                "kauth config set provider.kakao.git_hosts git.example.com",
                GitCredentialHelpWords.exampleTheHostsALoginAnswersFor
            ),
            (
                "git config --global credential.https://git.example.com.helper '!kauth git-credential --profile work'",
                GitCredentialHelpWords.exampleAnotherProfilesLogin
            )
        ],
        run: run
    )

    static func run(_ context: CommandContext) async throws -> Int32 {
        let operation = context.command.arguments[0]
        // Operations git may add later are ignored, as the protocol asks of helpers.
        guard operation == "get" || operation == "erase" else {
            CredentialHelper.discardInput(context)
            return 0
        }
        let request = GitCredentialRequest.read(context.terminal.readLine)
        guard let host = request.host, served(protocol: request.protocolName, host: host) else { return 0 }
        if operation == "erase" {
            // Nothing stored, nothing to mark: erase has nothing to tell git either way.
            do {
                try await CredentialHelper.answer(for: host, tool: .git, context: context)?.tokens?.markStale(
                    accessToken: request.password)
            } catch KAuthError.notLoggedIn {}
            return 0
        }
        guard let answer = try CredentialHelper.answer(for: host, tool: .git, context: context) else { return 0 }
        let (token, expiresAt) = try await CredentialHelper.token(answer, tool: "git")
        var lines = ["username=\(answer.username)", "password=\(token)"]
        if let expiresAt { lines.append("password_expiry_utc=\(Int(expiresAt.timeIntervalSince1970))") }
        context.out(lines.joined(separator: "\n") + "\n")
        return 0
    }

    /// Whether a token may go to `protocol://host`: over https, or plain http to this machine,
    /// where nothing crosses a network.
    static func served(protocol name: String?, host: String) -> Bool {
        switch name {
        case "https": return true
        case "http": return LoopbackAddress.isLoopback(host: CredentialHosts.split(host).host.lowercased())
        default: return false
        }
    }
}
