import KAuthCore

/// `kauth switch NAME`: the profile commands use when neither --profile nor KAUTH_PROFILE says.
enum SwitchCommand {
    static let spec = CommandSpec(
        name: "switch",
        summary: Localized(en: "make a stored profile the default", ko: "저장된 프로필을 기본 프로필로 정합니다"),
        discussion:
            Localized(
                en:
                    "Each profile holds one login (any provider). Commands use --profile, else KAUTH_PROFILE, else the profile chosen here, else 'default'. Without NAME, lists the stored profiles as `kauth profiles` does.",
                ko:
                    "프로필마다 로그인 하나를 담습니다 (제공자는 무엇이든). 명령은 --profile, 없으면 KAUTH_PROFILE, 없으면 여기서 고른 프로필, 없으면 'default'를 씁니다. NAME 없이 실행하면 `kauth profiles`처럼 저장된 프로필을 나열합니다."
            ),
        options: JSONOnlyOptions.self,
        globals: [.noColor],
        arguments: [
            ArgumentSpec(
                name: "NAME",
                help: Localized(
                    en: "a profile with a stored login (see `kauth status`)", ko: "로그인이 저장된 프로필 (`kauth status` 참고)"),
                minimum: 0, maximum: 1,
                values: .dynamic(.profiles))
        ],
        examples: [
            ("kauth login --profile work", .none), ("kauth switch work", .none),
            ("kauth status", Localized(en: "now shows 'work'", ko: "이제 'work'를 보여 줍니다"))
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
