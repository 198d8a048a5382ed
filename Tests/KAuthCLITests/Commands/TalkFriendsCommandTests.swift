import Foundation
import KAuthBasics
import KAuthCore
import KAuthTestSupport
import Testing

@testable import KAuthCLI

/// `kauth talk friends` and `kauth talk send` run in-process against a fake Kakao.
@Suite struct TalkFriendsCommandTests {
    struct Run {
        var code: Int32
        var out: String
        var err: String
        var requests: [HTTPRequest]

        var json: JSONValue? { try? JSONDecoder().decode(JSONValue.self, from: Data(out.utf8)) }
    }

    func run(_ line: [String], respond: @escaping @Sendable (HTTPRequest) -> HTTPResponse) async -> Run {
        let recorder = TerminalRecorder()
        let http = FakeHTTP { respond($0) }
        let home = TemporaryDirectory()
        defer { home.remove() }
        let world = World.test(
            http: http.client, fileSystem: .live, terminal: recorder.terminal,
            environment: [
                "KAUTH_HOME": home.path + "/kauth", "KAUTH_CLIENT_ID": "rest-key", "KAUTH_ACCESS_TOKEN": "user-token"
            ])
        let code = await CLI.run(line, world: world)
        return Run(code: code, out: recorder.out, err: recorder.err, requests: http.requests)
    }

    static func friends(offset: Int, count: Int, total: Int) -> String {
        let elements = (offset..<min(offset + count, total)).map { index in
            #"{"id":\#(index),"uuid":"uuid-\#(index)","profile_nickname":"Friend \#(index)","profile_thumbnail_image":"https://img.test/\#(index).jpg","favorite":\#(index == 0),"allowed_msg":\#(index != 1)}"#
        }
        var body = #"{"elements":[\#(elements.joined(separator: ","))],"total_count":\#(total),"favorite_count":1"#
        // The next page's URL points elsewhere on purpose: kauth reads its parameters, never the URL.
        if offset + count < total {
            body +=
                #","after_url":"https://elsewhere.test/v1/api/talk/friends?offset=\#(offset + count)&limit=\#(count)&order=asc&friend_order=favorite""#
        }
        return body + "}"
    }

    // MARK: - friends

    @Test func friendsShowsOnePageAsATableAndSaysMoreFollow() async {
        let result = await run(["talk", "friends"]) { _ in
            FakeHTTP.json(200, Self.friends(offset: 0, count: 3, total: 5))
        }
        #expect(result.code == 0, "\(result.err)")
        #expect(result.requests.map(\.url) == ["https://kapi.kakao.com/v1/api/talk/friends"])
        #expect(result.requests.first?.headers.value(for: "Authorization") == "Bearer user-token")
        #expect(
            result.out == """
                UUID    NICKNAME  FAVORITE  MESSAGES
                uuid-0  Friend 0  yes       yes
                uuid-1  Friend 1            no
                uuid-2  Friend 2            yes

                """)
        #expect(result.err == "More friends follow; --all lists every page.\n")
    }

    @Test func friendsAllFollowsThePagesOnKakaosHostAndPrintsKakaosObjects() async throws {
        let result = await run(["talk", "friends", "--all", "--json"]) { request in
            let offset =
                FormURLEncoding.decode(String(request.url.split(separator: "?").last ?? "")).first(named: "offset")
                .flatMap(Int.init) ?? 0
            return FakeHTTP.json(200, Self.friends(offset: offset, count: 2, total: 5))
        }
        #expect(result.code == 0, "\(result.err)")
        #expect(
            result.requests.map(\.url) == [
                "https://kapi.kakao.com/v1/api/talk/friends?limit=100",
                "https://kapi.kakao.com/v1/api/talk/friends?offset=2&limit=2&order=asc&friend_order=favorite",
                "https://kapi.kakao.com/v1/api/talk/friends?offset=4&limit=2&order=asc&friend_order=favorite"
            ])
        let document = try #require(result.json)
        #expect(document["profile"] == .string("default") && document["provider"] == .string("kakao"))
        let json = try #require(document["response"])
        #expect(json["total_count"] == .number(5) && json["favorite_count"] == .number(1))
        guard case .array(let friends)? = json["elements"] else {
            Issue.record("no friends")
            return
        }
        #expect(friends.count == 5)
        #expect(
            friends[1]
                == .object([
                    "id": .number(1), "uuid": .string("uuid-1"), "profile_nickname": .string("Friend 1"),
                    "profile_thumbnail_image": .string("https://img.test/1.jpg"), "favorite": .bool(false),
                    "allowed_msg": .bool(false)
                ]))
        #expect(Set(json.objectKeys) == ["total_count", "favorite_count", "elements"])
        #expect(Set(document.objectKeys) == ["profile", "provider", "response"])
        #expect(result.err.isEmpty)
    }

    @Test func anAppWithoutTalkSocialPermissionIsToldWhatToRequest() async throws {
        let disabled = #"{"msg":"App disabled [friends] scopes for [FRIENDS] API","code":-3}"#
        let result = await run(["talk", "friends"]) { _ in FakeHTTP.json(403, disabled) }
        #expect(result.code == 1)
        #expect(result.err.contains("Kakao answered -3: App disabled [friends] scopes for [FRIENDS] API"))
        #expect(result.err.contains("Kakao Talk Social permission"))
        #expect(result.err.contains("추가 기능 신청"))
        let json = await run(["talk", "friends", "--json"]) { _ in FakeHTTP.json(403, disabled) }
        #expect(json.json?.value(at: "error.code") == .string("api_error"))
        #expect(json.json?.value(at: "error.provider_code") == .number(-3))
    }

    @Test func friendsWithoutConsentExitsFourNamingTheScope() async {
        let result = await run(["talk", "friends"]) { _ in
            FakeHTTP.json(403, #"{"msg":"insufficient scopes.","code":-402,"required_scopes":["friends"]}"#)
        }
        #expect(result.code == 4)
        #expect(result.err.contains("run `kauth scopes request friends`"))
    }

    // MARK: - send

    static let partial =
        #"{"successful_receiver_uuids":["uuid-0"],"failure_info":[{"code":-530,"msg":"the friend does not accept messages from this app","receiver_uuids":["uuid-1"]},{"code":-502,"msg":"not a friend","receiver_uuids":["stranger"]}]}"#

    @Test(arguments: [
        (["--to", "a,b,c,d,e,f"], "--to names 6 friends; Kakao takes at most 5"),
        (["--to", "a,b,c", "--to", "d,e,f"], "--to names 6 friends"),
        (["--to", "a,b c"], "'b c' is not a friend's uuid"),
        (["--to", "a,x/y"], "'x/y' is not a friend's uuid"),
        (["--to", ","], "needs --to UUID"),
        ([], "needs --to UUID")
    ])
    func badReceiverListsExitTwoWithNothingSent(to: [String], message: String) async {
        let result = await run(["talk", "send", "--template-id", "12345"] + to) { request in
            Issue.record("nothing may be sent: \(request.url)")
            return FakeHTTP.json(500, "{}")
        }
        #expect(result.code == 2)
        #expect(result.requests.isEmpty)
        #expect(result.err.contains(message), "\(result.err)")
    }

    @Test func theMessageIsGivenAsForMemoAndCheckedFirst() async {
        let both = await run(["talk", "send", "--to", "a", "--template", "t.json", "--template-id", "1"]) { _ in
            FakeHTTP.json(500, "{}")
        }
        #expect(both.code == 2 && both.requests.isEmpty)
        #expect(both.err.contains("--template sends a default template: leave out --template-id, --arg and --scrap"))
        let none = await run(["talk", "send", "--to", "a"]) { _ in FakeHTTP.json(500, "{}") }
        #expect(none.code == 2 && none.requests.isEmpty)
        #expect(
            none.err.contains(
                "'kauth talk send' needs a message: --text TEXT [--link URL], --template FILE (or -), --template-id N [--arg KEY=VALUE…], or --scrap URL"
            ))
        let badURL = await run(["talk", "send", "--to", "a", "--scrap", "ftp://x"]) { _ in FakeHTTP.json(500, "{}") }
        #expect(badURL.code == 2 && badURL.requests.isEmpty)
    }

    @Test func duplicatesAreSentOnceAndASuccessExitsZero() async throws {
        let result = await run([
            "talk", "send", "--to", "uuid-0,uuid-2,uuid-0", "--to", "uuid-2", "--template-id", "12345", "--arg",
            "title=Hi"
        ]) { _ in
            FakeHTTP.json(200, #"{"successful_receiver_uuids":["uuid-0","uuid-2"]}"#)
        }
        #expect(result.code == 0, "\(result.err)")
        let request = try #require(result.requests.first)
        #expect(result.requests.count == 1)
        #expect(request.method == "POST" && request.url == "https://kapi.kakao.com/v1/api/talk/friends/message/send")
        #expect(request.form.first(named: "receiver_uuids") == #"["uuid-0","uuid-2"]"#)
        #expect(request.form.first(named: "template_id") == "12345")
        #expect(request.form.first(named: "template_args") == #"{"title":"Hi"}"#)
        #expect(result.out == "RECEIVER  RESULT\nuuid-0    sent\nuuid-2    sent\n")
        #expect(result.err.isEmpty)
    }

    @Test func aPartialFailureListsBothAndExitsOne() async {
        let result = await run([
            "talk", "send", "--to", "uuid-0,uuid-1,stranger", "--scrap", "https://ci.example.com/421"
        ]) { _ in
            FakeHTTP.json(200, Self.partial)
        }
        #expect(result.code == 1)
        #expect(result.requests.map(\.url) == ["https://kapi.kakao.com/v1/api/talk/friends/message/scrap/send"])
        #expect(
            result.out == """
                RECEIVER  RESULT
                uuid-0    sent
                uuid-1    not sent: -530 the friend does not accept messages from this app
                stranger  not sent: -502 not a friend

                """)
        #expect(
            result.err
                == "error: the message did not reach 2 of 3 friends: uuid-1 (-530: the friend does not accept messages from this app); stranger (-502: not a friend)\n"
        )
    }

    /// Only the receivers Kakao lists as successful got the message: one it does not list is
    /// reported by uuid, with a failure that names no receiver as its reason when there is one.
    @Test func everyReceiverNotListedAsSentIsReportedByUUID() async {
        let general = await run(["talk", "send", "--to", "uuid-0", "--template-id", "7"]) { _ in
            FakeHTTP.json(200, #"{"failure_info":[{"code":-530,"msg":"refused"}]}"#)
        }
        #expect(general.code == 1)
        #expect(general.out == "RECEIVER  RESULT\nuuid-0    not sent: -530 refused\n")
        #expect(general.err == "error: the message did not reach 1 of 1 friend: uuid-0 (-530: refused)\n")

        let silent = await run(["talk", "send", "--to", "uuid-0,uuid-1", "--template-id", "7"]) { _ in
            FakeHTTP.json(200, #"{"successful_receiver_uuids":["uuid-0"]}"#)
        }
        #expect(silent.code == 1)
        #expect(silent.out.contains("uuid-1    not sent: Kakao listed it neither as sent nor as failed"))
        #expect(
            silent.err
                == "error: the message did not reach 1 of 2 friends: uuid-1 (Kakao listed it neither as sent nor as failed)\n"
        )
    }

    @Test func jsonPrintsKakaosAnswerEvenOnAPartialFailure() async throws {
        let result = await run(["talk", "send", "--to", "uuid-0,uuid-1,stranger", "--template-id", "7", "--json"]) {
            _ in
            FakeHTTP.json(200, Self.partial)
        }
        #expect(result.code == 1)
        #expect(result.err.isEmpty)
        let json = try #require(result.json)
        #expect(
            json
                == .object([
                    "profile": .string("default"), "provider": .string("kakao"), "action": .string("custom"),
                    "response": try JSONDecoder().decode(JSONValue.self, from: Data(Self.partial.utf8))
                ]))
        let sent = await run(["talk", "send", "--to", "uuid-0", "--template-id", "7", "--json"]) { _ in
            FakeHTTP.json(200, #"{"successful_receiver_uuids":["uuid-0"]}"#)
        }
        #expect(sent.code == 0)
        #expect(
            sent.json
                == .object([
                    "profile": .string("default"), "provider": .string("kakao"), "action": .string("custom"),
                    "response": .object(["successful_receiver_uuids": .array([.string("uuid-0")])])
                ]))
    }

    @Test func sendingWithoutTalkMessageConsentExitsFourAndIsNotRetried() async {
        let result = await run(["talk", "send", "--to", "uuid-0", "--template-id", "7"]) { _ in
            FakeHTTP.json(403, #"{"msg":"insufficient scopes.","code":-402,"required_scopes":["talk_message"]}"#)
        }
        #expect(result.code == 4)
        #expect(result.err.contains("run `kauth scopes request talk_message`"))
        let unavailable = await run(["talk", "send", "--to", "uuid-0", "--template-id", "7"]) { _ in
            FakeHTTP.json(503, "{}")
        }
        #expect(unavailable.code == 5)
        #expect(unavailable.requests.count == 1, "a lost answer may mean sent messages")
    }
}

extension JSONValue {
    /// The member names of an object.
    var objectKeys: [String] {
        if case .object(let members) = self { return Array(members.keys) }
        return []
    }
}
