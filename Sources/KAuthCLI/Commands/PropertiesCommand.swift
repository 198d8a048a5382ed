import KAuthCore
import KakaoAPI

/// `kauth properties set KEY=VALUE…`: Kakao user properties (not kauth profiles).
enum PropertiesCommand {
    static let spec = CommandSpec(
        name: "properties",
        summary: PropertiesHelpWords.summary,
        discussion: PropertiesHelpWords.discussion,
        examples: [("kauth properties set level=3 team=blue", .none)],
        subcommands: [
            CommandSpec(
                name: "set",
                summary: PropertiesHelpWords.setSummary,
                options: JSONOnlyOptions.self,
                arguments: [
                    ArgumentSpec(
                        name: "KEY=VALUE", help: PropertiesHelpWords.setKeyValueArgument, minimum: 1,
                        maximum: nil)
                ],
                examples: [("kauth properties set nickname=Kim level=3", .none)],
                run: set
            )
        ]
    )

    static func set(_ context: CommandContext) async throws -> Int32 {
        let properties = try KeyValueArguments.parse(context.command.arguments, what: UsageWords.eachProperty)
        let client = try context.apiClient(requiring: .userProperties)
        let result: APIResult<UserIDResponse>
        do {
            result = try await client.send(UpdateProfileRequest(properties: properties))
        } catch KAuthError.api(_, -201, let message) {
            throw CommandError.failed(
                UserDataErrorWords.notAUserProperty(message: message, checkSpelling: true).localized)
        }
        if context.json {
            context.printResponse(result.body, from: client, ["set": .array(properties.map { .string($0.0) })])
        } else {
            context.err(context.words(ProductWords.propertiesSet(properties.map(\.0))))
        }
        return 0
    }
}
