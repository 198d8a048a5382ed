import KAuthBasics
import KAuthCore
import KakaoAPI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `kauth token info`: the provider's view of the access token.
enum TokenInfoCommand {
    static let spec = CommandSpec(
        name: "info",
        summary: TokenInfoHelpWords.summary,
        discussion: TokenInfoHelpWords.discussion,
        options: JSONOnlyOptions.self,
        environment: EnvironmentVariables.session,
        examples: [("kauth token info --json", .none)],
        run: run
    )

    static func run(_ context: CommandContext) async throws -> Int32 {
        let client = try context.apiClient(requiring: .tokenInfo)
        let result = try await client.send(AccessTokenInfoRequest())
        if context.json {
            context.printJSON(
                .object([
                    "profile": .string(client.credentials.profile),
                    "provider": .string(client.provider.name),
                    "response": JSONValue.decoding(result.body)
                ]))
            return 0
        }
        let info = result.value
        let expiry = context.world.clock.now().addingTimeInterval(TimeInterval(info.expiresIn))
        var rows: [(TokenWords, String)] = []
        if let id = info.id { rows.append((.rowUserID, String(id))) }
        if let app = info.appID { rows.append((.rowAppID, String(app))) }
        rows.append(
            (.rowExpiresIn, context.words(TokenWords.expiresIn(seconds: info.expiresIn, at: Moment(date: expiry)))))
        context.out(rows.map { "\(context.words($0.0).padding(12))\($0.1)\n" }.joined())
        return 0
    }
}
