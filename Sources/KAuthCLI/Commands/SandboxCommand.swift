import KAuthBasics
import KAuthCore
import KAuthSandbox

/// `kauth sandbox`: a Kakao-compatible provider on 127.0.0.1 for trying and testing kauth offline.
enum SandboxCommand {
    static let spec = CommandSpec(
        name: "sandbox",
        summary: "serve a local Kakao-compatible provider for offline use and tests",
        discussion:
            "Serves Kakao's OAuth, user, consent, share and Talk memo APIs on 127.0.0.1 with an auto-consent authorize page and one sandbox user; with --oidc also ID tokens, discovery, JWKS, userinfo, RFC 7009 revocation and the RFC 8628 device grant; with --snapchat Snap Login Kit's endpoints instead. It prints the environment that points kauth at it on stdout (see `kauth help environment`), and one line per request on stderr. Stop it with Ctrl-C. Control endpoints for tests live under /_sandbox/ (log, config, respond, fail, expire-access-tokens, rotate-key, memos, sharer-visits, picker, friend-messages); the flags below set the same switches from the start.",
        flags: [
            .option("port", "N", "port to listen on (default: any free port)"),
            .option("state-file", "FILE", "keep users, tokens and consents in FILE across restarts", values: .file),
            .option("client-id", "ID", "accept only this client id (default: any)"),
            .option("client-secret", "SECRET", "require this client secret on token calls"),
            .option("access-token-ttl", "SECONDS", "access token lifetime (default 21599)"),
            .option("id-token-ttl", "SECONDS", "ID token lifetime with --oidc (default 3600)"),
            .option("refresh-token-ttl", "SECONDS", "refresh token lifetime (default 5183999)"),
            .option(
                "rotation-threshold", "SECONDS",
                "rotate the refresh token when less than this remains (default 2592000)"),
            .option(
                "scopes", "LIST", "scopes agreed at first login (default profile_nickname,profile_image,account_email)",
                repeatable: true),
            .toggle("deny", "answer every authorization with access_denied"),
            .toggle("oidc", "OpenID Connect: ID tokens, discovery, JWKS, userinfo, RFC 9207 iss"),
            .toggle("snapchat", "serve Snap Login Kit's endpoints instead of Kakao's"),
            .option(
                "client-auth-methods", "LIST",
                "how confidential clients authenticate: client_secret_post, client_secret_basic or both (default client_secret_post)"
            ),
            .toggle("bare-refresh-errors", "refuse a bad refresh token with a bare HTTP 400 and no body"),
            .toggle("one-use-refresh-tokens", "every refresh returns a new refresh token and ends the old one"),
            .toggle(
                "revocation-requires-bearer",
                "a public client must send the grant's access token to revoke (401 otherwise)"),
            .option(
                "authorization-response-iss", "MODE",
                "iss on authorization responses: standard, unadvertised (sent, not advertised) or wrong",
                values: .choices(SandboxIssParameter.allCases.map(\.rawValue))),
            .toggle("require-nonce", "refuse an OpenID Connect authorize request without a nonce"),
            .option(
                "id-token-alg", "ALG", "sign ID tokens with ALG (default RS256; HS256/384/512 need --client-secret)",
                values: .choices(JWSAlgorithm.allCases.map(\.rawValue))),
            .option(
                "userinfo-sub", "SUB",
                "userinfo answers for this subject instead of the user (a provider a client must not believe)"),
            .toggle("no-refresh-tokens", "logins get no refresh token: the session ends with the access token"),
            .toggle("advertise-standard-scopes", "discovery lists the scopes profile and email as well"),
            .option("friends", "N", "Kakao Talk friends every user has (default 25)"),
            .toggle("no-friends-api", "the app lacks the Talk friends permission: the friends API answers -3"),
            .toggle("quiet", "do not log requests")
        ],
        globals: [.noColor],
        examples: [
            ("kauth sandbox --port 8900", "serve on a fixed port; it prints the environment to use"),
            (
                "kauth sandbox --port 8900 > sandbox.env & sleep 1; . ./sandbox.env; kauth login",
                "point kauth at it from the same shell"
            ),
            (
                "kauth sandbox --oidc --client-secret s3cret --client-auth-methods client_secret_basic --bare-refresh-errors --one-use-refresh-tokens",
                "play a strict OpenID Connect server"
            )
        ],
        run: run
    )

    static func run(_ context: CommandContext) async throws -> Int32 {
        var configuration = SandboxConfiguration()
        configuration.clientID = context.command.value("client-id")
        configuration.clientSecret = context.command.value("client-secret")
        configuration.stateFile = context.command.value("state-file")
        configuration.deny = context.command.has("deny")
        configuration.oidc = context.command.has("oidc")
        if context.command.has("snapchat") { configuration.mode = .snapchat }
        if let value = try FlagValues.integer(context, "access-token-ttl", range: 1...31_536_000) {
            configuration.accessTokenLifetime = value
        }
        if let value = try FlagValues.integer(context, "id-token-ttl", range: 1...31_536_000) {
            configuration.idTokenLifetime = value
        }
        if let value = try FlagValues.integer(context, "refresh-token-ttl", range: 1...315_360_000) {
            configuration.refreshTokenLifetime = value
        }
        if let value = try FlagValues.integer(context, "rotation-threshold", range: 0...315_360_000) {
            configuration.rotationThreshold = value
        }
        if context.command.has("scopes") {
            configuration.defaultScopes = ScopeList.parse(context.command.all("scopes"))
        }
        try applyProviderBehaviour(context, to: &configuration)
        let terminal = context.terminal
        let quiet = context.command.has("quiet")
        var log: (@Sendable (SandboxLogEntry) -> Void)?
        if !quiet {
            log = { (entry: SandboxLogEntry) in terminal.writeErr("sandbox: " + entry.summary + "\n") }
        }
        let server: SandboxServer
        do {
            server = try SandboxServer(
                configuration: configuration,
                port: try FlagValues.port(context) ?? 0,
                clock: context.world.clock,
                random: context.world.random,
                onRequest: log
            )
        } catch LoopbackServerError.addressInUse(_, let port) {
            throw KAuthError.failure(
                "port \(port) is already in use; pick another with --port N, or --port 0 for any free port")
        } catch let error as SandboxStateError {
            throw KAuthError.failure("\(error)")
        }
        server.start()
        context.out(exports(base: server.baseURL, configuration: configuration))
        let mode =
            configuration.mode == .snapchat ? "a Snap Login Kit-compatible provider" : "a Kakao-compatible provider"
        let oidc = configuration.oidc ? " with OpenID Connect (issuer \(server.baseURL))" : ""
        context.err("kauth sandbox: \(mode) is serving at \(server.baseURL)\(oidc) (Ctrl-C to stop).\n")
        let urls = exports(base: server.baseURL, configuration: configuration).split(separator: "\n").filter {
            $0.hasPrefix("# unset ")
        }
        if let line = urls.first {
            context.err("kauth sandbox: when done, undo its exports with: \(line.dropFirst(2))\n")
        }
        while true {
            try await context.world.clock.sleep(.seconds(3600))
        }
    }

    /// The client id the sandbox exports when `--client-id` names none.
    static let defaultClientID = "sandbox-app"

    /// The line that removes every variable the sandbox exports: left in a shell, they would
    /// point a later login at a real provider with the sandbox's client id and a free port.
    static func undo(_ urls: [String]) -> String {
        "unset " + (urls + ["KAUTH_CLIENT_ID", ProviderResolver.redirectPortVariable]).joined(separator: " ")
    }

    /// The switches that make the sandbox behave like a stricter or odder provider than Kakao,
    /// so that a user can try kauth against one (and tests ask for it the way a user would).
    static func applyProviderBehaviour(_ context: CommandContext, to configuration: inout SandboxConfiguration) throws {
        if let list = context.command.value("client-auth-methods") {
            var methods: [SandboxClientAuthMethod] = []
            for name in ScopeList.parse([list]) {
                guard let method = SandboxClientAuthMethod(rawValue: name) else {
                    let known = SandboxClientAuthMethod.allCases.map(\.rawValue).joined(separator: ", ")
                    throw KAuthError.usage(
                        "--client-auth-methods: unknown method '\(name)'; use one or more of \(known), separated by commas"
                    )
                }
                if !methods.contains(method) { methods.append(method) }
            }
            guard !methods.isEmpty else {
                throw KAuthError.usage("--client-auth-methods needs at least one method, such as client_secret_basic")
            }
            configuration.clientAuthMethods = methods
        }
        if let mode = context.command.value("authorization-response-iss") {
            guard let value = SandboxIssParameter(rawValue: mode) else {
                let known = SandboxIssParameter.allCases.map(\.rawValue).joined(separator: ", ")
                throw KAuthError.usage("--authorization-response-iss: unknown mode '\(mode)'; use one of \(known)")
            }
            configuration.authorizationResponseIss = value
        }
        if let count = try FlagValues.integer(context, "friends", range: 0...10_000) {
            configuration.friendCount = count
        }
        configuration.bareRefreshErrors = context.command.has("bare-refresh-errors")
        configuration.oneUseRefreshTokens = context.command.has("one-use-refresh-tokens")
        configuration.revocationRequiresBearer = context.command.has("revocation-requires-bearer")
        configuration.requireNonce = context.command.has("require-nonce")
        configuration.friendsAPIEnabled = !context.command.has("no-friends-api")
        if let name = context.command.value("id-token-alg") {
            guard let algorithm = JWSAlgorithm(rawValue: name) else {
                throw KAuthError.usage(
                    "--id-token-alg: unknown algorithm '\(name.visible)'; use one of \(JWSAlgorithm.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
            if algorithm.family == .hmac, configuration.clientSecret == nil {
                throw KAuthError.usage("--id-token-alg \(name) signs with the client secret: give --client-secret too")
            }
            configuration.idTokenAlgorithm = algorithm
        }
        configuration.userinfoSubject = context.command.value("userinfo-sub")
        configuration.issueRefreshTokens = !context.command.has("no-refresh-tokens")
        configuration.advertiseStandardScopes = context.command.has("advertise-standard-scopes")
    }

    /// The environment that points kauth at this sandbox, and only what its mode needs: the
    /// provider's base URLs, a client id, and a redirect port of 0 — the sandbox registers no
    /// redirect URIs, so any free port will do, where a real provider needs the one registered.
    static func exports(base: String, configuration: SandboxConfiguration) -> String {
        var lines: [String] = []
        let urls =
            configuration.mode == .snapchat
            ? ["KAUTH_SNAPCHAT_AUTH_URL", "KAUTH_SNAPCHAT_API_URL"]
            : ["KAUTH_KAKAO_AUTH_URL", "KAUTH_KAKAO_API_URL", "KAUTH_KAKAO_SHARER_URL", "KAUTH_KAKAO_APPS_URL"]
        lines += urls.map { "export \($0)=\(base)" }
        lines.append("export KAUTH_CLIENT_ID=\(configuration.clientID ?? defaultClientID)")
        lines.append("# Before using a real provider in this shell again, undo these exports with:")
        lines.append("# " + undo(urls))
        lines.append("# The sandbox accepts any redirect port; a real provider needs the registered one.")
        lines.append("export \(ProviderResolver.redirectPortVariable)=0")
        if configuration.mode == .snapchat { lines.append("# Then: kauth login --provider snapchat") }
        return lines.joined(separator: "\n") + "\n"
    }
}
