import KAuthBasics
import KAuthCore
import KakaoAPI

/// `kauth terms [list]`, `kauth terms revoke TAG…`: Kakao Sync service terms.
enum TermsCommand {
    static let spec = CommandSpec(
        name: "terms",
        summary: TermsHelpWords.summary,
        discussion: TermsHelpWords.discussion,
        options: ListOptions.self,
        examples: [
            ("kauth terms", .none), ("kauth terms --app --tags marketing_2023", .none),
            ("kauth terms revoke marketing_2023", .none)
        ],
        subcommands: [
            CommandSpec(
                name: "list", summary: TermsHelpWords.listSummary,
                options: ListOptions.self,
                examples: [("kauth terms list --app", .none)], run: list),
            CommandSpec(
                name: "revoke",
                summary: TermsHelpWords.revokeSummary,
                options: JSONOnlyOptions.self,
                arguments: [
                    ArgumentSpec(
                        name: "TAG",
                        help: TermsHelpWords.revokeTagArgument,
                        minimum: 1, maximum: nil)
                ],
                examples: [("kauth terms revoke marketing_2023", .none)],
                run: revoke
            )
        ],
        run: list
    )

    static func list(_ context: CommandContext, _ options: ListOptions) async throws -> Int32 {
        let request = ServiceTermsRequest(
            allOfTheApp: options.app, tags: ScopeList.parse(options.tags))
        let client = try context.apiClient(requiring: .serviceTerms)
        let result = try await client.send(request)
        if context.json {
            context.printResponse(result.body, from: client)
            return 0
        }
        let terms = result.value.serviceTerms ?? []
        if terms.isEmpty {
            context.err(context.words(request.allOfTheApp ? ProductWords.noTermsInApp : .noTermsAgreed))
            return 0
        }
        let language = context.language
        func yesNo(_ value: Bool) -> String { TableWords.yesNo(value).text(language) }
        context.out(
            TextTable.render(
                [.tag, .required, .agreed, .revocable, .agreedAt, .by],
                terms.map { term in
                    [
                        term.tag.visible, term.required.map(yesNo) ?? "-", yesNo(term.agreed ?? true),
                        term.revocable.map(yesNo) ?? "-", (term.agreedAt ?? "").visible, (term.agreedBy ?? "").visible
                    ]
                }, in: language
            ))
        return 0
    }

    static func revoke(_ context: CommandContext) async throws -> Int32 {
        let tags = ScopeList.parse(context.command.arguments)
        let client = try context.apiClient(requiring: .serviceTerms)
        // Checked here, before any change is asked for, as `kauth scopes revoke` does.
        let terms = try await client.send(ServiceTermsRequest(allOfTheApp: true)).value.serviceTerms ?? []
        for tag in tags {
            guard let term = terms.first(where: { $0.tag == tag }) else {
                throw CommandError.usage(UserDataErrorWords.notAServiceTerm(tag: tag).localized)
            }
            guard term.agreed != false else {
                throw CommandError.usage(UserDataErrorWords.termNotAgreed(tag: tag).localized)
            }
            guard term.revocable == true else {
                throw CommandError.usage(UserDataErrorWords.termRequired(tag: tag).localized)
            }
        }
        let result = try await client.send(RevokeServiceTermsRequest(tags: tags))
        if context.json {
            context.printResponse(result.body, from: client, ["revoked": .array(tags.map(JSONValue.string))])
        } else {
            let revoked = (result.value.revokedServiceTerms ?? []).map(\.tag)
            context.err(context.words(ProductWords.revoked(revoked.isEmpty ? tags : revoked)))
        }
        return 0
    }
}

extension TermsCommand {
    struct ListOptions: CommandOptions {
        var app = false
        var tags: [String] = []

        static let flags: [OptionFlag<Self>] = [
            .json,
            .toggle(\.app, "app", TermsHelpWords.appFlag),
            .list(\.tags, "tags", "LIST", TermsHelpWords.tagsFlag)
        ]
    }
}
