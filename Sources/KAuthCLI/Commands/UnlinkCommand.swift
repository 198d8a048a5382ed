import KAuthBasics
import KAuthCore

/// `kauth unlink`: disconnect the account from the app; local tokens go only on success.
enum UnlinkCommand {
    static let spec = CommandSpec(
        name: "unlink",
        summary: Localized(
            en: "unlink the account from the app and delete the stored tokens", ko: "계정과 앱의 연결을 끊고 저장된 토큰을 삭제합니다"),
        discussion:
            Localized(
                en:
                    "Calls the provider's unlink (Kakao: /v1/user/unlink), which revokes every token and the user's consent. The local tokens are deleted only when it succeeds, so a failed unlink can be retried. Other profiles logged in as the same user of the same app lose their tokens too: they are marked rejected, and the command names them. With KAUTH_ACCESS_TOKEN set, the token's user is unlinked and the keystore is not touched.",
                ko:
                    "제공자의 연결 끊기(카카오: /v1/user/unlink)를 호출합니다. 모든 토큰과 사용자의 동의가 철회됩니다. 성공했을 때만 로컬 토큰을 삭제하므로, 실패한 연결 끊기는 다시 시도할 수 있습니다. 같은 앱에 같은 사용자로 로그인한 다른 프로필도 토큰을 잃습니다: 거부된 것으로 표시되고, 명령이 그 이름을 알려 줍니다. KAUTH_ACCESS_TOKEN이 설정되어 있으면 그 토큰의 사용자를 연결 끊고 키 저장소는 건드리지 않습니다."
            ),
        options: JSONOnlyOptions.self,
        environment: EnvironmentVariables.session,
        examples: [("kauth unlink", .none)],
        run: run
    )

    static func run(_ context: CommandContext) async throws -> Int32 {
        if context.environmentToken != nil {
            try await context.userAPI().unlink()
            if context.json {
                context.printJSON(
                    .object([
                        "profile": .string(try context.profileName()), "source": .string("environment"),
                        "unlinked": .bool(true)
                    ]))
            } else {
                context.err(
                    "Unlinked the user of the token in KAUTH_ACCESS_TOKEN from the app (the keystore was not touched).\n"
                )
            }
            return 0
        }
        let login = try context.storedLogin()
        guard let session = login.session else { throw KAuthError.notLoggedIn(profile: login.profile) }
        try await UserAPI(client: try context.client(for: context.tokenService(login))).unlink()
        // Only the login this command unlinked: one another kauth stored meanwhile stays.
        let deleted = try await context.profileStore.deleteUnlinked(
            profile: login.profile, session: session, at: context.world.clock.now())
        let inUse = deleted?.inUse
        let marked = deleted?.marked ?? []
        if context.json {
            context.printJSON(
                .object([
                    "profile": .string(login.profile), "provider": .string(session.provider),
                    "source": .string("keystore"), "unlinked": .bool(true),
                    "also_ended": .array(marked.map(JSONValue.string)),
                    "profile_in_use": inUse?.now.map(JSONValue.string) ?? .null
                ]))
        } else {
            context.err(
                "Unlinked the account from the app at \(Provider.displayName(of: session).visible) and deleted the local tokens (profile '\(login.profile)').\n"
            )
            if !marked.isEmpty {
                let names = marked.map { "'\($0)'" }.joined(separator: ", ")
                let verb = marked.count == 1 ? "holds" : "hold"
                let again = marked.map { context.messages.login($0) }.joined(separator: ", ")
                context.err(
                    "The unlink also ended the login\(marked.count == 1 ? "" : "s") of profile\(marked.count == 1 ? "" : "s") \(names), which \(verb) the same user of the same app; \(marked.count == 1 ? "it is" : "they are") marked rejected until a new login: \(again).\n"
                )
            }
            if let inUse {
                context.err(LogoutCommand.nowInUse(inUse, login: login))
            } else {
                context.err("A new login was stored in profile '\(login.profile)' meanwhile; it was left as it is.\n")
            }
        }
        return 0
    }
}
