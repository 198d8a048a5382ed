import KAuthBasics
import KAuthCore
import KakaoAPI

/// `kauth login`: the authorization-code flow with PKCE through the loopback listener.
enum LoginCommand {
    static let spec = CommandSpec(
        name: "login",
        summary: Localized(en: "log in through the browser and store the tokens", ko: "브라우저로 로그인하고 토큰을 저장합니다"),
        discussion:
            Localized(
                en:
                    "Opens the provider's login page in the browser (BROWSER, else xdg-open or open) and waits for the redirect on a listener at 127.0.0.1. The URL is always printed to stderr. When no browser can be opened, or with --no-browser, open the URL on any machine and paste back the address the browser was sent to, for SSH sessions. For Kakao, register \(Kakao.defaultRedirectURI) as a redirect URI of your app (or pass the one you registered with --redirect-uri).",
                ko:
                    "제공자의 로그인 페이지를 브라우저(BROWSER, 없으면 xdg-open 또는 open)로 열고 127.0.0.1의 리스너에서 리다이렉트를 기다립니다. URL은 항상 stderr에 출력됩니다. 브라우저를 열 수 없거나 --no-browser를 주면, 아무 기기에서나 URL을 열고 브라우저가 이동한 주소를 붙여 넣으십시오 (SSH 세션용). 카카오 앱에는 리다이렉트 URI로 \(Kakao.defaultRedirectURI) 주소를 등록하십시오 (또는 등록한 URI를 --redirect-uri로 넘기십시오)."
            ),
        options: Options.self,
        environment: EnvironmentVariables.login,
        examples: [
            ("kauth login", Localized(en: "log in to Kakao in the browser", ko: "브라우저로 카카오에 로그인합니다")),
            (
                "kauth login --scopes account_email,phone_number --prompt login",
                Localized(en: "ask for more scopes and force the login screen", ko: "동의항목을 더 요청하고 로그인 화면을 강제로 띄웁니다")
            ),
            (
                "kauth login --no-browser",
                Localized(
                    en: "over SSH: open the printed URL elsewhere, paste the redirect URL back",
                    ko: "SSH에서: 출력된 URL을 다른 곳에서 열고 리다이렉트 URL을 붙여 넣습니다")
            ),
            (
                "kauth login --profile work --redirect-uri http://127.0.0.1:8080/kakao",
                Localized(
                    en: "a second login with its own registered redirect URI", ko: "따로 등록한 리다이렉트 URI로 두 번째 로그인을 합니다")
            ),
            (
                "echo \"$KAUTH_REFRESH_TOKEN\" | kauth login --with-token --profile ci",
                Localized(
                    en: "in CI: store a login from a refresh token kept in a secret",
                    ko: "CI에서: 시크릿에 보관한 리프레시 토큰으로 로그인을 저장합니다")
            ),
            (
                "kauth login --client-credentials --provider oidc --scopes api.read",
                Localized(
                    en: "a machine logs in as its client (secret, signed assertion or client certificate)",
                    ko: "기계가 클라이언트로 로그인합니다 (시크릿, 서명 어설션, 클라이언트 인증서)")
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
                Localized(
                    en: "scope IDs to ask consent for (comma- or space-separated)", ko: "동의를 요청할 동의항목 ID (쉼표나 공백으로 구분)")
            ),
            .list(
                \.prompt, "prompt", "LIST",
                Localized(
                    en: "Kakao: login, create, select_account; OpenID Connect: none, login, consent, select_account",
                    ko: "카카오: login, create, select_account. OpenID Connect: none, login, consent, select_account"),
                values: .dynamic(.prompts)),
            .option(
                \.loginHint, "login-hint", "TEXT",
                Localized(en: "pre-fill the account field (email or phone number)", ko: "계정 입력란을 미리 채웁니다 (이메일 또는 전화번호)")
            ),
            .list(
                \.serviceTerms, "service-terms", "LIST",
                Localized(en: "Kakao Sync service-terms tags to show", ko: "보여 줄 카카오싱크 서비스 약관 태그")),
            .toggle(\.openID, SharedFlags.openID),
            .option(\.nonce, SharedFlags.nonce),
            .toggle(
                \.noBrowser, "no-browser",
                Localized(
                    en: "do not open a browser; print the URL and accept the redirect URL on stdin",
                    ko: "브라우저를 열지 않습니다. URL을 출력하고 리다이렉트 URL을 표준 입력으로 받습니다")),
            .port(\.port, SharedFlags.loginPort),
            .option(\.redirectURI, SharedFlags.redirectURI),
            .integer(
                \.timeout, "timeout", "SECONDS",
                Localized(en: "how long to wait for the login (default 300)", ko: "로그인을 기다릴 시간 (기본값 300)"),
                range: 1...86_400),
            .option(\.clientID, SharedFlags.clientID),
            .option(\.clientSecret, SharedFlags.clientSecret),
            .option(\.issuer, SharedFlags.issuer),
            .toggle(
                \.device, "device",
                Localized(
                    en: "use the device authorization grant (providers that offer it)",
                    ko: "기기 인가 그랜트를 사용합니다 (제공하는 제공자만)")),
            .toggle(
                \.allowNoPKCE, "allow-no-pkce",
                Localized(
                    en: "log in to a provider that does not list PKCE S256 (not recommended)",
                    ko: "PKCE S256을 밝히지 않은 제공자에 로그인합니다 (권장하지 않음)")),
            .toggle(\.withToken, SharedFlags.withToken),
            .toggle(
                \.clientCredentials, "client-credentials",
                Localized(
                    en: "log the client itself in (OAuth client credentials): no browser, no user, no refresh token",
                    ko: "클라이언트 자체로 로그인합니다 (OAuth 클라이언트 자격 증명): 브라우저, 사용자, 리프레시 토큰이 없습니다")),
            .list(
                \.authParams, "auth-param", "NAME=VALUE",
                Localized(
                    en: "an extra authorization request parameter (repeatable)", ko: "인가 요청에 더할 파라미터 (여러 번 지정 가능)")),
            .option(
                \.acrValues, "acr-values", "VALUES",
                Localized(
                    en: "OpenID Connect acr_values: the authentication context asked for",
                    ko: "OpenID Connect acr_values: 요청할 인증 컨텍스트")),
            .integer(
                \.maxAge, "max-age", "SECONDS",
                Localized(
                    en:
                        "OpenID Connect max_age: the user must have authenticated within SECONDS (auth_time is checked)",
                    ko: "OpenID Connect max_age: 사용자가 SECONDS 안에 인증했어야 합니다 (auth_time을 확인합니다)"),
                range: 0...315_360_000),
            .list(
                \.resources, "resource", "URI",
                Localized(
                    en: "an RFC 8707 resource indicator for the tokens (repeatable)",
                    ko: "토큰의 RFC 8707 리소스 지시자 (여러 번 지정 가능)")),
            .toggle(
                \.tokenExchange, "token-exchange",
                Localized(
                    en: "trade a token from elsewhere for the provider's (RFC 8693)",
                    ko: "다른 곳의 토큰을 제공자의 토큰으로 교환합니다 (RFC 8693)")),
            .option(
                \.subjectTokenFile, "subject-token-file", "FILE",
                Localized(
                    en: "--token-exchange: the subject token is in FILE", ko: "--token-exchange: subject 토큰이 FILE에 있습니다"
                )),
            .option(
                \.subjectTokenEnv, "subject-token-env", "VARIABLE",
                Localized(
                    en: "--token-exchange: the subject token is in the environment variable VARIABLE",
                    ko: "--token-exchange: subject 토큰이 환경 변수 VARIABLE에 있습니다")),
            .toggle(
                \.githubActions, "github-actions",
                Localized(
                    en: "--token-exchange: the subject token is GitHub Actions' OIDC token",
                    ko: "--token-exchange: subject 토큰은 GitHub Actions의 OIDC 토큰입니다")),
            .option(
                \.subjectAudience, "subject-audience", "AUDIENCE",
                Localized(
                    en: "--github-actions: the audience to ask GitHub for (default: the provider's issuer)",
                    ko: "--github-actions: GitHub에 요청할 audience (기본값: 제공자의 issuer)")),
            .option(
                \.subjectTokenType, "subject-token-type", "URN",
                Localized(
                    en: "--token-exchange: the subject token's type (default urn:ietf:params:oauth:token-type:jwt)",
                    ko: "--token-exchange: subject 토큰의 종류 (기본값 urn:ietf:params:oauth:token-type:jwt)")),
            .option(
                \.requestedTokenType, "requested-token-type", "URN",
                Localized(en: "--token-exchange: the type of token asked for", ko: "--token-exchange: 요청할 토큰의 종류")),
            .list(
                \.audiences, "audience", "AUDIENCE",
                Localized(
                    en: "--token-exchange: RFC 8693's audience parameter (repeatable)",
                    ko: "--token-exchange: RFC 8693의 audience 파라미터 (여러 번 지정 가능)")),
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
