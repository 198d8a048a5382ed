import KAuthBasics
import KAuthCore
import KakaoAPI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `kauth status`: what the keystore holds for the profile, without the network (what mobile SDKs
/// call restoring a login from stored credentials).
enum StatusCommand {
    static let spec = CommandSpec(
        name: "status",
        summary: "show the stored login, offline",
        discussion:
            "Reads only the keystore: which provider and user the profile is logged in as, the granted scopes, when the tokens expire, the server when it is not the provider's own (a sandbox), and whether the login can still give a token: valid, refreshable (the next command refreshes it), or expired. A login the provider has rejected (its refresh token refused, its access token refused right after a refresh, or the account unlinked) is expired, with when and why, until a new login. Exits 0 when it can and 3 when it cannot (expired, or nothing stored), so `kauth status || kauth login` works in scripts. With --check it also asks the provider whether it still accepts the login (Kakao: access-token information; others: the profile or OpenID Connect userinfo), refreshing first when needed, and exits 3 when it does not. With only KAUTH_REFRESH_TOKEN set, the session starts from it on the first command that needs a token.",
        options: Options.self,
        globals: [.profile, .provider, .noColor],
        environment: EnvironmentVariables.status,
        examples: [
            ("kauth status", ""), ("kauth status --json | jq -r .session", "valid, refreshable or expired"),
            ("kauth status || kauth login", "log in only when needed"), ("kauth status --check", "ask the provider too")
        ],
        run: run
    )

    static func run(_ context: CommandContext, _ options: Options) async throws -> Int32 {
        // Asked first, so that what follows shows the login as the provider left it (refreshed,
        // or marked rejected).
        let refusal = options.check ? try await check(context) : nil
        let code = try show(context, checked: options.check, refusal: refusal)
        return refusal?.exitCode ?? code
    }

    /// `--check`: one authenticated call that proves the provider still accepts the login — its
    /// token information where it has one, else the profile (OpenID Connect userinfo). Returns
    /// the refusal (exit 3) when it does not; other failures (network: exit 5) are thrown.
    static func check(_ context: CommandContext) async throws -> KAuthError? {
        do {
            let client = try context.apiClient()
            if (try? client.provider.require(.tokenInfo)) != nil {
                _ = try await client.send(AccessTokenInfoRequest())
            } else {
                _ = try await UserAPI(client: client).profile()
            }
            return nil
        } catch KAuthError.notLoggedIn {
            // Said by the offline part, which exits 3.
            return nil
        } catch let error as KAuthError where error.exitCode == 3 {
            return error
        }
    }

    /// The offline view; after `--check`, with its outcome (`checked`, `check_error` in JSON).
    static func show(_ context: CommandContext, checked: Bool, refusal: KAuthError?) throws -> Int32 {
        let refused = refusal.map(context.messages.message(for:))
        let now = context.world.clock.now()
        if context.environmentToken != nil {
            let profile = try context.profileName()
            if context.json {
                var object = SessionJSON.object(
                    nil, profile: profile, source: .environment,
                    keystore: SessionJSON.keystore(context.keystore.path, nil), now: now)
                object["provider"] = .string(context.globals.provider ?? ProviderType.kakao.id)
                object["checked"] = .bool(checked)
                object["check_error"] = refused.map(JSONValue.string) ?? .null
                context.printJSON(.object(object))
            } else {
                context.out("Using the access token in KAUTH_ACCESS_TOKEN (the keystore is not read).\n")
                if let refused { context.err("error: \(refused)\n") }
            }
            return 0
        }
        let login = try context.storedLogin()
        let profile = login.profile
        let contents = login.contents
        let session = login.session
        let bootstrap = try session == nil && TokenService.bootstrapToken(context.environment) != nil
        let state = session?.state(at: now) ?? (bootstrap ? .refreshable : .expired)
        if context.json {
            let keystore = SessionJSON.keystore(
                context.keystore.path, login.snapshot.data == nil ? nil : login.snapshot.protection)
            var object = SessionJSON.object(
                session, profile: profile, source: bootstrap ? .bootstrap : .keystore, keystore: keystore, now: now)
            object["checked"] = .bool(checked && (session != nil || refused != nil))
            object["check_error"] = refused.map(JSONValue.string) ?? .null
            object["default_profile"] = .string(contents.defaultProfile ?? "default")
            object["profiles"] = .array(
                contents.profiles.keys.sorted().map { name in
                    summaryJSON(contents.profiles[name]!, profile: name, now: now)
                })
            context.printJSON(.object(object))
        } else {
            if let session {
                context.out(
                    text(
                        session, profile: profile, keystore: context.keystore.path,
                        protection: login.snapshot.protection, now: now))
                if checked && refused == nil && state != .expired {
                    context.out("  \("checked".padding(15))the provider accepts this login (asked just now)\n")
                }
                if let rejection = session.rejection {
                    context.err(
                        "The provider no longer accepts this login: \(ErrorMessages.describe(rejection)); run \(context.messages.login(profile)) again.\n"
                    )
                } else if state == .expired {
                    context.err(
                        "The stored login has expired and cannot be refreshed; run \(context.messages.login(profile)) again.\n"
                    )
                }
            } else if bootstrap {
                context.out(
                    "No login is stored for profile '\(profile)' yet: the session starts from KAUTH_REFRESH_TOKEN on the first command that needs a token.\n"
                )
            } else {
                context.err("Not logged in (profile '\(profile)'). Run \(context.messages.login(profile)).\n")
            }
            let others = contents.profiles.keys.sorted().filter { $0 != profile }
            if !others.isEmpty {
                context.out(
                    "Other profiles:\n"
                        + others.map { name in
                            let other = contents.profiles[name]!
                            let marker = name == contents.defaultProfile ? " (default)" : ""
                            let server = other.foreignServer.map { " at \($0.visible)" } ?? ""
                            let rejected = other.rejection == nil ? "" : " (rejected by the provider)"
                            return
                                "  \(name)\(marker): \(Provider.displayName(of: other).visible)\(server), \(describe(other)), \(other.state(at: now).rawValue)\(rejected)\n"
                        }.joined())
            }
        }
        if let refused, !context.json { context.err("error: \(refused)\n") }
        return state == .expired ? 3 : 0
    }

    /// One line of `profiles` in `status --json`.
    static func summaryJSON(_ session: StoredSession, profile: String, now: Date) -> JSONValue {
        .object([
            "profile": .string(profile),
            "provider": .string(session.provider),
            "user_id": session.userID.map(JSONValue.string) ?? .null,
            "session": .string(session.state(at: now).rawValue),
            "rejected": .bool(session.rejection != nil),
            "server": session.foreignServer.map(JSONValue.string) ?? .null,
            "access_token_expires_at": .string(RFC3339.string(from: session.accessTokenExpiresAt)),
            "access_token_valid": .bool(session.accessTokenValid(for: 1, at: now))
        ])
    }

    static func text(
        _ session: StoredSession, profile: String, keystore: String, protection: KeystoreProtection, now: Date
    ) -> String {
        let who =
            session.grant != nil
            ? "the client \(session.clientID.visible)"
            : session.user == nil && session.userID == nil
                ? "an unknown user (run `kauth me` to fetch the profile)" : describe(session)
        var rows: [(String, String)] = [
            ("profile", profile),
            (
                "session",
                session.rejection.map { "expired: \(ErrorMessages.describe($0)) (log in again)" }
                    ?? sessionText(session.state(at: now))
            ),
            (
                "scopes",
                session.scopes.isEmpty
                    ? "(none reported)"
                    : session.scopes.map(\.visible).joined(separator: " ")
                        + (session.scopesConfirmed == false
                            ? " " + TokenExchangeWords.scopesNotConfirmed.localized.english : "")
            ),
            ("access token", expiry(session.accessTokenExpiresAt, now: now)),
            (
                "refresh token",
                session.refreshToken == nil
                    ? "none" : session.refreshTokenExpiresAt.map { expiry($0, now: now) } ?? "stored (no expiry given)"
            )
        ]
        if let grant = session.grant { rows.insert(("grant", grant.type.rawValue), at: 2) }
        if let exchange = session.tokenExchange {
            rows.append(("grant", TokenExchangeWords.grantLine(exchange.source).localized.english))
        }
        if let resources = session.resources {
            rows.append(("resources", resources.map(\.visible).joined(separator: " ")))
        }
        if session.idToken != nil { rows.append(("ID token", "stored")) }
        if let acr = session.idToken.flatMap({ JWTClaims.unverifiedClaims(of: $0)?["acr"]?.stringValue }) {
            rows.append(("acr", acr.visible))
        }
        if let server = session.foreignServer { rows.append(("server", serverText(server, of: session))) }
        rows.append(("keystore", keystore))
        rows.append(("protection", protectionText(protection)))
        let heading = session.state(at: now) == .expired ? "The login to" : "Logged in to"
        let tail =
            session.rejection != nil
            ? " was rejected by the provider" : session.state(at: now) == .expired ? " has expired" : ""
        return "\(heading) \(Provider.displayName(of: session).visible) as \(who)\(tail)\n"
            + rows.map { "  \($0.0.padding(15))\($0.1)\n" }.joined()
    }

    /// Where the keystore's key is, or why it is not encrypted.
    static func protectionText(_ protection: KeystoreProtection) -> String {
        switch protection {
        case .keyring(let kind, _): return "encrypted, key in the \(kind.displayName)"
        case .passphrase: return "encrypted with KAUTH_PASSPHRASE"
        case .none(let reason?): return "not encrypted (\(reasonText(reason)))"
        case .none(nil):
            return "not encrypted (written before kauth used the keyring; the next `kauth login` moves its key there)"
        }
    }

    /// Why no keyring was used, in words.
    static func reasonText(_ reason: NoKeyringReason) -> String {
        switch reason {
        case .noSessionBus: return "no session bus for the Secret Service"
        case .locked: return "the keyring was locked"
        case .timedOut: return "the keyring did not answer within 3 s"
        case .turnedOff: return "KAUTH_KEYRING=off"
        case .unavailable: return "the keyring could not be used"
        }
    }

    /// A server that is not the provider's own, and whether it is on this machine.
    static func serverText(_ server: String, of session: StoredSession) -> String {
        let type = ProviderType.named(session.providerType ?? session.provider)
        let own = type.flatMap { $0.usesDiscovery ? nil : "not \($0.displayName)'s own" }
        if LoopbackAddress.contains(server) {
            return "\(server.visible) (on this machine: a sandbox or test server\(own.map { ", \($0)" } ?? ""))"
        }
        return "\(server.visible) (\(own ?? "not the provider's own") server)"
    }

    static func sessionText(_ state: SessionState) -> String {
        switch state {
        case .valid: return "valid"
        case .refreshable: return "refreshable (the access token expired; the next command refreshes it)"
        case .expired: return "expired (log in again)"
        }
    }

    /// Who a login is: `Nickname <email> (id N)` with what is known; the bare id (an OpenID
    /// Connect `sub`) when the profile gave no name.
    static func describe(_ session: StoredSession) -> String {
        let user = session.user ?? CachedUser()
        let id = user.id ?? session.userID
        guard let name = user.nickname ?? user.displayName ?? user.email else {
            return id?.visible ?? "an unknown user"
        }
        var text = name.visible
        if let email = user.email, email != name { text += " <\(email.visible)>" }
        if let id { text += " (id \(id.visible))" }
        return text
    }

    /// `valid until 2026-11-22T07:00:00Z (in 5h 59m)` or `expired at … (3m ago)`.
    static func expiry(_ date: Date, now: Date) -> String {
        let seconds = Int(date.timeIntervalSince(now))
        let stamp = RFC3339.string(from: date)
        return seconds > 0
            ? "valid until \(stamp) (in \(span(seconds)))" : "expired at \(stamp) (\(span(-seconds)) ago)"
    }

    static func span(_ seconds: Int) -> String {
        let days = seconds / 86_400
        let hours = seconds % 86_400 / 3600
        let minutes = seconds % 3600 / 60
        if days > 0 { return "\(days)d \(hours)h" }
        if hours > 0 { return "\(hours)h \(minutes)m" }
        if minutes > 0 { return "\(minutes)m \(seconds % 60)s" }
        return "\(seconds)s"
    }
}

extension StatusCommand {
    struct Options: CommandOptions {
        var check = false

        static let flags: [OptionFlag<Self>] = [
            .json,
            .toggle(\.check, "check", "also ask the provider whether it still accepts the login (exit 3 when not)")
        ]
    }
}
