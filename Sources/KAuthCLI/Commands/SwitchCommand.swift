import KAuthCore

/// `kauth switch NAME`: the profile commands use when neither --profile nor KAUTH_PROFILE says.
enum SwitchCommand {
    static let spec = CommandSpec(
        name: "switch",
        summary: SwitchHelpWords.summary,
        discussion: SwitchHelpWords.discussion,
        options: JSONOnlyOptions.self,
        globals: [.noColor],
        arguments: [
            ArgumentSpec(
                name: "NAME",
                help: SwitchHelpWords.nameArgument,
                minimum: 0, maximum: 1,
                values: .dynamic(.profiles))
        ],
        examples: [
            ("kauth login --profile work", .none), ("kauth switch work", .none),
            ("kauth status", SwitchHelpWords.exampleNowShowsWork)
        ],
        run: run
    )

    static func run(_ context: CommandContext) async throws -> Int32 {
        guard let name = context.command.arguments.first else { return try ProfilesCommand.list(context) }
        try CommandContext.validateProfileName(name)
        do {
            try await context.profileStore.makeDefault(profile: name)
        } catch KAuthError.notLoggedIn where !context.json {
            // A typo of a stored name is said as one, not as a login to create.
            let stored = try context.storedLogin(anyProvider: true).contents.profiles.keys.sorted()
            let closest = Suggestions.closest(to: name, in: stored)
            guard !closest.isEmpty else { throw KAuthError.notLoggedIn(profile: name) }
            context.err(
                context.words(
                    ProfileWords.noSuchProfile(name: name, login: context.loginInvocation(name), closest: closest)))
            return KAuthError.notLoggedIn(profile: name).exitCode
        }
        if context.json {
            context.printJSON(.object(["default_profile": .string(name)]))
        } else {
            context.err(context.words(ProfileWords.madeDefault(name)))
        }
        return 0
    }
}
