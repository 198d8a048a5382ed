import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A Kakao Talk friend of the sandbox user, as `/v1/api/talk/friends` lists it.
struct SandboxFriend: Sendable, Equatable {
    var id: Int64
    /// The id messages are addressed to.
    var uuid: String
    var nickname: String
    var thumbnailURL: String
    var favorite: Bool
    /// Whether the friend accepts messages from the app (`allowed_msg`).
    var allowedMessages: Bool

    var json: OrderedJSON {
        .object([
            ("id", .int(Int(id))),
            ("uuid", .string(uuid)),
            ("profile_nickname", .string(nickname)),
            ("profile_thumbnail_image", .string(thumbnailURL)),
            ("favorite", .bool(favorite)),
            ("allowed_msg", .bool(allowedMessages))
        ])
    }
}

enum SandboxFriends {
    static let defaultLimit = 10
    static let maximumLimit = 100

    /// `count` friends, the same on every run: every fourth a favorite; the second, and every
    /// seventh after it, with `allowed_msg: false`. Uuids look like Kakao's (base64url, 22
    /// characters) and nicknames are distinct, so that ordering by nickname is well defined.
    static func generated(count: Int, korean: Bool = false) -> [SandboxFriend] {
        let names =
            korean
            ? ["라이언", "어피치", "무지", "프로도", "네오", "튜브", "제이지", "콘", "춘식이", "죠르디"]
            : ["Ryan", "Apeach", "Muzi", "Frodo", "Neo", "Tube", "Jay-G", "Con", "Choonsik", "Lion"]
        return (0..<max(0, count)).map { index in
            let round = index / names.count
            return SandboxFriend(
                id: 8_800_000_001 + Int64(index),
                uuid: String(Base64URL.encode(SHA256.hash(Array("kauth-sandbox-friend-\(index)".utf8))).prefix(22)),
                nickname: names[index % names.count] + (round > 0 ? " \(round + 1)" : ""),
                thumbnailURL: "https://img.example.com/kauth-sandbox/friend_\(index + 1)_110x110.jpg",
                favorite: index % 4 == 0,
                allowedMessages: index % 7 != 1
            )
        }
    }

    /// Kakao's friend uuids are base64url text: one is well-formed when it is 1 to 64 characters
    /// from that alphabet.
    static func isWellFormedUUID(_ text: String) -> Bool {
        Base64URL.isIdentifier(text, maximumLength: 64)
    }

    /// `friends` in the order asked for: by nickname, or favorites first then by nickname
    /// (`friend_order`), ascending or, with `order=desc`, the whole list reversed.
    static func ordered(_ friends: [SandboxFriend], favoritesFirst: Bool, descending: Bool) -> [SandboxFriend] {
        let sorted = friends.sorted { a, b in
            if favoritesFirst && a.favorite != b.favorite { return a.favorite }
            return (a.nickname, a.id) < (b.nickname, b.id)
        }
        return descending ? sorted.reversed() : sorted
    }
}

/// `GET /v1/api/talk/friends` (Kakao Talk Social). UNCONFIRMED details are emulated as the
/// client expects them.
extension SandboxEngine {
    /// The user's friends: the same generated list for every user.
    var friends: [SandboxFriend] {
        SandboxFriends.generated(count: configuration.friendCount, korean: configuration.koreanNames)
    }

    /// Query `offset` (default 0), `limit` (default 10, above 100 taken as 100), `order` (`asc`
    /// or `desc`) and `friend_order` (`favorite` or `nickname`); anything else is -2. The answer:
    /// `elements`, `total_count`, `favorite_count`, and `before_url` / `after_url`, the full URLs
    /// of the previous and next pages (absent at the ends). The app must have Talk Social
    /// permission (-3 otherwise) and the user must have agreed to `friends` (-402).
    mutating func talkFriends(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        guard request.method == "GET" else { return Self.methodNotAllowed(&entry) }
        let caller: Caller
        switch self.caller(request, &entry) {
        case .success(let value): caller = value
        case .failure(let refusal): return refusal.response
        }
        guard configuration.friendsAPIEnabled else {
            return Self.apiError(403, -3, "App disabled [friends] scopes for [FRIENDS] API", &entry)
        }
        let agreed = SandboxScopes.normalize(state.consents[caller.consentIndex].scopes)
        guard agreed.contains("friends") else {
            return Self.insufficientScopes(apiType: "FRIENDS", required: ["friends"], allowed: agreed, &entry)
        }
        let query = request.query
        if let name = Self.repeatedName(query) {
            return Self.apiError(400, -2, "\(name) is sent more than once", &entry)
        }
        var offset = 0
        if let text = query.first(named: "offset") {
            guard let value = Int(text), value >= 0 else {
                return Self.apiError(400, -2, "invalid offset: \(text) (a number, 0 or more)", &entry)
            }
            offset = value
        }
        var limit = SandboxFriends.defaultLimit
        if let text = query.first(named: "limit") {
            guard let value = Int(text), value >= 1 else {
                return Self.apiError(400, -2, "invalid limit: \(text) (a number, 1 or more)", &entry)
            }
            limit = min(value, SandboxFriends.maximumLimit)
        }
        let order = query.first(named: "order") ?? "asc"
        guard order == "asc" || order == "desc" else {
            return Self.apiError(400, -2, "invalid order: \(order) (asc or desc)", &entry)
        }
        let friendOrder = query.first(named: "friend_order") ?? "favorite"
        guard friendOrder == "favorite" || friendOrder == "nickname" else {
            return Self.apiError(400, -2, "invalid friend_order: \(friendOrder) (favorite or nickname)", &entry)
        }

        let all = SandboxFriends.ordered(
            friends, favoritesFirst: friendOrder == "favorite", descending: order == "desc")
        let page = all.dropFirst(offset).prefix(limit)
        func url(_ offset: Int) -> OrderedJSON {
            .string(
                pageLinkBase + "/v1/api/talk/friends?"
                    + FormURLEncoding.encode([
                        ("offset", String(configuration.pageLinksLoop ? 0 : offset)), ("limit", String(limit)),
                        ("order", order), ("friend_order", friendOrder)
                    ]))
        }
        var body: [(String, OrderedJSON)] = [
            ("elements", .array(page.map(\.json))),
            ("total_count", .int(all.count)),
            ("favorite_count", .int(all.filter(\.favorite).count))
        ]
        if offset > 0 { body.append(("before_url", url(max(0, offset - limit)))) }
        if offset + limit < all.count { body.append(("after_url", url(offset + limit))) }
        return .json(200, OrderedJSON.object(body).data)
    }
}
