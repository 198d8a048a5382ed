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
        summary: TokenHelpWords.summary,
        discussion: TokenHelpWords.discussion,
        options: Options.self,
        environment: EnvironmentVariables.session,
        examples: [
            ("curl -H \"Authorization: Bearer $(kauth token)\" https://kapi.kakao.com/v2/user/me", .none),
            ("kauth token --min-valid 3600", TokenHelpWords.exampleATokenThatLastsAnHour),
            ("kauth token --refresh-token | gh secret set KAUTH_REFRESH_TOKEN", TokenHelpWords.exampleHandLoginCI),
            (
                "kauth token --exec-credential --id-token --profile work",
                TokenHelpWords.exampleAsAKubeconfigExecCredentialPlugin
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
                TokenHelpWords.minValidFlag,
                range: 0...31_536_000),
            .toggle(\.idToken, SharedFlags.idToken),
            .toggle(\.refreshToken, "refresh-token", TokenHelpWords.refreshTokenFlag),
            .toggle(\.execCredential, "exec-credential", TokenHelpWords.execCredentialFlag),
            .option(\.resource, "resource", "URI", TokenHelpWords.resourceFlag)
        ]
    }
}
