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
        summary: StatusHelpWords.summary,
        discussion: StatusHelpWords.discussion,
        options: Options.self,
        globals: [.profile, .provider, .noColor],
        environment: EnvironmentVariables.status,
        examples: [
            ("kauth status", .none),
            ("kauth status --json | jq -r .session", StatusHelpWords.exampleValidRefreshableOrExpired),
            ("kauth status || kauth login", StatusHelpWords.exampleLogOnlyWhenNeeded),
            ("kauth status --check", StatusHelpWords.exampleAskProviderToo)
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
        let now = context.world.clock.now()
        if context.environmentToken != nil {
            let profile = try context.profileName()
            if context.json {
                var object = SessionJSON.object(
                    nil, profile: profile, source: .environment,
                    keystore: SessionJSON.keystore(context.keystore.path, nil), now: now)
                object["provider"] = .string(context.globals.provider ?? ProviderType.kakao.id)
                object["checked"] = .bool(checked)
                object["check_error"] =
                    refusal.map { .string(context.messages(in: .english).message(for: $0)) } ?? .null
                context.printJSON(.object(object))
            } else {
                context.out(context.words(StatusWords.environmentToken) + "\n")
                if let refusal { context.say(StatusWords.checkError(context.messages.message(for: refusal))) }
            }
            return 0
        }
        let login = try context.storedLogin()
        let profile = login.profile
        let contents = login.contents
        let session = login.session
        if session == nil, let provider = context.globals.provider { try context.checkKnownProvider(provider) }
        let bootstrap = try session == nil && TokenService.bootstrapToken(context.environment) != nil
        let state = session?.state(at: now) ?? (bootstrap ? .refreshable : .expired)
        if context.json {
            let keystore = SessionJSON.keystore(
                context.keystore.path, login.snapshot.data == nil ? nil : login.snapshot.protection)
            var object = SessionJSON.object(
                session, profile: profile, source: bootstrap ? .bootstrap : .keystore, keystore: keystore, now: now)
            object["checked"] = .bool(checked && (session != nil || refusal != nil))
            object["check_error"] = refusal.map { .string(context.messages(in: .english).message(for: $0)) } ?? .null
            object["default_profile"] = .string(contents.defaultProfile ?? "default")
            object["profiles"] = .array(
                contents.profiles.keys.sorted().map { name in
                    summaryJSON(contents.profiles[name]!, profile: name, now: now)
                })
            context.printJSON(.object(object))
        } else {
            let language = context.language
            let relogin = context.loginInvocation(profile)
            if let session {
                context.out(
                    text(
                        session, profile: profile, keystore: context.keystore.path,
                        protection: login.snapshot.protection, now: now
                    ).text(language))
                if checked && refusal == nil && state != .expired {
                    context.out(
                        "  \(StatusWords.rowChecked.text(language).padding(15))\(StatusWords.accepted.text(language))\n"
                    )
                }
                if let rejection = session.rejection {
                    context.say(StatusWords.noLongerAccepted(reason: .rejection(rejection), login: relogin))
                } else if state == .expired {
                    context.say(StatusWords.expired(login: relogin))
                }
            } else if bootstrap {
                context.out(context.words(StatusWords.bootstrap(profile: profile)) + "\n")
            } else {
                context.say(StatusWords.notLoggedIn(profile: profile, login: relogin))
            }
            let others = contents.profiles.keys.sorted().filter { $0 != profile }
            if !others.isEmpty {
                context.out(
                    context.words(StatusWords.otherProfiles) + "\n"
                        + others.map { name in
                            let other = contents.profiles[name]!
                            return context.words(
                                StatusWords.otherProfile(
                                    name: name, isDefault: name == contents.defaultProfile,
                                    provider: Provider.displayName(of: other), server: other.foreignServer,
                                    user: .user(other), state: other.state(at: now), rejected: other.rejection != nil))
                                + "\n"
                        }.joined())
            }
        }
        if let refusal, !context.json { context.say(StatusWords.checkError(context.messages.message(for: refusal))) }
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

    /// The stored login for people: a heading, then one row per fact, the names padded by display
    /// width so the values line up in both languages.
    static func text(
        _ session: StoredSession, profile: String, keystore: String, protection: KeystoreProtection, now: Date
    ) -> Localized {
        let who: Localized =
            session.grant != nil
            ? StatusWords.client(id: session.clientID).localized
            : session.user == nil && session.userID == nil
                ? StatusWords.unknownUser.localized : SessionWords.user(session).localized
        let state = session.state(at: now)
        var rows: [(StatusWords, Localized)] = [
            (.rowProfile, .verbatim(profile)),
            (
                .rowSession,
                session.rejection.map { StatusWords.rejectedSession(.rejection($0)).localized }
                    ?? SessionWords.state(state).localized
            ),
            (
                .rowScopes,
                session.scopes.isEmpty
                    ? StatusWords.noScopes.localized
                    : .verbatim(session.scopes.map(\.visible).joined(separator: " "))
                        + (session.scopesConfirmed == false
                            ? .verbatim(" ") + TokenExchangeWords.scopesNotConfirmed.localized
                            : session.scopesAskedOtherwise.map {
                                .verbatim(" ")
                                    + StatusWords.scopesAsked($0, provider: Provider.displayName(of: session)).localized
                            } ?? .verbatim(""))
            ),
            (.rowAccessToken, Expiry(date: session.accessTokenExpiresAt, now: now).localized),
            (
                .rowRefreshToken,
                session.refreshToken == nil
                    ? StatusWords.noRefreshToken.localized
                    : session.refreshTokenExpiresAt.map { Expiry(date: $0, now: now).localized }
                        ?? StatusWords.refreshTokenWithoutExpiry.localized
            )
        ]
        if let grant = session.grant { rows.insert((.rowGrant, .verbatim(grant.type.rawValue)), at: 2) }
        if let exchange = session.tokenExchange {
            rows.append((.rowGrant, TokenExchangeWords.grantLine(exchange.source).localized))
        }
        if let resources = session.resources {
            rows.append((.rowResources, .verbatim(resources.map(\.visible).joined(separator: " "))))
        }
        if session.idToken != nil { rows.append((.rowIDToken, StatusWords.idTokenStored.localized)) }
        if let acr = session.idToken.flatMap({ JWTClaims.unverifiedClaims(of: $0)?["acr"]?.stringValue }) {
            rows.append((.rowACR, .verbatim(acr.visible)))
        }
        if let server = session.foreignServer {
            rows.append((.rowServer, SessionWords.server(server, of: session).localized))
        }
        rows.append((.rowKeystore, .verbatim(keystore)))
        rows.append((.rowProtection, SessionWords.protection(protection).localized))
        let heading = StatusWords.heading(
            provider: Provider.displayName(of: session), user: who, state: state, rejected: session.rejection != nil)
        func block(_ language: Language) -> String {
            heading.text(language)
                + rows.map { "  \($0.0.text(language).padding(15))\($0.1.text(language))\n" }.joined()
        }
        return Localized.inEachLanguage(block)
    }
}

extension StatusCommand {
    struct Options: CommandOptions {
        var check = false

        static let flags: [OptionFlag<Self>] = [
            .json,
            .toggle(\.check, "check", StatusHelpWords.checkFlag)
        ]
    }
}
