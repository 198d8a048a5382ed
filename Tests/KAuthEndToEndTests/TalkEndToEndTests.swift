import Foundation
import KAuthBasics
import KAuthCore
import Testing

@Suite(.serialized) struct TalkEndToEndTests {
    @Test func withoutTalkMessageConsentTheMemoExitsFourWithTheFix() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox)
        defer { env.remove() }
        let result = try await env.run(["talk", "memo", "--template-id", "12345"])
        #expect(result.code == 4)
        #expect(result.err.contains("consent required for: talk_message"))
        #expect(result.err.contains("run `kauth scopes request talk_message`"))
        #expect(try await sandbox.records("/_sandbox/memos").isEmpty)
    }

    @Test func aMemoIsSentAndReadBackFromTheSandbox() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox, arguments: ["--scopes", "talk_message"])
        defer { env.remove() }
        let template: JSONValue = .object([
            "object_type": .string("text"),
            "text": .string("Build 421 failed on main"),
            "link": .object(["web_url": .string("https://ci.example.com/builds/421")]),
            "button_title": .string("Open the build")
        ])
        let path = try env.file("failed.json", template.jsonText())
        let sent = try await env.run(["talk", "memo", "--template", path])
        #expect(sent.code == 0, "\(sent.err)")
        #expect(sent.out.isEmpty)
        #expect(sent.err.contains("Sent the message to your Kakao Talk chat"))
        let custom = try await env.run(["talk", "memo", "--template-id", "12345", "--arg", "title=Build 421", "--json"])
        #expect(custom.code == 0)
        #expect(
            try parseJSON(custom.out)
                == .object([
                    "sent": .bool(true), "action": .string("custom"), "profile": .string("default"),
                    "provider": .string("kakao"),
                    "response": .object(["result_code": .number(0)])
                ]))
        #expect(try await env.run(["talk", "memo", "--scrap", "https://developers.kakao.com"]).code == 0)

        let memos = try await sandbox.records("/_sandbox/memos")
        #expect(memos.count == 3)
        #expect(memos[0]["action"] == .string("default"))
        #expect(memos[0]["template_object"] == template)
        #expect(memos[0]["user_id"] == .number(4_242_424_242))
        #expect(memos[1]["template_id"] == .number(12345))
        #expect(memos[1]["template_args"] == .object(["title": .string("Build 421")]))
        #expect(memos[2]["request_url"] == .string("https://developers.kakao.com"))
    }

    @Test func theCIRecipeSendsWithARefreshTokenSecretAlone() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let developer = try await loggedIn(sandbox, arguments: ["--scopes", "talk_message"])
        defer { developer.remove() }
        let secret = try #require(try storedSession(developer)?["refresh_token"]?.stringValue)

        // A CI job: a fresh home, the refresh token from the secret store, a template on stdin.
        let ci = TestEnvironment(sandbox: sandbox)
        defer { ci.remove() }
        let process = try ci.spawn(["talk", "memo", "--template", "-"], extra: ["KAUTH_REFRESH_TOKEN": secret])
        process.write(#"{"object_type":"text","text":"nightly failed","link":{"web_url":"https://ci.example.com"}}"#)
        process.closeInput()
        let result = await process.wait()
        #expect(result.code == 0, "\(result.err)")
        #expect(try await sandbox.records("/_sandbox/memos").count == 1)
    }

    /// `--text` needs no JSON: kauth builds the text template, and no character of the text can
    /// break out of it (quotes, backslashes, line breaks, Korean, emoji, JSON of its own).
    @Test func aTextMessageIsBuiltSafelyForAnyCharacter() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = try await loggedIn(sandbox, arguments: ["--scopes", "talk_message"])
        defer { env.remove() }
        let text = "Build \"421\" failed: \\n is not a line break\nbut this is — 빌드 실패 🚨 {\"object_type\":\"feed\"}"
        let sent = try await env.run(["talk", "memo", "--text", text, "--link", "https://ci.example.com/builds/421"])
        #expect(sent.code == 0, "\(sent.err)")
        let plain = try await env.run(["talk", "memo", "--text", "nightly failed"])
        #expect(plain.code == 0, "\(plain.err)")
        let memos = try await sandbox.records("/_sandbox/memos")
        #expect(memos.count == 2)
        #expect(
            memos.first?["template_object"]
                == .object([
                    "object_type": .string("text"),
                    "text": .string(text),
                    "link": .object([
                        "web_url": .string("https://ci.example.com/builds/421"),
                        "mobile_web_url": .string("https://ci.example.com/builds/421")
                    ])
                ]))
        #expect(
            memos.last?["template_object"]
                == .object(["object_type": .string("text"), "text": .string("nightly failed"), "link": .object([:])]))

        for (arguments, says) in [
            (["--text", String(repeating: "가", count: 201)], "--text is 201 characters"),
            (["--text", "x", "--template-id", "1"], "--text sends a text message of its own"),
            (["--link", "https://ci.example.com"], "--link goes with --text"),
            (["--text", "x", "--link", "ci.example.com"], "--link needs an http or https URL"),
            (["--text", " \n "], "--text needs some text")
        ] {
            let refused = try await env.run(["talk", "memo"] + arguments)
            #expect(refused.code == 2, "\(arguments)")
            #expect(refused.err.contains(says), "\(refused.err)")
        }
        #expect(try await sandbox.records("/_sandbox/memos").count == 2, "nothing more was sent")
    }
}
