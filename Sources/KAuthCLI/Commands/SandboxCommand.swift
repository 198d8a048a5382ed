import KAuthBasics
import KAuthCore
import KAuthSandbox

/// `kauth sandbox`: a Kakao-compatible provider on 127.0.0.1 for trying and testing kauth offline.
enum SandboxCommand {
    static let spec = CommandSpec(
        name: "sandbox",
        summary: "serve a local Kakao-compatible provider for offline use and tests",
        discussion:
            "Serves Kakao's OAuth, user, consent, share and Talk memo APIs on 127.0.0.1 with an auto-consent authorize page and one sandbox user; with --oidc also ID tokens, discovery, JWKS, userinfo, RFC 7009 revocation and the RFC 8628 device grant; with --snapchat Snap Login Kit's endpoints instead. It prints the environment that points kauth at it on stdout (see `kauth help environment`), with its process id in KAUTH_SANDBOX_PID, and one line per request on stderr. Stop it with Ctrl-C, or with `kauth sandbox --stop` from a shell that has its exports. With --detach it runs in the background and prints the exports once it listens, so `eval \"$(kauth sandbox --detach)\"` works as with ssh-agent; --env-file also writes them to a file once it listens, for a script to wait on. Control endpoints for tests live under /_sandbox/ (log, config, respond, fail, expire-access-tokens, rotate-key, memos, sharer-visits, picker, friend-messages); the flags below set the same switches from the start.",
        options: Options.self,
        globals: [.noColor],
        examples: [
            (
                "eval \"$(kauth sandbox --detach)\"; kauth login",
                "start it in the background and point this shell at it, as with ssh-agent"
            ),
            ("kauth sandbox --stop", "stop the one this shell's exports point at"),
            ("kauth sandbox --port 8900", "serve on a fixed port; it prints the environment to use"),
            (
                "kauth sandbox --detach --oidc --env-file sandbox.env",
                "an OpenID Connect provider, its exports (KAUTH_ISSUER too) also written to sandbox.env"
            ),
            (
                "kauth sandbox --oidc --client-secret s3cret --client-auth-methods client_secret_basic --bare-refresh-errors --one-use-refresh-tokens",
                "play a strict OpenID Connect server"
            )
        ],
        run: run
    )

    static func run(_ context: CommandContext, _ options: Options) async throws -> Int32 {
        if options.stop {
            guard !options.detach, options.envFile == nil else {
                throw CommandError.usage(SandboxDetachWords.stopTakesNoOtherMode.localized)
            }
            return try await SandboxDetach.stop(context, undo: undo(allURLs))
        }
        var configuration = SandboxConfiguration()
        configuration.clientID = options.clientID
        configuration.clientSecret = options.clientSecret
        configuration.stateFile = options.stateFile
        configuration.deny = options.deny
        configuration.oidc = options.oidc
        if options.snapchat { configuration.mode = .snapchat }
        if let value = options.accessTokenTTL {
            configuration.accessTokenLifetime = value
        }
        if let value = options.idTokenTTL {
            configuration.idTokenLifetime = value
        }
        if let value = options.refreshTokenTTL {
            configuration.refreshTokenLifetime = value
        }
        if let value = options.rotationThreshold {
            configuration.rotationThreshold = value
        }
        if options.scopes != nil {
            configuration.defaultScopes = ScopeList.parse((options.scopes ?? []))
        }
        try applyProviderBehaviour(options, to: &configuration)
        if options.detach { return try await SandboxDetach.start(context, options) }
        let terminal = context.terminal
        let quiet = options.quiet
        var log: (@Sendable (SandboxLogEntry) -> Void)?
        if !quiet {
            log = { (entry: SandboxLogEntry) in terminal.writeErr("sandbox: " + entry.summary + "\n") }
        }
        let server: SandboxServer
        do {
            server = try SandboxServer(
                configuration: configuration,
                port: options.port ?? 0,
                clock: context.world.clock,
                random: context.world.random,
                onRequest: log
            )
        } catch LoopbackServerError.addressInUse(_, let port, _) {
            throw CommandError.failed(CommandUsageWords.sandboxPortInUse(port: port).localized)
        } catch let error as SandboxStateError {
            throw CommandError.failed(CommandUsageWords.sandboxState(detail: "\(error)").localized)
        }
        server.start()
        let exports = exports(
            base: server.baseURL, configuration: configuration,
            stopping: (context.world.processes.currentID(), context.language))
        if let file = options.envFile { try SandboxDetach.writeEnvFile(exports, to: file, context) }
        context.out(exports)
        let mode =
            configuration.mode == .snapchat ? "a Snap Login Kit-compatible provider" : "a Kakao-compatible provider"
        let oidc = configuration.oidc ? " with OpenID Connect (issuer \(server.baseURL))" : ""
        context.err("kauth sandbox: \(mode) is serving at \(server.baseURL)\(oidc) (Ctrl-C to stop).\n")
        let urls = exports.split(separator: "\n").filter {
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
        "unset "
            + (urls + [
                "KAUTH_CLIENT_ID", ProviderResolver.issuerVariable, SandboxDetach.pidVariable,
                ProviderResolver.redirectPortVariable
            ]).joined(separator: " ")
    }

    /// Every URL variable a sandbox of any mode exports: what `--stop` unsets, not knowing the mode.
    static let allURLs = kakaoURLs + snapchatURLs
    static let kakaoURLs = [
        "KAUTH_KAKAO_AUTH_URL", "KAUTH_KAKAO_API_URL", "KAUTH_KAKAO_SHARER_URL", "KAUTH_KAKAO_APPS_URL"
    ]
    static let snapchatURLs = ["KAUTH_SNAPCHAT_AUTH_URL", "KAUTH_SNAPCHAT_API_URL"]

    /// The switches that make the sandbox behave like a stricter or odder provider than Kakao,
    /// so that a user can try kauth against one (and tests ask for it the way a user would).
    static func applyProviderBehaviour(_ options: Options, to configuration: inout SandboxConfiguration) throws {
        if let list = options.clientAuthMethods {
            var methods: [SandboxClientAuthMethod] = []
            for name in ScopeList.parse([list]) {
                guard let method = SandboxClientAuthMethod(rawValue: name) else {
                    let known = SandboxClientAuthMethod.allCases.map(\.rawValue).joined(separator: ", ")
                    throw CommandError.usage(CommandUsageWords.sandboxAuthMethod(given: name, known: known).localized)
                }
                if !methods.contains(method) { methods.append(method) }
            }
            guard !methods.isEmpty else {
                throw CommandError.usage(CommandUsageWords.sandboxNoAuthMethod.localized)
            }
            configuration.clientAuthMethods = methods
        }
        if let mode = options.authorizationResponseIss {
            guard let value = SandboxIssParameter(rawValue: mode) else {
                let known = SandboxIssParameter.allCases.map(\.rawValue).joined(separator: ", ")
                throw CommandError.usage(CommandUsageWords.sandboxIssMode(given: mode, known: known).localized)
            }
            configuration.authorizationResponseIss = value
        }
        if let count = options.friends {
            configuration.friendCount = count
        }
        configuration.bareRefreshErrors = options.bareRefreshErrors
        configuration.oneUseRefreshTokens = options.oneUseRefreshTokens
        configuration.revocationRequiresBearer = options.revocationRequiresBearer
        configuration.requireNonce = options.requireNonce
        configuration.friendsAPIEnabled = !options.noFriendsApi
        if let name = options.idTokenAlg {
            guard let algorithm = JWSAlgorithm(rawValue: name) else {
                throw CommandError.usage(
                    CommandUsageWords.sandboxAlgorithm(
                        given: name, known: JWSAlgorithm.allCases.map(\.rawValue).joined(separator: ", ")
                    ).localized)
            }
            if algorithm.family == .hmac, configuration.clientSecret == nil {
                throw CommandError.usage(CommandUsageWords.sandboxAlgorithmNeedsSecret(algorithm: name).localized)
            }
            configuration.idTokenAlgorithm = algorithm
        }
        configuration.userinfoSubject = options.userinfoSub
        configuration.issueRefreshTokens = !options.noRefreshTokens
        configuration.advertiseStandardScopes = options.advertiseStandardScopes
    }

    /// The environment that points kauth at this sandbox, and only what its mode needs: the
    /// provider's base URLs, a client id, and a redirect port of 0 — the sandbox registers no
    /// redirect URIs, so any free port will do, where a real provider needs the one registered.
    ///
    /// With `--oidc` the issuer too, which `--provider oidc` reads, and always the sandbox's
    /// process id and how to stop it (`stopping`: the id, and the language of that comment).
    static func exports(
        base: String, configuration: SandboxConfiguration, stopping: (pid: Int32, language: Language)
    ) -> String {
        var lines: [String] = []
        let urls = configuration.mode == .snapchat ? snapchatURLs : kakaoURLs
        lines += urls.map { "export \($0)=\(base)" }
        lines.append("export KAUTH_CLIENT_ID=\(configuration.clientID ?? defaultClientID)")
        if configuration.oidc { lines.append("export \(ProviderResolver.issuerVariable)=\(base)") }
        lines.append("export \(SandboxDetach.pidVariable)=\(stopping.pid)")
        lines.append("# " + SandboxDetachWords.howToStop(pid: stopping.pid).text(stopping.language))
        lines.append("# Before using a real provider in this shell again, undo these exports with:")
        lines.append("# " + undo(urls))
        lines.append("# The sandbox accepts any redirect port; a real provider needs the registered one.")
        lines.append("export \(ProviderResolver.redirectPortVariable)=0")
        if configuration.mode == .snapchat { lines.append("# Then: kauth login --provider snapchat") }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension SandboxCommand {
    struct Options: CommandOptions {
        var port: UInt16?
        var stateFile: String?
        var clientID: String?
        var clientSecret: String?
        var accessTokenTTL: Int?
        var idTokenTTL: Int?
        var refreshTokenTTL: Int?
        var rotationThreshold: Int?
        var scopes: [String]?
        var deny = false
        var oidc = false
        var snapchat = false
        var clientAuthMethods: String?
        var bareRefreshErrors = false
        var oneUseRefreshTokens = false
        var revocationRequiresBearer = false
        var authorizationResponseIss: String?
        var requireNonce = false
        var idTokenAlg: String?
        var userinfoSub: String?
        var noRefreshTokens = false
        var advertiseStandardScopes = false
        var friends: Int?
        var noFriendsApi = false
        var quiet = false
        var detach = false
        var envFile: String?
        var stop = false

        static let flags: [OptionFlag<Self>] = [
            .port(\.port, IntegerOption("port", "N", "port to listen on (default: any free port)", range: 0...65535)),
            .option(
                \.stateFile, "state-file", "FILE", "keep users, tokens and consents in FILE across restarts",
                values: .file),
            .option(\.clientID, "client-id", "ID", "accept only this client id (default: any)"),
            .option(\.clientSecret, "client-secret", "SECRET", "require this client secret on token calls"),
            .integer(
                \.accessTokenTTL, "access-token-ttl", "SECONDS", "access token lifetime (default 21599)",
                range: 1...31_536_000),
            .integer(
                \.idTokenTTL, "id-token-ttl", "SECONDS", "ID token lifetime with --oidc (default 3600)",
                range: 1...31_536_000),
            .integer(
                \.refreshTokenTTL, "refresh-token-ttl", "SECONDS", "refresh token lifetime (default 5183999)",
                range: 1...315_360_000),
            .integer(
                \.rotationThreshold, "rotation-threshold", "SECONDS",
                "rotate the refresh token when less than this remains (default 2592000)", range: 0...315_360_000),
            .list(
                \.scopes, "scopes", "LIST",
                "scopes agreed at first login (default profile_nickname,profile_image,account_email)"),
            .toggle(\.deny, "deny", "answer every authorization with access_denied"),
            .toggle(\.oidc, "oidc", "OpenID Connect: ID tokens, discovery, JWKS, userinfo, RFC 9207 iss"),
            .toggle(\.snapchat, "snapchat", "serve Snap Login Kit's endpoints instead of Kakao's"),
            .option(
                \.clientAuthMethods, "client-auth-methods", "LIST",
                "how confidential clients authenticate: client_secret_post, client_secret_basic or both (default client_secret_post)"
            ),
            .toggle(
                \.bareRefreshErrors, "bare-refresh-errors",
                "refuse a bad refresh token with a bare HTTP 400 and no body"),
            .toggle(
                \.oneUseRefreshTokens, "one-use-refresh-tokens",
                "every refresh returns a new refresh token and ends the old one"),
            .toggle(
                \.revocationRequiresBearer, "revocation-requires-bearer",
                "a public client must send the grant's access token to revoke (401 otherwise)"),
            .option(
                \.authorizationResponseIss, "authorization-response-iss", "MODE",
                "iss on authorization responses: standard, unadvertised (sent, not advertised) or wrong",
                values: .choices(SandboxIssParameter.allCases.map(\.rawValue))),
            .toggle(\.requireNonce, "require-nonce", "refuse an OpenID Connect authorize request without a nonce"),
            .option(
                \.idTokenAlg, "id-token-alg", "ALG",
                "sign ID tokens with ALG (default RS256; HS256/384/512 need --client-secret)",
                values: .choices(JWSAlgorithm.allCases.map(\.rawValue))),
            .option(
                \.userinfoSub, "userinfo-sub", "SUB",
                "userinfo answers for this subject instead of the user (a provider a client must not believe)"),
            .toggle(
                \.noRefreshTokens, "no-refresh-tokens",
                "logins get no refresh token: the session ends with the access token"),
            .toggle(
                \.advertiseStandardScopes, "advertise-standard-scopes",
                "discovery lists the scopes profile and email as well"),
            .integer(\.friends, "friends", "N", "Kakao Talk friends every user has (default 25)", range: 0...10_000),
            .toggle(
                \.noFriendsApi, "no-friends-api",
                "the app lacks the Talk friends permission: the friends API answers -3"),
            .toggle(\.quiet, "quiet", "do not log requests"),
            .toggle(
                \.detach, "detach",
                "run in the background: print the exports, with its pid, once it listens, and return"),
            .option(
                \.envFile, "env-file", "FILE", "also write the exports to FILE, whole, once it listens",
                values: .file),
            .toggle(\.stop, "stop", "stop the sandbox KAUTH_SANDBOX_PID names (the exports' own)")
        ]
    }
}
