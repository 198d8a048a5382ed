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
        summary: "log out at the provider and delete the stored tokens",
        discussion:
            "Ends the session at the provider (Kakao: /v1/user/logout; OpenID Connect and Snapchat: RFC 7009 revocation of the refresh token) and then deletes the profile's tokens from the keystore, whether that succeeded or not. When the provider could not revoke the refresh token, kauth says so: it stays valid there until it expires. Other profiles are left alone. With KAUTH_ACCESS_TOKEN set, that token's session is ended and the keystore is not touched.",
        options: JSONOnlyOptions.self,
        environment: EnvironmentVariables.session,
        examples: [("kauth logout", ""), ("kauth logout --profile work", "")],
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
                    .untranslated(
                        "the provider did not end the session of the token in KAUTH_ACCESS_TOKEN (\(describe(reason))); it stays valid until it expires"
                    ))
            }
            if context.json {
                context.printJSON(
                    .object([
                        "profile": .string(try context.profileName()), "source": .string("environment"),
                        "logged_out": .bool(true), "revoked": .bool(true), "warning": .null
                    ]))
            } else {
                context.err(
                    "Logged out the session of the token in KAUTH_ACCESS_TOKEN (the keystore was not touched).\n")
            }
            return 0
        }
        let login = try context.storedLogin()
        guard let session = login.session else { throw KAuthError.notLoggedIn(profile: login.profile) }
        let provider = Provider.displayName(of: session)
        let now = context.world.clock.now()
        let stillValid =
            "the refresh token stays valid at \(provider) until it expires"
            + (session.refreshTokenExpiresAt.map { " (\(RFC3339.string(from: $0)))" } ?? "")
        var warning: String?
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
                warning = "no token was left to revoke at \(provider)"
            case .notRevoked(let reason):
                warning =
                    "\(provider) could not revoke this login (\(describe(reason))); \(stillValid). The local tokens are deleted anyway."
            }
        } catch {
            let message = (error as? KAuthError).map(context.messages.message(for:)) ?? "\(error)".visible
            warning =
                "the logout at \(provider) failed (\(message)); \(session.refreshToken == nil ? "the access token stays valid until it expires" : stillValid). The local tokens are deleted anyway."
        }
        // Only the login this command ended: one another kauth stored meanwhile stays.
        let inUse = try await context.profileStore.delete(profile: login.profile, only: session)
        if inUse == nil {
            warning =
                (warning.map { $0 + " " } ?? "")
                + "A new login was stored in profile '\(login.profile)' meanwhile; it was left as it is."
        }
        if context.json {
            context.printJSON(
                .object([
                    "profile": .string(login.profile), "provider": .string(session.provider),
                    "source": .string("keystore"),
                    "logged_out": .bool(true), "revoked": .bool(revoked),
                    "warning": warning.map(JSONValue.string) ?? .null,
                    "profile_in_use": inUse?.now.map(JSONValue.string) ?? .null
                ]))
        } else {
            if let warning { context.err("warning: \(warning)\n") }
            context.err("Logged out of \(provider) (profile '\(login.profile)').\n")
            if let inUse { context.err(nowInUse(inUse, login: login)) }
        }
        return 0
    }

    /// After the profile in use was deleted: which one commands without --profile use now, or
    /// that none is logged in. Empty when another profile was deleted.
    static func nowInUse(_ inUse: ProfileInUse, login: StoredLogin) -> String {
        guard inUse.wasInUse else { return "" }
        if let next = inUse.now, let session = login.contents.profiles[next] {
            return
                "Commands without --profile now use profile '\(next)': \(Provider.displayName(of: session).visible) as \(StatusCommand.describe(session)).\n"
        }
        let left = login.contents.profiles.keys.filter { $0 != login.profile }.sorted()
        return "No profile is in use now: commands without --profile are not logged in"
            + (left.isEmpty ? ".\n" : "; pick one with `kauth switch NAME` (\(left.joined(separator: ", "))).\n")
    }

    static func describe(_ reason: UserAPI.NotRevoked) -> String {
        switch reason {
        case .noEndpoint:
            return "it advertises no revocation endpoint; if it has one, set provider.NAME.revocation_endpoint"
        case .refused(let status, let error):
            return "its revocation endpoint answered HTTP \(status)\(error.map { " \($0.visible)" } ?? "")"
        case .noToken:
            return "no token to revoke"
        }
    }
}
