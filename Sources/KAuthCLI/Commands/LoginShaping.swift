import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `kauth login --token-exchange` (RFC 8693), and the shaping of a browser login's request
/// (`--auth-param`, `--acr-values`, `--max-age`, `--resource`, with their config keys).
extension LoginCommand {
    /// What a login adds to its authorization request, flags over the provider's config keys
    /// (`auth_params`, `acr_values`, `max_age`, `resource`).
    struct RequestShaping {
        var parameters: [AuthorizationParameter] = []
        var maxAge: Int?
        var resources: [String] = []
    }

    /// Parameters kauth writes itself, which `--auth-param` may not replace.
    static let ownParameters = [
        "state", "nonce", "code_challenge", "code_challenge_method", "redirect_uri", "client_id", "response_type",
        "scope"
    ]

    /// Flags that mean something only for a token exchange.
    static var exchangeOnly: [PartialKeyPath<Options>] {
        [
            \.subjectTokenFile, \.subjectTokenEnv, \.githubActions, \.subjectAudience, \.subjectTokenType,
            \.requestedTokenType, \.audiences
        ]
    }

    static func requestShaping(_ context: CommandContext, options: Options, provider: Provider) throws
        -> RequestShaping
    {
        for field in exchangeOnly {
            let flag = Options.flag(of: field)
            if context.command.given(among: [flag]).first != nil {
                throw CommandError.usage(TokenExchangeWords.needsTokenExchange(flag: flag.name).localized)
            }
        }
        let config = try? context.configStore.load()
        func configured(_ key: String) -> (value: String, origin: String)? {
            let name = "provider.\(provider.name).\(key)"
            guard let value = config?.value(name), !value.isEmpty else { return nil }
            return (value, name)
        }
        var shaping = RequestShaping()
        var given: [(String, String)] = []
        if let (value, origin) = configured("auth_params") {
            given += ScopeList.parse(value).map { ($0, origin) }
        }
        given += options.authParams.map { ($0, "--auth-param") }
        // A flag's NAME=VALUE replaces the config's for the same NAME.
        var pairs: [(name: String, value: String)] = []
        for (text, origin) in given {
            guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
                throw CommandError.usage(TokenExchangeWords.malformedParameter(text: text, origin: origin).localized)
            }
            let name = String(text[..<equals])
            if ownParameters.contains(name) {
                throw CommandError.usage(TokenExchangeWords.reservedParameter(name: name).localized)
            }
            pairs.removeAll { $0.name == name }
            pairs.append((name, String(text[text.index(after: equals)...])))
        }
        shaping.parameters = pairs.map { AuthorizationParameter($0.name, $0.value) }
        if let acr = options.acrValues ?? configured("acr_values")?.value {
            shaping.parameters.append(AuthorizationParameter("acr_values", acr))
        }
        if let maxAge = options.maxAge {
            shaping.maxAge = maxAge
        } else if let (value, origin) = configured("max_age") {
            guard let seconds = Int(value), seconds >= 0 else {
                throw CommandError.usage(TokenExchangeWords.badMaxAge(value, origin: origin).localized)
            }
            shaping.maxAge = seconds
        }
        shaping.resources = try resources(options.resources, context: context, provider: provider, config: configured)
        return shaping
    }

    /// `--resource` values, else the provider's `resource` key; each an absolute URI without a
    /// fragment (RFC 8707 §2).
    static func resources(
        _ flags: [String], context: CommandContext, provider: Provider,
        config configured: (String) -> (value: String, origin: String)?
    ) throws -> [String] {
        var list = flags.map { ($0, "--resource") }
        if list.isEmpty, let (value, origin) = configured("resource") {
            list = ScopeList.parse(value).map { ($0, origin) }
        }
        for (value, origin) in list where !isResourceIndicator(value) {
            throw CommandError.usage(TokenExchangeWords.badResource(value, origin: origin).localized)
        }
        var seen = Set<String>()
        return list.map(\.0).filter { seen.insert($0).inserted }
    }

    static func isResourceIndicator(_ value: String) -> Bool {
        guard let components = URLComponents(string: value), let scheme = components.scheme, !scheme.isEmpty else {
            return false
        }
        return components.fragment == nil && !value.contains("#")
    }

    /// `--token-exchange`: the subject token from its one source, traded at the token endpoint,
    /// stored as the profile's login with its source (never the subject token).
    static func tokenExchange(_ context: CommandContext, options: Options, login: StoredLogin, provider: Provider)
        async throws -> Int32
    {
        let taken: [PartialKeyPath<Options>] =
            [\.clientID, \.clientSecret, \.issuer, \.scopes, \.tokenExchange, \.resources] + exchangeOnly
        let names = taken.map { Options.flag(of: $0).name } + [CommonFlags.json.spec.name]
        if let (flag, _) = context.command.given(among: spec.flags).first(where: { !names.contains($0.flag.name) }) {
            throw CommandError.usage(TokenExchangeWords.notWithTokenExchange(flag: flag.name).localized)
        }
        if options.issuer != nil && !provider.takesIssuer {
            throw CommandError.usage(
                .untranslated(
                    "--issuer is for OpenID Connect providers (--provider oidc); \(provider.name)'s endpoints are built in"
                ))
        }
        for field: WritableKeyPath<Options, String?> in [
            \.subjectTokenFile, \.subjectTokenEnv, \.subjectAudience, \.subjectTokenType, \.requestedTokenType
        ] where options[keyPath: field]?.isEmpty == true {
            throw CommandError.usage(.untranslated("--\(Options.flag(of: field).name) needs a non-empty value"))
        }
        let sources = [options.subjectTokenFile != nil, options.subjectTokenEnv != nil, options.githubActions]
        let given = sources.filter { $0 }.count
        guard given == 1 else { throw CommandError.usage(TokenExchangeWords.oneSource(given: given).localized) }
        if options.subjectAudience != nil && !options.githubActions {
            throw CommandError.usage(TokenExchangeWords.audienceOnlyForGitHub.localized)
        }
        try provider.require(.tokenExchange)
        let config = try? context.configStore.load()
        let resources = try resources(options.resources, context: context, provider: provider) { key in
            let name = "provider.\(provider.name).\(key)"
            return config?.value(name).flatMap { $0.isEmpty ? nil : ($0, name) }
        }
        // The issuer is known before discovery: it is what the GitHub token's audience defaults to.
        let source: SubjectTokenSource
        if let path = options.subjectTokenFile {
            source = .file(path: path)
        } else if let variable = options.subjectTokenEnv {
            source = .environment(variable: variable)
        } else {
            guard let audience = options.subjectAudience ?? provider.issuer else {
                throw KAuthError.missingSetting(.issuer, provider: provider.name)
            }
            source = .githubActions(audience: audience)
        }
        let request = TokenExchangeRequest(
            source: source, subjectTokenType: options.subjectTokenType, requestedTokenType: options.requestedTokenType,
            resources: resources, audiences: options.audiences, scopes: options.scopes.map(ScopeList.parse))
        var tokens = context.tokenService(login)
        tokens.keystore = tokens.keystore.choosingProtection()
        let session = try await tokens.exchangeLogin(request, provider: provider)
        report(session, provider: provider, profile: login.profile, context: context)
        return 0
    }
}
