import KAuthCore
import KakaoAPI

/// `kauth link template new TYPE`: commented starter templates.
enum LinkTemplateCommand {
    static let spec = CommandSpec(
        name: "template",
        summary: "starter templates",
        globals: [.noColor],
        examples: [("kauth link template new feed > feed.json", "")],
        subcommands: [newSpec]
    )

    static let newSpec = CommandSpec(
        name: "new",
        summary: "print a commented starter template",
        discussion:
            "Prints a starter for TYPE (feed, list, location, commerce, text or calendar) from Kakao's examples, with comments on each member and its limits. kauth reads the comments as they are; --no-comments prints plain JSON for other tools.",
        options: Options.self,
        globals: [.noColor],
        arguments: [
            ArgumentSpec(
                name: "TYPE", help: "feed, list, location, commerce, text or calendar", minimum: 1, maximum: 1,
                values: .choices(TemplateType.allCases.map(\.rawValue)))
        ],
        examples: [
            ("kauth link template new feed > feed.json", ""),
            ("kauth link template new text --no-comments | jq .", "")
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
            .toggle(\.noComments, "no-comments", "leave the comment lines out (plain JSON)")
        ]
    }
}
