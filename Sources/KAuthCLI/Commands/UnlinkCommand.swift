import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `kauth unlink`: disconnect the account from the app; local tokens go only on success.
enum UnlinkCommand {
    static let spec = CommandSpec(
        name: "unlink",
        summary: Localized(
            en: "unlink the account from the app and delete the stored tokens", ko: "계정과 앱의 연결을 끊고 저장된 토큰을 삭제합니다"),
        discussion:
            Localized(
                en:
                    "Calls the provider's unlink (Kakao: /v1/user/unlink), which revokes every token and the user's consent. The local tokens are deleted only when it succeeds, so a failed unlink can be retried. Other profiles logged in as the same user of the same app lose their tokens too: they are marked rejected, and the command names them. With KAUTH_ACCESS_TOKEN set, the token's user is unlinked and the keystore is not touched. When standard input and standard error are a terminal it first asks, naming the account and the app; any answer but y or yes sends nothing (exit 6). --yes does not ask; without a terminal nothing is asked, as before.",
                ko:
                    "제공자의 연결 끊기(카카오: /v1/user/unlink)를 호출합니다. 모든 토큰과 사용자의 동의가 철회됩니다. 성공했을 때만 로컬 토큰을 삭제하므로, 실패한 연결 끊기는 다시 시도할 수 있습니다. 같은 앱에 같은 사용자로 로그인한 다른 프로필도 토큰을 잃습니다: 거부된 것으로 표시되고, 명령이 그 이름을 알려 줍니다. KAUTH_ACCESS_TOKEN이 설정되어 있으면 그 토큰의 사용자를 연결 끊고 키 저장소는 건드리지 않습니다. 표준 입력과 표준 오류가 터미널이면 먼저 계정과 앱을 밝히고 묻습니다. y 또는 yes(예, 네) 외의 답에는 아무것도 보내지 않습니다(종료 코드 6). --yes는 묻지 않으며, 터미널이 아니면 지금까지처럼 묻지 않습니다."
            ),
        options: Options.self,
        environment: EnvironmentVariables.session,
        examples: [
            (
                "kauth unlink",
                Localized(
                    en: "on a terminal it asks first, naming the account and the app",
                    ko: "터미널에서는 계정과 앱을 밝히고 먼저 묻습니다")
            ),
            ("kauth unlink --yes", Localized(en: "without asking", ko: "묻지 않고 실행합니다"))
        ],
        run: run
    )

    struct Options: CommandOptions {
        var yes = false

        static let flags: [OptionFlag<Self>] = [
            .toggle(\.yes, "yes", Localized(en: "do not ask for confirmation on a terminal", ko: "터미널에서 확인을 묻지 않습니다")),
            .json
        ]
    }

    static func run(_ context: CommandContext, _ options: Options) async throws -> Int32 {
        if context.environmentToken != nil {
            try confirm(UnlinkConfirmWords.questionForEnvironmentToken, context, options)
            try await context.userAPI().unlink()
            if context.json {
                context.printJSON(
                    .object([
                        "profile": .string(try context.profileName()), "source": .string("environment"),
                        "unlinked": .bool(true)
                    ]))
            } else {
                context.err(context.words(ProfileWords.unlinkedEnvironmentToken))
            }
            return 0
        }
        let login = try context.storedLogin()
        guard let session = login.session else { throw KAuthError.notLoggedIn(profile: login.profile) }
        try context.profileStore.requireWritable(before: .unlink)
        try confirm(
            UnlinkConfirmWords.question(
                user: context.words(SessionWords.user(session)), app: "'\(session.clientID.visible)'",
                provider: Provider.displayName(of: session).visible, profile: login.profile),
            context, options)
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
                context.words(
                    ProfileWords.unlinked(provider: Provider.displayName(of: session), profile: login.profile)))
            if !marked.isEmpty {
                context.err(
                    context.words(ProfileWords.alsoEnded(profiles: marked, logins: marked.map(context.loginInvocation)))
                )
            }
            if let inUse {
                if let words = LogoutCommand.nowInUse(inUse, login: login) { context.err(context.words(words)) }
            } else {
                context.err(context.words(ProfileWords.newLoginMeanwhile(profile: login.profile)) + "\n")
            }
        }
        return 0
    }

    /// Asks before an unlink, which cannot be undone from here, when a person is there to answer:
    /// standard input and standard error are a terminal, and `--yes` was not given. Anything but
    /// yes, or the end of input, stops the command before a request is sent (exit 6).
    static func confirm(_ question: UnlinkConfirmWords, _ context: CommandContext, _ options: Options) throws {
        let terminal = context.terminal
        guard !options.yes, terminal.stdinIsTerminal, terminal.stderrIsTerminal else { return }
        terminal.writeErr(context.words(question))
        guard let answer = terminal.readLine(),
            UnlinkConfirmWords.yes.contains(answer.trimmingWhitespace().lowercased())
        else {
            throw CommandError.cancelled(UnlinkConfirmWords.cancelled(yes: Invocation("kauth unlink --yes")).localized)
        }
    }
}
