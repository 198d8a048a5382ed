import Foundation
import KAuthBasics
import KAuthCore
import KAuthSandbox
import KAuthTestSupport
import Testing

private typealias Sandbox = SandboxClient

private func json(_ response: HTTPServerResponse, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String:
    Any]
{
    try SandboxClient.json(response, sourceLocation: sourceLocation)
}

private func friends(
    _ sandbox: Sandbox, _ access: String, _ query: [(String, String)] = [],
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> [String: Any] {
    let response = sandbox.get("/v1/api/talk/friends", query, bearer: access)
    #expect(response.status == 200, sourceLocation: sourceLocation)
    return try json(response, sourceLocation: sourceLocation)
}

private func elements(_ body: [String: Any], sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String:
    Any]]
{
    try #require(body["elements"] as? [[String: Any]], sourceLocation: sourceLocation)
}

/// The query of a `before_url` / `after_url`, checked to be on the API host.
private func pageQuery(_ url: Any?, sourceLocation: SourceLocation = #_sourceLocation) throws -> [(String, String)] {
    let text = try #require(url as? String, sourceLocation: sourceLocation)
    let prefix = SandboxConfiguration.placeholderIssuer + "/v1/api/talk/friends?"
    #expect(text.hasPrefix(prefix), sourceLocation: sourceLocation)
    return FormURLEncoding.decode(String(text.dropFirst(prefix.count)))
}

/// `GET /v1/api/talk/friends`.
@Suite struct SandboxFriendsTests {
    @Test func pagesWalkEveryFriendOnceFavoritesFirst() throws {
        let sandbox = try Sandbox()
        let access = try sandbox.login([("scope", "friends")]).access
        var query: [(String, String)] = []
        var seen: [[String: Any]] = []
        var pages = 0
        while true {
            let body = try friends(sandbox, access, query)
            #expect(body["total_count"] as? Int == 25)
            #expect(body["favorite_count"] as? Int == 7)
            let page = try elements(body)
            #expect(page.count <= 10)
            if pages == 0 { #expect(body["before_url"] == nil) } else { #expect(body["before_url"] is String) }
            seen += page
            pages += 1
            guard let after = body["after_url"] else { break }
            query = try pageQuery(after)
            #expect(query.map(\.0) == ["offset", "limit", "order", "friend_order"])
            #expect(
                query.first(named: "limit") == "10" && query.first(named: "order") == "asc"
                    && query.first(named: "friend_order") == "favorite")
        }
        #expect(pages == 3)
        #expect(seen.count == 25)
        #expect(Set(seen.compactMap { $0["uuid"] as? String }).count == 25)
        // Favorites first, each group by nickname.
        let favorites = seen.prefix(7)
        #expect(favorites.allSatisfy { $0["favorite"] as? Bool == true })
        let names = seen.dropFirst(7).compactMap { $0["profile_nickname"] as? String }
        #expect(names == names.sorted())
        // Every member, with an int64 id; some friends refuse messages.
        let first = try #require(seen.first)
        #expect(
            Set(first.keys) == ["id", "uuid", "profile_nickname", "profile_thumbnail_image", "favorite", "allowed_msg"])
        #expect(first["id"] as? Int64 != nil)
        #expect(seen.contains { $0["allowed_msg"] as? Bool == false })
        #expect(seen.contains { $0["allowed_msg"] as? Bool == true })
    }

    @Test func orderingAndTheUrlsBetweenPages() throws {
        let sandbox = try Sandbox()
        let access = try sandbox.login([("scope", "friends")]).access
        let asc = try elements(friends(sandbox, access, [("friend_order", "nickname"), ("limit", "100")])).compactMap {
            $0["profile_nickname"] as? String
        }
        #expect(asc == asc.sorted() && asc.count == 25)
        let desc = try elements(
            friends(sandbox, access, [("friend_order", "nickname"), ("order", "desc"), ("limit", "100")])
        ).compactMap { $0["profile_nickname"] as? String }
        #expect(desc == Array(asc.reversed()))

        let middle = try friends(
            sandbox, access, [("offset", "7"), ("limit", "5"), ("order", "desc"), ("friend_order", "nickname")])
        #expect(try elements(middle).compactMap { $0["profile_nickname"] as? String } == Array(desc[7..<12]))
        let before = try pageQuery(middle["before_url"])
        #expect(before.first(named: "offset") == "2" && before.first(named: "limit") == "5")
        #expect(before.first(named: "order") == "desc" && before.first(named: "friend_order") == "nickname")
        #expect(try pageQuery(middle["after_url"]).first(named: "offset") == "12")
        // Past the end: an empty page with only the way back.
        let past = try friends(sandbox, access, [("offset", "30")])
        #expect(try elements(past).isEmpty && past["after_url"] == nil && past["before_url"] is String)
    }

    @Test func limitsAreClampedAndBadValuesAreMinus2() throws {
        let sandbox = try Sandbox(SandboxConfiguration(friendCount: 150))
        let access = try sandbox.login([("scope", "friends")]).access
        let body = try friends(sandbox, access, [("limit", "500")])
        #expect(try elements(body).count == 100)
        #expect(try pageQuery(body["after_url"]).first(named: "limit") == "100")
        #expect(try elements(friends(sandbox, access)).count == 10)
        for query in [
            [("order", "random")], [("friend_order", "age")], [("offset", "-1")], [("offset", "x")], [("limit", "0")],
            [("limit", "ten")], [("order", "asc"), ("order", "desc")]
        ] {
            let response = sandbox.get("/v1/api/talk/friends", query, bearer: access)
            #expect(response.status == 400)
            #expect(try json(response)["code"] as? Int == -2)
        }
        #expect(sandbox.post("/v1/api/talk/friends", bearer: access).status == 405)
    }

    @Test func consentPermissionAndTokenAreChecked() throws {
        let sandbox = try Sandbox()
        let plain = try sandbox.login().access
        let refused = sandbox.get("/v1/api/talk/friends", bearer: plain)
        #expect(refused.status == 403)
        let body = try json(refused)
        #expect(body["code"] as? Int == -402)
        #expect(body["required_scopes"] as? [String] == ["friends"])

        let access = try sandbox.login([("scope", "friends")]).access
        let set = try json(sandbox.post("/_sandbox/config", [("friends_api_enabled", "false")]))
        #expect(set["friends_api_enabled"] as? Bool == false)
        let disabled = sandbox.get("/v1/api/talk/friends", bearer: access)
        #expect(disabled.status == 403)
        #expect(try json(disabled)["code"] as? Int == -3)
        #expect(try json(disabled)["msg"] as? String == "App disabled [friends] scopes for [FRIENDS] API")

        _ = sandbox.post("/_sandbox/config", [("friends_api_enabled", "true"), ("friend_count", "3")])
        #expect(try friends(sandbox, access)["total_count"] as? Int == 3)
        #expect(sandbox.post("/_sandbox/config", [("friend_count", "-1")]).status == 400)
        #expect(try json(sandbox.get("/v1/api/talk/friends", bearer: "nope"))["code"] as? Int == -401)
    }
}
