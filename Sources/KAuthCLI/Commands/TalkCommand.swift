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
        summary: "Kakao Talk messages and friends, as the logged-in user",
        examples: [
            ("kauth talk memo --template failed.json", "a message to your own Kakao Talk chat"),
            ("kauth talk friends", "your Kakao Talk friends who use the app")
        ],
        subcommands: [memoSpec, TalkFriendsCommand.spec, TalkSendCommand.spec]
    )

    static let memoSpec = CommandSpec(
        name: "memo",
        summary: "send a message to your own Kakao Talk chat",
        discussion:
            "Sends plain text (--text TEXT, with --link URL for where a tap goes: kauth builds Kakao's text template, so quotes, line breaks and any script need no escaping), a default template (--template FILE, or - for standard input; checked locally first), a template from the console's builder (--template-id N with --arg KEY=VALUE), or a scraped page (--scrap URL, optionally into --template-id N) to the logged-in user's own chat. Needs the user's consent to talk_message: without it kauth exits 4 and says to run `kauth scopes request talk_message`. In CI, KAUTH_REFRESH_TOKEN or KAUTH_ACCESS_TOKEN supplies the login.",
        options: MemoOptions.self,
        examples: [
            ("kauth talk memo --text \"Build 421 failed\" --link https://ci.example.com/builds/421", ""),
            ("kauth talk memo --template failed.json", ""),
            ("kauth link template new text | kauth talk memo --template -", ""),
            ("kauth talk memo --template-id 12345 --arg build=421 --arg status=failed", ""),
            ("kauth talk memo --scrap https://ci.example.com/builds/421", "")
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
