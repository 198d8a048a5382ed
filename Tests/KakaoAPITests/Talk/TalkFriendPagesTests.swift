import Foundation
import Testing

@testable import KAuthBasics
@testable import KAuthCore
@testable import KakaoAPI

/// `--all` across the friends list: `after_url` is read, never followed, and cannot make kauth loop.
@Suite struct TalkFriendPagesTests {
    static func friend(_ uuid: String) -> JSONValue {
        .object(["uuid": .string(uuid), "profile_nickname": .string("N " + uuid)])
    }

    static func page(_ uuids: [String], after: String?, total: Int = 5) -> TalkFriendsPage {
        TalkFriendsPage(
            elements: uuids.map(friend), totalCount: total, favoriteCount: 1, beforeURL: nil, afterURL: after)
    }

    final class Requests: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [TalkFriendsRequest] = []
        var all: [TalkFriendsRequest] { lock.withLock { list } }
        func add(_ request: TalkFriendsRequest) { lock.withLock { list.append(request) } }
    }

    @Test func everyPageIsFetchedWithTheParametersItsPredecessorNamed() async throws {
        let requests = Requests()
        let walk = try await TalkFriendPages.all { request in
            requests.add(request)
            switch request.offset ?? 0 {
            case 0:
                return Self.page(
                    ["a", "b"],
                    after: "https://kapi.test/v1/api/talk/friends?offset=2&limit=2&order=asc&friend_order=favorite")
            case 2:
                return Self.page(
                    ["c", "d"],
                    after: "https://kapi.test/v1/api/talk/friends?offset=4&limit=2&order=asc&friend_order=favorite")
            default: return Self.page(["e"], after: nil)
            }
        }
        #expect(
            requests.all == [
                TalkFriendsRequest(limit: 100),
                TalkFriendsRequest(offset: 2, limit: 2, order: "asc", friendOrder: "favorite"),
                TalkFriendsRequest(offset: 4, limit: 2, order: "asc", friendOrder: "favorite")
            ])
        #expect(walk.friends.map { $0["uuid"]?.stringValue } == ["a", "b", "c", "d", "e"])
        #expect(walk.totalCount == 5 && walk.favoriteCount == 1 && walk.pages == 3 && !walk.stoppedEarly)
    }

    @Test func aNextPageThatDoesNotMoveOnEndsTheWalk() async throws {
        let requests = Requests()
        let walk = try await TalkFriendPages.all(first: TalkFriendsRequest(offset: 10, limit: 10)) { request in
            requests.add(request)
            return Self.page(["a", "b"], after: "https://kapi.test/v1/api/talk/friends?offset=10&limit=10")
        }
        #expect(requests.all.count == 1)
        #expect(walk.stoppedEarly && walk.friends.count == 2)

        let backwards = try await TalkFriendPages.all(first: TalkFriendsRequest(offset: 10)) { _ in
            Self.page(["a"], after: "https://kapi.test/v1/api/talk/friends?offset=0")
        }
        #expect(backwards.stoppedEarly && backwards.pages == 1)

        let unreadable = try await TalkFriendPages.all { _ in
            Self.page(["a"], after: "https://kapi.test/v1/api/talk/friends")
        }
        #expect(unreadable.stoppedEarly && unreadable.pages == 1)
    }

    @Test func thePageCountIsCappedAndFriendsSeenTwiceAreKeptOnce() async throws {
        let requests = Requests()
        let walk = try await TalkFriendPages.all(maximumPages: 3) { request in
            requests.add(request)
            let offset = request.offset ?? 0
            return Self.page(
                ["same", "f\(offset)"], after: "https://kapi.test/v1/api/talk/friends?offset=\(offset + 2)")
        }
        #expect(requests.all.count == 3)
        #expect(walk.stoppedEarly && walk.pages == 3)
        #expect(walk.friends.map { $0["uuid"]?.stringValue } == ["same", "f0", "f2", "f4"])
    }

    @Test func anEmptyPageEndsTheWalkWhateverItAnnounces() async throws {
        let walk = try await TalkFriendPages.all { request in
            (request.offset ?? 0) == 0
                ? Self.page(["a"], after: "https://kapi.test/v1/api/talk/friends?offset=1")
                : Self.page([], after: "https://kapi.test/v1/api/talk/friends?offset=2")
        }
        #expect(walk.pages == 2 && walk.friends.count == 1 && !walk.stoppedEarly)
    }
}
