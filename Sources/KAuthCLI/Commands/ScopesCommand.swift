import KAuthBasics
import KAuthCore
import KakaoAPI

/// `kauth scopes [list]`, `kauth scopes revoke ID…`, `kauth scopes request ID…|--missing`.
enum ScopesCommand {
    static let spec = CommandSpec(
        name: "scopes",
        summary: Localized(en: "show, revoke and request consent for scopes", ko: "동의항목의 동의를 보여 주고, 철회하고, 요청합니다"),
        discussion:
            Localized(
                en:
                    "Without a subcommand, lists the app's consent items and the user's answers (Kakao: /v2/user/scopes).",
                ko: "하위 명령 없이 실행하면 앱의 동의항목과 사용자의 동의 여부를 나열합니다 (카카오: /v2/user/scopes)."),
        options: ListOptions.self,
        examples: [
            ("kauth scopes", .none),
            ("kauth scopes revoke account_email", Localized(en: "withdraw consent", ko: "동의를 철회합니다")),
            (
                "kauth scopes request --missing",
                Localized(
                    en: "ask for everything /v2/user/me says still needs agreement",
                    ko: "/v2/user/me가 아직 동의가 필요하다고 하는 것을 모두 요청합니다")
            )
        ],
        subcommands: [
            CommandSpec(
                name: "list",
                summary: Localized(en: "list consent items and the user's answers", ko: "동의항목과 사용자의 동의 여부를 나열합니다"),
                options: ListOptions.self,
                examples: [("kauth scopes list --only account_email,phone_number", .none)], run: list),
            CommandSpec(
                name: "revoke",
                summary: Localized(en: "withdraw consent for scopes", ko: "동의항목의 동의를 철회합니다"),
                discussion:
                    Localized(
                        en:
                            "Only agreed, revocable scopes can be revoked; others are refused before any change is requested.",
                        ko: "동의했고 철회할 수 있는 동의항목만 철회할 수 있습니다. 그 밖의 것은 변경을 요청하기 전에 거부합니다."),
                options: JSONOnlyOptions.self,
                arguments: [
                    ArgumentSpec(
                        name: "ID",
                        help: Localized(en: "scope IDs (comma- or space-separated)", ko: "동의항목 ID (쉼표나 공백으로 구분)"),
                        minimum: 1, maximum: nil)
                ],
                examples: [("kauth scopes revoke account_email phone_number", .none)],
                run: revoke
            ),
            CommandSpec(
                name: "request",
                summary: Localized(
                    en: "ask the user for more consent in the browser", ko: "브라우저에서 사용자에게 추가 항목 동의를 받습니다"),
                discussion:
                    Localized(
                        en:
                            "Runs the browser login again with scope= (and openid when the stored login used OpenID Connect), replaces the stored tokens and shows what was granted. Takes the login flags --no-browser, --port, --redirect-uri and --timeout.",
                        ko:
                            "scope=(저장된 로그인이 OpenID Connect를 썼다면 openid도)로 브라우저 로그인을 다시 하고, 저장된 토큰을 바꾸고, 허용된 것을 보여 줍니다. 로그인 플래그 --no-browser, --port, --redirect-uri, --timeout을 받습니다."
                    ),
                options: RequestOptions.self,
                arguments: [
                    ArgumentSpec(
                        name: "ID", help: Localized(en: "scope IDs to request", ko: "요청할 동의항목 ID"), minimum: 0,
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
            .list(\.only, "only", "LIST", Localized(en: "only these scope IDs", ko: "이 동의항목 ID만"))
        ]
    }

    struct RequestOptions: CommandOptions {
        var missing = false
        var noBrowser = false
        var port: UInt16?
        var redirectURI: String?
        var timeout: Int?

        static let flags: [OptionFlag<Self>] = [
            .toggle(
                \.missing, "missing",
                Localized(
                    en: "request every scope /v2/user/me reports as needing agreement",
                    ko: "/v2/user/me가 동의가 필요하다고 알린 동의항목을 모두 요청합니다")),
            .toggle(
                \.noBrowser, "no-browser",
                Localized(
                    en: "do not open a browser; print the URL and accept the redirect URL on stdin",
                    ko: "브라우저를 열지 않습니다. URL을 출력하고 리다이렉트 URL을 표준 입력으로 받습니다")),
            .port(
                \.port,
                IntegerOption(
                    "port", "N",
                    Localized(
                        en: "listen on this port: redirect URI http://127.0.0.1:N/callback",
                        ko: "이 포트에서 대기합니다: 리다이렉트 URI http://127.0.0.1:N/callback"), range: 0...65535)),
            .option(
                \.redirectURI, "redirect-uri", "URI",
                Localized(
                    en: "the registered redirect URI (http://127.0.0.1:PORT/PATH)",
                    ko: "등록한 리다이렉트 URI (http://127.0.0.1:PORT/PATH)")),
            .integer(
                \.timeout, "timeout", "SECONDS",
                Localized(en: "how long to wait for the consent (default 300)", ko: "동의를 기다릴 시간 (기본값 300)"),
                range: 1...86_400),
            .json
        ]
    }
}
