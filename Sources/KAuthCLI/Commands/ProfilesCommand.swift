import KAuthCore

/// `kauth profiles`: the stored logins, one a line, the default marked, offline (as `gh auth
/// status` lists accounts and `kubectl config get-contexts` contexts). `kauth switch` without a
/// name prints the same list.
enum ProfilesCommand {
    static let spec = CommandSpec(
        name: "profiles",
        summary: Localized(
            en: "list the stored profiles: provider, user, session, the default marked",
            ko: "저장된 프로필 목록: 제공자, 사용자, 세션, 기본 프로필 표시"),
        discussion: Localized(
            en:
                "Reads the keystore only (no network). Each profile holds one login (any provider); the default one, used when neither --profile nor KAUTH_PROFILE says, is marked '*' and changed with `kauth switch NAME`. Session is valid, refreshable or expired, as in `kauth status`.",
            ko:
                "키 저장소만 읽습니다(네트워크 없음). 프로필마다 로그인 하나(어느 제공자든)를 담습니다. --profile도 KAUTH_PROFILE도 없을 때 쓰는 기본 프로필은 '*'로 표시되며 `kauth switch NAME`으로 바꿉니다. 세션은 `kauth status`와 같이 valid, refreshable 또는 expired입니다."
        ),
        options: JSONOnlyOptions.self,
        globals: [.noColor],
        environment: EnvironmentVariables.keystore,
        examples: [
            ("kauth profiles", .none),
            (
                "kauth profiles --json",
                Localized(
                    en: "default_profile, and per profile what `kauth status --json` says",
                    ko: "default_profile과 프로필마다 `kauth status --json`이 알려 주는 내용")
            )
        ],
        run: list
    )

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
                        names.map { name in
                            var entry = StatusCommand.summaryJSON(contents.profiles[name]!, profile: name, now: now)
                            if case .object(var fields) = entry {
                                fields["default"] = .bool(name == current)
                                entry = .object(fields)
                            }
                            return entry
                        })
                ]))
            return 0
        }
        guard !names.isEmpty else {
            context.say(
                ProfilesListWords.noneStored(
                    login: Invocation("kauth login"), loginAs: Invocation("kauth login --profile NAME")))
            return 0
        }
        let headers: [ProfilesListWords] = [.profileHeader, .providerHeader, .userHeader, .sessionHeader]
        let rows = names.map { name -> [String] in
            let session = contents.profiles[name]!
            return [
                (name == current ? "* " : "  ") + name, Provider.displayName(of: session).visible,
                context.words(SessionWords.user(session)), session.state(at: now).rawValue
            ]
        }
        context.out(TextTable.render(["  " + context.words(headers[0])] + headers.dropFirst().map(context.words), rows))
        context.say(ProfilesListWords.switchWith(Invocation("kauth switch NAME")))
        return 0
    }
}
