import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the credential helpers of git and Docker share: which login answers a tool for a host.
///
/// They run on every git or Docker command, so they do what `kauth token` does and one thing
/// more: the config file is read first, and for a host no provider lists nothing else is read;
/// then the keystore once, and the network only when the token must be refreshed.
enum CredentialHelper {
    /// The token to give and the user name to give it with.
    struct Answer {
        var username: String
        /// The stored login's tokens; nil when the token is `KAUTH_ACCESS_TOKEN`'s.
        var tokens: TokenService?
        var environmentToken: String?
    }

    /// The answer for `host` (as the tool sent it, `host[:port]`): when the `tool` hosts of the
    /// profile's provider list it. nil when no provider lists it, or only providers other than the
    /// profile's. A listed host and no stored login is `notLoggedIn` (exit 3), so that the tool
    /// shows the user what to do.
    static func answer(for host: String, tool: CredentialTool, context: CommandContext) throws -> Answer? {
        let config = try context.configStore.load()
        let listing = config.providers(serving: host, for: tool)
        guard let first = listing.first else { return nil }
        if let token = context.environmentToken {
            // KAUTH_ACCESS_TOKEN replaces the keystore, whose login would say the provider.
            return Answer(
                username: config.credentialUsername(provider: first, for: tool), tokens: nil, environmentToken: token)
        }
        let login = try context.storedLogin()
        guard let session = login.session else {
            // A CI job's KAUTH_REFRESH_TOKEN starts the session when the token is asked for.
            guard try TokenService.bootstrapToken(context.environment) != nil else {
                throw KAuthError.notLoggedIn(profile: login.profile)
            }
            return Answer(
                username: config.credentialUsername(provider: first, for: tool), tokens: context.tokenService(login),
                environmentToken: nil)
        }
        guard listing.contains(session.provider) else { return nil }
        return Answer(
            username: config.credentialUsername(provider: session.provider, for: tool),
            tokens: context.tokenService(login), environmentToken: nil)
    }

    /// A valid access token and when it expires (nil: unknown, `KAUTH_ACCESS_TOKEN`), refreshed
    /// under the keystore lock when needed, as `kauth token` does. A token with a control
    /// character cannot be written into the tools' line- and JSON-based answers as it is: it is
    /// refused rather than sent altered.
    static func token(_ answer: Answer, tool: String) async throws -> (token: String, expiresAt: Date?) {
        let token: String
        var expiresAt: Date?
        if let tokens = answer.tokens {
            let session = try await tokens.validToken().session
            token = session.accessToken
            expiresAt = session.accessTokenExpiresAt
        } else {
            token = answer.environmentToken ?? ""
        }
        if token.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw CommandError.failed(ToolsWords.tokenUnsendable(tool: tool).localized)
        }
        return (token, expiresAt)
    }

    /// Reads standard input to its end (what the tools send and kauth has no use for), so that the
    /// tool never writes to a closed pipe; nothing from a terminal, where a person waits.
    static func discardInput(_ context: CommandContext) {
        guard !context.terminal.stdinIsTerminal else { return }
        var lines = 0
        while lines < 65_536, context.terminal.readLine() != nil { lines += 1 }
    }
}
