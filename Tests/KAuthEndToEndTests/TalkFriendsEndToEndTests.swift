import Foundation
import KAuthBasics
import KAuthCore
import Testing

private func array(_ value: JSONValue?) -> [JSONValue] {
    if case .array(let items)? = value { return items }
    return []
}

/// `kauth talk friends` and `kauth talk send` against the sandbox's Talk Social APIs.
@Suite(.serialized) struct TalkFriendsEndToEndTests {
    @Test func friendsAllFollowsEveryPage() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox, arguments: ["--scopes", "friends"])
        defer { env.remove() }
        try await sandbox.control("/_sandbox/config", [("friend_count", "250")])

        let first = try await env.run(["talk", "friends"])
        #expect(first.code == 0, "\(first.err)")
        #expect(first.out.hasPrefix("UUID ") && first.out.split(separator: "\n").count == 11, "Kakao's default page")
        #expect(first.err.contains("More friends follow; --all lists every page."))

        try await sandbox.control("/_sandbox/reset-log")
        let all = try await env.run(["talk", "friends", "--all", "--json"])
        #expect(all.code == 0, "\(all.err)")
        let json = try #require(try parseJSON(all.out)["response"])
        #expect(json["total_count"] == .number(250))
        let friends = array(json["elements"])
        #expect(friends.count == 250)
        #expect(Set(friends.compactMap { $0["uuid"]?.stringValue }).count == 250)
        #expect(
            friends.first?["allowed_msg"] != nil && friends.first?["profile_thumbnail_image"] != nil,
            "Kakao's objects as sent")
        let pages = try await sandbox.log().filter { $0["path"]?.stringValue == "/v1/api/talk/friends" }
        #expect(pages.count == 3, "100 a page")
        #expect(all.err.isEmpty)
    }

    @Test func sendReportsWhoGotItAndWhoDidNot() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox, arguments: ["--scopes", "friends,talk_message"])
        defer { env.remove() }
        let friends = array(
            try parseJSON(try await env.run(["talk", "friends", "--all", "--json"]).out).value(at: "response.elements"))
        let accepting = try #require(friends.first { $0["allowed_msg"] == .bool(true) }?["uuid"]?.stringValue)
        let refusing = try #require(friends.first { $0["allowed_msg"] == .bool(false) }?["uuid"]?.stringValue)

        let result = try await env.run([
            "talk", "send", "--to", "\(accepting),\(refusing),NotAFriend0", "--template-id", "12345", "--arg",
            "title=Build 421"
        ])
        #expect(result.code == 1)
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[1].hasPrefix(accepting) && lines[1].hasSuffix("sent"), "those who got it first")
        #expect(lines.contains { $0.hasPrefix(refusing) && $0.contains("not sent: -530") })
        #expect(lines.contains { $0.hasPrefix("NotAFriend0") && $0.contains("not sent: -502") })
        #expect(result.err.contains("error: the message did not reach 2 of 3 friends"))

        let record = try #require(try await sandbox.records("/_sandbox/friend-messages").last)
        #expect(record["successful_receiver_uuids"] == .array([.string(accepting)]))
        #expect(record["template_args"] == .object(["title": .string("Build 421")]))

        let json = try await env.run([
            "talk", "send", "--to", accepting, "--scrap", "https://developers.kakao.com", "--json"
        ])
        #expect(json.code == 0, "\(json.err)")
        #expect(
            try parseJSON(json.out)
                == .object([
                    "profile": .string("default"), "provider": .string("kakao"), "action": .string("scrap"),
                    "response": .object(["successful_receiver_uuids": .array([.string(accepting)])])
                ]))

        let text = try await env.run(["talk", "send", "--to", accepting, "--text", "Build \"421\" is green\n빌드 성공"])
        #expect(text.code == 0, "\(text.err)")
        let textRecord = try #require(try await sandbox.records("/_sandbox/friend-messages").last)
        #expect(textRecord["template_object"]?["text"] == .string("Build \"421\" is green\n빌드 성공"), "\(textRecord)")

        try await sandbox.control("/_sandbox/reset-log")
        let tooMany = try await env.run(["talk", "send", "--to", "a,b,c,d,e,f", "--template-id", "12345"])
        #expect(tooMany.code == 2)
        #expect(try await sandbox.log().isEmpty, "nothing was sent")
    }

    @Test func missingConsentExitsFourAndAMissingPermissionSaysWhatToRequest() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox)
        defer { env.remove() }
        let friends = try await env.run(["talk", "friends"])
        #expect(friends.code == 4)
        #expect(friends.err.contains("kauth scopes request friends"))
        let send = try await env.run(["talk", "send", "--to", "AbCd", "--template-id", "12345"])
        #expect(send.code == 4)
        #expect(send.err.contains("kauth scopes request talk_message"))

        try await sandbox.control("/_sandbox/config", [("friends_api_enabled", "false")])
        let disabled = try await env.run(["talk", "friends"])
        #expect(disabled.code == 1)
        #expect(disabled.err.contains("App disabled [friends] scopes for [FRIENDS] API"))
        #expect(disabled.err.contains("Kakao Talk Social permission"))
    }
}
