import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `kauth unlink`: disconnect the account from the app; local tokens go only on success.
enum UnlinkCommand {
    static let spec = CommandSpec(
        name: "unlink",
        summary: UnlinkHelpWords.summary,
        discussion: UnlinkHelpWords.discussion,
        options: Options.self,
        environment: EnvironmentVariables.session,
        examples: [
            ("kauth unlink", UnlinkHelpWords.exampleOnATerminalItAsksFirst),
            ("kauth unlink --yes", UnlinkHelpWords.exampleWithoutAsking)
        ],
        run: run
    )

    struct Options: CommandOptions {
        var yes = false

        static let flags: [OptionFlag<Self>] = [
            .toggle(\.yes, "yes", UnlinkHelpWords.yesFlag),
            .json
        ]
    }

    static func run(_ context: CommandContext, _ options: Options) async throws -> Int32 {
        if context.environmentToken != nil {
            try confirm(UnlinkConfirmWords.questionForEnvironmentToken, context, options)
            try await context.userAPI().unlink()
            if context.json {
                context.printJSON(
                    .object([
                        "profile": .string(try context.profileName()), "source": .string("environment"),
                        "unlinked": .bool(true)
                    ]))
            } else {
                context.err(context.words(ProfileWords.unlinkedEnvironmentToken))
            }
            return 0
        }
        let login = try context.storedLogin()
        guard let session = login.session else { throw KAuthError.notLoggedIn(profile: login.profile) }
        try context.profileStore.requireWritable(before: .unlink)
        try confirm(
            UnlinkConfirmWords.question(
                user: context.words(SessionWords.user(session)), app: "'\(session.clientID.visible)'",
                provider: Provider.displayName(of: session).visible, profile: login.profile),
            context, options)
        try await UserAPI(client: try context.client(for: context.tokenService(login))).unlink()
        // Only the login this command unlinked: one another kauth stored meanwhile stays.
        let deleted = try await context.profileStore.deleteUnlinked(
            profile: login.profile, session: session, at: context.world.clock.now())
        let inUse = deleted?.inUse
        let marked = deleted?.marked ?? []
        if context.json {
            context.printJSON(
                .object([
                    "profile": .string(login.profile), "provider": .string(session.provider),
                    "source": .string("keystore"), "unlinked": .bool(true),
                    "also_ended": .array(marked.map(JSONValue.string)),
                    "profile_in_use": inUse?.now.map(JSONValue.string) ?? .null
                ]))
        } else {
            context.err(
                context.words(
                    ProfileWords.unlinked(provider: Provider.displayName(of: session), profile: login.profile)))
            if !marked.isEmpty {
                context.err(
                    context.words(ProfileWords.alsoEnded(profiles: marked, logins: marked.map(context.loginInvocation)))
                )
            }
            if let inUse {
                if let words = LogoutCommand.nowInUse(inUse, login: login) { context.err(context.words(words)) }
            } else {
                context.err(context.words(ProfileWords.newLoginMeanwhile(profile: login.profile)) + "\n")
            }
        }
        return 0
    }

    /// Asks before an unlink, which cannot be undone from here, when a person is there to answer:
    /// standard input and standard error are a terminal, and `--yes` was not given. Anything but
    /// yes, or the end of input, stops the command before a request is sent (exit 6).
    static func confirm(_ question: UnlinkConfirmWords, _ context: CommandContext, _ options: Options) throws {
        let terminal = context.terminal
        guard !options.yes, terminal.stdinIsTerminal, terminal.stderrIsTerminal else { return }
        terminal.writeErr(context.words(question))
        guard let answer = terminal.readLine(),
            UnlinkConfirmWords.yes.contains(answer.trimmingWhitespace().lowercased())
        else {
            throw CommandError.cancelled(UnlinkConfirmWords.cancelled(yes: Invocation("kauth unlink --yes")).localized)
        }
    }
}
