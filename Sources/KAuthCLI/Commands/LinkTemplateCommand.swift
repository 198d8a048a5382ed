import KAuthCore
import KakaoAPI

/// `kauth link template new TYPE`: commented starter templates.
enum LinkTemplateCommand {
    static let spec = CommandSpec(
        name: "template",
        summary: Localized(en: "starter templates", ko: "시작 템플릿"),
        globals: [.noColor],
        examples: [("kauth link template new feed > feed.json", .none)],
        subcommands: [newSpec]
    )

    static let newSpec = CommandSpec(
        name: "new",
        summary: Localized(en: "print a commented starter template", ko: "주석이 달린 시작 템플릿을 출력합니다"),
        discussion:
            Localized(
                en:
                    "Prints a starter for TYPE (feed, list, location, commerce, text or calendar) from Kakao's examples, with comments on each member and its limits. kauth reads the comments as they are; --no-comments prints plain JSON for other tools.",
                ko:
                    "카카오의 예제로 만든 TYPE(feed, list, location, commerce, text 또는 calendar) 시작 템플릿을, 각 항목과 그 한도에 대한 주석과 함께 출력합니다. kauth는 주석이 있는 그대로 읽습니다. --no-comments는 다른 도구를 위해 주석 없는 JSON을 출력합니다."
            ),
        options: Options.self,
        globals: [.noColor],
        arguments: [
            ArgumentSpec(
                name: "TYPE",
                help: Localized(
                    en: "feed, list, location, commerce, text or calendar",
                    ko: "feed, list, location, commerce, text 또는 calendar"), minimum: 1, maximum: 1,
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
            .toggle(
                \.noComments, "no-comments",
                Localized(en: "leave the comment lines out (plain JSON)", ko: "주석 줄을 빼고 출력합니다 (순수 JSON)"))
        ]
    }
}
