import KAuthCore
import KakaoAPI

/// `kauth __complete KIND`: the names only kauth knows, for the completion scripts — providers,
/// profiles, config keys — one a line.
///
/// Shells run it on a TAB, so it reads at most the config file and the keystore: never the
/// network, never a secret (only names), and no passphrase: an encrypted keystore completes no
/// profiles rather than costing a key derivation. A file that cannot be read prints nothing at
/// all, since whatever it printed would end up on the user's command line.
enum CompleteCommand {
    static let spec = CommandSpec(
        name: "__complete",
        summary: CompleteHelpWords.summary,
        globals: [],
        arguments: [
            ArgumentSpec(
                name: "KIND", help: .verbatim(DynamicValues.allCases.map(\.rawValue).joined(separator: ", ")),
                minimum: 1,
                maximum: 1,
                values: .choices(DynamicValues.allCases.map(\.rawValue))
            ),
            ArgumentSpec(
                name: "WORDS",
                help: CompleteHelpWords.wordsArgument,
                minimum: 0, maximum: nil)
        ],
        examples: [
            ("kauth __complete profiles", CompleteHelpWords.exampleWhatSwitchTabOffers)
        ],
        run: run,
        hidden: true
    )

    static func run(_ context: CommandContext) async throws -> Int32 {
        guard let kind = DynamicValues(rawValue: context.command.arguments[0]),
            let names = try? names(kind, context: context)
        else { return 1 }
        context.out(names.map { $0 + "\n" }.joined())
        return 0
    }

    static func names(_ kind: DynamicValues, context: CommandContext) throws -> [String] {
        switch kind {
        case .providers:
            return try providerNames(context)
        case .configKeys:
            // Only the keys that mean something for each provider's type (`config set` refuses
            // the others); a provider whose type is not known yet offers them all.
            let config = try context.configStore.load()
            return try ConfigStore.topLevelKeys.map(\.name)
                + providerNames(context).flatMap { name in
                    let type = config.value("provider.\(name).type") ?? ProviderType.named(name)?.id
                    return ProviderConfigKey.all(addedURLRoles: ProviderURLRole.fromProducts).filter { key in
                        type.map(key.applies) ?? true
                    }.map {
                        "provider.\(name).\($0.name)"
                    }
                }
        case .prompts:
            let words = Array(context.command.arguments.dropFirst())
            let name = providerName(in: words) ?? ProviderType.kakao.id
            let configured = try context.configStore.load().value("provider.\(name).type")
            return (configured.flatMap(ProviderType.named) ?? ProviderType.named(name))?.prompts ?? []
        case .profiles:
            let keystore = FileKeystore(
                directory: context.paths.home, fileSystem: context.world.fileSystem, passphrase: nil,
                random: context.world.random)
            return try keystore.load().profiles.keys.sorted().filter(isPlain)
        }
    }

    /// The value of the last `--provider NAME` (`--provider=NAME`, or bash's `--provider = NAME`).
    static func providerName(in words: [String]) -> String? {
        var name: String?
        for (index, word) in words.enumerated() {
            if word.hasPrefix("--provider=") {
                name = String(word.dropFirst("--provider=".count))
            } else if word == "--provider", index + 1 < words.count {
                let next = words[index + 1]
                name = next == "=" ? words.dropFirst(index + 2).first : next
            }
        }
        return name
    }

    private static func providerNames(_ context: CommandContext) throws -> [String] {
        try ProviderResolver.knownNames(config: context.configStore.load()).filter(isPlain)
    }

    /// Letters, digits, `-`, `_` and `.`: what kauth itself accepts as a profile or provider name,
    /// and nothing a shell would read as syntax (a hand-edited file may hold anything).
    static func isPlain(_ name: String) -> Bool {
        !name.isEmpty
            && name.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" || $0 == "_" || $0 == "." }
    }
}
