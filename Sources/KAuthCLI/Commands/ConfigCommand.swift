import KAuthBasics
import KAuthCore
import KakaoAPI

/// `kauth config get|set|unset|list`: `$KAUTH_HOME/config`.
enum ConfigCommand {
    static let spec = CommandSpec(
        name: "config",
        summary: ConfigHelpWords.summary,
        discussion: ConfigHelpWords.discussion(
            keys: ConfigStore.providerKeys(addedURLRoles: ProviderURLRole.fromProducts).joined(separator: ", "),
            languages: ProviderConfigKey.languages.joined(separator: ", ")
        ).localized,
        globals: [.noColor],
        examples: [
            ("kauth config set provider.kakao.client_id YOUR_REST_API_KEY", .none),
            (
                "kauth config set provider.kakao.redirect_uri http://127.0.0.1:8080/callback",
                ConfigHelpWords.exampleTheRedirectURIYouRegistered
            ),
            ("kauth config set language ko", ConfigHelpWords.exampleSpeakKoreanWhateverTheLocale),
            ("kauth config list", .none)
        ],
        subcommands: [
            CommandSpec(
                name: "get", summary: ConfigHelpWords.getSummary,
                options: JSONOnlyOptions.self, globals: [.noColor],
                arguments: [
                    ArgumentSpec(
                        name: "KEY",
                        help: ConfigHelpWords.keyArgument,
                        minimum: 1, maximum: 1,
                        values: .dynamic(.configKeys))
                ], run: get),
            CommandSpec(
                name: "set", summary: ConfigHelpWords.setSummary, globals: [.noColor],
                arguments: [
                    ArgumentSpec(
                        name: "KEY",
                        help: ConfigHelpWords.keyArgument,
                        minimum: 1, maximum: 1,
                        values: .dynamic(.configKeys)),
                    ArgumentSpec(name: "VALUE", help: ConfigHelpWords.setValueArgument, minimum: 1, maximum: 1)
                ], run: set),
            CommandSpec(
                name: "unset", summary: ConfigHelpWords.unsetSummary, globals: [.noColor],
                arguments: [
                    ArgumentSpec(
                        name: "KEY", help: ConfigHelpWords.unsetKeyArgument, minimum: 1, maximum: 1,
                        values: .dynamic(.configKeys))
                ], run: unset),
            CommandSpec(
                name: "list",
                summary: ConfigHelpWords.listSummary,
                options: JSONOnlyOptions.self,
                globals: [.noColor],
                run: list)
        ]
    )

    static func get(_ context: CommandContext) async throws -> Int32 {
        let key = context.command.arguments[0]
        try validate(key: key, context: context)
        guard let value = try context.configStore.load().value(key) else {
            throw CommandError.failed(CommandUsageWords.configNotSet(key: key).localized)
        }
        if context.json {
            context.printJSON(.object(["key": .string(key), "value": .string(value)]))
        } else {
            context.out(value.visible + "\n")
        }
        return 0
    }

    static func set(_ context: CommandContext) async throws -> Int32 {
        let key = context.command.arguments[0]
        let value = context.command.arguments[1]
        try validate(key: key, context: context)
        try ConfigStore.validate(key: key, value: value, addedURLRoles: ProviderURLRole.fromProducts)
        let store = context.configStore
        var file = try store.load()
        try check(key: key, value: value, file: file)
        file.set(key, value)
        try store.save(file)
        warnAboutAnUntypedProvider(key: key, file: file, context: context)
        return 0
    }

    /// Checks a setting before it is written: the value has the key's form, and the key means
    /// something for the provider's type (known from its name or its `type` setting).
    static func check(key: String, value: String, file: ConfigFile) throws {
        if let setting = ConfigStore.topLevelKey(key) {
            try setting.check(value, key: key)
            return
        }
        let parts = key.split(separator: ".").map(String.init)
        guard let setting = ProviderConfigKey.named(parts[2], addedURLRoles: ProviderURLRole.fromProducts) else {
            return
        }
        try setting.check(value, key: key)
        let type =
            parts[2] == "type" ? value : file.value("provider.\(parts[1]).type") ?? ProviderType.named(parts[1])?.id
        if let type, !setting.applies(to: type) {
            let usable = ProviderConfigKey.all(addedURLRoles: ProviderURLRole.fromProducts).filter {
                $0.applies(to: type)
            }.map(\.name)
            throw CommandError.usage(
                CommandUsageWords.configKeyNotForType(key: parts[2], provider: parts[1], type: type, usable: usable)
                    .localized)
        }
    }

    /// `provider.kako.client_id` makes a provider `kako` that no command can use without a
    /// `type`: say so, and what was probably meant.
    static func warnAboutAnUntypedProvider(key: String, file: ConfigFile, context: CommandContext) {
        guard ConfigStore.topLevelKey(key) == nil else { return }
        let name = key.split(separator: ".")[1]
        guard ProviderType.named(String(name)) == nil, file.value("provider.\(name).type") == nil else { return }
        let suggestions = Suggestions.closest(to: String(name), in: ProviderType.builtIn.map(\.id))
        context.err(
            context.words(
                ConfigWords.untypedProvider(
                    name: String(name), types: ProviderType.builtIn.map(\.id),
                    closest: suggestions.first.map { "provider.\($0).\(key.split(separator: ".")[2])" })))
    }

    static func unset(_ context: CommandContext) async throws -> Int32 {
        let key = context.command.arguments[0]
        try validate(key: key, context: context)
        let store = context.configStore
        var file = try store.load()
        if file.unset(key) { try store.save(file) }
        return 0
    }

    static func list(_ context: CommandContext) async throws -> Int32 {
        let entries = try context.configStore.load().entries.map { entry in
            (entry.key, entry.key.hasSuffix("client_secret") ? Redaction.mask : entry.value)
        }
        if context.json {
            context.printJSON(
                .object(Dictionary(entries.map { ($0.0, JSONValue.string($0.1)) }, uniquingKeysWith: { $1 })))
        } else if entries.isEmpty {
            // Nothing on stdout, which scripts read; a person learns why there is nothing.
            context.err(context.words(ConfigWords.empty(path: context.paths.config)))
        } else {
            context.out(entries.map { "\($0.0) = \($0.1)\n" }.joined())
        }
        return 0
    }

    /// Checks a key's shape; a provider key given bare (`client_id`) or without `provider.`
    /// (`kakao.client_id`) is answered with the full key it probably meant, for the provider
    /// `--provider` names (else kakao). The value is never repeated: it may be a secret.
    static func validate(key: String, context: CommandContext) throws {
        do {
            try ConfigStore.validate(key: key, addedURLRoles: ProviderURLRole.fromProducts)
        } catch KAuthError.config(.unknownKey(_, let known)) {
            let parts = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard let last = parts.last, known.contains(last), parts.count <= 2,
                parts.allSatisfy({
                    !$0.isEmpty
                        && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
                })
            else { throw KAuthError.config(.unknownKey(key, known: known)) }
            let provider = parts.count == 2 && parts[0] != "provider" ? parts[0] : context.globals.provider ?? "kakao"
            let meant = "provider.\(provider).\(last)"
            let verb = context.command.path.last ?? "get"
            throw CommandError.usage(
                ConfigWords.bareKey(
                    key: key, meant: meant,
                    command: Invocation("kauth config \(verb) \(meant)\(verb == "set" ? " VALUE" : "")")
                ).localized)
        }
    }
}
