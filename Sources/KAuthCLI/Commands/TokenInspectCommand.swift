import KAuthBasics
import KAuthCore

/// `kauth token inspect`: the header and claims of the stored access or ID token, offline.
enum TokenInspectCommand {
    static let spec = CommandSpec(
        name: "inspect",
        summary: TokenInspectHelpWords.summary,
        discussion: TokenInspectHelpWords.discussion,
        options: Options.self,
        environment: EnvironmentVariables.session,
        examples: [
            ("kauth token inspect", TokenInspectHelpWords.exampleTheAccessTokensClaims),
            (
                "kauth token inspect --id-token --json | jq .claims.auth_time",
                TokenInspectHelpWords.exampleWhenTheUserLastAuthenticated
            )
        ],
        run: run
    )

    struct Options: CommandOptions {
        var idToken = false
        var verify = false

        static let flags: [OptionFlag<Self>] = [
            .json,
            .toggle(\.idToken, SharedFlags.idToken),
            .toggle(\.verify, "verify", TokenInspectHelpWords.verifyFlag)
        ]
    }

    static func run(_ context: CommandContext, _ options: Options) async throws -> Int32 {
        let token: String
        var provider: Provider?
        if let environmentToken = context.environmentToken {
            if options.idToken { throw CommandError.usage(TokenInspectWords.environmentTokenOnly.localized) }
            token = environmentToken
        } else {
            let login = try context.storedLogin()
            guard let session = login.session else { throw KAuthError.notLoggedIn(profile: login.profile) }
            if options.idToken {
                guard let idToken = session.idToken else {
                    throw KAuthError.sessionExpired(profile: login.profile, reason: .noIDToken)
                }
                token = idToken
            } else {
                token = session.accessToken
            }
            if options.idToken || options.verify {
                provider = try context.providers().provider(for: session, of: login.profile)
            }
        }
        let inspection = await TokenInspector(world: context.world, keystoreDirectory: context.keystore.directory)
            .inspect(token, isIDToken: options.idToken, verify: options.verify, provider: provider)
        let messages = context.json ? context.messages(in: .english) : context.messages
        let reason = inspection.failure.map { failure -> String in
            if case .idTokenRefused(_, let refusal) = failure { return refusal.text(messages.language) }
            return messages.message(for: failure)
        }
        if context.json {
            context.printJSON(
                .object([
                    "token": .string(options.idToken ? "id_token" : "access_token"),
                    "opaque": .bool(inspection.opaque),
                    "header": inspection.header ?? .null,
                    "claims": inspection.claims ?? .null,
                    "verified": .bool(inspection.verified),
                    "key_id": inspection.keyID.map(JSONValue.string) ?? .null,
                    "verification_error": reason.map(JSONValue.string) ?? .null
                ]))
            return 0
        }
        if inspection.opaque {
            context.out(context.words(TokenInspectWords.opaque(idToken: options.idToken)) + "\n")
            return 0
        }
        context.out(context.words(TokenInspectWords.header) + "\n")
        context.printJSON(inspection.header ?? .null)
        context.out(context.words(TokenInspectWords.claims) + "\n")
        context.printJSON(inspection.claims ?? .null)
        let verdict: TokenInspectWords =
            inspection.verified
            ? .verified(keyID: inspection.keyID)
            : reason.map { .notVerified(reason: $0) } ?? .notChecked
        context.out(context.words(verdict) + "\n")
        return 0
    }
}
