import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `kauth token`: a valid access token for scripts (or the ID token, the refresh token, or a
/// Kubernetes ExecCredential), refreshing first when needed.
enum TokenCommand {
    static let spec = CommandSpec(
        name: "token",
        summary: Localized(
            en: "print a valid access token, refreshing it when needed", ko: "유효한 액세스 토큰을 출력합니다. 필요하면 먼저 갱신합니다"),
        discussion:
            Localized(
                en:
                    "Prints the access token and a newline on stdout, nothing else. When the stored token expires within 60 seconds (or half its lifetime, when that is shorter; or --min-valid SECONDS), it is refreshed first; parallel runs share one refresh. A token younger than half its lifetime is never refreshed just to meet --min-valid: it is printed with a warning. --refresh-token prints the stored refresh token, to keep in a CI secret (KAUTH_REFRESH_TOKEN). --exec-credential prints a Kubernetes ExecCredential, for a kubeconfig exec credential plugin, in the apiVersion kubectl asks for in KUBERNETES_EXEC_INFO (client.authentication.k8s.io/v1, the default, or v1beta1); with --id-token it carries the ID token (Kubernetes OIDC), refreshed when the provider renews ID tokens. KAUTH_ACCESS_TOKEN, when set, is printed as it is and the keystore is not touched.",
                ko:
                    "stdout에 액세스 토큰과 줄바꿈만 출력합니다. 저장된 토큰이 60초 안에 (그보다 짧으면 수명의 절반 안에, 또는 --min-valid SECONDS 안에) 만료되면 먼저 갱신합니다. 동시에 실행되어도 갱신은 한 번만 합니다. 수명의 절반이 지나지 않은 토큰은 --min-valid 때문에 갱신하지 않고 경고와 함께 출력합니다. --refresh-token은 CI 시크릿(KAUTH_REFRESH_TOKEN)에 보관할 수 있도록 저장된 리프레시 토큰을 출력합니다. --exec-credential은 kubeconfig exec credential 플러그인을 위한 Kubernetes ExecCredential을, kubectl이 KUBERNETES_EXEC_INFO로 요청한 apiVersion(client.authentication.k8s.io/v1(기본값) 또는 v1beta1)으로 출력합니다. --id-token을 주면 ID 토큰을 담으며 (Kubernetes OIDC), 제공자가 ID 토큰을 새로 주면 갱신합니다. KAUTH_ACCESS_TOKEN이 설정되어 있으면 그대로 출력하고 키 저장소는 건드리지 않습니다."
            ),
        options: Options.self,
        environment: EnvironmentVariables.session,
        examples: [
            ("curl -H \"Authorization: Bearer $(kauth token)\" https://kapi.kakao.com/v2/user/me", .none),
            (
                "kauth token --min-valid 3600",
                Localized(en: "a token that lasts for an hour-long job", ko: "한 시간짜리 작업 동안 유효한 토큰")
            ),
            (
                "kauth token --refresh-token | gh secret set KAUTH_REFRESH_TOKEN",
                Localized(en: "hand the login to CI", ko: "로그인을 CI에 넘깁니다")
            ),
            (
                "kauth token --exec-credential --id-token --profile work",
                Localized(en: "as a kubeconfig exec credential plugin", ko: "kubeconfig exec credential 플러그인으로 사용합니다")
            )
        ],
        subcommands: [
            TokenInfoCommand.spec, TokenRefreshCommand.spec, TokenInspectCommand.spec, TokenIntrospectCommand.spec
        ],
        run: run
    )

    static func run(_ context: CommandContext, _ options: Options) async throws -> Int32 {
        let minValid = options.minValid
        if options.refreshToken && (options.idToken || options.execCredential) {
            throw CommandError.usage(CommandUsageWords.refreshTokenAlone.localized)
        }
        if let resource = options.resource {
            if options.refreshToken || options.idToken {
                throw CommandError.usage(TokenExchangeWords.resourceAlone.localized)
            }
            if !LoginCommand.isResourceIndicator(resource) {
                throw CommandError.usage(TokenExchangeWords.badResource(resource, origin: "--resource").localized)
            }
        }
        if options.execCredential && context.json {
            throw CommandError.usage(CommandUsageWords.execCredentialJSON.localized)
        }
        // Checked before any token is read: a kubeconfig asking for a version kauth cannot speak
        // is a setting to fix, not a reason to refresh.
        let apiVersion =
            options.execCredential
            ? try execCredentialVersion(context.world.environment["KUBERNETES_EXEC_INFO"]) : ""
        if let token = context.environmentToken {
            if options.idToken || options.refreshToken {
                throw CommandError.usage(CommandUsageWords.environmentTokenAlone.localized)
            }
            if options.execCredential {
                context.printJSON(execCredential(token: token, expiresAt: nil, apiVersion: apiVersion))
            } else if context.json {
                context.printJSON(.object(["access_token": .string(token), "source": .string("environment")]))
            } else {
                context.out(token + "\n")
            }
            return 0
        }
        let login = try context.storedLogin()
        let tokens = context.tokenService(login)
        let now = context.world.clock.now()
        if options.refreshToken {
            guard let session = login.session else { throw KAuthError.notLoggedIn(profile: login.profile) }
            // A rejected refresh token is of no use to a CI secret.
            try TokenService.checkNotRejected(session, profile: login.profile)
            guard let refreshToken = session.refreshToken else {
                throw KAuthError.sessionExpired(profile: login.profile, reason: session.withoutRefreshToken(at: now))
            }
            if context.json {
                context.printJSON(
                    .object([
                        "profile": .string(login.profile), "provider": .string(session.provider),
                        "refresh_token": .string(refreshToken),
                        "refresh_token_expires_at": session.refreshTokenExpiresAt.map {
                            .string(RFC3339.string(from: $0))
                        } ?? .null
                    ]))
            } else {
                context.out(refreshToken + "\n")
            }
            return 0
        }
        if let resource = options.resource {
            return try resourceToken(
                try await tokens.validResourceToken(resource, minValid: minValid), resource: resource, login: login,
                apiVersion: apiVersion, options: options, context: context)
        }
        if options.idToken {
            let idToken = try await tokens.validIDToken(minValid: minValid)
            if options.execCredential {
                context.printJSON(
                    execCredential(token: idToken.token, expiresAt: idToken.expiresAt, apiVersion: apiVersion))
            } else if context.json {
                context.printJSON(
                    .object([
                        "profile": .string(login.profile), "provider": .string(login.session?.provider ?? ""),
                        "id_token": .string(idToken.token),
                        "id_token_expires_at": idToken.expiresAt.map { .string(RFC3339.string(from: $0)) } ?? .null
                    ]))
            } else {
                context.out(idToken.token + "\n")
            }
            return 0
        }
        let grant = try await tokens.validToken(minValid: minValid)
        let session = grant.session
        if let lifetime = grant.shortOf, let minValid {
            let left = max(0, Int(session.accessTokenExpiresAt.timeIntervalSince(now)))
            context.err(context.words(TokenWords.shortLived(lifetime: lifetime, minValid: minValid, left: left)))
        }
        if options.execCredential {
            context.printJSON(
                execCredential(
                    token: session.accessToken, expiresAt: session.accessTokenExpiresAt, apiVersion: apiVersion))
        } else if context.json {
            var object = tokenJSON(session, profile: tokens.profile, now: now)
            object["access_token"] = .string(session.accessToken)
            object["refreshed"] = .bool(grant.refreshed)
            context.printJSON(.object(object))
        } else {
            context.out(session.accessToken + "\n")
        }
        return 0
    }

    /// `--resource`: the resource's own token, as `token` prints the login's.
    static func resourceToken(
        _ token: ResourceToken, resource: String, login: StoredLogin, apiVersion: String, options: Options,
        context: CommandContext
    ) throws -> Int32 {
        if options.execCredential {
            context.printJSON(
                execCredential(token: token.accessToken, expiresAt: token.expiresAt, apiVersion: apiVersion))
        } else if context.json {
            context.printJSON(
                .object([
                    "profile": .string(login.profile), "provider": .string(login.session?.provider ?? ""),
                    "resource": .string(resource), "access_token": .string(token.accessToken),
                    "token_type": .string(token.tokenType),
                    "access_token_expires_at": .string(RFC3339.string(from: token.expiresAt))
                ]))
        } else {
            context.out(token.accessToken + "\n")
        }
        return 0
    }

    /// What `token --json` and `token refresh --json` say of a session, with the key names
    /// `status --json` uses.
    static func tokenJSON(_ session: StoredSession, profile: String, now: Date) -> [String: JSONValue] {
        [
            "profile": .string(profile),
            "provider": .string(session.provider),
            "token_type": .string(session.tokenType),
            "access_token_expires_at": .string(RFC3339.string(from: session.accessTokenExpiresAt)),
            "expires_in": .number(Double(max(0, Int(session.accessTokenExpiresAt.timeIntervalSince(now))))),
            "scopes": .array(session.scopes.map(JSONValue.string))
        ]
    }

    /// The ExecCredential versions kauth answers in; kubectl names the one it wants in
    /// `KUBERNETES_EXEC_INFO` (the kubeconfig's `exec.apiVersion`) and refuses any other answer.
    static let execCredentialVersions = ["client.authentication.k8s.io/v1", "client.authentication.k8s.io/v1beta1"]

    /// The `apiVersion` kubectl asks for in `KUBERNETES_EXEC_INFO`; v1 when it is not set (kauth
    /// run by hand).
    static func execCredentialVersion(_ info: String?) throws -> String {
        guard let info, !info.isEmpty else { return execCredentialVersions[0] }
        guard let json = try? JSONDecoder().decode(JSONValue.self, from: Data(info.utf8)), case .object = json else {
            throw CommandError.usage(CommandUsageWords.execInfoNotJSON.localized)
        }
        guard let asked = json["apiVersion"]?.stringValue else { return execCredentialVersions[0] }
        guard execCredentialVersions.contains(asked) else {
            throw CommandError.usage(
                CommandUsageWords.execInfoVersion(asked: asked, versions: execCredentialVersions).localized)
        }
        return asked
    }

    /// A Kubernetes ExecCredential of `apiVersion`: kubectl reads `status.token` and asks again
    /// after `status.expirationTimestamp` (RFC 3339). v1 and v1beta1 have the same fields.
    static func execCredential(token: String, expiresAt: Date?, apiVersion: String) -> JSONValue {
        var status: [String: JSONValue] = ["token": .string(token)]
        if let expiresAt { status["expirationTimestamp"] = .string(RFC3339.string(from: expiresAt)) }
        return .object([
            "apiVersion": .string(apiVersion),
            "kind": .string("ExecCredential"),
            "status": .object(status)
        ])
    }
}

extension TokenCommand {
    struct Options: CommandOptions {
        var minValid: Int?
        var idToken = false
        var refreshToken = false
        var execCredential = false
        var resource: String?

        static let flags: [OptionFlag<Self>] = [
            .json,
            .integer(
                \.minValid, "min-valid", "SECONDS",
                Localized(
                    en: "refresh unless the token stays valid this long (default: 60, or half the token's lifetime)",
                    ko: "토큰이 이만큼 유효하지 않으면 갱신합니다 (기본값: 60, 또는 토큰 수명의 절반)"),
                range: 0...31_536_000),
            .toggle(\.idToken, SharedFlags.idToken),
            .toggle(
                \.refreshToken, "refresh-token",
                Localized(
                    en: "print the stored refresh token (for a CI secret) and nothing else",
                    ko: "저장된 리프레시 토큰만 출력합니다 (CI 시크릿용)")),
            .toggle(
                \.execCredential, "exec-credential",
                Localized(
                    en: "print a Kubernetes ExecCredential (kubectl's exec credential plugin)",
                    ko: "Kubernetes ExecCredential을 출력합니다 (kubectl의 exec credential 플러그인)")),
            .option(
                \.resource, "resource", "URI",
                Localized(
                    en: "a token for this one resource (RFC 8707), asked with the refresh token and kept apart",
                    ko: "이 리소스 하나에 대한 토큰 (RFC 8707). 리프레시 토큰으로 요청하고 따로 보관합니다"))
        ]
    }
}
