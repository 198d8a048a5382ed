import KAuthCore
import KakaoAPI

/// `kauth properties set KEY=VALUE…`: Kakao user properties (not kauth profiles).
enum PropertiesCommand {
    static let spec = CommandSpec(
        name: "properties",
        summary: Localized(en: "set Kakao user properties", ko: "카카오 사용자 프로퍼티를 설정합니다"),
        discussion:
            Localized(
                en:
                    "User properties are app-defined fields stored with the user at Kakao (Kakao: /v1/user/update_profile); each key must be registered in the Kakao console.",
                ko:
                    "사용자 프로퍼티는 앱이 정의해 카카오에 사용자와 함께 저장하는 필드입니다 (카카오: /v1/user/update_profile). 각 키는 카카오 콘솔에 등록되어 있어야 합니다."
            ),
        examples: [("kauth properties set level=3 team=blue", .none)],
        subcommands: [
            CommandSpec(
                name: "set",
                summary: Localized(en: "store properties for the user", ko: "사용자의 프로퍼티를 저장합니다"),
                options: JSONOnlyOptions.self,
                arguments: [
                    ArgumentSpec(
                        name: "KEY=VALUE", help: Localized(en: "properties to set", ko: "설정할 프로퍼티"), minimum: 1,
                        maximum: nil)
                ],
                examples: [("kauth properties set nickname=Kim level=3", .none)],
                run: set
            )
        ]
    )

    static func set(_ context: CommandContext) async throws -> Int32 {
        let properties = try KeyValueArguments.parse(context.command.arguments, what: "each property")
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
