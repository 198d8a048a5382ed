#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import KAuthCore

/// `kauth status`: what the keystore holds for the profile, without the network (what mobile SDKs
/// call restoring a login from stored credentials).
enum StatusCommand {
    static let spec = CommandSpec(
        name: "status",
        summary: "show the stored login, offline",
        discussion: "Reads only the keystore: which provider and user the profile is logged in as, the granted scopes, when the tokens expire, and whether the login can still give a token: valid, refreshable (the next command refreshes it), or expired. Exits 0 when it can and 3 when it cannot (expired, or nothing stored), so `kauth status || kauth login` works in scripts. With only KAUTH_REFRESH_TOKEN set, the session starts from it on the first command that needs a token.",
        flags: [.json],
        globals: [.profile, .provider, .noColor],
        environment: EnvironmentVariables.status,
        examples: [("kauth status", ""), ("kauth status --json | jq -r .session", "valid, refreshable or expired"), ("kauth status || kauth login", "log in only when needed")],
        run: run
    )

    static func run(_ context: CommandContext) async throws -> Int32 {
        let now = context.world.clock.now()
        if context.environmentToken != nil {
            let profile = try context.profileName()
            if context.json {
                var object = SessionJSON.object(nil, profile: profile, source: .environment, keystore: SessionJSON.keystore(context.keystore.path, nil), now: now)
                object["provider"] = .string(context.command.value("provider") ?? ProviderType.kakao.id)
                context.printJSON(.object(object))
            } else {
                context.out("Using the access token in KAUTH_ACCESS_TOKEN (the keystore is not read).\n")
            }
            return 0
        }
        let login = try context.storedLogin()
        let profile = login.profile
        let contents = login.contents
        let session = login.session
        let bootstrap = session == nil && context.environment[TokenService.bootstrapVariable] != nil
        let state = session?.state(at: now) ?? (bootstrap ? .refreshable : .expired)
        if context.json {
            let keystore = SessionJSON.keystore(context.keystore.path, login.snapshot.data == nil ? nil : login.snapshot.protection)
            var object = SessionJSON.object(session, profile: profile, source: bootstrap ? .bootstrap : .keystore, keystore: keystore, now: now)
            object["default_profile"] = .string(contents.defaultProfile ?? "default")
            object["profiles"] = .array(contents.profiles.keys.sorted().map { name in
                summaryJSON(contents.profiles[name]!, profile: name, now: now)
            })
            context.printJSON(.object(object))
        } else {
            if let session {
                context.out(text(session, profile: profile, keystore: context.keystore.path, protection: login.snapshot.protection, now: now))
                if state == .expired {
                    context.err("The stored login has expired and cannot be refreshed; run \(context.messages.login(profile)) again.\n")
                }
            } else if bootstrap {
                context.out("No login is stored for profile '\(profile)' yet: the session starts from KAUTH_REFRESH_TOKEN on the first command that needs a token.\n")
            } else {
                context.err("Not logged in (profile '\(profile)'). Run \(context.messages.login(profile)).\n")
            }
            let others = contents.profiles.keys.sorted().filter { $0 != profile }
            if !others.isEmpty {
                context.out("Other profiles:\n" + others.map { name in
                    let other = contents.profiles[name]!
                    let marker = name == contents.defaultProfile ? " (default)" : ""
                    return "  \(name)\(marker): \(Provider.displayName(of: other).visible), \(describe(other)), \(other.state(at: now).rawValue)\n"
                }.joined())
            }
        }
        return state == .expired ? 3 : 0
    }

    /// One line of `profiles` in `status --json`.
    static func summaryJSON(_ session: StoredSession, profile: String, now: Date) -> JSONValue {
        .object([
            "profile": .string(profile),
            "provider": .string(session.provider),
            "user_id": session.userID.map(JSONValue.string) ?? .null,
            "session": .string(session.state(at: now).rawValue),
            "access_token_expires_at": .string(RFC3339.string(from: session.accessTokenExpiresAt)),
            "access_token_valid": .bool(session.accessTokenValid(for: 1, at: now)),
        ])
    }

    static func text(_ session: StoredSession, profile: String, keystore: String, protection: KeystoreProtection, now: Date) -> String {
        let who = session.user == nil && session.userID == nil ? "an unknown user (run `kauth me` to fetch the profile)" : describe(session)
        var rows: [(String, String)] = [
            ("profile", profile),
            ("session", sessionText(session.state(at: now))),
            ("scopes", session.scopes.isEmpty ? "(none reported)" : session.scopes.map(\.visible).joined(separator: " ")),
            ("access token", expiry(session.accessTokenExpiresAt, now: now)),
            ("refresh token", session.refreshToken == nil ? "none" : session.refreshTokenExpiresAt.map { expiry($0, now: now) } ?? "stored (no expiry given)"),
        ]
        if session.idToken != nil { rows.append(("ID token", "stored")) }
        rows.append(("keystore", keystore))
        rows.append(("protection", protectionText(protection)))
        let heading = session.state(at: now) == .expired ? "The login to" : "Logged in to"
        let tail = session.state(at: now) == .expired ? " has expired" : ""
        return "\(heading) \(Provider.displayName(of: session).visible) as \(who)\(tail)\n" + rows.map { "  \($0.0.padding(15))\($0.1)\n" }.joined()
    }

    /// Where the keystore's key is, or why it is not encrypted.
    static func protectionText(_ protection: KeystoreProtection) -> String {
        switch protection {
        case .keyring(let kind, _): return "encrypted, key in the \(kind.displayName)"
        case .passphrase: return "encrypted with KAUTH_PASSPHRASE"
        case .none(let reason?): return "not encrypted (\(reasonText(reason)))"
        case .none(nil): return "not encrypted (written before kauth used the keyring; the next `kauth login` moves its key there)"
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
        return seconds > 0 ? "valid until \(stamp) (in \(span(seconds)))" : "expired at \(stamp) (\(span(-seconds)) ago)"
    }

    static func span(_ seconds: Int) -> String {
        let days = seconds / 86_400, hours = seconds % 86_400 / 3600, minutes = seconds % 3600 / 60
        if days > 0 { return "\(days)d \(hours)h" }
        if hours > 0 { return "\(hours)h \(minutes)m" }
        if minutes > 0 { return "\(minutes)m \(seconds % 60)s" }
        return "\(seconds)s"
    }
}
