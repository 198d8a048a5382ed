import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `kauth logout`: end the session at the provider, then delete the local login whatever the
/// answer (as the SDK's `logout()`), saying plainly when the provider still honours the refresh
/// token.
enum LogoutCommand {
    static let spec = CommandSpec(
        name: "logout",
        summary: LogoutHelpWords.summary,
        discussion: LogoutHelpWords.discussion,
        options: JSONOnlyOptions.self,
        environment: EnvironmentVariables.session,
        examples: [("kauth logout", .none), ("kauth logout --profile work", .none)],
        run: run
    )

    static func run(_ context: CommandContext) async throws -> Int32 {
        if let token = context.environmentToken {
            // The token from the environment is the whole session: nothing local to delete, so a
            // failure is reported as it is.
            let outcome = try await context.userAPI().logout(
                refreshToken: nil, validAccessToken: token, world: context.world)
            if case .notRevoked(let reason) = outcome {
                throw CommandError.failed(
                    UserDataErrorWords.environmentTokenNotEnded(reason: describe(reason).localized).localized)
            }
            if context.json {
                context.printJSON(
                    .object([
                        "profile": .string(try context.profileName()), "source": .string("environment"),
                        "logged_out": .bool(true), "revoked": .bool(true), "warning": .null
                    ]))
            } else {
                context.err(context.words(ProfileWords.loggedOutEnvironmentToken))
            }
            return 0
        }
        let login = try context.storedLogin()
        guard let session = login.session else { throw KAuthError.notLoggedIn(profile: login.profile) }
        try context.profileStore.requireWritable(before: .logout)
        let provider = Provider.displayName(of: session)
        let now = context.world.clock.now()
        let stillValid = ProfileWords.refreshTokenStaysValid(
            provider: provider, until: session.refreshTokenExpiresAt.map { Moment(date: $0) })
        var warning: Localized?
        var revoked = false
        do {
            let api = UserAPI(client: try context.client(for: context.tokenService(login)))
            let access = session.accessTokenValid(for: 0, at: now) ? session.accessToken : nil
            switch try await api.logout(
                refreshToken: session.refreshToken, validAccessToken: access, world: context.world)
            {
            case .loggedOut, .revoked:
                revoked = true
            case .notRevoked(.noToken):
                warning = ProfileWords.noTokenLeft(provider: provider).localized
            case .notRevoked(let reason):
                warning =
                    ProfileWords.notRevoked(provider: provider, reason: describe(reason), stillValid: stillValid)
                    .localized
            }
        } catch {
            let message = Localized.inEachLanguage { language in
                (error as? KAuthError).map(context.messages(in: language).message(for:)) ?? "\(error)".visible
            }
            warning =
                ProfileWords.logoutFailed(
                    provider: provider, message: message,
                    stillValid: session.refreshToken == nil ? .accessTokenStaysValid : stillValid
                ).localized
        }
        // Only the login this command ended: one another kauth stored meanwhile stays.
        let inUse = try await context.profileStore.delete(profile: login.profile, only: session)
        if inUse == nil {
            let meanwhile = ProfileWords.newLoginMeanwhile(profile: login.profile).localized
            warning = warning.map { $0 + .verbatim(" ") + meanwhile } ?? meanwhile
        }
        if context.json {
            context.printJSON(
                .object([
                    "profile": .string(login.profile), "provider": .string(session.provider),
                    "source": .string("keystore"),
                    "logged_out": .bool(true), "revoked": .bool(revoked),
                    "warning": warning.map { .string($0.english) } ?? .null,
                    "profile_in_use": inUse?.now.map(JSONValue.string) ?? .null
                ]))
        } else {
            if let warning { context.err(context.words(ProfileWords.warning(warning))) }
            context.err(context.words(ProfileWords.loggedOut(provider: provider, profile: login.profile)))
            if let inUse, let words = nowInUse(inUse, login: login) { context.err(context.words(words)) }
        }
        return 0
    }

    /// After the profile in use was deleted: which one commands without --profile use now, or
    /// that none is logged in. Nil when another profile was deleted.
    static func nowInUse(_ inUse: ProfileInUse, login: StoredLogin) -> ProfileWords? {
        guard inUse.wasInUse else { return nil }
        if let next = inUse.now, let session = login.contents.profiles[next] {
            return .nowInUse(profile: next, provider: Provider.displayName(of: session), user: .user(session))
        }
        return .noneInUse(left: login.contents.profiles.keys.filter { $0 != login.profile }.sorted())
    }

    static func describe(_ reason: UserAPI.NotRevoked) -> ProfileWords {
        switch reason {
        case .noEndpoint: .noRevocationEndpoint
        case .refused(let status, let error): .revocationRefused(status: status, error: error)
        case .noToken: .noTokenToRevoke
        }
    }
}
