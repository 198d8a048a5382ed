import KAuthCore
import KakaoAPI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `kauth talk send --to UUID…`: a Kakao Talk message from the logged-in user to up to five of
/// their friends who use the app (uuids from `kauth talk friends`). Not a notifier: only such
/// friends, five at a time, within Kakao's quotas.
enum TalkSendCommand {
    static let spec = CommandSpec(
        name: "send",
        summary: Localized(en: "send a Kakao Talk message to up to 5 friends", ko: "친구에게 카카오톡 메시지를 보냅니다 (최대 5명)"),
        discussion:
            Localized(
                en:
                    "Sends the message as the logged-in user to friends who use the app and agreed to friends (uuids from `kauth talk friends`): at most 5 per call, within Kakao's daily and monthly quotas, never to group chats. The message is given as for `kauth talk memo`. Needs the user's consent to talk_message (exit 4 until given) and the app's Kakao Talk Social permission for anyone but its team members. Prints who got it and, for each failure, Kakao's code and message; any failure exits 1. Never retried: a lost answer may mean sent messages.",
                ko:
                    "로그인한 사용자로서, 앱을 사용하고 friends에 동의한 친구(`kauth talk friends`의 uuid)에게 메시지를 보냅니다: 한 번에 최대 5명, 카카오의 일간·월간 쿼터 안에서 보내며, 단체 채팅방에는 보내지 않습니다. 메시지는 `kauth talk memo`처럼 지정합니다. 사용자의 talk_message 동의(동의할 때까지 종료 코드 4)와, 팀원이 아닌 사용자에게는 앱의 카카오톡 소셜 권한이 필요합니다. 받은 사람과, 실패마다 카카오의 코드와 메시지를 출력합니다. 하나라도 실패하면 종료 코드 1입니다. 다시 시도하지 않습니다: 응답을 받지 못했어도 메시지는 보내졌을 수 있습니다."
            ),
        options: Options.self,
        examples: [
            ("kauth talk send --to AbCdEf012345 --text \"Build 421 is green\"", .none),
            ("kauth talk send --to AbCdEf012345 --template build.json", .none),
            ("kauth talk send --to AbCdEf012345,GhIjKl678901 --template-id 12345 --arg build=421", .none),
            ("kauth talk send --to AbCdEf012345 --scrap https://ci.example.com/builds/421 --json", .none)
        ],
        run: run
    )

    static func run(_ context: CommandContext, _ options: Options) async throws -> Int32 {
        let receivers = TalkReceivers.parse(options.to)
        switch TalkReceivers.problem(receivers) {
        case .empty?:
            throw CommandError.usage(ShareErrorWords.sendNeedsRecipients.localized)
        case .malformed(let uuid)?:
            throw CommandError.usage(ShareErrorWords.notAFriendUUID(given: uuid).localized)
        case .tooMany(let count)?:
            throw CommandError.usage(
                ShareErrorWords.tooManyRecipients(count: count, maximum: TalkReceivers.maximum).localized)
        case nil:
            break
        }
        let message = try ShareInput.talkMessage(context, options.message)
        let client = try context.apiClient(requiring: .talk)
        let result = try await client.send(TalkFriendsMessageRequest(receivers: receivers, message: message))
        let sent = result.value.sent
        let missed = result.value.notReached(of: receivers)
        if context.json {
            context.printResponse(result.body, from: client, ["action": .string(message.action.rawValue)])
        } else {
            context.out(table(sent: sent, missed: missed, in: context.language))
        }
        if missed.isEmpty && !sent.isEmpty { return 0 }
        if !context.json {
            if missed.isEmpty {
                context.err(context.words(TalkWords.noReceiverNamed))
            } else {
                let each = missed.map { "\($0.uuid.visible) (\(reason($0.failure)))" }
                context.err(context.words(TalkWords.notReached(missed: missed.count, of: receivers.count, each: each)))
            }
        }
        return 1
    }

    /// Why a receiver was not reached: Kakao's code and message, or that Kakao did not say.
    static func reason(_ failure: TalkFriendsMessageResult.Failure?) -> String {
        guard let failure else { return "Kakao listed it neither as sent nor as failed" }
        return "\(code(failure)): \((failure.msg ?? "no message").visible)"
    }

    /// One row per receiver: those who got it first, then each one who did not, with Kakao's
    /// code and message.
    static func table(
        sent: [String], missed: [(uuid: String, failure: TalkFriendsMessageResult.Failure?)], in language: Language
    ) -> String {
        var rows = sent.map { [$0.visible, TalkWords.sent.text(language)] }
        rows += missed.map { missed in
            let reason =
                missed.failure.map { "\(code($0)) \(($0.msg ?? "").visible)".trimmingWhitespace() } ?? reason(nil)
            return [missed.uuid.visible, TalkWords.notSent(reason).text(language)]
        }
        return TextTable.render([TalkWords.receiver, .result].map { $0.text(language) }, rows)
    }

    /// Kakao's code for a failure, e.g. `-530`.
    static func code(_ failure: TalkFriendsMessageResult.Failure) -> String {
        failure.code.map { String($0) } ?? "no code"
    }
}

extension TalkSendCommand {
    struct Options: CommandOptions {
        var to: [String] = []
        var message = TalkMessageOptions()

        static let flags: [OptionFlag<Self>] =
            [
                .list(
                    \.to, "to", "UUID[,UUID…]",
                    Localized(
                        en: "friends' uuids from `kauth talk friends` (at most 5)",
                        ko: "`kauth talk friends`에서 얻은 친구의 uuid (최대 5개)"))
            ]
            + OptionFlag<Self>.group(\.message) + [.json]
    }
}
