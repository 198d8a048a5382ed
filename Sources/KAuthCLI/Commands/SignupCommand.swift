import KAuthCore
import KakaoAPI

/// `kauth signup [KEY=VALUE…]`: manual linking for apps with automatic linking off.
enum SignupCommand {
    static let spec = CommandSpec(
        name: "signup",
        summary: Localized(
            en: "link the user to the app (apps with automatic linking off)", ko: "사용자를 앱에 연결합니다 (자동 연결을 끈 앱)"),
        discussion:
            Localized(
                en:
                    "Completes the link for apps that do not link users automatically (Kakao: /v1/user/signup), optionally storing user properties. `kauth me` shows whether the user has signed up.",
                ko:
                    "사용자를 자동으로 연결하지 않는 앱의 수동 연결을 마칩니다 (카카오: /v1/user/signup). 사용자 프로퍼티도 함께 저장할 수 있습니다. 사용자가 가입했는지는 `kauth me`가 보여 줍니다."
            ),
        options: JSONOnlyOptions.self,
        arguments: [
            ArgumentSpec(
                name: "KEY=VALUE", help: Localized(en: "user properties to store", ko: "저장할 사용자 프로퍼티"), minimum: 0,
                maximum: nil)
        ],
        examples: [("kauth signup", .none), ("kauth signup level=1", .none)],
        run: run
    )

    static func run(_ context: CommandContext) async throws -> Int32 {
        let properties = try KeyValueArguments.parse(context.command.arguments, what: "each property")
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
