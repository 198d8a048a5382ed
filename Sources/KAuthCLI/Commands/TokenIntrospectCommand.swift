import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `kauth token introspect`: RFC 7662, the provider's own view of the stored access token.
enum TokenIntrospectCommand {
    static let spec = CommandSpec(
        name: "introspect",
        summary: TokenIntrospectHelpWords.summary,
        discussion: TokenIntrospectHelpWords.discussion,
        options: JSONOnlyOptions.self,
        environment: EnvironmentVariables.session,
        examples: [
            ("kauth token introspect", .none),
            ("kauth token introspect --json | jq .response.active", .none)
        ],
        run: run
    )

    static func run(_ context: CommandContext) async throws -> Int32 {
        let profile: String
        let provider: Provider
        let token: String
        if let environmentToken = context.environmentToken {
            (profile, provider, token) = (
                try context.profileName(), try context.providers().selectedProvider(), environmentToken
            )
        } else {
            let login = try context.storedLogin()
            guard let session = login.session else { throw KAuthError.notLoggedIn(profile: login.profile) }
            profile = login.profile
            provider = try context.providers().provider(for: session, of: login.profile)
            token = session.accessToken
        }
        let answer = try await TokenIntrospection(world: context.world, provider: provider).introspect(
            token: token, hint: "access_token")
        if context.json {
            context.printJSON(
                .object([
                    "profile": .string(profile), "provider": .string(provider.name), "active": .bool(answer.active),
                    "scope": answer.scope.map(JSONValue.string) ?? .null,
                    "client_id": answer.clientID.map(JSONValue.string) ?? .null,
                    "sub": answer.subject.map(JSONValue.string) ?? .null,
                    "exp": answer.expiresAt.map { .number(Double($0)) } ?? .null,
                    "response": answer.body
                ]))
            return 0
        }
        guard answer.active else {
            context.out("active     false\n")
            context.say(MachineLoginWords.inactive)
            return 0
        }
        var rows: [(String, String)] = [("active", "true")]
        if let scope = answer.scope { rows.append(("scope", scope.visible)) }
        if let client = answer.clientID { rows.append(("client_id", client.visible)) }
        if let subject = answer.subject { rows.append(("sub", subject.visible)) }
        if let username = answer.username { rows.append(("username", username.visible)) }
        if let expiry = answer.expiresAt {
            let date = Date(timeIntervalSince1970: TimeInterval(expiry))
            rows.append(("exp", "\(expiry) (\(RFC3339.string(from: date)))"))
        }
        context.out(rows.map { "\($0.0.padding(11))\($0.1)\n" }.joined())
        return 0
    }
}
