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

/// The user's friends as the friends API lists them: uuids of those who accept messages, and of
/// those who do not.
private func friendUUIDs(_ sandbox: Sandbox, _ access: String) throws -> (accepting: [String], refusing: [String]) {
    let body = try json(sandbox.get("/v1/api/talk/friends", [("limit", "100")], bearer: access))
    let elements = try #require(body["elements"] as? [[String: Any]])
    return (
        elements.filter { $0["allowed_msg"] as? Bool == true }.compactMap { $0["uuid"] as? String },
        elements.filter { $0["allowed_msg"] as? Bool == false }.compactMap { $0["uuid"] as? String }
    )
}

private func receivers(_ uuids: [String]) -> (String, String) {
    ("receiver_uuids", String(decoding: try! JSONEncoder().encode(uuids), as: UTF8.self))
}

private let customTemplate = [("template_id", "12345"), ("template_args", #"{"title":"Hi"}"#)]

private func sent(_ sandbox: Sandbox) throws -> [[String: Any]] {
    try #require(
        try JSONSerialization.jsonObject(with: sandbox.get("/_sandbox/friend-messages").body) as? [[String: Any]])
}

/// `POST /v1/api/talk/friends/message/{default/,,scrap/}send`.
@Suite struct SandboxFriendMessagesTests {
    @Test func everyReceiverIsAFriendWhoAcceptsMessages() throws {
        let sandbox = try Sandbox()
        let access = try sandbox.login([("scope", "friends talk_message")]).access
        let friends = try friendUUIDs(sandbox, access)
        let chosen = Array(friends.accepting.prefix(3))
        let response = sandbox.post(
            "/v1/api/talk/friends/message/send", [receivers(chosen)] + customTemplate, bearer: access)
        #expect(response.status == 200)
        #expect(
            SandboxClient.text(response) == "{\"successful_receiver_uuids\":"
                + String(decoding: try JSONEncoder().encode(chosen), as: UTF8.self) + "}")
        let record = try #require(try sent(sandbox).last)
        #expect(record["action"] as? String == "custom")
        #expect(record["receiver_uuids"] as? [String] == chosen)
        #expect(record["successful_receiver_uuids"] as? [String] == chosen)
        #expect(record["template_id"] as? Int == 12345)
        #expect(record["template_args"] as? [String: String] == ["title": "Hi"])
    }

    @Test func strangersAndRefusingFriendsAreListedInFailureInfo() throws {
        let sandbox = try Sandbox()
        let access = try sandbox.login([("scope", "friends talk_message")]).access
        let friends = try friendUUIDs(sandbox, access)
        let stranger = "notAFriendOfTheSandboxUser"
        let refusing = try #require(friends.refusing.first)
        let accepting = try #require(friends.accepting.first)
        let template = #"{"object_type":"text","text":"hello","link":{"web_url":"https://example.com"}}"#
        let response = sandbox.post(
            "/v1/api/talk/friends/message/default/send",
            [receivers([accepting, stranger, refusing]), ("template_object", template)], bearer: access)
        #expect(response.status == 200)
        let body = try json(response)
        #expect(body["successful_receiver_uuids"] as? [String] == [accepting])
        let failures = try #require(body["failure_info"] as? [[String: Any]])
        #expect(failures.count == 2)
        #expect(
            failures[0]["code"] as? Int == -502 && failures[0]["receiver_uuids"] as? [String] == [stranger]
                && failures[0]["msg"] is String)
        #expect(failures[1]["code"] as? Int == -530 && failures[1]["receiver_uuids"] as? [String] == [refusing])
        let record = try #require(try sent(sandbox).last)
        #expect(record["action"] as? String == "default")
        #expect(record["failed_receiver_uuids"] as? [String] == [stranger, refusing])
        #expect((record["template_object"] as? [String: Any])?["object_type"] as? String == "text")

        // Nobody accepted: still 200, an empty list and the reasons.
        let none = try json(
            sandbox.post(
                "/v1/api/talk/friends/message/scrap/send",
                [receivers([stranger]), ("request_url", "https://example.com/a")], bearer: access))
        #expect(none["successful_receiver_uuids"] as? [String] == [])
        #expect((none["failure_info"] as? [[String: Any]])?.first?["code"] as? Int == -502)
        #expect(try sent(sandbox).last?["request_url"] as? String == "https://example.com/a")
    }

    @Test func malformedReceiverListsFailTheWholeRequest() throws {
        let sandbox = try Sandbox()
        let access = try sandbox.login([("scope", "friends talk_message")]).access
        let uuids = try friendUUIDs(sandbox, access).accepting
        for list in [
            "[]", "not json", #"["ok", 5]"#, #"{"a":"b"}"#,
            String(decoding: try JSONEncoder().encode(Array(uuids.prefix(6))), as: UTF8.self), #"["has space"]"#,
            #"["\#(String(repeating: "a", count: 65))"]"#
        ] {
            let response = sandbox.post(
                "/v1/api/talk/friends/message/send", [("receiver_uuids", list)] + customTemplate, bearer: access)
            #expect(response.status == 400)
            #expect(try json(response)["code"] as? Int == -2)
        }
        #expect(sandbox.post("/v1/api/talk/friends/message/send", customTemplate, bearer: access).status == 400)
        // The template is checked as for "send to me".
        let unknownTemplate = sandbox.post(
            "/v1/api/talk/friends/message/send", [receivers([uuids[0]]), ("template_id", "999")], bearer: access)
        #expect(try json(unknownTemplate)["code"] as? Int == -2)
        let badObject = sandbox.post(
            "/v1/api/talk/friends/message/default/send",
            [receivers([uuids[0]]), ("template_object", #"{"object_type":"text"}"#)], bearer: access)
        #expect(
            try json(badObject)["msg"] as? String ?? ""
                == "invalid template_object: text: must not be null; link: must not be null")
        // Five is allowed; a uuid twice counts once.
        let five = try json(
            sandbox.post(
                "/v1/api/talk/friends/message/send", [receivers(Array(uuids.prefix(5)))] + customTemplate,
                bearer: access))
        #expect((five["successful_receiver_uuids"] as? [String])?.count == 5)
        let twice = try json(
            sandbox.post(
                "/v1/api/talk/friends/message/send", [receivers([uuids[0], uuids[0]])] + customTemplate, bearer: access)
        )
        #expect(twice["successful_receiver_uuids"] as? [String] == [uuids[0]])
        // Nothing refused was recorded.
        #expect(try sent(sandbox).count == 2)
    }

    @Test func talkMessageConsentIsRequired() throws {
        let sandbox = try Sandbox()
        let access = try sandbox.login([("scope", "friends")]).access
        let uuid = try #require(try friendUUIDs(sandbox, access).accepting.first)
        let refused = sandbox.post(
            "/v1/api/talk/friends/message/send", [receivers([uuid])] + customTemplate, bearer: access)
        #expect(refused.status == 403)
        let body = try json(refused)
        #expect(body["code"] as? Int == -402)
        #expect(body["required_scopes"] as? [String] == ["talk_message"])
        #expect(sandbox.get("/v1/api/talk/friends/message/send", bearer: access).status == 405)
        #expect(
            sandbox.post("/v1/api/talk/friends/message/send", [receivers([uuid])] + customTemplate, bearer: "nope")
                .status == 401)
        #expect(try sent(sandbox).isEmpty)
    }
}
