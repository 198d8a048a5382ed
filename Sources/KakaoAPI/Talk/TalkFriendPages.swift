import KAuthBasics
import KAuthCore

/// Follows the friends list page by page through `after_url`. Only its `offset`, `limit`,
/// `order` and `friend_order` are used (`TalkFriendsRequest(pageURL:)`); a next page that does not
/// start after the current one, an empty page, or `maximumPages` pages end the walk, so a
/// misbehaving server cannot keep kauth looping. A friend seen twice is kept once.
package enum TalkFriendPages {
    /// Every friend, in Kakao's order.
    package struct Walk: Sendable, Equatable {
        /// The counts of the first page (Kakao repeats them on each page).
        package var totalCount: Int?
        package var favoriteCount: Int?
        /// Kakao's friend objects, as sent.
        package var friends: [JSONValue]
        package var pages: Int
        /// Whether the walk stopped with more pages announced (the page cap, or a next page that
        /// did not move on).
        package var stoppedEarly: Bool
    }

    /// Kakao's largest page.
    package static let maximumLimit = 100

    package static func all(
        first: TalkFriendsRequest = TalkFriendsRequest(limit: maximumLimit),
        maximumPages: Int = 1000,
        fetch: (TalkFriendsRequest) async throws -> TalkFriendsPage
    ) async throws -> Walk {
        var walk = Walk(friends: [], pages: 0, stoppedEarly: false)
        var seen = Set<String>()
        var request = first
        while true {
            let page = try await fetch(request)
            walk.pages += 1
            if walk.pages == 1 {
                walk.totalCount = page.totalCount
                walk.favoriteCount = page.favoriteCount
            }
            let elements = page.elements ?? []
            for element in elements {
                guard let uuid = element["uuid"]?.stringValue else {
                    walk.friends.append(element)
                    continue
                }
                if seen.insert(uuid).inserted { walk.friends.append(element) }
            }
            guard let after = page.afterURL, !elements.isEmpty else { return walk }
            guard let next = TalkFriendsRequest(pageURL: after), (next.offset ?? 0) > (request.offset ?? 0),
                walk.pages < maximumPages
            else {
                walk.stoppedEarly = true
                return walk
            }
            request = next
        }
    }
}
