import KAuthCore
import KakaoAPI

/// `kauth signup [KEY=VALUE…]`: manual linking for apps with automatic linking off.
enum SignupCommand {
    static let spec = CommandSpec(
        name: "signup",
        summary: SignupHelpWords.summary,
        discussion: SignupHelpWords.discussion,
        options: JSONOnlyOptions.self,
        arguments: [
            ArgumentSpec(
                name: "KEY=VALUE", help: SignupHelpWords.keyValueArgument, minimum: 0,
                maximum: nil)
        ],
        examples: [("kauth signup", .none), ("kauth signup level=1", .none)],
        run: run
    )

    static func run(_ context: CommandContext) async throws -> Int32 {
        let properties = try KeyValueArguments.parse(context.command.arguments, what: UsageWords.eachProperty)
        let client = try context.apiClient(requiring: .userProperties)
        do {
            let result = try await client.send(SignupRequest(properties: properties))
            if context.json {
                context.printResponse(result.body, from: client, ["signed_up": .bool(true), "already": .bool(false)])
            } else {
                context.err(context.words(ProductWords.signedUp))
            }
        } catch KAuthError.api(_, -102, _) {
            if context.json {
                context.printJSON(
                    .object([
                        "profile": .string(client.credentials.profile), "provider": .string(client.provider.name),
                        "signed_up": .bool(true), "already": .bool(true), "response": .null
                    ]))
            } else {
                context.err(context.words(ProductWords.alreadySignedUp))
            }
        } catch KAuthError.api(_, -201, let message) {
            throw CommandError.failed(
                UserDataErrorWords.notAUserProperty(message: message, checkSpelling: false).localized)
        }
        return 0
    }
}
