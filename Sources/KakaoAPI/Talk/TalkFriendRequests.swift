import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// Kakao Talk Social and messages to friends: the user's friends who use the app (scope
// `friends`, and the app's Kakao Talk Social permission), and messages to up to five of them
// (scope `talk_message`).

extension TalkScopes {
    /// The scope the friends list needs.
    package static let friends = "friends"
}

/// `GET /v1/api/talk/friends`: one page of the user's Kakao Talk friends who use the app and
/// agreed to share themselves with it. Unset parameters are left to Kakao (`limit` defaults to
/// 10 or 100 depending on the document; at most 100).
package struct TalkFriendsRequest: APIRequest, Equatable {
    package typealias Response = TalkFriendsPage
    /// Also the start of the paths of messages to friends (`KakaoPermission`).
    package static let path = "/v1/api/talk/friends"

    package var offset: Int?
    package var limit: Int?
    /// `asc` or `desc`.
    package var order: String?
    /// `favorite` (favorites first) or `nickname`.
    package var friendOrder: String?

    package init(offset: Int? = nil, limit: Int? = nil, order: String? = nil, friendOrder: String? = nil) {
        self.offset = offset
        self.limit = limit
        self.order = order
        self.friendOrder = friendOrder
    }

    /// The request for the page an answer's `after_url` (or `before_url`) names. Only `offset`,
    /// `limit`, `order` and `friend_order` are read from it: the URL itself is never followed, so
    /// the user's token goes nowhere an answer points. Nil when it has no usable `offset`.
    package init?(pageURL: String) {
        guard let mark = pageURL.firstIndex(of: "?") else { return nil }
        let query = FormURLEncoding.decode(String(pageURL[pageURL.index(after: mark)...].prefix { $0 != "#" }))
        guard let text = query.first(named: "offset"), let offset = Int(text), offset >= 0 else { return nil }
        self.offset = offset
        limit = query.first(named: "limit").flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
        order = query.first(named: "order")
        friendOrder = query.first(named: "friend_order")
    }

    package var method: String { "GET" }
    package var path: String { Self.path }
    package var parameters: [(String, String)] {
        var pairs: [(String, String)] = []
        if let offset { pairs.append(("offset", String(offset))) }
        if let limit { pairs.append(("limit", String(limit))) }
        if let order { pairs.append(("order", order)) }
        if let friendOrder { pairs.append(("friend_order", friendOrder)) }
        return pairs
    }
}

/// One page of friends: `elements` as Kakao sent them, the counts, and the URLs of the pages
/// around it (absent at either end).
package struct TalkFriendsPage: Decodable, Sendable, Equatable {
    package var elements: [JSONValue]?
    package var totalCount: Int?
    package var favoriteCount: Int?
    var beforeURL: String?
    package var afterURL: String?

    enum CodingKeys: String, CodingKey {
        case elements
        case totalCount = "total_count"
        case favoriteCount = "favorite_count"
        case beforeURL = "before_url"
        case afterURL = "after_url"
    }
}

/// What the friends table shows of one of Kakao's friend objects (the JSON keeps the object).
package struct TalkFriend: Sendable, Equatable {
    package var uuid: String?
    package var nickname: String?
    package var favorite: Bool?
    /// `allowed_msg`: whether the friend accepts the app's messages.
    package var allowedMessages: Bool?

    package init(_ element: JSONValue) {
        uuid = element["uuid"]?.stringValue
        nickname = element["profile_nickname"]?.stringValue
        favorite = element["favorite"]?.boolValue
        allowedMessages = element["allowed_msg"]?.boolValue
    }
}

/// The uuids a message to friends goes to.
package enum TalkReceivers {
    /// Receivers one request may name.
    package static let maximum = 5

    /// Why a list of receivers cannot be sent.
    package enum Problem: Sendable, Equatable {
        case empty
        case tooMany(count: Int)
        case malformed(String)
    }

    /// The uuids in `values` (each may hold several, comma-separated), each once, in order.
    package static func parse(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.flatMap { $0.split(separator: ",") }
            .map { String($0).trimmingWhitespace() }
            .filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// What is wrong with `receivers`, if anything: checked before anything is sent, since Kakao
    /// refuses the whole request for any of these (-2).
    package static func problem(_ receivers: [String]) -> Problem? {
        if receivers.isEmpty { return .empty }
        if let bad = receivers.first(where: { !isWellFormed($0) }) { return .malformed(bad) }
        if receivers.count > maximum { return .tooMany(count: receivers.count) }
        return nil
    }

    /// Kakao's friend uuids are base64url text (letters, digits, `-` and `_`).
    package static func isWellFormed(_ uuid: String) -> Bool {
        Base64URL.isIdentifier(uuid, maximumLength: 128)
    }
}

/// A Kakao Talk message to friends: `POST /v1/api/talk/friends/message/default/send`,
/// `/v1/api/talk/friends/message/send` or `/v1/api/talk/friends/message/scrap/send`, with
/// `receiver_uuids` a JSON array of at most five friend uuids and the message as for "send to
/// me". Never retried: a lost answer may mean sent messages.
package struct TalkFriendsMessageRequest: APIRequest {
    package typealias Response = TalkFriendsMessageResult
    package var receivers: [String]
    package var message: ShareMessage

    package init(receivers: [String], message: ShareMessage) {
        self.receivers = receivers
        self.message = message
    }

    package var method: String { "POST" }

    package var path: String {
        switch message.action {
        case .default: return "/v1/api/talk/friends/message/default/send"
        case .custom: return "/v1/api/talk/friends/message/send"
        case .scrap: return "/v1/api/talk/friends/message/scrap/send"
        }
    }

    package var parameters: [(String, String)] {
        [("receiver_uuids", JSONValue.array(receivers.map(JSONValue.string)).jsonText())]
            + ShareParameters.pairs(for: message)
    }
}

/// `{"successful_receiver_uuids":[…],"failure_info":[{"code","msg","receiver_uuids":[…]}]}`: who
/// got the message, and why the others did not.
package struct TalkFriendsMessageResult: Decodable, Sendable, Equatable {
    package struct Failure: Decodable, Sendable, Equatable {
        package var code: Int?
        package var msg: String?
        var receiverUUIDs: [String]?

        enum CodingKeys: String, CodingKey {
            case code, msg
            case receiverUUIDs = "receiver_uuids"
        }
    }

    var successfulReceiverUUIDs: [String]?
    var failureInfo: [Failure]?

    enum CodingKeys: String, CodingKey {
        case successfulReceiverUUIDs = "successful_receiver_uuids"
        case failureInfo = "failure_info"
    }

    package var sent: [String] { successfulReceiverUUIDs ?? [] }
    package var failures: [Failure] { failureInfo ?? [] }

    /// Every receiver asked for that Kakao does not list as successful, with the failure that
    /// names it, else a failure that names no receiver (it then applies to all the unnamed),
    /// else nil: Kakao did not say. A receiver is only "sent" when Kakao says so.
    package func notReached(of receivers: [String]) -> [(uuid: String, failure: Failure?)] {
        let general = failures.first { ($0.receiverUUIDs ?? []).isEmpty }
        var seen = Set<String>()
        return receivers.filter { !sent.contains($0) && seen.insert($0).inserted }.map { uuid in
            (uuid, failures.first { $0.receiverUUIDs?.contains(uuid) == true } ?? general)
        }
    }
}
