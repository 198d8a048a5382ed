import Foundation
import KAuthBasics
import KAuthCore
import KakaoAPI
import Testing

@Suite(.serialized) struct LinkEndToEndTests {
    @Test func defaultValidatesThenOpensTheSharerPageWhichRecordsTheQuery() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        var env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        let record = env.useRecordingBrowser()
        let starter = try await env.run(["link", "template", "new", "feed"])
        #expect(starter.code == 0)
        let path = try env.file("feed.json", starter.out)

        let share = try await env.run(["link", "default", "--template", path, "--callback", "order=42", "--open"])
        #expect(share.code == 0, "\(share.err)")
        let url = share.out.trimmingCharacters(in: .newlines)
        #expect(url.hasPrefix(sandbox.baseURL + "/talk/friends/picker/easylink?"))
        #expect(try await firstLine(of: record) == url)
        #expect(share.err.contains("Opened the sharer page in the browser."))

        // The validation call used the app key, no login.
        let validations = try await sandbox.calls("/v2/api/kakaolink/talk/template/default")
        #expect(validations.count == 1)
        #expect(validations.first?["status"] == .number(200))
        #expect(validations.first?["client_id"] == .string("e2e-app"))

        // What a browser does with the URL: the sharer page answers and records it.
        let page = try await followLikeABrowser(url)
        #expect(page.status == 200)
        let visits = try await sandbox.records("/_sandbox/sharer-visits")
        #expect(visits.count == 1)
        let visit = try #require(visits.first)
        #expect(visit["app_key"] == .string("e2e-app"))
        #expect(visit["validation_action"] == .string("default"))
        #expect(
            visit["validation_params"]
                == .object(["link_ver": .string("4.0"), "template_object": try LenientJSON.parse(starter.out)]))
        #expect(visit["lcba"] == .object(["order": .string("42")]))
        #expect(visit["ka"]?.stringValue?.hasPrefix("sdk/") == true)
        #expect(visit["status"] == .number(200))
    }

    @Test func customAndScrapShowKakaosWarningsAndJSON() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        let custom = try await env.run([
            "link", "custom", "--template-id", "12345", "--arg", "title=Hello", "--arg", "colour=red", "--json"
        ])
        #expect(custom.code == 0, "\(custom.err)")
        let json = try parseJSON(custom.out)
        #expect(json["action"] == .string("custom"))
        #expect(json.value(at: "response.template_id") == .number(12345))
        #expect(json.value(at: "response.argument_msg.colour") != nil)
        #expect(custom.err.contains("warning: template_args.colour: template 12345 has no ${colour}"))
        let sharer = try #require(json["sharer_url"]?.stringValue)
        let params = try parseJSON(try #require(queryItems(sharer).first(named: "validation_params")))
        #expect(
            params
                == .object([
                    "link_ver": .string("4.0"), "template_id": .number(12345),
                    "template_args": .object(["title": .string("Hello"), "colour": .string("red")])
                ]))
        #expect(try await followLikeABrowser(sharer).status == 200)

        let unknown = try await env.run(["link", "custom", "--template-id", "999"])
        #expect(unknown.code == 1)
        #expect(unknown.err.contains("template_id 999 is not a template of this app"))

        let scrap = try await env.run(["link", "scrap", "--url", "https://elsewhere.org/post"])
        #expect(scrap.code == 0)
        #expect(scrap.err.contains("warning: request_url: the domain of https://elsewhere.org/post is not registered"))
        #expect(
            try parseJSON(try #require(queryItems(scrap.out).first(named: "validation_params")))["request_url"]
                == .string("https://elsewhere.org/post"))
    }

    @Test func aTemplateFromStandardInputAndABrokenOneThatSendsNothing() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        let process = try env.spawn(["link", "default", "--template", "-"])
        process.write(try await env.run(["link", "template", "new", "list"]).out)
        process.closeInput()
        let piped = await process.wait()
        #expect(piped.code == 0, "\(piped.err)")
        try await sandbox.control("/_sandbox/reset-log")

        let broken = try env.file("broken.json", #"{"object_type": "text", "text": 42, "buttons": [{}, {}, {}]}"#)
        let result = try await env.run(["link", "default", "--template", broken, "--json"])
        #expect(result.code == 2)
        let error = try parseJSON(result.out)
        #expect(error.value(at: "error.code") == .string("invalid_template"))
        let paths =
            (error.value(at: "error.violations").flatMap { value -> [JSONValue]? in
                if case .array(let items) = value { return items }
                return nil
            } ?? []).compactMap { $0["path"]?.stringValue }
        #expect(
            paths == [
                "text", "link", "buttons", "buttons[0].title", "buttons[0].link", "buttons[1].title", "buttons[1].link",
                "buttons[2].title", "buttons[2].link"
            ])
        #expect(try await sandbox.log().isEmpty)
    }

    @Test func aMessageOverTenKilobytesIsRefusedWithItsMeasuredSize() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        let template: JSONValue = .object([
            "object_type": .string("feed"),
            "content": .object([
                "title": .string("Release notes"),
                "description": .string(String(repeating: "Long notes. ", count: 900)),
                "link": .object(["web_url": .string("https://developers.kakao.com")])
            ])
        ])
        let path = try env.file("long.json", template.jsonText())
        let result = try await env.run(["link", "default", "--template", path, "--open"])
        #expect(result.code == 2)
        #expect(result.out.isEmpty)
        #expect(result.err.contains("template_msg: the message is "))
        #expect(result.err.contains("bytes by the Kakao SDK's measure; Kakao Talk takes less than 10240 (10 KB)"))
        #expect(try await sandbox.calls("/v2/api/kakaolink/talk/template/default").count == 1)
        #expect(try await sandbox.records("/_sandbox/sharer-visits").isEmpty)
    }

    @Test func imagesAreUploadedOrRefusedBeforeAnyRequest() async throws {
        let sandbox = try await SandboxProcess()
        defer { sandbox.stop() }
        let env = TestEnvironment(sandbox: sandbox)
        defer { env.remove() }
        let upload = "/v2/api/talk/message/image/upload"

        let tooLarge = try env.file("big.png", testPNG(width: 10, height: 10, size: 2 * 1024 * 1024 + 1))
        let refused = try await env.run(["link", "image", "upload", tooLarge])
        #expect(refused.code == 2)
        #expect(
            refused.err.contains(
                "is 2097153 bytes; Kakao takes images of at most 2097152 bytes (2 MB): nothing was sent"))
        let notImage = try env.file("notes.png", "just text")
        #expect(try await env.run(["link", "image", "upload", notImage]).code == 2)
        #expect(try await sandbox.calls(upload).isEmpty)

        let exactlyTwoMB = try env.file("max.png", testPNG(width: 1200, height: 800, size: 2 * 1024 * 1024))
        let uploaded = try await env.run(["link", "image", "upload", exactlyTwoMB, "--json"])
        #expect(uploaded.code == 0, "\(uploaded.err)")
        let info = try parseJSON(uploaded.out)
        let url = try #require(info["url"]?.stringValue)
        #expect(url.hasPrefix("https://k.kakaocdn.net/"))
        #expect(info["content_type"] == .string("image/png"))
        #expect(info["length"] == .number(2_097_152))
        #expect(info["width"] == .number(1200))
        #expect(info["height"] == .number(800))
        #expect(try await sandbox.calls(upload).map { $0["status"] } == [.number(200)])

        let small = try await env.run([
            "link", "image", "upload", try env.file("small.png", testPNG(width: 3, height: 2))
        ])
        #expect(small.code == 0)
        #expect(small.out.hasPrefix("https://k.kakaocdn.net/") && small.out.hasSuffix(".png\n"))

        let scrapped = try await env.run(["link", "image", "scrap", url, "--json"])
        #expect(scrapped.code == 0)
        #expect(try parseJSON(scrapped.out) == info)
    }
}

/// A PNG of `width` × `height` (header only), padded to `size` bytes when given.
private func testPNG(width: UInt32, height: UInt32, size: Int? = nil) -> Data {
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        withUnsafeBytes(of: UInt32(data.count).bigEndian, Array.init) + Array(type.utf8) + data + [0, 0, 0, 0]
    }
    let ihdr =
        withUnsafeBytes(of: width.bigEndian, Array.init) + withUnsafeBytes(of: height.bigEndian, Array.init) + [
            8, 2, 0, 0, 0
        ]
    var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + chunk("IEND", [])
    if let size { bytes += [UInt8](repeating: 0, count: size - bytes.count) }
    return Data(bytes)
}
