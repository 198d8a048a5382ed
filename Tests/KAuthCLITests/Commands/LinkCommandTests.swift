import Foundation
import KAuthBasics
import KAuthCore
import KAuthSandbox
import KAuthTestSupport
import KakaoAPI
import Testing

@testable import KAuthCLI

/// `kauth link` and `kauth talk memo` run in-process against a fake Kakao.
@Suite struct LinkCommandTests {
    static let textTemplate = """
        // a comment, as the starters have
        {"object_type": "text", "text": "Build 42 failed", "link": {"web_url": "https://ci.example.com/42"},}
        """

    static let validation =
        #"{"template_id":104,"template_args":{},"template_msg":{"P":{"TP":"text"},"C":{"text":"Build 42 failed"}},"warning_msg":{"link.web_url":"domain not registered"}}"#

    struct Run {
        var code: Int32
        var out: String
        var err: String
        var requests: [HTTPRequest]
        var opened: [String]
    }

    func run(
        _ line: [String], environment: [String: String] = [:], input: [String] = [],
        browserFails: Bool = false,
        respond: @escaping @Sendable (HTTPRequest) -> HTTPResponse = { _ in
            FakeHTTP.json(200, LinkCommandTests.validation)
        }
    ) async -> Run {
        let recorder = TerminalRecorder(input: input)
        let http = FakeHTTP { respond($0) }
        let opened = OpenedURLs()
        let browser = Browser { url in
            if browserFails { throw BrowserError.noDisplay }
            opened.append(url)
        }
        let home = TemporaryDirectory()
        defer { home.remove() }
        var env = ["KAUTH_HOME": home.path + "/kauth", "KAUTH_CLIENT_ID": "rest-key"]
        env.merge(environment) { $1 }
        let world = World.test(
            http: http.client, browser: browser, fileSystem: .live, terminal: recorder.terminal, environment: env)
        let code = await CLI.run(line, world: world)
        return Run(code: code, out: recorder.out, err: recorder.err, requests: http.requests, opened: opened.urls)
    }

    func file(_ text: String, in directory: TemporaryDirectory, named name: String = "t.json") throws -> String {
        let path = directory.path + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func defaultValidatesWithTheAppKeyAndPrintsTheSharerURL() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = try file(Self.textTemplate, in: directory)
        let result = await run(["link", "default", "--template", path], environment: ["KAUTH_APP_KEY": "js-key"])
        #expect(result.code == 0, "\(result.err)")
        let request = try #require(result.requests.first)
        #expect(result.requests.count == 1)
        #expect(request.method == "POST")
        #expect(request.url == "https://kapi.kakao.com/v2/api/kakaolink/talk/template/default")
        #expect(request.headers.value(for: "Authorization") == "KakaoAK js-key")
        #expect(request.form.first(named: "link_ver") == "4.0")
        let sent = try JSONDecoder().decode(
            JSONValue.self, from: Data(try #require(request.form.first(named: "template_object")).utf8))
        #expect(
            sent
                == .object([
                    "object_type": .string("text"), "text": .string("Build 42 failed"),
                    "link": .object(["web_url": .string("https://ci.example.com/42")])
                ]))
        #expect(
            result.out.hasPrefix(
                "https://sharer.kakao.com/talk/friends/picker/easylink?app_key=js-key&validation_action=default&validation_params="
            ))
        #expect(result.out.hasSuffix("\n") && result.out.split(separator: "\n").count == 1)
        #expect(result.err == "warning: link.web_url: domain not registered\n")
        #expect(result.opened.isEmpty)
    }

    @Test func anInvalidTemplateSendsNothingAndListsEveryProblem() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = try file(#"{"object_type":"list","header_title":"x","contents":[{"title":1}]}"#, in: directory)
        let result = await run(
            ["link", "default", "--template", path],
            respond: { _ in
                Issue.record("nothing may be sent")
                return FakeHTTP.json(500, "{}")
            })
        #expect(result.code == 2)
        #expect(result.requests.isEmpty)
        #expect(
            result.err == """
                error: the template has 4 problems; nothing was sent:
                  header_link: required
                  contents: a list template has 2 or 3 contents, found 1
                  contents[0].title: expected a string, found a number
                  contents[0].link: required

                """)
        let json = await run(["link", "default", "--template", path, "--json"])
        #expect(json.code == 2)
        let error = try JSONDecoder().decode(JSONValue.self, from: Data(json.out.utf8))
        #expect(error.value(at: "error.code") == .string("invalid_template"))
        #expect(
            error.value(at: "error.violations.0")
                == .object(["path": .string("header_link"), "message": .string("required")]))
    }

    @Test func unreadableTemplatesAreUsageErrors() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let missing = await run(["link", "default", "--template", directory.path + "/none.json"])
        #expect(missing.code == 2)
        #expect(missing.err.contains("no such file"))
        let broken = await run([
            "link", "default", "--template", try file("{\"object_type\": \"text\"\n\"text\": 1}", in: directory)
        ])
        #expect(broken.code == 2)
        #expect(
            broken.err.hasSuffix(
                "is not valid JSON: line 2, column 1: expected ',' or '}' after the value of \"object_type\"\n"))
        #expect(await run(["link", "default"]).code == 2)
    }

    @Test func standardInputIsReadWithADash() async {
        let result = await run(
            ["link", "default", "--template", "-"], input: Self.textTemplate.split(separator: "\n").map(String.init))
        #expect(result.code == 0, "\(result.err)")
        #expect(result.requests.count == 1)
    }

    @Test func theTenKilobyteRuleUsesWhatKakaoAnswered() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = try file(Self.textTemplate, in: directory)
        let long = String(repeating: "x", count: 10_300)
        let result = await run(
            ["link", "default", "--template", path],
            respond: { _ in
                FakeHTTP.json(200, #"{"template_id":104,"template_msg":{"P":{},"C":{"D":"\#(long)"}}}"#)
            })
        #expect(result.code == 2)
        #expect(result.out.isEmpty)
        let size = ShareMessageSize.measure(
            templateMessage: .object(["P": .object([:]), "C": .object(["D": .string(long)])]), templateID: 104,
            templateArgs: [:], appKey: "rest-key", appVersion: CLI.version,
            extras: ["KA": KakaoAgent.value(version: CLI.version)])
        #expect(result.err.contains("template_msg: the message is \(size) bytes by the Kakao SDK's measure"))
    }

    @Test func openHandsTheURLToTheBrowserAndJSONHasTheValidation() async throws {
        let result = await run([
            "link", "custom", "--template-id", "12345", "--arg", "title=a=b", "--callback", "order=42", "--open",
            "--json"
        ])
        #expect(result.code == 0, "\(result.err)")
        let request = try #require(result.requests.first)
        #expect(request.url == "https://kapi.kakao.com/v2/api/kakaolink/talk/template/validate")
        #expect(request.form.first(named: "template_id") == "12345")
        #expect(request.form.first(named: "template_args") == #"{"title":"a=b"}"#)
        let json = try JSONDecoder().decode(JSONValue.self, from: Data(result.out.utf8))
        #expect(result.opened == [try #require(json["sharer_url"]?.stringValue)])
        #expect(json["opened"] == .bool(true))
        #expect(json["action"] == .string("custom"))
        #expect(json.value(at: "response.template_id") == .number(104))
        #expect(json["message_limit"] == .number(10240))
        let query = FormURLEncoding.decode(String(result.opened[0].split(separator: "?", maxSplits: 1)[1]))
        #expect(query.first(named: "lcba") == #"{"order":"42"}"#)

        let failing = await run(["link", "custom", "--template-id", "12345", "--open"], browserFails: true)
        #expect(failing.code == 0)
        #expect(failing.out.hasPrefix("https://sharer.kakao.com/"))
        #expect(
            failing.err.contains(
                "warning: could not open a browser (there is no display (an SSH or headless session?) and BROWSER is not set); open the URL yourself"
            ))
    }

    @Test(arguments: [
        (["link", "custom"], "needs --template-id N"),
        (["link", "custom", "--template-id", "0"], "--template-id needs a template ID"),
        (["link", "custom", "--template-id", "1", "--arg", "novalue"], "--arg needs KEY=VALUE, not 'novalue'"),
        (["link", "custom", "--template-id", "1", "--arg", "=x"], "--arg needs KEY=VALUE"),
        (
            ["link", "custom", "--template-id", "1", "--callback", "a=1", "--callback", "a=2"],
            "--callback a= is given twice"
        ),
        (["link", "scrap"], "needs --url URL"),
        (["link", "scrap", "--url", "ftp://x"], "--url needs an http or https URL"),
        (["link", "template", "new", "carousel"], "unknown template type 'carousel'"),
        (["link", "image", "scrap", "not a url"], "URL needs an http or https URL"),
        (["talk", "memo"], "needs a message"),
        (["talk", "memo", "--template", "-", "--template-id", "3"], "--template sends a default template")
    ])
    func usageErrorsSendNothing(line: [String], message: String) async {
        let result = await run(
            line,
            respond: { request in
                Issue.record("unexpected \(request.url)")
                return FakeHTTP.json(500, "{}")
            })
        #expect(result.code == 2)
        #expect(result.requests.isEmpty)
        #expect(result.err.contains(message), "\(result.err)")
    }

    @Test func scrapSendsTheURLAndOptionalTemplate() async throws {
        let result = await run(["link", "scrap", "--url", "https://developers.kakao.com", "--template-id", "7"])
        #expect(result.code == 0)
        let request = try #require(result.requests.first)
        #expect(request.url.hasSuffix("/v2/api/kakaolink/talk/template/scrap"))
        #expect(request.form.map(\.0) == ["link_ver", "request_url", "template_id"])
    }

    @Test(arguments: TemplateType.allCases)
    func templateNewPrintsAStarterThatValidates(type: TemplateType) async throws {
        let result = await run(["link", "template", "new", type.rawValue])
        #expect(result.code == 0)
        #expect(result.out == TemplateStarters.text(for: type))
        #expect(TemplateValidator.violations(in: try LenientJSON.parse(result.out)).isEmpty)
        let plain = await run(["link", "template", "new", type.rawValue, "--no-comments"])
        #expect(try JSONDecoder().decode(JSONValue.self, from: Data(plain.out.utf8)) == LenientJSON.parse(result.out))
    }

    @Test func imageUploadChecksSizeAndTypeBeforeSending() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let png = Data(
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [
                0, 0, 2, 128, 0, 0, 1, 224, 8, 2, 0, 0, 0
            ])
        let good = directory.path + "/photo.bin"
        try png.write(to: URL(fileURLWithPath: good))
        let tooBig = directory.path + "/big.png"
        try (png + Data(count: ImageInfo.maximumUploadBytes - png.count + 1)).write(to: URL(fileURLWithPath: tooBig))
        let text = directory.path + "/fake.png"
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: text))

        for (path, message) in [
            (tooBig, "is 2097153 bytes; Kakao takes images of at most 2097152 bytes (2 MB): nothing was sent"),
            (text, "is not a PNG, JPEG or GIF image (judged by its content): nothing was sent"),
            (directory.path + "/none.png", "no such file")
        ] {
            let refused = await run(
                ["link", "image", "upload", path],
                respond: { request in
                    Issue.record("unexpected \(request.url)")
                    return FakeHTTP.json(500, "{}")
                })
            #expect(refused.code == 2)
            #expect(refused.requests.isEmpty)
            #expect(refused.err.contains(message), "\(refused.err)")
        }

        let answer =
            #"{"infos":{"original":{"url":"https://k.kakaocdn.net/dn/a/img.png","content_type":"image/png","length":29,"width":640,"height":480}}}"#
        let uploaded = await run(["link", "image", "upload", good], respond: { _ in FakeHTTP.json(200, answer) })
        #expect(uploaded.code == 0)
        #expect(uploaded.out == "https://k.kakaocdn.net/dn/a/img.png\n")
        let request = try #require(uploaded.requests.first)
        #expect(request.url == "https://kapi.kakao.com/v2/api/talk/message/image/upload")
        #expect(request.headers.value(for: "Authorization") == "KakaoAK rest-key")
        let form = try MultipartForm.parse(
            try #require(request.body), contentType: try #require(request.headers.value(for: "Content-Type")))
        // The name the part gets follows the content, not the file's name.
        #expect(
            form.part(named: "file")
                == MultipartForm.Part(name: "file", filename: "image.png", contentType: "image/png", data: png))
        #expect(form.part(named: "secure_resource")?.data == Data("true".utf8))

        let json = await run(
            ["link", "image", "scrap", "https://example.com/a.png", "--json"],
            respond: { _ in FakeHTTP.json(200, answer) })
        #expect(
            try JSONDecoder().decode(JSONValue.self, from: Data(json.out.utf8))
                == .object([
                    "url": .string("https://k.kakaocdn.net/dn/a/img.png"), "content_type": .string("image/png"),
                    "length": .number(29), "width": .number(640), "height": .number(480)
                ]))
        #expect(json.requests.first?.form.first(named: "image_url") == "https://example.com/a.png")
    }

    @Test func memoSendsWithTheUserTokenAndMissingConsentExitsFour() async throws {
        let environment = ["KAUTH_ACCESS_TOKEN": "user-token"]
        let sent = await run(
            ["talk", "memo", "--template-id", "12345", "--arg", "build=42"], environment: environment,
            respond: { _ in FakeHTTP.json(200, #"{"result_code":0}"#) })
        #expect(sent.code == 0)
        #expect(sent.out.isEmpty)
        #expect(sent.err == "Sent the message to your Kakao Talk chat (profile 'default').\n")
        let request = try #require(sent.requests.first)
        #expect(request.url == "https://kapi.kakao.com/v2/api/talk/memo/send")
        #expect(request.headers.value(for: "Authorization") == "Bearer user-token")
        #expect(request.form.map(\.0) == ["template_id", "template_args"])

        let refused = await run(
            ["talk", "memo", "--scrap", "https://developers.kakao.com", "--json"], environment: environment,
            respond: { _ in
                FakeHTTP.json(403, #"{"msg":"insufficient scopes.","code":-402,"required_scopes":["talk_message"]}"#)
            })
        #expect(refused.code == 4)
        let error = try JSONDecoder().decode(JSONValue.self, from: Data(refused.out.utf8))
        #expect(error.value(at: "error.required_scopes") == .array([.string("talk_message")]))
        #expect(
            error.value(at: "error.message")?.stringValue?.contains("run `kauth scopes request talk_message`") == true)
        // A POST that may have sent a message is never retried.
        #expect(refused.requests.count == 1)
    }
}

/// URLs a test browser was asked to open.
private final class OpenedURLs: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    var urls: [String] { lock.withLock { list } }
    func append(_ url: String) { lock.withLock { list.append(url) } }
}
