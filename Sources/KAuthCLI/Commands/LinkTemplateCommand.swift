import KAuthCore
import KakaoAPI

/// `kauth link template new TYPE`: commented starter templates.
enum LinkTemplateCommand {
    static let spec = CommandSpec(
        name: "template",
        summary: LinkTemplateHelpWords.summary,
        globals: [.noColor],
        examples: [("kauth link template new feed > feed.json", .none)],
        subcommands: [newSpec]
    )

    static let newSpec = CommandSpec(
        name: "new",
        summary: LinkTemplateHelpWords.newSummary,
        discussion: LinkTemplateHelpWords.newDiscussion,
        options: Options.self,
        globals: [.noColor],
        arguments: [
            ArgumentSpec(
                name: "TYPE",
                help: LinkTemplateHelpWords.newTypeArgument, minimum: 1, maximum: 1,
                values: .choices(TemplateType.allCases.map(\.rawValue)))
        ],
        examples: [
            ("kauth link template new feed > feed.json", .none),
            ("kauth link template new text --no-comments | jq .", .none)
        ],
        run: runNew
    )

    static func runNew(_ context: CommandContext, _ options: Options) async throws -> Int32 {
        let name = context.command.arguments[0]
        guard let type = TemplateType(rawValue: name.lowercased()) else {
            throw CommandError.usage(
                ShareErrorWords.unknownTemplateType(given: name, known: TemplateType.allCases.map(\.rawValue)).localized
            )
        }
        context.out(
            options.noComments ? TemplateStarters.plain(for: type) : TemplateStarters.text(for: type))
        return 0
    }
}

extension LinkTemplateCommand {
    struct Options: CommandOptions {
        var noComments = false

        static let flags: [OptionFlag<Self>] = [
            .toggle(\.noComments, "no-comments", LinkTemplateHelpWords.noCommentsFlag)
        ]
    }
}
