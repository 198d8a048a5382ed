import KAuthBasics
import KAuthCore

/// `kauth git-credential get|store|erase`, also run as `git-credential-kauth`: a git credential
/// helper (`git help credential`) that answers with the stored login's access token for the hosts
/// of its provider's `git_hosts`.
enum GitCredentialCommand {
    static let spec = CommandSpec(
        name: "git-credential",
        summary: "give git a valid access token (a git credential helper)",
        discussion:
            "git runs it with get, store or erase and the request on stdin, as `git help credential` describes: key=value lines up to a blank line. For get, when the host git names (host:port when the URL has a port) is listed in git_hosts of the profile's provider (provider.NAME.git_hosts, hosts separated by commas or spaces), kauth answers username (git_username, default oauth2), password (a valid access token, refreshed first when needed, as `kauth token` does) and password_expiry_utc. https only; plain http only for a host on this machine. For any other host it prints nothing and exits 0, so git asks its next helper. store does nothing: the login is kauth's. erase, which git sends after the server refused the token (HTTP 401), marks the stored access token expired so that the next get refreshes it; the login stays. git 2.39 does not retry the command after a 401: run it again. The profile: --profile, else KAUTH_PROFILE, else the default one. As git-credential-kauth (the link `make install` puts next to kauth), `credential.helper = kauth` finds it.",
        options: NoOptions.self,
        globals: [.profile, .verbose],
        arguments: [
            ArgumentSpec(
                name: "OPERATION", help: "get, store or erase (git gives it)", minimum: 1, maximum: 1,
                values: .choices(["get", "store", "erase"]))
        ],
        environment: EnvironmentVariables.session,
        examples: [
            ("git config --global credential.https://git.example.com.helper kauth", "git asks kauth for that host"),
            ("kauth config set provider.kakao.git_hosts git.example.com", "the hosts a login answers for"),
            (
                "git config --global credential.https://git.example.com.helper '!kauth git-credential --profile work'",
                "another profile's login"
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
