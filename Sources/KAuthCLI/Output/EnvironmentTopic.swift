import KAuthCore
import KakaoAPI

extension HelpTopic {
    /// `kauth help environment`: every variable kauth reads, and which setting wins. The names
    /// come from the core where it defines them (the provider URL variables from each provider
    /// type), so a new provider's variables appear here by themselves.
    static let environment = HelpTopic(
        name: "environment",
        summary: EnvironmentTopicWords.summary,
        manSection: EnvironmentTopicWords.manSection,
        introduction: EnvironmentTopicWords.introduction,
        groups: [
            HelpTopic.Group(
                title: EnvironmentTopicWords.filesAndProfilesTitle,
                entries: [
                    Entry(
                        term: "KAUTH_HOME",
                        summary: EnvironmentTopicWords.kauthHomeSummary,
                        detail: EnvironmentTopicWords.kauthHomeDetail
                    ),
                    Entry(
                        term: "XDG_CONFIG_HOME",
                        summary: EnvironmentTopicWords.xdgConfigHomeSummary,
                        detail: EnvironmentTopicWords.xdgConfigHomeDetail),
                    Entry(
                        term: "KAUTH_PROFILE",
                        summary: EnvironmentTopicWords.kauthProfileSummary,
                        detail: EnvironmentTopicWords.kauthProfileDetail),
                    Entry(
                        term: "KAUTH_PASSPHRASE",
                        summary: EnvironmentTopicWords.kauthPassphraseSummary,
                        detail: EnvironmentTopicWords.kauthPassphraseDetail
                    ),
                    Entry(
                        term: "KAUTH_KEYRING",
                        summary: EnvironmentTopicWords.kauthKeyringSummary,
                        detail: EnvironmentTopicWords.kauthKeyringDetail
                    )
                ]),
            HelpTopic.Group(
                title: EnvironmentTopicWords.appTitle,
                entries: [
                    Entry(
                        term: "KAUTH_CLIENT_ID",
                        summary: EnvironmentTopicWords.kauthClientIDSummary,
                        detail: EnvironmentTopicWords.kauthClientIDDetail
                    ),
                    Entry(
                        term: "KAUTH_CLIENT_SECRET",
                        summary: EnvironmentTopicWords.kauthClientSecretSummary,
                        detail: EnvironmentTopicWords.kauthClientSecretDetail
                    ),
                    Entry(
                        term: "KAUTH_APP_KEY",
                        summary: EnvironmentTopicWords.kauthAppKeySummary,
                        detail: EnvironmentTopicWords.kauthAppKeyDetail),
                    Entry(
                        term: ProviderResolver.issuerVariable,
                        summary: EnvironmentTopicWords.issuerSummary,
                        detail: EnvironmentTopicWords.issuerDetail)
                ]),
            HelpTopic.Group(
                title: EnvironmentTopicWords.providerURLsTitle,
                note: EnvironmentTopicWords.providerURLsNote,
                entries: providerURLEntries
            ),
            HelpTopic.Group(
                title: EnvironmentTopicWords.loginTitle,
                entries: [
                    Entry(
                        term: ProviderResolver.redirectPortVariable,
                        summary: EnvironmentTopicWords.redirectPortSummary,
                        detail: EnvironmentTopicWords.redirectPortDetail
                    ),
                    Entry(
                        term: EnvironmentVariables.sandboxPID,
                        summary: EnvironmentTopicWords.sandboxPIDSummary,
                        detail: EnvironmentTopicWords.sandboxPIDDetail
                    ),
                    Entry(
                        term: "BROWSER",
                        summary: EnvironmentTopicWords.browserSummary,
                        detail: EnvironmentTopicWords.browserDetail
                    )
                ]),
            HelpTopic.Group(
                title: EnvironmentTopicWords.tokensForScriptsAndCITitle,
                entries: [
                    Entry(
                        term: "KAUTH_ACCESS_TOKEN",
                        summary: EnvironmentTopicWords.kauthAccessTokenSummary,
                        detail: EnvironmentTopicWords.kauthAccessTokenDetail
                    ),
                    Entry(
                        term: TokenService.bootstrapVariable,
                        summary: EnvironmentTopicWords.refreshTokenBootstrapSummary,
                        detail: EnvironmentTopicWords.refreshTokenBootstrapDetail
                    )
                ]),
            HelpTopic.Group(
                title: EnvironmentTopicWords.outputAndNetworkTitle,
                entries: [
                    Entry(
                        term: "NO_COLOR",
                        summary: EnvironmentTopicWords.noColorSummary,
                        detail: EnvironmentTopicWords.noColorDetail),
                    Entry(
                        term: "HTTPS_PROXY",
                        summary: EnvironmentTopicWords.httpsProxySummary,
                        detail: EnvironmentTopicWords.httpsProxyDetail
                    ),
                    Entry(
                        term: "NO_PROXY",
                        summary: EnvironmentTopicWords.noProxySummary
                    ),
                    Entry(
                        term: "KAUTH_CA_FILE",
                        summary: EnvironmentTopicWords.kauthCAFileSummary,
                        detail: EnvironmentTopicWords.kauthCAFileDetail
                    )
                ]),
            HelpTopic.Group(
                title: EnvironmentTopicWords.awsTitle,
                entries: [
                    Entry(
                        term: "AWS_ENDPOINT_URL_STS",
                        summary: EnvironmentTopicWords.awsEndpointURLSTSSummary,
                        detail: EnvironmentTopicWords.awsEndpointURLSTSDetail
                    ),
                    Entry(
                        term: "AWS_ENDPOINT_URL",
                        summary: EnvironmentTopicWords.awsEndpointURLSummary),
                    Entry(
                        term: "AWS_REGION",
                        summary: EnvironmentTopicWords.awsRegionSummary,
                        detail: EnvironmentTopicWords.awsRegionDetail),
                    Entry(
                        term: "AWS_DEFAULT_REGION",
                        summary: EnvironmentTopicWords.awsDefaultRegionSummary),
                    Entry(
                        term: "AWS_CA_BUNDLE",
                        summary: EnvironmentTopicWords.awsCABundleSummary)
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
                let what = describe(role)
                // The provider's name as each language's readers know it (Kakao is 카카오).
                let name = ProviderNames.localized(type.displayName)
                return Entry(
                    term: prefix + role.environmentSuffix,
                    summary: EnvironmentTopicWords.providerURL(provider: name, what: what, default: fallback).localized)
            }
        }
    }

    private static func describe(_ role: ProviderURLRole) -> Localized {
        switch role {
        case .auth: EnvironmentTopicWords.authURLRole
        case .api: EnvironmentTopicWords.apiURLRole
        case .sharer: EnvironmentTopicWords.sharerURLRole
        case .apps: EnvironmentTopicWords.appsURLRole
        default: EnvironmentTopicWords.otherURLRole(name: role.name).localized
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
    /// The process id of the sandbox that `kauth sandbox` exports, for `--stop`.
    static let sandboxPID = "KAUTH_SANDBOX_PID"
    /// `kauth status`: the keystore, and what stands in for it.
    static let status = keystore + ["KAUTH_ACCESS_TOKEN", TokenService.bootstrapVariable]
}
