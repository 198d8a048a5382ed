import KAuthCore

/// The command tree. Each command's spec and `run` live in a file named for it.
enum Commands {
    static let root = CommandSpec(
        name: "kauth",
        summary: RootHelpWords.summary,
        discussion: RootHelpWords.discussion,
        usage: ["COMMAND [flags]"],
        flags: [Flags.version.spec],
        examples: [
            ("kauth login", LoginHelpWords.exampleLogInToKakaoInTheBrowser),
            (
                "curl -H \"Authorization: Bearer $(kauth token)\" https://kapi.kakao.com/v2/user/me",
                RootHelpWords.exampleUseTheTokenInAScript
            ),
            ("kauth status --json", RootHelpWords.exampleWhatIsStoredWithoutTheNetwork)
        ],
        subcommands: [
            LoginCommand.spec,
            LogoutCommand.spec,
            UnlinkCommand.spec,
            StatusCommand.spec,
            TokenCommand.spec,
            MeCommand.spec,
            PropertiesCommand.spec,
            SignupCommand.spec,
            ScopesCommand.spec,
            TermsCommand.spec,
            ShippingCommand.spec,
            ApiCommand.spec,
            GitCredentialCommand.spec,
            AWSCommand.spec,
            ProfilesCommand.spec,
            SwitchCommand.spec,
            LinkCommand.spec,
            TalkCommand.spec,
            ConfigCommand.spec,
            SandboxCommand.spec,
            CompletionCommand.spec,
            VersionCommand.spec,
            CompleteCommand.spec,
            ManCommand.spec,
            DockerCredentialCommand.spec
        ],
        topics: HelpTopic.all
    )
}

extension Commands {
    /// The flags of `kauth` itself.
    enum Flags {
        static let version = Toggle(
            "version", RootHelpWords.versionFlag)
    }
}
