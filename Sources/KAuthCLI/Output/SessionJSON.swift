import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A stored login as JSON: the same keys whether or not one is stored (`null`, `false` and `[]`
/// when not), so a script reads `kauth status --json` and `kauth login --json` one way.
enum SessionJSON {
    /// Where the session comes from.
    enum Source: String {
        /// The keystore.
        case keystore
        /// `KAUTH_ACCESS_TOKEN`: a token kauth does not store or refresh.
        case environment
        /// Nothing stored yet; `KAUTH_REFRESH_TOKEN` starts a session on the first command that
        /// needs a token.
        case bootstrap = "refresh_token_environment"
    }

    /// `keystore`: the file and how it is protected (`protection`: `keyring`, `passphrase` or
    /// `none`; null when it was not read), with where the key is or why no keyring was used.
    static func keystore(_ path: String, _ protection: KeystoreProtection?) -> JSONValue {
        var object: [String: JSONValue] = [
            "path": .string(path), "protection": protection.map { .string($0.name) } ?? .null
        ]
        switch protection {
        case .keyring(let kind, _)?: object["keyring"] = .string(kind.rawValue)
        case .none(let reason?)?: object["no_keyring_reason"] = .string(reason.rawValue)
        default: break
        }
        return .object(object)
    }

    static func object(_ session: StoredSession?, profile: String, source: Source, keystore: JSONValue, now: Date)
        -> [String: JSONValue]
    {
        func date(_ value: Date?) -> JSONValue { value.map { .string(RFC3339.string(from: $0)) } ?? .null }
        func string(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        var state: SessionState = session?.state(at: now) ?? .expired
        if session == nil && source != .keystore { state = source == .environment ? .valid : .refreshable }
        var user: JSONValue = .null
        if let cached = session?.user {
            var members: [String: JSONValue] = [:]
            for (key, value) in [
                ("id", cached.id), ("nickname", cached.nickname), ("email", cached.email),
                ("phone_number", cached.phoneNumber), ("display_name", cached.displayName), ("country", cached.country)
            ] {
                if let value { members[key] = .string(value) }
            }
            user = .object(members)
        }
        return [
            "logged_in": .bool(session != nil || source == .environment),
            "session": .string(state.rawValue),
            "source": .string(source.rawValue),
            "profile": .string(profile),
            "provider": string(session?.provider),
            // The type beside the name: a named provider (`work`) says what kind it is.
            "provider_type": string(session.flatMap { ProviderType.named($0.providerType ?? $0.provider)?.id }),
            "provider_name": string(session.map(Provider.displayName(of:))),
            "issuer": string(session?.issuer),
            "client_id": string(session?.clientID),
            "user_id": string(session?.userID),
            "user": user,
            "scopes": .array((session?.scopes ?? []).map(JSONValue.string)),
            // RFC 6749 §5.1: an answer without `scope` granted what was asked, unconfirmed.
            "scopes_confirmed": .bool(session.map { $0.scopesConfirmed ?? true } ?? false),
            // What the login asked for, which the provider may have granted under other names.
            "scopes_asked": session?.scopesAsked.map { .array($0.map(JSONValue.string)) } ?? .null,
            "acr": string(session?.idToken.flatMap { JWTClaims.unverifiedClaims(of: $0)?["acr"]?.stringValue }),
            "resources": .array((session?.resources ?? []).map(JSONValue.string)),
            "subject_token_source": string(session?.tokenExchange.map { Self.describe($0.source) }),
            "access_token_expires_at": date(session?.accessTokenExpiresAt),
            "access_token_valid": .bool(session?.accessTokenValid(for: 1, at: now) ?? (source == .environment)),
            "refresh_token_expires_at": date(session?.refreshTokenExpiresAt),
            "has_refresh_token": .bool(session?.refreshToken != nil),
            "has_id_token": .bool(session?.idToken != nil),
            // How the login renews itself without a refresh token; null for a person's login.
            "grant": string(session?.grant?.type.rawValue),
            "keystore": keystore,
            "server": string(session?.foreignServer),
            "server_is_local": .bool(session?.foreignServer.map(LoopbackAddress.contains) ?? false),
            "rejected": .bool(session?.rejection != nil),
            "rejected_at": date(session?.rejection?.at),
            "rejected_reason": string(session?.rejection.map { ErrorMessages.describe($0).english })
        ]
    }

    /// A token exchange's source in `--json`: `file:PATH`, `env:VARIABLE`, `github-actions`.
    static func describe(_ source: SubjectTokenSource) -> String {
        switch source {
        case .file(let path): "file:" + path
        case .environment(let variable): "env:" + variable
        case .githubActions: "github-actions"
        }
    }
}
