import KAuthBasics
import KAuthCore
import KakaoAPI

/// `kauth talk friends`: the user's Kakao Talk friends who use the app and agreed to be listed —
/// the uuids `kauth talk send --to` takes.
enum TalkFriendsCommand {
    static let spec = CommandSpec(
        name: "friends",
        summary: Localized(en: "list your Kakao Talk friends who use the app", ko: "앱을 사용하는 카카오톡 친구를 나열합니다"),
        discussion:
            Localized(
                en:
                    "Lists only friends who use this app and agreed to the friends consent item themselves, never the whole friends list. Needs the user's consent to friends (exit 4 until given: `kauth scopes request friends`) and, for anyone but the app's team members, the app's Kakao Talk Social permission, which Kakao grants after a review in the Kakao Developers console. Shows the first page; --all follows every page.",
                ko:
                    "이 앱을 사용하고 스스로 friends 동의항목에 동의한 친구만 나열하며, 전체 친구 목록은 결코 나열하지 않습니다. 사용자의 friends 동의가 필요하고 (동의할 때까지 종료 코드 4: `kauth scopes request friends`), 앱의 팀원이 아닌 사용자에게는 앱의 카카오톡 소셜 권한이 필요합니다. 이 권한은 카카오디벨로퍼스 콘솔에서 심사를 거쳐 카카오가 부여합니다. 첫 페이지를 보여 주며, --all은 모든 페이지를 따라갑니다."
            ),
        options: Options.self,
        examples: [
            ("kauth talk friends", .none),
            (
                "kauth talk friends --all --json | jq -r '.response.elements[] | select(.allowed_msg) | .uuid'",
                Localized(en: "the uuids that accept messages", ko: "메시지를 받는 uuid")
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
            .toggle(\.all, "all", Localized(en: "follow every page", ko: "모든 페이지를 따라갑니다")),
            .json
        ]
    }
}
