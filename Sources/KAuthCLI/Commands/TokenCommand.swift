#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import KAuthCore

/// `kauth token`, `kauth token info`, `kauth token refresh`.
enum TokenCommand {
    static let spec = CommandSpec(
        name: "token",
        summary: "print a valid access token, refreshing it when needed",
        discussion: "Prints the access token and a newline on stdout, nothing else. When the stored token expires within 60 seconds (or half its lifetime, when that is shorter; or --min-valid SECONDS), it is refreshed first; parallel runs share one refresh. A token younger than half its lifetime is never refreshed just to meet --min-valid: it is printed with a warning. KAUTH_ACCESS_TOKEN, when set, is printed as it is and the keystore is not touched.",
        flags: [
            .json,
            .option("min-valid", "SECONDS", "refresh unless the token stays valid this long (default: 60, or half the token's lifetime)"),
            .toggle("id-token", "print the stored OpenID Connect ID token instead"),
        ],
        environment: EnvironmentVariables.session,
        examples: [
            ("curl -H \"Authorization: Bearer $(kauth token)\" https://kapi.kakao.com/v2/user/me", ""),
            ("kauth token --min-valid 3600", "a token that lasts for an hour-long job"),
        ],
        subcommands: [infoSpec, refreshSpec],
        run: run
    )

    static let infoSpec = CommandSpec(
        name: "info",
        summary: "ask the provider about the access token",
        flags: [.json],
        environment: EnvironmentVariables.session,
        examples: [("kauth token info --json", "")],
        run: info
    )

    static let refreshSpec = CommandSpec(
        name: "refresh",
        summary: "refresh the access token now",
        discussion: "Refreshes whatever the expiry. Kakao rotates the refresh token only when less than a month of it remains; kauth keeps the old one otherwise.",
        flags: [.json],
        environment: EnvironmentVariables.session,
        examples: [("kauth token refresh", "")],
        run: refresh
    )

    static func run(_ context: CommandContext) async throws -> Int32 {
        let minValid = try FlagValues.integer(context, "min-valid", range: 0...31_536_000)
        if let token = context.environmentToken {
            if context.command.has("id-token") {
                throw KAuthError.usage("KAUTH_ACCESS_TOKEN is set and carries no ID token; unset it to read the stored login")
            }
            context.out(context.json ? JSONValue.object(["access_token": .string(token), "source": .string("environment")]).jsonText(pretty: true) + "\n" : token + "\n")
            return 0
        }
        let login = try context.storedLogin()
        if context.command.has("id-token") {
            guard let session = login.session else { throw KAuthError.notLoggedIn(profile: login.profile) }
            guard let idToken = session.idToken else {
                throw KAuthError.failure("no ID token is stored for profile '\(login.profile)'; log in with `kauth login --openid` (Kakao: enable OpenID Connect in the console)")
            }
            context.out(idToken + "\n")
            return 0
        }
        let tokens = context.tokenService(login)
        let grant = try await tokens.validToken(minValid: minValid)
        let session = grant.session
        let now = context.world.clock.now()
        if let lifetime = grant.shortOf, let minValid {
            let left = max(0, Int(session.accessTokenExpiresAt.timeIntervalSince(now)))
            context.err("warning: the provider's access tokens last \(lifetime) s, less than --min-valid \(minValid); this one is valid for \(left) s more\n")
        }
        if context.json {
            context.printJSON(tokenJSON(session, profile: tokens.profile, now: now))
        } else {
            context.out(session.accessToken + "\n")
        }
        return 0
    }

    static func tokenJSON(_ session: StoredSession, profile: String, now: Date) -> JSONValue {
        .object([
            "access_token": .string(session.accessToken),
            "token_type": .string(session.tokenType),
            "expires_at": .string(RFC3339.string(from: session.accessTokenExpiresAt)),
            "expires_in": .number(Double(max(0, Int(session.accessTokenExpiresAt.timeIntervalSince(now))))),
            "scopes": .array(session.scopes.map(JSONValue.string)),
            "profile": .string(profile),
            "provider": .string(session.provider),
        ])
    }

    static func info(_ context: CommandContext) async throws -> Int32 {
        let result = try await context.apiClient(requiring: .tokenInfo).send(AccessTokenInfoRequest())
        if context.json {
            context.outBody(result.body)
            return 0
        }
        let info = result.value
        let expiry = context.world.clock.now().addingTimeInterval(TimeInterval(info.expiresIn))
        var rows: [(String, String)] = []
        if let id = info.id { rows.append(("user id", String(id))) }
        if let app = info.appID { rows.append(("app id", String(app))) }
        rows.append(("expires in", "\(info.expiresIn) s (\(RFC3339.string(from: expiry)))"))
        context.out(rows.map { "\($0.0.padding(12))\($0.1)\n" }.joined())
        return 0
    }

    static func refresh(_ context: CommandContext) async throws -> Int32 {
        if context.environmentToken != nil {
            throw KAuthError.usage("KAUTH_ACCESS_TOKEN is set: that token cannot be refreshed by kauth; unset it to refresh the stored login")
        }
        let tokens = context.tokenService(try context.storedLogin())
        let before = tokens.login.session
        let session = try await tokens.forceRefresh()
        let now = context.world.clock.now()
        let rotated = before != nil && before?.refreshToken != session.refreshToken
        if context.json {
            guard case .object(var object) = tokenJSON(session, profile: tokens.profile, now: now) else { return 0 }
            object.removeValue(forKey: "access_token")
            object["refresh_token_rotated"] = .bool(rotated)
            object["refresh_token_expires_at"] = session.refreshTokenExpiresAt.map { .string(RFC3339.string(from: $0)) } ?? .null
            context.printJSON(.object(object))
        } else {
            context.err("Refreshed the access token of profile '\(tokens.profile)': \(StatusCommand.expiry(session.accessTokenExpiresAt, now: now)).\n")
            if rotated { context.err("The provider rotated the refresh token; the new one is stored.\n") }
        }
        return 0
    }
}
