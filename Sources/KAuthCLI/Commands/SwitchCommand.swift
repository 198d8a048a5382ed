import KAuthCore

/// `kauth switch NAME`: the profile commands use when neither --profile nor KAUTH_PROFILE says.
enum SwitchCommand {
    static let spec = CommandSpec(
        name: "switch",
        summary: "make a stored profile the default",
        discussion:
            "Each profile holds one login (any provider). Commands use --profile, else KAUTH_PROFILE, else the profile chosen here, else 'default'. Without NAME, lists the stored profiles as `kauth profiles` does.",
        options: JSONOnlyOptions.self,
        globals: [.noColor],
        arguments: [
            ArgumentSpec(
                name: "NAME", help: "a profile with a stored login (see `kauth status`)", minimum: 0, maximum: 1,
                values: .dynamic(.profiles))
        ],
        examples: [("kauth login --profile work", ""), ("kauth switch work", ""), ("kauth status", "now shows 'work'")],
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
