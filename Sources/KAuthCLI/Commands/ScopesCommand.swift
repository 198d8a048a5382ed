import KAuthBasics
import KAuthCore
import KakaoAPI

/// `kauth scopes [list]`, `kauth scopes revoke ID…`, `kauth scopes request ID…|--missing`.
enum ScopesCommand {
    static let spec = CommandSpec(
        name: "scopes",
        summary: ScopesHelpWords.summary,
        discussion: ScopesHelpWords.discussion,
        options: ListOptions.self,
        examples: [
            ("kauth scopes", .none),
            ("kauth scopes revoke account_email", ScopesHelpWords.exampleWithdrawConsent),
            ("kauth scopes request --missing", ScopesHelpWords.exampleAskForEverythingStillNeeded)
        ],
        subcommands: [
            CommandSpec(
                name: "list",
                summary: ScopesHelpWords.listSummary,
                options: ListOptions.self,
                examples: [("kauth scopes list --only account_email,phone_number", .none)], run: list),
            CommandSpec(
                name: "revoke",
                summary: ScopesHelpWords.revokeSummary,
                discussion: ScopesHelpWords.revokeDiscussion,
                options: JSONOnlyOptions.self,
                arguments: [
                    ArgumentSpec(
                        name: "ID",
                        help: ScopesHelpWords.revokeIDArgument,
                        minimum: 1, maximum: nil)
                ],
                examples: [("kauth scopes revoke account_email phone_number", .none)],
                run: revoke
            ),
            CommandSpec(
                name: "request",
                summary: ScopesHelpWords.requestSummary,
                discussion: ScopesHelpWords.requestDiscussion,
                options: RequestOptions.self,
                arguments: [
                    ArgumentSpec(
                        name: "ID", help: ScopesHelpWords.requestIDArgument, minimum: 0,
                        maximum: nil)
                ],
                examples: [("kauth scopes request phone_number", .none), ("kauth scopes request --missing", .none)],
                run: request
            )
        ],
        run: list
    )

    static func list(_ context: CommandContext, _ options: ListOptions) async throws -> Int32 {
        let only = ScopeList.parse(options.only)
        let client = try context.apiClient(requiring: .consent)
        let result = try await client.send(ScopesRequest(scopes: only))
        if only.isEmpty { try await remember(result.value, context: context) }
        if context.json {
            context.printResponse(result.body, from: client)
        } else {
            context.out(table(result.value.scopes, in: context.language))
        }
        return 0
    }

    /// The consent items, one row each; names as the provider sent them (Kakao's are Korean).
    static func table(_ scopes: [Scope], in language: Language) -> String {
        func yesNo(_ value: Bool) -> String { TableWords.yesNo(value).text(language) }
        return TextTable.render(
            [.id, .name, .type, .agreed, .revocable, .using],
            scopes.map { scope in
                [
                    scope.id.visible, (scope.displayName ?? "").visible, (scope.type ?? "").visible,
                    yesNo(scope.agreed),
                    scope.revocable.map(yesNo) ?? "-", scope.using.map(yesNo) ?? "-"
                ]
            }, in: language
        )
    }

    /// Keeps the stored login's scope list in step with the provider's full answer.
    static func remember(_ info: ScopeInfo, context: CommandContext) async throws {
        guard context.environmentToken == nil else { return }
        context.noteIfNotCached(
            try await context.profileStore.updateAgreedScopes(
                info.scopes.filter(\.agreed).map(\.id), profile: context.storedLogin().profile))
    }

    static func revoke(_ context: CommandContext) async throws -> Int32 {
        let ids = ScopeList.parse(context.command.arguments)
        let client = try context.apiClient(requiring: .consent)
        // Checked here, before any change is asked for: a refused revoke changes nothing.
        let current = try await client.send(ScopesRequest()).value.scopes
        for id in ids {
            guard let scope = current.first(where: { $0.id == id }) else {
                throw CommandError.usage(UserDataErrorWords.notAConsentItem(id: id, suggestions: []).localized)
            }
            guard scope.agreed else {
                throw CommandError.usage(UserDataErrorWords.scopeNotAgreed(id: id).localized)
            }
            guard scope.revocable == true else {
                throw CommandError.usage(UserDataErrorWords.scopeRequired(id: id).localized)
            }
        }
        let result = try await client.send(RevokeScopesRequest(scopes: ids))
        try await remember(result.value, context: context)
        if context.json {
            context.printResponse(result.body, from: client, ["revoked": .array(ids.map(JSONValue.string))])
        } else {
            context.err(context.words(ProductWords.revoked(ids)))
            context.out(table(result.value.scopes, in: context.language))
        }
        return 0
    }

    static func request(_ context: CommandContext, _ options: RequestOptions) async throws -> Int32 {
        let command = context.command
        if context.environmentToken != nil {
            throw CommandError.usage(UserDataErrorWords.consentWithEnvironmentToken.localized)
        }
        let login = try context.storedLogin()
        guard let session = login.session else {
            throw KAuthError.notLoggedIn(profile: login.profile)
        }
        var ids = ScopeList.parse(command.arguments)
        let client = try context.client(for: context.tokenService(login))
        try client.provider.require(.consent)
        if options.missing {
            if !ids.isEmpty { throw CommandError.usage(UserDataErrorWords.idsAndMissing.localized) }
            ids = MissingConsent.scopes(in: try await UserAPI(client: client).profile().value)
            if ids.isEmpty {
                context.err(context.words(LoginWords.nothingToRequest))
                return 0
            }
        } else if ids.isEmpty {
            throw CommandError.usage(UserDataErrorWords.noScopeIDs.localized)
        } else {
            // Checked against the app's consent items first, as `kauth scopes revoke` does: a
            // typo opens no browser.
            let catalogue = try await client.send(ScopesRequest()).value.scopes.map(\.id)
            if let unknown = ids.first(where: { !catalogue.contains($0) && $0 != "openid" }) {
                let suggestions = Suggestions.closest(to: unknown, in: catalogue)
                throw CommandError.usage(
                    UserDataErrorWords.notAConsentItem(id: unknown, suggestions: suggestions).localized)
            }
        }
        let overrides = ProviderOverrides(
            redirectURI: options.redirectURI, port: options.port)
        let provider = try context.providers(overrides).provider(for: session, of: login.profile)
        try provider.require(.consent)
        let timeout = options.timeout ?? 300
        let options = LoginOptions(
            scopes: ids, openID: session.openID, openBrowser: !options.noBrowser, timeout: .seconds(timeout))
        context.err(context.words(LoginWords.requestingConsent(ids)))
        let progress = LoginProgress(context: context)
        defer { progress.finish() }
        let updated = try await LoginFlow(
            world: context.world, keystore: context.keystore, provider: provider, profile: login.profile,
            snapshot: login.snapshot, pages: CallbackPages.listenerPages
        ).run(options, events: progress.events).session
        progress.finish()
        let granted = ids.filter { updated.scopes.contains($0) }
        let declined = ids.filter { !updated.scopes.contains($0) && $0 != "openid" }
        if context.json {
            func list(_ items: [String]) -> JSONValue { .array(items.map(JSONValue.string)) }
            context.printJSON(
                .object([
                    "profile": .string(login.profile), "provider": .string(updated.provider),
                    "requested": list(ids), "granted": list(granted), "declined": list(declined),
                    "scopes": list(updated.scopes)
                ]))
            return declined.isEmpty ? 0 : 4
        }
        if !granted.isEmpty { context.err(context.words(LoginWords.granted(granted))) }
        if !declined.isEmpty { context.err(context.words(LoginWords.notGranted(declined))) }
        let gained = updated.scopes.filter { !session.scopes.contains($0) }
        context.err(context.words(LoginWords.nowAgreed(updated.scopes, new: gained)))
        return declined.isEmpty ? 0 : 4
    }
}

extension ScopesCommand {
    struct ListOptions: CommandOptions {
        var only: [String] = []

        static let flags: [OptionFlag<Self>] = [
            .json,
            .list(\.only, "only", "LIST", ScopesHelpWords.onlyFlag)
        ]
    }

    struct RequestOptions: CommandOptions {
        var missing = false
        var noBrowser = false
        var port: UInt16?
        var redirectURI: String?
        var timeout: Int?

        static let flags: [OptionFlag<Self>] = [
            .toggle(\.missing, "missing", ScopesHelpWords.missingFlag),
            .toggle(\.noBrowser, "no-browser", LoginHelpWords.noBrowserFlag),
            .port(
                \.port,
                IntegerOption(
                    "port", "N",
                    ScopesHelpWords.portFlag, range: 0...65535)),
            .option(\.redirectURI, "redirect-uri", "URI", SharedFlagHelpWords.redirectURIFlag),
            .integer(
                \.timeout, "timeout", "SECONDS",
                ScopesHelpWords.timeoutFlag,
                range: 1...86_400),
            .json
        ]
    }
}
