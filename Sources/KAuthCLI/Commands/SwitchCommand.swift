import KAuthCore

/// `kauth switch NAME`: the profile commands use when neither --profile nor KAUTH_PROFILE says.
enum SwitchCommand {
    static let spec = CommandSpec(
        name: "switch",
        summary: Localized(en: "make a stored profile the default", ko: "저장된 프로필을 기본 프로필로 정합니다"),
        discussion:
            Localized(
                en:
                    "Each profile holds one login (any provider). Commands use --profile, else KAUTH_PROFILE, else the profile chosen here, else 'default'. Without NAME, lists the stored profiles.",
                ko:
                    "프로필마다 로그인 하나를 담습니다 (제공자는 무엇이든). 명령은 --profile, 없으면 KAUTH_PROFILE, 없으면 여기서 고른 프로필, 없으면 'default'를 씁니다. NAME 없이 실행하면 저장된 프로필을 나열합니다."
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
        guard let name = context.command.arguments.first else { return try list(context) }
        try CommandContext.validateProfileName(name)
        try await context.profileStore.makeDefault(profile: name)
        if context.json {
            context.printJSON(.object(["default_profile": .string(name)]))
        } else {
            context.err("Profile '\(name)' is now the default.\n")
        }
        return 0
    }

    /// The stored profiles, the default one marked, and what each is logged in to.
    static func list(_ context: CommandContext) throws -> Int32 {
        let contents = try context.storedLogin(anyProvider: true).contents
        let names = contents.profiles.keys.sorted()
        let current = contents.defaultProfile ?? "default"
        let now = context.world.clock.now()
        if context.json {
            context.printJSON(
                .object([
                    "default_profile": .string(current),
                    "profiles": .array(
                        names.map { StatusCommand.summaryJSON(contents.profiles[$0]!, profile: $0, now: now) })
                ]))
            return 0
        }
        guard !names.isEmpty else {
            context.err("No profiles are stored; log in with `kauth login` (or `kauth login --profile NAME`).\n")
            return 0
        }
        context.out(
            names.map { name in
                let session = contents.profiles[name]!
                return
                    "\(name == current ? "*" : " ") \(name): \(Provider.displayName(of: session).visible), \(StatusCommand.describe(session))\n"
            }.joined())
        context.err("Switch with `kauth switch NAME`.\n")
        return 0
    }
}
