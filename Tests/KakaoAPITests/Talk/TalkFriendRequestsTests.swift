import Foundation
import Testing

@testable import KAuthCore
@testable import KakaoAPI

/// The friends list and messages to friends on the wire.
@Suite struct TalkFriendRequestsTests {
    @Test func theFriendsRequestSendsOnlyWhatIsSet() {
        #expect(TalkFriendsRequest().parameters.isEmpty, "Kakao's defaults")
        let request = TalkFriendsRequest(offset: 100, limit: 100, order: "asc", friendOrder: "favorite")
        #expect(request.method == "GET" && request.path == "/v1/api/talk/friends" && request.isIdempotent)
        #expect(
            request.parameters.map { "\($0.0)=\($0.1)" } == [
                "offset=100", "limit=100", "order=asc", "friend_order=favorite"
            ])
    }

    @Test func aPageURLGivesOnlyItsFourParameters() throws {
        let next = try #require(
            TalkFriendsRequest(
                pageURL:
                    "https://kapi.kakao.com/v1/api/talk/friends?offset=20&limit=10&order=desc&friend_order=nickname&secure_resource=true"
            ))
        #expect(next == TalkFriendsRequest(offset: 20, limit: 10, order: "desc", friendOrder: "nickname"))
        // Wherever it points, only the parameters are used: the request goes to the API host.
        let elsewhere = try #require(TalkFriendsRequest(pageURL: "https://evil.example/steal?offset=30#frag"))
        #expect(elsewhere == TalkFriendsRequest(offset: 30))
        #expect(elsewhere.path == "/v1/api/talk/friends" && !elsewhere.isAbsolute)
        #expect(TalkFriendsRequest(pageURL: "https://kapi.kakao.com/v1/api/talk/friends?limit=10") == nil, "no offset")
        #expect(TalkFriendsRequest(pageURL: "https://kapi.kakao.com/v1/api/talk/friends?offset=-1") == nil)
        #expect(TalkFriendsRequest(pageURL: "no query") == nil)
        #expect(TalkFriendsRequest(pageURL: "x?offset=5&limit=0")?.limit == nil, "a limit of 0 is left to Kakao")
    }

    @Test func aPageDecodesWithItsElementsAsSent() throws {
        let body =
            #"{"elements":[{"id":1,"uuid":"u-1","profile_nickname":"Ryan","favorite":true,"allowed_msg":false,"extra":{"x":1}}],"total_count":25,"favorite_count":7,"after_url":"https://kapi.kakao.com/v1/api/talk/friends?offset=10"}"#
        let page = try JSONDecoder().decode(TalkFriendsPage.self, from: Data(body.utf8))
        #expect(page.totalCount == 25 && page.favoriteCount == 7 && page.beforeURL == nil)
        #expect(page.afterURL == "https://kapi.kakao.com/v1/api/talk/friends?offset=10")
        let element = try #require(page.elements?.first)
        #expect(element["extra"] == .object(["x": .number(1)]), "kept as sent, members kauth does not know included")
        #expect(
            TalkFriend(element)
                == TalkFriend(
                    .object([
                        "uuid": .string("u-1"), "profile_nickname": .string("Ryan"), "favorite": .bool(true),
                        "allowed_msg": .bool(false)
                    ])))
        #expect(TalkFriend(element).allowedMessages == false && TalkFriend(element).favorite == true)
    }

    @Test(arguments: [
        (
            ShareMessage.default(
                DefaultTemplate(
                    type: .text,
                    json: .object(["object_type": .string("text"), "text": .string("hi"), "link": .object([:])]))),
            "/v1/api/talk/friends/message/default/send"
        ),
        (.custom(templateID: 12345, args: ["title": "T"]), "/v1/api/talk/friends/message/send"),
        (.scrap(url: "https://example.com", templateID: nil, args: [:]), "/v1/api/talk/friends/message/scrap/send")
    ])
    func messagesGoToTheirActionsPathWithTheReceiversAsAJSONArray(message: ShareMessage, path: String) {
        let request = TalkFriendsMessageRequest(receivers: ["a-1", "b_2"], message: message)
        #expect(request.method == "POST" && request.path == path)
        #expect(!request.isIdempotent, "never retried: a lost answer may mean sent messages")
        #expect(request.parameters.first?.0 == "receiver_uuids")
        #expect(request.parameters.first?.1 == #"["a-1","b_2"]"#)
        #expect(Array(request.parameters.dropFirst()).map(\.0) == ShareParameters.pairs(for: message).map(\.0))
    }

    @Test func theAnswerListsWhoGotItAndWhyOthersDidNot() throws {
        let body =
            #"{"successful_receiver_uuids":["a"],"failure_info":[{"code":-530,"msg":"refused","receiver_uuids":["b","c"]}]}"#
        let result = try JSONDecoder().decode(TalkFriendsMessageResult.self, from: Data(body.utf8))
        #expect(result.sent == ["a"])
        #expect(result.failures == [.init(code: -530, msg: "refused", receiverUUIDs: ["b", "c"])])
        let allSent = try JSONDecoder().decode(
            TalkFriendsMessageResult.self, from: Data(#"{"successful_receiver_uuids":["a"]}"#.utf8))
        #expect(allSent.failures.isEmpty)
    }

    @Test func receiversAreSplitDeduplicatedAndChecked() {
        #expect(TalkReceivers.parse(["a,b", "b", " c ,", "a"]) == ["a", "b", "c"])
        #expect(TalkReceivers.problem([]) == .empty)
        #expect(TalkReceivers.problem(TalkReceivers.parse(["a,b,c,d,e"])) == nil)
        #expect(TalkReceivers.problem(TalkReceivers.parse(["a,b,c,d,e,a,b"])) == nil, "five after de-duplication")
        #expect(TalkReceivers.problem(TalkReceivers.parse(["a,b,c,d,e,f"])) == .tooMany(count: 6))
        #expect(TalkReceivers.problem(["a", "b c"]) == .malformed("b c"))
        #expect(TalkReceivers.problem(["a/b"]) == .malformed("a/b"))
        #expect(
            TalkReceivers.problem([String(repeating: "x", count: 129)])
                == .malformed(String(repeating: "x", count: 129)))
        #expect(TalkReceivers.isWellFormed("DMHq9PpQxhGtQUaoHj35XL") && TalkReceivers.isWellFormed("-9kmuK_p7O"))
    }
}
