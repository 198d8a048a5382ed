import KAuthBasics
import KAuthCore
import KAuthSandbox

/// `kauth sandbox`: a Kakao-compatible provider on 127.0.0.1 for trying and testing kauth offline.
enum SandboxCommand {
    static let spec = CommandSpec(
        name: "sandbox",
        summary: SandboxHelpWords.summary,
        discussion: SandboxHelpWords.discussion,
        options: Options.self,
        globals: [.noColor],
        examples: [
            ("eval \"$(kauth sandbox --detach)\"; kauth login", SandboxHelpWords.exampleStartItInTheBackground),
            ("kauth sandbox --stop", SandboxHelpWords.exampleStopTheOneThisShellPointsAt),
            ("kauth sandbox --port 8900", SandboxHelpWords.exampleServeOnAFixedPort),
            (
                "kauth sandbox --detach --oidc --env-file sandbox.env",
                SandboxHelpWords.exampleAnOpenIDConnectProviderWithAnEnvFile
            ),
            (
                "kauth sandbox --oidc --client-secret s3cret --client-auth-methods client_secret_basic --bare-refresh-errors --one-use-refresh-tokens",
                SandboxHelpWords.examplePlayAStrictOpenIDConnectServer
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
        if let path = options.clientPublicKey {
            // The key a private_key_jwt client signs with, as a server registers it (PEM public key).
            guard let pem = try? context.world.fileSystem.readUserFile(path),
                JWSAlgorithm.allCases.contains(where: {
                    $0.family != .hmac && $0.family != .edDSA
                        && (try? JWSVerificationKey.publicKey(pem: Array(pem), algorithm: $0)) != nil
                })
            else {
                throw CommandError.usage(MachineLoginWords.clientPublicKeyUnreadable(path: path).localized)
            }
            configuration.clientPublicKey = String(decoding: pem, as: UTF8.self)
        }
        if let subject = options.tlsClientAuthSubjectDN {
            guard SandboxDistinguishedName(subject) != nil else {
                throw CommandError.usage(MachineLoginWords.badSubjectDN(subject).localized)
            }
            configuration.clientCertificateSubject = subject
        }
        configuration.issuer = options.issuer
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
        context.say(
            SandboxWords.serving(
                snapchat: configuration.mode == .snapchat, url: server.baseURL,
                issuer: configuration.oidc ? server.baseURL : nil))
        let urls = exports.split(separator: "\n").filter {
            $0.hasPrefix("# unset ")
        }
        if let line = urls.first {
            context.say(SandboxWords.undoWhenDone(line: String(line.dropFirst(2))))
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
        // The issuer discovery names: `--issuer` (a TLS front's URL), else the sandbox's own.
        if configuration.oidc {
            lines.append("export \(ProviderResolver.issuerVariable)=\(configuration.issuer ?? base)")
        }
        lines.append("export \(SandboxDetach.pidVariable)=\(stopping.pid)")
        lines.append("# " + SandboxDetachWords.howToStop(pid: stopping.pid).text(stopping.language))
        lines.append("# " + SandboxWords.undoBeforeARealProvider.text(stopping.language))
        lines.append("# " + undo(urls))
        lines.append("# " + SandboxWords.anyRedirectPort.text(stopping.language))
        lines.append("export \(ProviderResolver.redirectPortVariable)=0")
        if configuration.mode == .snapchat {
            lines.append("# " + SandboxWords.thenLogInToSnapchat.text(stopping.language))
        }
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
        var tlsClientAuthSubjectDN: String?
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
        var detach = false
        var envFile: String?
        var stop = false

        static let flags: [OptionFlag<Self>] = [
            .port(
                \.port,
                IntegerOption(
                    "port", "N",
                    SandboxHelpWords.portFlag,
                    range: 0...65535)),
            .option(
                \.stateFile, "state-file", "FILE",
                SandboxHelpWords.stateFileFlag,
                values: .file),
            .option(\.clientID, "client-id", "ID", SandboxHelpWords.clientIDFlag),
            .option(\.clientSecret, "client-secret", "SECRET", SandboxHelpWords.clientSecretFlag),
            .integer(
                \.accessTokenTTL, "access-token-ttl", "SECONDS",
                SandboxHelpWords.accessTokenTTLFlag,
                range: 1...31_536_000),
            .integer(
                \.idTokenTTL, "id-token-ttl", "SECONDS",
                SandboxHelpWords.idTokenTTLFlag,
                range: 1...31_536_000),
            .integer(
                \.refreshTokenTTL, "refresh-token-ttl", "SECONDS",
                SandboxHelpWords.refreshTokenTTLFlag,
                range: 1...315_360_000),
            .integer(
                \.rotationThreshold, "rotation-threshold", "SECONDS",
                SandboxHelpWords.rotationThresholdFlag, range: 0...315_360_000),
            .list(\.scopes, "scopes", "LIST", SandboxHelpWords.scopesFlag),
            .toggle(\.deny, "deny", SandboxHelpWords.denyFlag),
            .toggle(\.oidc, "oidc", SandboxHelpWords.oidcFlag),
            .toggle(\.snapchat, "snapchat", SandboxHelpWords.snapchatFlag),
            .option(
                \.clientAuthMethods, "client-auth-methods", "LIST",
                SandboxHelpWords.clientAuthMethodsFlag
            ),
            .option(\.clientPublicKey, "client-public-key", "FILE", SandboxHelpWords.clientPublicKeyFlag),
            .option(
                \.tlsClientAuthSubjectDN, "tls-client-auth-subject-dn", "DN",
                SandboxHelpWords.tlsClientAuthSubjectDNFlag),
            .option(\.issuer, "issuer", "URL", SandboxHelpWords.issuerFlag),
            .toggle(\.bareRefreshErrors, "bare-refresh-errors", SandboxHelpWords.bareRefreshErrorsFlag),
            .toggle(\.oneUseRefreshTokens, "one-use-refresh-tokens", SandboxHelpWords.oneUseRefreshTokensFlag),
            .toggle(
                \.revocationRequiresBearer, "revocation-requires-bearer", SandboxHelpWords.revocationRequiresBearerFlag),
            .option(
                \.authorizationResponseIss, "authorization-response-iss", "MODE",
                SandboxHelpWords.authorizationResponseIssFlag,
                values: .choices(SandboxIssParameter.allCases.map(\.rawValue))),
            .toggle(\.requireNonce, "require-nonce", SandboxHelpWords.requireNonceFlag),
            .option(
                \.idTokenAlg, "id-token-alg", "ALG",
                SandboxHelpWords.idTokenAlgFlag,
                values: .choices(JWSAlgorithm.allCases.map(\.rawValue))),
            .option(\.userinfoSub, "userinfo-sub", "SUB", SandboxHelpWords.userinfoSubFlag),
            .toggle(\.noRefreshTokens, "no-refresh-tokens", SandboxHelpWords.noRefreshTokensFlag),
            .toggle(
                \.advertiseStandardScopes, "advertise-standard-scopes", SandboxHelpWords.advertiseStandardScopesFlag),
            .integer(
                \.friends, "friends", "N",
                SandboxHelpWords.friendsFlag,
                range: 0...10_000),
            .toggle(\.noFriendsApi, "no-friends-api", SandboxHelpWords.noFriendsAPIFlag),
            .toggle(\.quiet, "quiet", SandboxHelpWords.quietFlag),
            .toggle(\.detach, "detach", SandboxHelpWords.detachFlag),
            .option(
                \.envFile, "env-file", "FILE",
                SandboxHelpWords.envFileFlag,
                values: .file),
            .toggle(\.stop, "stop", SandboxHelpWords.stopFlag)
        ]
    }
}
