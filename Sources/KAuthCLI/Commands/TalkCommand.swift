import KAuthCore
import KakaoAPI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `kauth talk memo`: "send to me", a Kakao Talk message to the logged-in user's own chat — the
/// way a CI job tells its owner that a build failed. `talk friends` and `talk send` have files of
/// their own.
enum TalkCommand {
    static let spec = CommandSpec(
        name: "talk",
        summary: TalkHelpWords.summary,
        examples: [
            ("kauth talk memo --template failed.json", TalkHelpWords.exampleAMessageToYourOwnChat),
            ("kauth talk friends", TalkHelpWords.exampleYourFriendsWhoUseTheApp)
        ],
        subcommands: [memoSpec, TalkFriendsCommand.spec, TalkSendCommand.spec]
    )

    static let memoSpec = CommandSpec(
        name: "memo",
        summary: TalkHelpWords.memoSummary,
        discussion: TalkHelpWords.memoDiscussion,
        options: MemoOptions.self,
        examples: [
            ("kauth talk memo --text \"Build 421 failed\" --link https://ci.example.com/builds/421", .none),
            ("kauth talk memo --template failed.json", .none),
            ("kauth link template new text | kauth talk memo --template -", .none),
            ("kauth talk memo --template-id 12345 --arg build=421 --arg status=failed", .none),
            ("kauth talk memo --scrap https://ci.example.com/builds/421", .none)
        ],
        run: runMemo
    )

    static func runMemo(_ context: CommandContext, _ options: MemoOptions) async throws -> Int32 {
        let message = try ShareInput.talkMessage(context, options.message)
        let client = try context.apiClient(requiring: .talk)
        let result = try await client.send(TalkMemoRequest(message: message))
        if let code = result.value.resultCode, code != 0 {
            throw CommandError.failed(ShareErrorWords.resultCode(code: code).localized)
        }
        if context.json {
            context.printResponse(
                result.body, from: client, ["sent": .bool(true), "action": .string(message.action.rawValue)])
        } else {
            context.err(context.words(TalkWords.sentToMe(profile: client.credentials.profile)))
        }
        return 0
    }
}

extension TalkCommand {
    struct MemoOptions: CommandOptions {
        var message = TalkMessageOptions()

        static let flags: [OptionFlag<Self>] = OptionFlag.group(\.message) + [.json]
    }
}
