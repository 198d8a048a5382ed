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
            Flags.port.spec,
            Flags.stateFile.spec,
            Flags.clientID.spec,
            Flags.clientSecret.spec,
            Flags.accessTokenTTL.spec,
            Flags.idTokenTTL.spec,
            Flags.refreshTokenTTL.spec,
            Flags.rotationThreshold.spec,
            Flags.scopes.spec,
            Flags.deny.spec,
            Flags.oidc.spec,
            Flags.snapchat.spec,
            Flags.clientAuthMethods.spec,
            Flags.bareRefreshErrors.spec,
            Flags.oneUseRefreshTokens.spec,
            Flags.revocationRequiresBearer.spec,
            Flags.authorizationResponseIss.spec,
            Flags.requireNonce.spec,
            Flags.idTokenAlg.spec,
            Flags.userinfoSub.spec,
            Flags.noRefreshTokens.spec,
            Flags.advertiseStandardScopes.spec,
            Flags.friends.spec,
            Flags.noFriendsApi.spec,
            Flags.quiet.spec
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
        configuration.clientID = context.command[Flags.clientID]
        configuration.clientSecret = context.command[Flags.clientSecret]
        configuration.stateFile = context.command[Flags.stateFile]
        configuration.deny = context.command[Flags.deny]
        configuration.oidc = context.command[Flags.oidc]
        if context.command[Flags.snapchat] { configuration.mode = .snapchat }
        if let value = try context.command.value(Flags.accessTokenTTL) {
            configuration.accessTokenLifetime = value
        }
        if let value = try context.command.value(Flags.idTokenTTL) {
            configuration.idTokenLifetime = value
        }
        if let value = try context.command.value(Flags.refreshTokenTTL) {
            configuration.refreshTokenLifetime = value
        }
        if let value = try context.command.value(Flags.rotationThreshold) {
            configuration.rotationThreshold = value
        }
        if context.command.has(Flags.scopes) {
            configuration.defaultScopes = ScopeList.parse(context.command.all(Flags.scopes))
        }
        try applyProviderBehaviour(context, to: &configuration)
        let terminal = context.terminal
        let quiet = context.command[Flags.quiet]
        var log: (@Sendable (SandboxLogEntry) -> Void)?
        if !quiet {
            log = { (entry: SandboxLogEntry) in terminal.writeErr("sandbox: " + entry.summary + "\n") }
        }
        let server: SandboxServer
        do {
            server = try SandboxServer(
                configuration: configuration,
                port: try context.command.port(Flags.port) ?? 0,
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
        if let list = context.command[Flags.clientAuthMethods] {
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
        if let mode = context.command[Flags.authorizationResponseIss] {
            guard let value = SandboxIssParameter(rawValue: mode) else {
                let known = SandboxIssParameter.allCases.map(\.rawValue).joined(separator: ", ")
                throw KAuthError.usage("--authorization-response-iss: unknown mode '\(mode)'; use one of \(known)")
            }
            configuration.authorizationResponseIss = value
        }
        if let count = try context.command.value(Flags.friends) {
            configuration.friendCount = count
        }
        configuration.bareRefreshErrors = context.command[Flags.bareRefreshErrors]
        configuration.oneUseRefreshTokens = context.command[Flags.oneUseRefreshTokens]
        configuration.revocationRequiresBearer = context.command[Flags.revocationRequiresBearer]
        configuration.requireNonce = context.command[Flags.requireNonce]
        configuration.friendsAPIEnabled = !context.command[Flags.noFriendsApi]
        if let name = context.command[Flags.idTokenAlg] {
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
        configuration.userinfoSubject = context.command[Flags.userinfoSub]
        configuration.issueRefreshTokens = !context.command[Flags.noRefreshTokens]
        configuration.advertiseStandardScopes = context.command[Flags.advertiseStandardScopes]
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

extension SandboxCommand {
    /// The flags this file's commands declare and read.
    enum Flags {
        static let port = IntegerOption("port", "N", "port to listen on (default: any free port)", range: 0...65535)
        static let stateFile = Option(
            "state-file", "FILE", "keep users, tokens and consents in FILE across restarts", values: .file)
        static let clientID = Option("client-id", "ID", "accept only this client id (default: any)")
        static let clientSecret = Option("client-secret", "SECRET", "require this client secret on token calls")
        static let accessTokenTTL = IntegerOption(
            "access-token-ttl", "SECONDS", "access token lifetime (default 21599)", range: 1...31_536_000)
        static let idTokenTTL = IntegerOption(
            "id-token-ttl", "SECONDS", "ID token lifetime with --oidc (default 3600)", range: 1...31_536_000)
        static let refreshTokenTTL = IntegerOption(
            "refresh-token-ttl", "SECONDS", "refresh token lifetime (default 5183999)", range: 1...315_360_000)
        static let rotationThreshold = IntegerOption(
            "rotation-threshold", "SECONDS",
            "rotate the refresh token when less than this remains (default 2592000)", range: 0...315_360_000)
        static let scopes = Option(
            "scopes", "LIST", "scopes agreed at first login (default profile_nickname,profile_image,account_email)",
            repeatable: true)
        static let deny = Toggle("deny", "answer every authorization with access_denied")
        static let oidc = Toggle("oidc", "OpenID Connect: ID tokens, discovery, JWKS, userinfo, RFC 9207 iss")
        static let snapchat = Toggle("snapchat", "serve Snap Login Kit's endpoints instead of Kakao's")
        static let clientAuthMethods = Option(
            "client-auth-methods", "LIST",
            "how confidential clients authenticate: client_secret_post, client_secret_basic or both (default client_secret_post)"
        )
        static let bareRefreshErrors = Toggle(
            "bare-refresh-errors", "refuse a bad refresh token with a bare HTTP 400 and no body")
        static let oneUseRefreshTokens = Toggle(
            "one-use-refresh-tokens", "every refresh returns a new refresh token and ends the old one")
        static let revocationRequiresBearer = Toggle(
            "revocation-requires-bearer",
            "a public client must send the grant's access token to revoke (401 otherwise)")
        static let authorizationResponseIss = Option(
            "authorization-response-iss", "MODE",
            "iss on authorization responses: standard, unadvertised (sent, not advertised) or wrong",
            values: .choices(SandboxIssParameter.allCases.map(\.rawValue)))
        static let requireNonce = Toggle("require-nonce", "refuse an OpenID Connect authorize request without a nonce")
        static let idTokenAlg = Option(
            "id-token-alg", "ALG", "sign ID tokens with ALG (default RS256; HS256/384/512 need --client-secret)",
            values: .choices(JWSAlgorithm.allCases.map(\.rawValue)))
        static let userinfoSub = Option(
            "userinfo-sub", "SUB",
            "userinfo answers for this subject instead of the user (a provider a client must not believe)")
        static let noRefreshTokens = Toggle(
            "no-refresh-tokens", "logins get no refresh token: the session ends with the access token")
        static let advertiseStandardScopes = Toggle(
            "advertise-standard-scopes", "discovery lists the scopes profile and email as well")
        static let friends = IntegerOption(
            "friends", "N", "Kakao Talk friends every user has (default 25)", range: 0...10_000)
        static let noFriendsApi = Toggle(
            "no-friends-api", "the app lacks the Talk friends permission: the friends API answers -3")
        static let quiet = Toggle("quiet", "do not log requests")
    }
}
