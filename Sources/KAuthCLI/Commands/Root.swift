import KAuthCore

/// The command tree. Each command's spec and `run` live in a file named for it.
enum Commands {
    static let root = CommandSpec(
        name: "kauth",
        summary: "log in to Kakao and other OAuth/OIDC providers from the command line",
        discussion:
            "kauth logs you in through the browser, keeps the tokens in a local keystore, refreshes them when needed, and calls the provider's user APIs. Scripts call `kauth token` for a valid access token.",
        usage: ["COMMAND [flags]"],
        flags: [Flags.version.spec],
        examples: [
            ("kauth login", "log in to Kakao in the browser"),
            (
                "curl -H \"Authorization: Bearer $(kauth token)\" https://kapi.kakao.com/v2/user/me",
                "use the token in a script"
            ),
            ("kauth status --json", "what is stored, without the network")
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
            AWSCommand.spec,
            SwitchCommand.spec,
            LinkCommand.spec,
            TalkCommand.spec,
            ConfigCommand.spec,
            SandboxCommand.spec,
            CompletionCommand.spec,
            VersionCommand.spec,
            CompleteCommand.spec,
            ManCommand.spec
        ],
        topics: HelpTopic.all
    )
}

extension Commands {
    /// The flags of `kauth` itself.
    enum Flags {
        static let version = Toggle("version", "print the version and the commit it was built from")
    }
}
