import KAuthBasics
import KAuthCore
import KakaoAPI

/// `kauth talk friends`: the user's Kakao Talk friends who use the app and agreed to be listed —
/// the uuids `kauth talk send --to` takes.
enum TalkFriendsCommand {
    static let spec = CommandSpec(
        name: "friends",
        summary: TalkFriendsHelpWords.summary,
        discussion: TalkFriendsHelpWords.discussion,
        options: Options.self,
        examples: [
            ("kauth talk friends", .none),
            (
                "kauth talk friends --all --json | jq -r '.response.elements[] | select(.allowed_msg) | .uuid'",
                TalkFriendsHelpWords.exampleTheUUIDsThatAcceptMessages
            )
        ],
        run: run
    )

    static func run(_ context: CommandContext, _ options: Options) async throws -> Int32 {
        let client = try context.apiClient(requiring: .talk)
        if options.all {
            let walk = try await TalkFriendPages.all { try await client.send($0).value }
            // Every page joined into the shape of one, the friends as Kakao sent them.
            let joined = JSONValue.object([
                "total_count": walk.totalCount.map { .number(Double($0)) } ?? .null,
                "favorite_count": walk.favoriteCount.map { .number(Double($0)) } ?? .null,
                "elements": .array(walk.friends)
            ])
            show(context, client, response: joined, friends: walk.friends)
            if walk.stoppedEarly {
                context.err(context.words(ProductWords.friendsStoppedEarly(pages: walk.pages)))
            }
            return 0
        }
        let result = try await client.send(TalkFriendsRequest())
        let page = result.value
        show(context, client, response: JSONValue.decoding(result.body), friends: page.elements ?? [])
        if page.afterURL != nil {
            context.err(context.words(ProductWords.moreFriends))
        }
        return 0
    }

    static func show(_ context: CommandContext, _ client: APIClient, response: JSONValue, friends: [JSONValue]) {
        if context.json {
            context.printResponse(response, from: client)
        } else {
            context.out(table(friends.map(TalkFriend.init), in: context.language))
        }
    }

    /// One row per friend; nicknames as Kakao sent them (often Korean), padded by display width.
    static func table(_ friends: [TalkFriend], in language: Language) -> String {
        func yesNo(_ value: Bool?) -> String { value.map { TableWords.yesNo($0).text(language) } ?? "" }
        return TextTable.render(
            [.uuid, .nickname, .favorite, .messages],
            friends.map { friend in
                [
                    (friend.uuid ?? "").visible, (friend.nickname ?? "").visible,
                    friend.favorite == true ? yesNo(true) : "", yesNo(friend.allowedMessages)
                ]
            }, in: language
        )
    }
}

extension TalkFriendsCommand {
    struct Options: CommandOptions {
        var all = false

        static let flags: [OptionFlag<Self>] = [
            .toggle(\.all, "all", FlagHelpWords.allPagesFlag),
            .json
        ]
    }
}
