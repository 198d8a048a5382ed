import KAuthBasics
import KAuthCore
import KakaoAPI

/// `kauth login`: the authorization-code flow with PKCE through the loopback listener.
enum LoginCommand {
    static let spec = CommandSpec(
        name: "login",
        summary: LoginHelpWords.summary,
        discussion: LoginHelpWords.discussion,
        options: Options.self,
        environment: EnvironmentVariables.login,
        examples: [
            ("kauth login", LoginHelpWords.exampleLogInToKakaoInTheBrowser),
            (
                "kauth login --scopes account_email,phone_number --prompt login",
                LoginHelpWords.exampleAskForMoreScopesAndForceTheLoginScreen
            ),
            ("kauth login --no-browser", LoginHelpWords.exampleOverSSHPasteTheRedirectBack),
            (
                "kauth login --profile work --redirect-uri http://127.0.0.1:8080/kakao",
                LoginHelpWords.exampleASecondLoginWithItsOwnRedirectURI
            ),
            (
                "echo \"$KAUTH_REFRESH_TOKEN\" | kauth login --with-token --profile ci",
                LoginHelpWords.exampleInCIStoreALoginFromARefreshToken
            ),
            (
                "kauth login --client-credentials --provider oidc --scopes api.read",
                LoginHelpWords.exampleAMachineLogsInAsItsClient
            )
        ],
        run: run
    )

    /// What `kauth login` takes; browser options are refused with --with-token unless listed
    /// in `withToken(_:options:login:provider:)`.
    struct Options: CommandOptions {
        var scopes: [String]?
        var prompt: [String] = []
        var loginHint: String?
        var serviceTerms: [String] = []
        var openID = false
        var nonce: String?
        var noBrowser = false
        var port: UInt16?
        var redirectURI: String?
        var timeout: Int?
        var clientID: String?
        var clientSecret: String?
        var issuer: String?
        var device = false
        var allowNoPKCE = false
        var withToken = false
        var clientCredentials = false
        var tokenExchange = false
        var subjectTokenFile: String?
        var subjectTokenEnv: String?
        var githubActions = false
        var subjectAudience: String?
        var subjectTokenType: String?
        var requestedTokenType: String?
        var audiences: [String] = []
        var resources: [String] = []
        var authParams: [String] = []
        var acrValues: String?
        var maxAge: Int?

        static let flags: [OptionFlag<Self>] = [
            .list(
                \.scopes, "scopes", "LIST",
                LoginHelpWords.scopesFlag
            ),
            .list(
                \.prompt, "prompt", "LIST",
                LoginHelpWords.promptFlag,
                values: .dynamic(.prompts)),
            .option(
                \.loginHint, "login-hint", "TEXT",
                LoginHelpWords.loginHintFlag
            ),
            .list(\.serviceTerms, "service-terms", "LIST", LoginHelpWords.serviceTermsFlag),
            .toggle(\.openID, SharedFlags.openID),
            .option(\.nonce, SharedFlags.nonce),
            .toggle(\.noBrowser, "no-browser", LoginHelpWords.noBrowserFlag),
            .port(\.port, SharedFlags.loginPort),
            .option(\.redirectURI, SharedFlags.redirectURI),
            .integer(
                \.timeout, "timeout", "SECONDS",
                LoginHelpWords.timeoutFlag,
                range: 1...86_400),
            .option(\.clientID, SharedFlags.clientID),
            .option(\.clientSecret, SharedFlags.clientSecret),
            .option(\.issuer, SharedFlags.issuer),
            .toggle(\.device, "device", LoginHelpWords.deviceFlag),
            .toggle(\.allowNoPKCE, "allow-no-pkce", LoginHelpWords.allowNoPKCEFlag),
            .toggle(\.withToken, SharedFlags.withToken),
            .toggle(\.clientCredentials, "client-credentials", LoginHelpWords.clientCredentialsFlag),
            .list(\.authParams, "auth-param", "NAME=VALUE", LoginHelpWords.authParamFlag),
            .option(\.acrValues, "acr-values", "VALUES", LoginHelpWords.acrValuesFlag),
            .integer(
                \.maxAge, "max-age", "SECONDS",
                LoginHelpWords.maxAgeFlag,
                range: 0...315_360_000),
            .list(\.resources, "resource", "URI", LoginHelpWords.resourceFlag),
            .toggle(\.tokenExchange, "token-exchange", LoginHelpWords.tokenExchangeFlag),
            .option(\.subjectTokenFile, "subject-token-file", "FILE", LoginHelpWords.subjectTokenFileFlag),
            .option(\.subjectTokenEnv, "subject-token-env", "VARIABLE", LoginHelpWords.subjectTokenEnvFlag),
            .toggle(\.githubActions, "github-actions", LoginHelpWords.githubActionsFlag),
            .option(\.subjectAudience, "subject-audience", "AUDIENCE", LoginHelpWords.subjectAudienceFlag),
            .option(\.subjectTokenType, "subject-token-type", "URN", LoginHelpWords.subjectTokenTypeFlag),
            .option(\.requestedTokenType, "requested-token-type", "URN", LoginHelpWords.requestedTokenTypeFlag),
            .list(\.audiences, "audience", "AUDIENCE", LoginHelpWords.audienceFlag),
            .json
        ]
    }

    static func run(_ context: CommandContext, _ options: Options) async throws -> Int32 {
        let texts: [WritableKeyPath<Options, String?>] = [
            \.clientID, \.clientSecret, \.redirectURI, \.loginHint, \.nonce
        ]
        for field in texts where options[keyPath: field]?.isEmpty == true {
            throw CommandError.usage(CommandUsageWords.emptyValue(flag: Options.flag(of: field).name).localized)
        }
        let timeout = options.timeout ?? 300
        let overrides = ProviderOverrides(
            clientID: options.clientID,
            clientSecret: options.clientSecret,
            redirectURI: options.redirectURI,
            port: options.port,
            issuer: options.issuer
        )
        let login = try context.storedLogin(anyProvider: true)
        let provider = try context.providers(overrides).selectedProvider()
        if options.withToken {
            return try await withToken(context, options: options, login: login, provider: provider)
        }
        if options.clientCredentials {
            return try await clientCredentials(context, options: options, login: login, provider: provider)
        }
        if options.tokenExchange {
            return try await tokenExchange(context, options: options, login: login, provider: provider)
        }
        let shaping = try requestShaping(context, options: options, provider: provider)
        if options.issuer != nil && !provider.takesIssuer {
            throw CommandError.usage(CommandUsageWords.issuerNotTaken(provider: provider.name).localized)
        }
        let serviceTerms = ScopeList.parse(options.serviceTerms)
        let loginOptions = LoginOptions(
            scopes: options.scopes.map(ScopeList.parse),
            prompts: ScopeList.parse(options.prompt),
            loginHint: options.loginHint,
            extraParameters: (serviceTerms.isEmpty ? [] : [.serviceTerms(serviceTerms)]) + shaping.parameters,
            openID: options.openID,
            nonce: options.nonce,
            openBrowser: !options.noBrowser,
            timeout: .seconds(timeout),
            device: options.device,
            allowNoPKCE: options.allowNoPKCE,
            requiredFeatures: serviceTerms.isEmpty ? [] : [.serviceTerms],
            maxAge: shaping.maxAge,
            resources: shaping.resources
        )
        if context.environmentToken != nil {
            context.err(context.words(LoginWords.environmentTokenSet))
        }
        warnAboutSandboxSettings(provider, context: context)
        let progress = LoginProgress(context: context)
        defer { progress.finish() }
        let result = try await LoginFlow(
            world: context.world, keystore: context.keystore.choosingProtection(), provider: provider,
            profile: login.profile, snapshot: login.snapshot, pages: CallbackPages.listenerPages
        ).run(loginOptions, events: progress.events)
        progress.finish()
        report(result.session, provider: result.provider, profile: login.profile, context: context)
        return 0
    }

    /// Settings `kauth sandbox` exports, still in the environment of a login to a real provider:
    /// a free redirect port no registered URI can match, a client id that overrides the config's.
    static func warnAboutSandboxSettings(_ provider: Provider, context: CommandContext) {
        if provider.foreignServer.map(LoopbackAddress.contains) == true { return }
        let variable = ProviderResolver.redirectPortVariable
        if provider.sources.redirect == .environment(variable), provider.redirectPort == 0 {
            context.err(
                context.words(
                    LoginWords.freePortFromSandbox(
                        variable: variable, provider: provider.displayName, redirectURI: provider.redirectURI)))
        }
        if case .environment(let name)? = provider.sources.clientID, let id = provider.clientID {
            let configured = (try? context.configStore.load())?.value("provider.\(provider.name).client_id")
            if let configured, configured != id {
                context.err(
                    context.words(
                        LoginWords.clientIDOverridesConfig(
                            variable: name, id: id, provider: provider.name, configured: configured)))
            } else if id == SandboxCommand.defaultClientID {
                context.err(
                    context.words(LoginWords.sandboxClientID(variable: name, id: id, provider: provider.displayName)))
            }
        }
    }

    /// `--with-token`: the refresh token on standard input (never on the command line, where
    /// every user of the machine can read it) becomes the profile's login after one refresh.
    static func withToken(_ context: CommandContext, options: Options, login: StoredLogin, provider: Provider)
        async throws -> Int32
    {
        // Every flag of a browser login: those a login from a refresh token also takes are
        // named here, so a flag added to `login` is refused with --with-token until it is placed.
        let alsoWithToken: [PartialKeyPath<Options>] = [\.clientID, \.clientSecret, \.issuer, \.openID, \.withToken]
        let taken = alsoWithToken.map { Options.flag(of: $0).name } + [CommonFlags.json.spec.name]
        if let (flag, _) = context.command.given(among: spec.flags).first(where: {
            !taken.contains($0.flag.name)
        }) {
            throw CommandError.usage(CommandUsageWords.withTokenFlag(flag: flag.name).localized)
        }
        var lines: [String] = []
        while var line = context.terminal.readLine() {
            if line.hasSuffix("\r") { line.removeLast() }
            let text = line.trimmingWhitespace()
            if !text.isEmpty { lines.append(text) }
        }
        // One token on one line: several lines are never glued into one, and nothing read here
        // is repeated in an error, since it may be a secret.
        guard let token = lines.first else {
            throw CommandError.usage(CommandUsageWords.withTokenNothing.localized)
        }
        guard lines.count == 1 else {
            throw CommandError.usage(CommandUsageWords.withTokenLines(count: lines.count).localized)
        }
        guard TokenForm.isWellFormed(token), !token.contains(" ") else {
            throw CommandError.usage(CommandUsageWords.withTokenNotAToken.localized)
        }
        var tokens = context.tokenService(login)
        tokens.keystore = tokens.keystore.choosingProtection()
        let session = try await tokens.adopt(
            refreshToken: token, provider: provider, openID: options.openID)
        report(session, provider: provider, profile: login.profile, context: context)
        return 0
    }

    /// `Logged in to … as …` on stderr, or the session as `kauth status --json` shows it; and a
    /// note when the keystore could not be encrypted.
    static func report(_ session: StoredSession, provider: Provider, profile: String, context: CommandContext) {
        let protection = try? context.keystore.protection()
        if let note = protection.flatMap({ unencryptedNote($0, path: context.keystore.path) }) {
            context.err(context.words(note))
        }
        if context.json {
            context.printJSON(
                .object(
                    SessionJSON.object(
                        session, profile: profile, source: .keystore,
                        keystore: SessionJSON.keystore(context.keystore.path, protection),
                        now: context.world.clock.now())))
            return
        }
        context.err(
            context.words(LoginWords.loggedIn(provider: provider.displayName, user: .user(session), profile: profile)))
        if !session.scopes.isEmpty {
            context.err(
                context.words(
                    LoginWords.scopes(
                        session.scopes, unconfirmed: session.scopesConfirmed == false,
                        asked: session.scopesAskedOtherwise, provider: Provider.displayName(of: session))))
        }
        if let exchange = session.tokenExchange {
            context.say(TokenExchangeWords.renews(exchange.source))
        } else if session.refreshToken == nil {
            // Said now, not when the token runs out: the session cannot be renewed.
            let advice = ErrorMessages.refreshTokenAdvice(
                providerType: provider.type.id, scopes: session.scopes.isEmpty ? nil : session.scopes)
            context.err(
                context.words(
                    LoginWords.noRefreshToken(
                        provider: provider.displayName,
                        expiry: Expiry(date: session.accessTokenExpiresAt, now: context.world.clock.now()),
                        advice: advice)))
        }
    }

    /// The one line a login prints when the keyring could not protect the keystore: what that
    /// means and how to change it. Nothing for `KAUTH_KEYRING=off`, which is the user's choice.
    static func unencryptedNote(_ protection: KeystoreProtection, path: String) -> LoginWords? {
        guard case .none(let reason?) = protection, reason != .turnedOff else { return nil }
        return .unencrypted(path: path, reason: reason)
    }
}
