import KAuthCore

/// `kauth profiles`: the stored logins, one a line, the default marked, offline (as `gh auth
/// status` lists accounts and `kubectl config get-contexts` contexts). `kauth switch` without a
/// name prints the same list.
enum ProfilesCommand {
    static let spec = CommandSpec(
        name: "profiles",
        summary: ProfilesHelpWords.summary,
        discussion: ProfilesHelpWords.discussion,
        options: JSONOnlyOptions.self,
        globals: [.noColor],
        environment: EnvironmentVariables.keystore,
        examples: [
            ("kauth profiles", .none),
            ("kauth profiles --json", ProfilesHelpWords.exampleDefaultProfileAndEachProfile)
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
