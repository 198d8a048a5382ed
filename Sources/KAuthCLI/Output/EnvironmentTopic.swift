import KAuthCore
import KakaoAPI

extension HelpTopic {
    /// `kauth help environment`: every variable kauth reads, and which setting wins. The names
    /// come from the core where it defines them (the provider URL variables from each provider
    /// type), so a new provider's variables appear here by themselves.
    static let environment = HelpTopic(
        name: "environment",
        summary: "environment variables kauth reads, and which setting wins",
        manSection: "ENVIRONMENT",
        introduction:
            "Each setting comes from the first of these that has it: a flag, an environment variable, the config file ($KAUTH_HOME/config, see 'kauth config'), what the stored login recorded when it was made, the built-in default. A variable set to the empty string counts as unset.",
        groups: [
            HelpTopic.Group(
                title: "Files and profiles",
                entries: [
                    Entry(
                        term: "KAUTH_HOME", summary: "folder of the keystore (credentials.json) and the config file",
                        detail:
                            "Default: $XDG_CONFIG_HOME/kauth, else $HOME/.config/kauth. Created 0700 on the first write"
                    ),
                    Entry(
                        term: "XDG_CONFIG_HOME", summary: "where the default KAUTH_HOME is: $XDG_CONFIG_HOME/kauth",
                        detail: "Without it, $HOME/.config/kauth. Read only when KAUTH_HOME is not set"),
                    Entry(
                        term: "KAUTH_PROFILE", summary: "profile to use when --profile is not given",
                        detail: "Else the default profile chosen with 'kauth switch', else 'default'"),
                    Entry(
                        term: "KAUTH_PASSPHRASE",
                        summary: "passphrase that encrypts the keystore at rest (wins over the keyring)",
                        detail:
                            "When it is set, every write of credentials.json is encrypted (PBKDF2-SHA256, AES-256-GCM); an encrypted keystore cannot be read without it or with a wrong one (exit 7). Each read costs about 0.2 s. Shell completion never uses it: with an encrypted keystore it completes no profile names"
                    ),
                    Entry(
                        term: "KAUTH_KEYRING", summary: "'off': keep the keystore's key out of the OS keyring",
                        detail:
                            "By default a login keeps a random key in the OS keyring (Secret Service; macOS: login keychain) and encrypts credentials.json under it, where a session bus is there and the keyring answers within 3 s; else the file is written plain (0600) and the login says why in one line. With 'off' the file is plain, without that line. A file whose key is in the keyring is read from it either way"
                    )
                ]),
            HelpTopic.Group(
                title: "The app",
                entries: [
                    Entry(
                        term: "KAUTH_CLIENT_ID", summary: "the app's client id (Kakao: its REST API key)",
                        detail:
                            "For 'kauth login' and a KAUTH_REFRESH_TOKEN bootstrap: after --client-id, before provider.NAME.client_id. A stored login always keeps the client id it was made with"
                    ),
                    Entry(
                        term: "KAUTH_CLIENT_SECRET", summary: "the client secret, if the app has one enabled",
                        detail:
                            "Sent on token requests; after --client-secret, before provider.NAME.client_secret. Safer than --client-secret, which shows in ps and in the shell's history"
                    ),
                    Entry(
                        term: "KAUTH_APP_KEY", summary: "key for Kakao's share and image APIs ('kauth link')",
                        detail: "Before provider.NAME.app_key; default: the client id")
                ]),
            HelpTopic.Group(
                title: "Provider URLs ('kauth sandbox', test servers)",
                note:
                    "Each applies to every provider of its type and wins over provider.NAME.*_url and over what a stored login recorded. A URL must be https://, or http:// on this machine. 'kauth sandbox' prints the ones that point kauth at it.",
                entries: providerURLEntries
            ),
            HelpTopic.Group(
                title: "Login",
                entries: [
                    Entry(
                        term: ProviderResolver.redirectPortVariable,
                        summary: "port of the redirect listener (0: any free port)",
                        detail:
                            "Replaces the port of the redirect URI (provider.NAME.redirect_uri, else the provider's default); --port and --redirect-uri win over it. 'kauth sandbox' prints 0; a real provider needs the port of the redirect URI registered with it, so a login to one warns when 0 is left set"
                    ),
                    Entry(
                        term: "BROWSER", summary: "how to open the login page and the sharer URL",
                        detail:
                            "A ':'-separated list of commands, tried in order; %s is replaced by the URL, else the URL is added at the end. Default: xdg-open when there is a display (open on macOS). The URL is always printed too"
                    )
                ]),
            HelpTopic.Group(
                title: "Tokens for scripts and CI",
                entries: [
                    Entry(
                        term: "KAUTH_ACCESS_TOKEN", summary: "use this access token; the keystore is not read",
                        detail:
                            "'kauth token' prints it and API commands send it. It is never refreshed: a rejected one is exit 3. 'token refresh' and 'token --id-token' refuse to run (exit 2)"
                    ),
                    Entry(
                        term: TokenService.bootstrapVariable,
                        summary: "start a session from this refresh token when the profile has none",
                        detail:
                            "The first command that needs a token refreshes with it (a client id is needed too; --provider NAME for another provider) and stores the result; once a login is stored, it is ignored. Spaces around it are removed; a rejected, empty or space-filled one is exit 3, named as such"
                    )
                ]),
            HelpTopic.Group(
                title: "Output and network",
                entries: [
                    Entry(
                        term: "NO_COLOR", summary: "no colour in output, as --no-color",
                        detail: "kauth prints no colour yet"),
                    Entry(
                        term: "HTTPS_PROXY", summary: "proxy for https:// requests, read by libcurl",
                        detail:
                            "So are https_proxy, http_proxy and ALL_PROXY (libcurl ignores upper-case HTTP_PROXY). Requests to this machine (the sandbox) never go through a proxy"
                    ),
                    Entry(term: "NO_PROXY", summary: "hosts to reach without the proxy, read by libcurl"),
                    Entry(
                        term: "KAUTH_CA_FILE", summary: "PEM CA certificates trusted for every provider",
                        detail:
                            "Instead of the system's, for a provider behind a private CA; a provider's own provider.NAME.ca_file wins. A file that cannot be used fails the request (exit 1): there is no fallback to no verification"
                    )
                ]),
            HelpTopic.Group(
                title: "AWS ('kauth aws credential-process'), as the AWS CLI reads them",
                entries: [
                    Entry(
                        term: "AWS_ENDPOINT_URL_STS", summary: "the STS endpoint the token is traded at",
                        detail:
                            "Wins over AWS_ENDPOINT_URL and the region's endpoint. https://, or http:// on this machine (a local STS): the token travels there"
                    ),
                    Entry(
                        term: "AWS_ENDPOINT_URL",
                        summary: "the endpoint of every AWS service, STS's when AWS_ENDPOINT_URL_STS is not set"),
                    Entry(
                        term: "AWS_REGION",
                        summary: "the region whose STS endpoint is used (https://sts.REGION.amazonaws.com)",
                        detail: "When neither endpoint variable is set"),
                    Entry(
                        term: "AWS_DEFAULT_REGION", summary: "the region when AWS_REGION is not set; else us-east-1"),
                    Entry(
                        term: "AWS_CA_BUNDLE", summary: "PEM CA certificates trusted for STS instead of the system's")
                ])
        ]
    )

    /// `KAUTH_KAKAO_AUTH_URL`, … for every provider type with an environment prefix.
    private static var providerURLEntries: [Entry] {
        ProviderType.builtIn.flatMap { type -> [Entry] in
            guard let prefix = type.environmentPrefix else { return [] }
            return (ProviderURLRole.core + ProviderURLRole.fromProducts).compactMap { role -> Entry? in
                guard type.has(role) else { return nil }
                let fallback = type.builtInURL(role)
                let what = "\(type.displayName)'s \(describe(role))"
                return Entry(
                    term: prefix + role.environmentSuffix, summary: fallback.map { "\(what) (default \($0))" } ?? what)
            }
        }
    }

    private static func describe(_ role: ProviderURLRole) -> String {
        switch role {
        case .auth: "OAuth endpoints: authorize and token"
        case .api: "APIs"
        case .sharer: "web sharer, for 'kauth link'"
        case .apps: "account pages, for the shipping-address picker"
        default: "\(role.name) host"
        }
    }

}

/// The variables each kind of command reads, for the "Environment:" section of its help (names
/// of entries in the `environment` topic; a test checks that each has one).
enum EnvironmentVariables {
    static let keystore = ["KAUTH_HOME", "KAUTH_PROFILE", "KAUTH_PASSPHRASE", "KAUTH_KEYRING"]

    /// The OAuth and API base URLs of every provider type: where tokens come from and go to.
    static let providerURLs: [String] = ProviderType.builtIn.flatMap { type -> [String] in
        guard let prefix = type.environmentPrefix else { return [] }
        return ProviderURLRole.core.filter(type.has).map { prefix + $0.environmentSuffix }
    }

    /// `kauth login`.
    static let login =
        keystore + ["KAUTH_CLIENT_ID", "KAUTH_CLIENT_SECRET", ProviderResolver.redirectPortVariable, "BROWSER"]
        + providerURLs
    /// Commands that use the stored token, refreshing it when needed.
    static let session =
        keystore + ["KAUTH_ACCESS_TOKEN", TokenService.bootstrapVariable, "KAUTH_CLIENT_ID", "KAUTH_CLIENT_SECRET"]
        + providerURLs
    /// `kauth status`: the keystore, and what stands in for it.
    static let status = keystore + ["KAUTH_ACCESS_TOKEN", TokenService.bootstrapVariable]
}
