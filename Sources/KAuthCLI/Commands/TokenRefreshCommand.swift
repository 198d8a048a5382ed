import KAuthCore

/// `kauth token refresh`: refresh now, whatever the expiry.
enum TokenRefreshCommand {
    static let spec = CommandSpec(
        name: "refresh",
        summary: TokenRefreshHelpWords.summary,
        discussion: TokenRefreshHelpWords.discussion,
        options: JSONOnlyOptions.self,
        environment: EnvironmentVariables.session,
        examples: [("kauth token refresh", .none)],
        run: run
    )

    static func run(_ context: CommandContext) async throws -> Int32 {
        if context.environmentToken != nil {
            throw CommandError.usage(CommandUsageWords.refreshEnvironmentToken.localized)
        }
        let tokens = context.tokenService(try context.storedLogin())
        let before = tokens.login.session
        let session = try await tokens.forceRefresh()
        let now = context.world.clock.now()
        let rotated = before != nil && before?.refreshToken != session.refreshToken
        if context.json {
            var object = TokenCommand.tokenJSON(session, profile: tokens.profile, now: now)
            object["refresh_token_rotated"] = .bool(rotated)
            object["refresh_token_expires_at"] =
                session.refreshTokenExpiresAt.map { .string(RFC3339.string(from: $0)) } ?? .null
            context.printJSON(.object(object))
        } else {
            context.err(
                context.words(
                    TokenWords.refreshed(
                        profile: tokens.profile, expiry: Expiry(date: session.accessTokenExpiresAt, now: now))))
            if rotated { context.err(context.words(TokenWords.rotated)) }
        }
        return 0
    }
}
