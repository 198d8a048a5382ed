import KAuthCore

/// `kauth signup [KEY=VALUE…]`: manual linking for apps with automatic linking off.
enum SignupCommand {
    static let spec = CommandSpec(
        name: "signup",
        summary: "link the user to the app (apps with automatic linking off)",
        discussion: "Completes the link for apps that do not link users automatically (Kakao: /v1/user/signup), optionally storing user properties. `kauth me` shows whether the user has signed up.",
        arguments: [ArgumentSpec(name: "KEY=VALUE", help: "user properties to store", minimum: 0, maximum: nil)],
        examples: [("kauth signup", ""), ("kauth signup level=1", "")],
        run: run
    )

    static func run(_ context: CommandContext) async throws -> Int32 {
        let properties = try KeyValueArguments.parse(context.command.arguments, what: "each property")
        do {
            _ = try await context.apiClient(requiring: .userProperties).send(SignupRequest(properties: properties))
        } catch KAuthError.api(_, -102, _) {
            context.err("Already linked: the user is signed up to the app (nothing to do).\n")
            return 0
        } catch KAuthError.api(_, -201, let message) {
            throw KAuthError.failure("a key is not a registered user property of the app (\(message)); register it in the Kakao console under User properties")
        }
        context.err("Signed up: the user is now linked to the app.\n")
        return 0
    }
}
