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
        summary: TalkSendHelpWords.summary,
        discussion: TalkSendHelpWords.discussion,
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
                let each = missed.map { "\($0.uuid.visible) (\(reason($0.failure, in: context.language)))" }
                context.err(context.words(TalkWords.notReached(missed: missed.count, of: receivers.count, each: each)))
            }
        }
        return 1
    }

    /// Why a receiver was not reached: Kakao's code and message, or that Kakao did not say.
    static func reason(_ failure: TalkFriendsMessageResult.Failure?, in language: Language) -> String {
        guard let failure else { return TalkWords.listedNeither.text(language) }
        return "\(code(failure, in: language)): \((failure.msg ?? TalkWords.noMessage.text(language)).visible)"
    }

    /// One row per receiver: those who got it first, then each one who did not, with Kakao's
    /// code and message.
    static func table(
        sent: [String], missed: [(uuid: String, failure: TalkFriendsMessageResult.Failure?)], in language: Language
    ) -> String {
        var rows = sent.map { [$0.visible, TalkWords.sent.text(language)] }
        rows += missed.map { missed in
            let reason =
                missed.failure.map { "\(code($0, in: language)) \(($0.msg ?? "").visible)".trimmingWhitespace() }
                ?? reason(nil, in: language)
            return [missed.uuid.visible, TalkWords.notSent(reason).text(language)]
        }
        return TextTable.render([TalkWords.receiver, .result].map { $0.text(language) }, rows)
    }

    /// Kakao's code for a failure, e.g. `-530`.
    static func code(_ failure: TalkFriendsMessageResult.Failure, in language: Language) -> String {
        failure.code.map { String($0) } ?? TalkWords.noCode.text(language)
    }
}

extension TalkSendCommand {
    struct Options: CommandOptions {
        var to: [String] = []
        var message = TalkMessageOptions()

        static let flags: [OptionFlag<Self>] =
            [
                .list(\.to, "to", "UUID[,UUID…]", TalkSendHelpWords.toFlag)
            ]
            + OptionFlag<Self>.group(\.message) + [.json]
    }
}
