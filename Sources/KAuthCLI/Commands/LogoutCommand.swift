import KAuthCore

/// `kauth logout`: ask the provider to end the session, then delete the local login whatever
/// the answer (as the SDK's `logout()`).
enum LogoutCommand {
    static let spec = CommandSpec(
        name: "logout",
        summary: "log out at the provider and delete the stored tokens",
        discussion: "Calls the provider's logout (Kakao: /v1/user/logout) and then deletes the profile's tokens from the keystore, whether the call succeeded or not. Other profiles are left alone. With KAUTH_ACCESS_TOKEN set, that token's session is ended and the keystore is not touched.",
        examples: [("kauth logout", ""), ("kauth logout --profile work", "")],
        run: run
    )

    static func run(_ context: CommandContext) async throws -> Int32 {
        if context.environment["KAUTH_ACCESS_TOKEN"] != nil {
            // The token from the environment is the whole session: nothing local to delete, so a
            // failure is reported as it is.
            _ = try await context.userAPI().logout(refreshToken: nil, accessToken: context.environment["KAUTH_ACCESS_TOKEN"])
            context.err("Logged out the session of the token in KAUTH_ACCESS_TOKEN (the keystore was not touched).\n")
            return 0
        }
        let tokens = try context.tokenService()
        guard let session = try tokens.storedSession() else {
            throw KAuthError.notLoggedIn(profile: tokens.profile)
        }
        do {
            let api = ProviderUserAPI(client: try context.storedLoginClient(tokens: tokens, session: session), http: context.world.http)
            if let note = try await api.logout(refreshToken: session.refreshToken, accessToken: session.accessToken) {
                context.err("note: \(note)\n")
            }
        } catch {
            context.err("warning: the provider's logout failed (\(KAuthError.describe(error))); the local tokens are deleted anyway\n")
        }
        try await tokens.deleteStoredSession()
        context.err("Logged out of \(session.provider) (profile '\(tokens.profile)').\n")
        return 0
    }
}

/// `kauth unlink`: disconnect the account from the app; local tokens go only on success.
enum UnlinkCommand {
    static let spec = CommandSpec(
        name: "unlink",
        summary: "unlink the account from the app and delete the stored tokens",
        discussion: "Calls the provider's unlink (Kakao: /v1/user/unlink), which revokes every token and the user's consent. The local tokens are deleted only when it succeeds, so a failed unlink can be retried. With KAUTH_ACCESS_TOKEN set, the token's user is unlinked and the keystore is not touched.",
        examples: [("kauth unlink", "")],
        run: run
    )

    static func run(_ context: CommandContext) async throws -> Int32 {
        if context.environment["KAUTH_ACCESS_TOKEN"] != nil {
            try await context.userAPI().unlink()
            context.err("Unlinked the user of the token in KAUTH_ACCESS_TOKEN from the app (the keystore was not touched).\n")
            return 0
        }
        let tokens = try context.tokenService()
        guard let session = try tokens.storedSession() else {
            throw KAuthError.notLoggedIn(profile: tokens.profile)
        }
        try await ProviderUserAPI(client: try context.storedLoginClient(tokens: tokens, session: session), http: context.world.http).unlink()
        try await tokens.deleteStoredSession()
        context.err("Unlinked the account from the app at \(session.provider) and deleted the local tokens (profile '\(tokens.profile)').\n")
        return 0
    }
}
