import KAuthCore

/// `kauth terms [list]`, `kauth terms revoke TAG…`: Kakao Sync service terms.
enum TermsCommand {
    static let spec = CommandSpec(
        name: "terms",
        summary: "show and revoke Kakao Sync service terms",
        discussion: "Lists the service terms the user agreed to (Kakao: /v2/user/service_terms); --app lists every term of the app with the user's answer.",
        flags: listFlags,
        examples: [("kauth terms", ""), ("kauth terms --app --tags marketing_2023", ""), ("kauth terms revoke marketing_2023", "")],
        subcommands: [
            CommandSpec(name: "list", summary: "list service terms", flags: listFlags, examples: [("kauth terms list --app", "")], run: list),
            CommandSpec(
                name: "revoke",
                summary: "revoke agreed, revocable service terms",
                flags: [.json],
                arguments: [ArgumentSpec(name: "TAG", help: "term tags (comma- or space-separated)", minimum: 1, maximum: nil)],
                examples: [("kauth terms revoke marketing_2023", "")],
                run: revoke
            ),
        ],
        run: list
    )

    static let listFlags: [FlagSpec] = [
        .json,
        .toggle("app", "every term of the app, not only the agreed ones"),
        .option("tags", "LIST", "only these tags", repeatable: true),
    ]

    static func list(_ context: CommandContext) async throws -> Int32 {
        let request = ServiceTermsRequest(allOfTheApp: context.command.has("app"), tags: ScopeList.parse(context.command.all("tags")))
        let result = try await context.apiClient(requiring: .serviceTerms).send(request)
        if context.json {
            context.outBody(result.body)
            return 0
        }
        let terms = result.value.serviceTerms ?? []
        if terms.isEmpty {
            context.err(request.allOfTheApp ? "The app has no service terms.\n" : "No service terms agreed; `kauth terms --app` lists the app's terms.\n")
            return 0
        }
        context.out(TextTable.render(
            ["TAG", "REQUIRED", "AGREED", "REVOCABLE", "AGREED AT", "BY"],
            terms.map { term in
                [
                    term.tag.visible, term.required.map(ScopesCommand.yesNo) ?? "-", term.agreed.map(ScopesCommand.yesNo) ?? "yes",
                    term.revocable.map(ScopesCommand.yesNo) ?? "-", (term.agreedAt ?? "").visible, (term.agreedBy ?? "").visible,
                ]
            }
        ))
        return 0
    }

    static func revoke(_ context: CommandContext) async throws -> Int32 {
        let tags = ScopeList.parse(context.command.arguments)
        let result = try await context.apiClient(requiring: .serviceTerms).send(RevokeServiceTermsRequest(tags: tags))
        if context.json {
            context.outBody(result.body)
        } else {
            let revoked = (result.value.revokedServiceTerms ?? []).map(\.tag)
            context.err("Revoked: \((revoked.isEmpty ? tags : revoked).map(\.visible).joined(separator: " "))\n")
        }
        return 0
    }
}
