import KAuthBasics
import KAuthCore
import KakaoAPI

/// `kauth talk friends`: the user's Kakao Talk friends who use the app and agreed to be listed —
/// the uuids `kauth talk send --to` takes.
enum TalkFriendsCommand {
    static let spec = CommandSpec(
        name: "friends",
        summary: "list your Kakao Talk friends who use the app",
        discussion:
            "Lists only friends who use this app and agreed to the friends consent item themselves, never the whole friends list. Needs the user's consent to friends (exit 4 until given: `kauth scopes request friends`) and, for anyone but the app's team members, the app's Kakao Talk Social permission, which Kakao grants after a review in the Kakao Developers console. Shows the first page; --all follows every page.",
        options: Options.self,
        examples: [
            ("kauth talk friends", ""),
            (
                "kauth talk friends --all --json | jq -r '.response.elements[] | select(.allowed_msg) | .uuid'",
                "the uuids that accept messages"
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
                context.err(
                    "warning: stopped after \(walk.pages) pages although Kakao announced more (its next page did not move on, or the page limit was reached)\n"
                )
            }
            return 0
        }
        let result = try await client.send(TalkFriendsRequest())
        let page = result.value
        show(context, client, response: JSONValue.decoding(result.body), friends: page.elements ?? [])
        if page.afterURL != nil {
            context.err("More friends follow; --all lists every page.\n")
        }
        return 0
    }

    static func show(_ context: CommandContext, _ client: APIClient, response: JSONValue, friends: [JSONValue]) {
        if context.json {
            context.printResponse(response, from: client)
        } else {
            context.out(table(friends.map(TalkFriend.init)))
        }
    }

    static func table(_ friends: [TalkFriend]) -> String {
        func yesNo(_ value: Bool?) -> String { value.map { $0 ? "yes" : "no" } ?? "" }
        return TextTable.render(
            ["UUID", "NICKNAME", "FAVORITE", "MESSAGES"],
            friends.map { friend in
                [
                    (friend.uuid ?? "").visible, (friend.nickname ?? "").visible, friend.favorite == true ? "yes" : "",
                    yesNo(friend.allowedMessages)
                ]
            }
        )
    }
}

extension TalkFriendsCommand {
    struct Options: CommandOptions {
        var all = false

        static let flags: [OptionFlag<Self>] = [
            .toggle(\.all, "all", "follow every page"),
            .json
        ]
    }
}
