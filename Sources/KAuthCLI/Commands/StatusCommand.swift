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
        discussion: "Reads only the keystore: which provider and user the profile is logged in as, the granted scopes, and when the tokens expire. Exits 3 when not logged in.",
        flags: [.json],
        globals: [.profile, .provider, .noColor],
        environment: EnvironmentVariables.status,
        examples: [("kauth status", ""), ("kauth status --json | jq .access_token_expires_at", "")],
        run: run
    )

    static func run(_ context: CommandContext) async throws -> Int32 {
        let now = context.world.clock.now()
        if context.environmentToken != nil {
            let profile = try context.profileName()
            if context.json {
                context.printJSON(.object([
                    "logged_in": .bool(true),
                    "source": .string("environment"),
                    "profile": .string(profile),
                    "provider": .string(context.command.value("provider") ?? ProviderType.kakao.id),
                    "user_id": .null,
                    "scopes": .array([]),
                    "access_token_expires_at": .null,
                    "refresh_token_expires_at": .null,
                    "has_id_token": .bool(false),
                ]))
            } else {
                context.out("Using the access token in KAUTH_ACCESS_TOKEN (the keystore is not read).\n")
            }
            return 0
        }
        let login = try context.storedLogin()
        let profile = login.profile
        let contents = login.contents
        let session = login.session
        let others = contents.profiles.keys.sorted().filter { $0 != profile }
        if context.json {
            guard case .object(var object) = json(session, profile: profile, keystore: context.keystore.path, now: now) else { return 3 }
            object["default_profile"] = .string(contents.defaultProfile ?? "default")
            object["profiles"] = .array(contents.profiles.keys.sorted().map { name in
                summaryJSON(contents.profiles[name]!, profile: name, now: now)
            })
            context.printJSON(.object(object))
        } else {
            if let session {
                context.out(text(session, profile: profile, keystore: context.keystore.path, now: now))
            } else {
                context.err("Not logged in (profile '\(profile)'). Run `kauth login\(profile == "default" ? "" : " --profile \(profile)")`.\n")
            }
            if !others.isEmpty {
                context.out("Other profiles:\n" + others.map { name in
                    let other = contents.profiles[name]!
                    let marker = name == contents.defaultProfile ? " (default)" : ""
                    return "  \(name)\(marker): \(Provider.displayName(of: other)), \(describe(other)), access token \(expiry(other.accessTokenExpiresAt, now: now))\n"
                }.joined())
            }
        }
        return session == nil ? 3 : 0
    }

    /// One line of `profiles` in `status --json`.
    static func summaryJSON(_ session: StoredSession, profile: String, now: Date) -> JSONValue {
        .object([
            "profile": .string(profile),
            "provider": .string(session.provider),
            "user_id": session.userID.map(JSONValue.string) ?? .null,
            "access_token_expires_at": .string(RFC3339.string(from: session.accessTokenExpiresAt)),
            "access_token_valid": .bool(session.accessTokenValid(for: 0, at: now)),
        ])
    }

    static func json(_ session: StoredSession?, profile: String, keystore: String, now: Date) -> JSONValue {
        guard let session else {
            return .object([
                "logged_in": .bool(false), "profile": .string(profile), "provider": .null, "user_id": .null,
                "scopes": .array([]), "access_token_expires_at": .null, "refresh_token_expires_at": .null,
                "has_id_token": .bool(false), "keystore": .string(keystore),
            ])
        }
        var user: [String: JSONValue] = [:]
        if let cached = session.user {
            for (key, value) in [("id", cached.id), ("nickname", cached.nickname), ("email", cached.email),
                                 ("phone_number", cached.phoneNumber), ("display_name", cached.displayName), ("country", cached.country)] {
                if let value { user[key] = .string(value) }
            }
        }
        return .object([
            "logged_in": .bool(true),
            "source": .string("keystore"),
            "profile": .string(profile),
            "provider": .string(session.provider),
            "client_id": .string(session.clientID),
            "user_id": session.userID.map(JSONValue.string) ?? .null,
            "user": .object(user),
            "scopes": .array(session.scopes.map(JSONValue.string)),
            "access_token_expires_at": .string(RFC3339.string(from: session.accessTokenExpiresAt)),
            "access_token_valid": .bool(session.accessTokenValid(for: 0, at: now)),
            "refresh_token_expires_at": session.refreshTokenExpiresAt.map { .string(RFC3339.string(from: $0)) } ?? .null,
            "has_refresh_token": .bool(session.refreshToken != nil),
            "has_id_token": .bool(session.idToken != nil),
            "keystore": .string(keystore),
        ])
    }

    static func text(_ session: StoredSession, profile: String, keystore: String, now: Date) -> String {
        let who = session.user == nil && session.userID == nil ? "an unknown user (run `kauth me` to fetch the profile)" : describe(session)
        var rows: [(String, String)] = [
            ("profile", profile),
            ("scopes", session.scopes.isEmpty ? "(none reported)" : session.scopes.map(\.visible).joined(separator: " ")),
            ("access token", expiry(session.accessTokenExpiresAt, now: now)),
            ("refresh token", session.refreshToken == nil ? "none" : session.refreshTokenExpiresAt.map { expiry($0, now: now) } ?? "stored (no expiry given)"),
        ]
        if session.idToken != nil { rows.append(("ID token", "stored")) }
        rows.append(("keystore", keystore))
        return "Logged in to \(Provider.displayName(of: session)) as \(who)\n" + rows.map { "  \($0.0.padding(15))\($0.1)\n" }.joined()
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
