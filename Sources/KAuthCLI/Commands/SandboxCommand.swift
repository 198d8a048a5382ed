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
        options: Options.self,
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

    static func run(_ context: CommandContext, _ options: Options) async throws -> Int32 {
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
        if let path = options.clientPublicKey {
            // The key a private_key_jwt client signs with, as a server registers it (PEM public key).
            guard let pem = try? context.world.fileSystem.readUserFile(path),
                JWSAlgorithm.allCases.contains(where: {
                    $0.family != .hmac && $0.family != .edDSA
                        && (try? JWSVerificationKey.publicKey(pem: Array(pem), algorithm: $0)) != nil
                })
            else {
                throw CommandError.usage(
                    .untranslated("--client-public-key: \(path.visible) is not a readable PEM public key (RSA or EC)"))
            }
            configuration.clientPublicKey = String(decoding: pem, as: UTF8.self)
        }
        configuration.issuer = options.issuer
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
        } catch LoopbackServerError.addressInUse(_, let port) {
            throw CommandError.failed(
                .untranslated(
                    "port \(port) is already in use; pick another with --port N, or --port 0 for any free port"))
        } catch let error as SandboxStateError {
            throw CommandError.failed(.untranslated("\(error)"))
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
    static func applyProviderBehaviour(_ options: Options, to configuration: inout SandboxConfiguration) throws {
        if let list = options.clientAuthMethods {
            var methods: [SandboxClientAuthMethod] = []
            for name in ScopeList.parse([list]) {
                guard let method = SandboxClientAuthMethod(rawValue: name) else {
                    let known = SandboxClientAuthMethod.allCases.map(\.rawValue).joined(separator: ", ")
                    throw CommandError.usage(
                        .untranslated(
                            "--client-auth-methods: unknown method '\(name)'; use one or more of \(known), separated by commas"
                        ))
                }
                if !methods.contains(method) { methods.append(method) }
            }
            guard !methods.isEmpty else {
                throw CommandError.usage(
                    .untranslated("--client-auth-methods needs at least one method, such as client_secret_basic"))
            }
            configuration.clientAuthMethods = methods
        }
        if let mode = options.authorizationResponseIss {
            guard let value = SandboxIssParameter(rawValue: mode) else {
                let known = SandboxIssParameter.allCases.map(\.rawValue).joined(separator: ", ")
                throw CommandError.usage(
                    .untranslated("--authorization-response-iss: unknown mode '\(mode)'; use one of \(known)"))
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
                    .untranslated(
                        "--id-token-alg: unknown algorithm '\(name.visible)'; use one of \(JWSAlgorithm.allCases.map(\.rawValue).joined(separator: ", "))"
                    ))
            }
            if algorithm.family == .hmac, configuration.clientSecret == nil {
                throw CommandError.usage(
                    .untranslated(
                        "--id-token-alg \(name) signs with the client secret: give --client-secret too"))
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
        var clientPublicKey: String?
        var issuer: String?
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
                "how confidential clients authenticate: client_secret_post, client_secret_basic, client_secret_jwt, private_key_jwt, tls_client_auth (default client_secret_post)"
            ),
            .option(
                \.clientPublicKey, "client-public-key", "FILE",
                "the PEM public key private_key_jwt assertions are checked with"),
            .option(
                \.issuer, "issuer", "URL",
                "the issuer discovery names (default the sandbox's own URL), e.g. a TLS front's https URL"),
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
            .toggle(\.quiet, "quiet", "do not log requests")
        ]
    }
}
