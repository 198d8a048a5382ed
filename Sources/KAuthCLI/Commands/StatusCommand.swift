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
        summary: Localized(en: "show the stored login, offline", ko: "저장된 로그인을 오프라인으로 보여 줍니다"),
        discussion:
            Localized(
                en:
                    "Reads only the keystore: which provider and user the profile is logged in as, the granted scopes, when the tokens expire, the server when it is not the provider's own (a sandbox), and whether the login can still give a token: valid, refreshable (the next command refreshes it), or expired. A login the provider has rejected (its refresh token refused, its access token refused right after a refresh, or the account unlinked) is expired, with when and why, until a new login. Exits 0 when it can and 3 when it cannot (expired, or nothing stored), so `kauth status || kauth login` works in scripts. With --check it also asks the provider whether it still accepts the login (Kakao: access-token information; others: the profile or OpenID Connect userinfo), refreshing first when needed, and exits 3 when it does not. With only KAUTH_REFRESH_TOKEN set, the session starts from it on the first command that needs a token.",
                ko:
                    "키 저장소만 읽습니다: 프로필이 어느 제공자에 어느 사용자로 로그인했는지, 허용된 동의항목, 토큰이 언제 만료되는지, 제공자 자신의 서버가 아니면 그 서버(샌드박스), 그리고 로그인이 아직 토큰을 줄 수 있는지: valid, refreshable (다음 명령이 갱신합니다) 또는 expired. 제공자가 거부한 로그인(리프레시 토큰 거부, 갱신 직후 액세스 토큰 거부, 연결 끊기)은 새로 로그인할 때까지 언제, 왜 그랬는지와 함께 expired로 보입니다. 토큰을 줄 수 있으면 0, 없으면 (만료되었거나 저장된 것이 없으면) 3으로 끝나므로, 스크립트에서 `kauth status || kauth login`이 동작합니다. --check를 주면 제공자에게도 로그인을 아직 받아들이는지 묻고 (카카오: 토큰 정보, 그 밖: 사용자 정보 또는 OpenID Connect userinfo), 필요하면 먼저 갱신하며, 받아들이지 않으면 3으로 끝납니다. KAUTH_REFRESH_TOKEN만 설정되어 있으면 토큰이 필요한 첫 명령에서 세션을 시작합니다."
            ),
        options: Options.self,
        globals: [.profile, .provider, .noColor],
        environment: EnvironmentVariables.status,
        examples: [
            ("kauth status", .none),
            (
                "kauth status --json | jq -r .session",
                Localized(en: "valid, refreshable or expired", ko: "valid, refreshable 또는 expired")
            ),
            ("kauth status || kauth login", Localized(en: "log in only when needed", ko: "필요할 때만 로그인합니다")),
            ("kauth status --check", Localized(en: "ask the provider too", ko: "제공자에게도 묻습니다"))
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
        return Localized(en: block(.english), ko: block(.korean))
    }
}

extension StatusCommand {
    struct Options: CommandOptions {
        var check = false

        static let flags: [OptionFlag<Self>] = [
            .json,
            .toggle(
                \.check, "check",
                Localized(
                    en: "also ask the provider whether it still accepts the login (exit 3 when not)",
                    ko: "제공자에게도 로그인을 아직 받아들이는지 묻습니다 (아니면 종료 코드 3)"))
        ]
    }
}
