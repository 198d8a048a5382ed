import Foundation
import KAuthBasics
import KAuthCore
import KAuthSandbox
import KAuthTestSupport
import KakaoAPI
import Testing

/// The sandbox's share, image and memo endpoints, called in-process as a client would.
private struct ShareSandbox {
    let clock = TestClock()
    let provider: SandboxProvider
    static let verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
    static let challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"

    init(_ configuration: SandboxConfiguration = SandboxConfiguration()) throws {
        provider = try SandboxProvider(configuration: configuration, clock: clock.clock, random: .seeded(7))
    }

    func request(
        _ method: String, _ path: String, form: [(String, String)] = [], query: [(String, String)] = [],
        authorization: String? = "KakaoAK app-key", contentType: String? = nil, body: Data? = nil
    ) -> HTTPServerResponse {
        var headers: [HTTPHeader] = []
        if let authorization { headers.append(HTTPHeader("Authorization", authorization)) }
        var data = Data()
        if let body {
            data = body
            headers.append(HTTPHeader("Content-Type", contentType ?? "application/octet-stream"))
        } else if !form.isEmpty {
            data = Data(FormURLEncoding.encode(form).utf8)
            headers.append(HTTPHeader("Content-Type", "application/x-www-form-urlencoded;charset=utf-8"))
        }
        let target = query.isEmpty ? path : path + "?" + FormURLEncoding.encode(query)
        return provider.handle(HTTPServerRequest(method: method, target: target, headers: headers, body: data))
    }

    /// A login through authorize and token; the access token.
    func login(scopes: String? = nil) throws -> String {
        var query = [
            ("client_id", "app-key"), ("redirect_uri", "http://127.0.0.1:5000/callback"), ("response_type", "code"),
            ("state", "s"), ("code_challenge", Self.challenge), ("code_challenge_method", "S256")
        ]
        if let scopes { query.append(("scope", scopes)) }
        let redirect = request("GET", "/oauth/authorize", query: query, authorization: nil)
        let location = try #require(redirect.headers.value(for: "Location"))
        let code = try #require(FormURLEncoding.decode(String(location.split(separator: "?")[1])).first(named: "code"))
        let token = request(
            "POST", "/oauth/token",
            form: [
                ("grant_type", "authorization_code"), ("client_id", "app-key"),
                ("redirect_uri", "http://127.0.0.1:5000/callback"),
                ("code", code), ("code_verifier", Self.verifier)
            ], authorization: nil)
        return try #require(json(token)["access_token"]?.stringValue)
    }

    func control(_ path: String) throws -> [JSONValue] {
        guard case .array(let items) = try json(request("GET", path, authorization: nil)) else { return [] }
        return items
    }
}

private func json(_ response: HTTPServerResponse) throws -> JSONValue {
    try JSONDecoder().decode(JSONValue.self, from: response.body)
}

private func templateText(_ json: JSONValue) -> String { json.jsonText() }

@Suite struct SandboxShareTests {
    let validate = "/v2/api/kakaolink/talk/template/default"

    @Test func aDefaultTemplateIsValidatedIntoATemplateMessageBuiltFromIt() throws {
        let sandbox = try ShareSandbox()
        let response = sandbox.request(
            "POST", validate, form: [("link_ver", "4.0"), ("template_object", templateText(ShareGuideTemplates.text))])
        #expect(response.status == 200)
        let body = try json(response)
        #expect(body["template_id"] == .number(104))
        #expect(body.value(at: "template_msg.P.TP") == .string("text"))
        var content = ShareGuideTemplates.text
        if case .object(var members) = content {
            members["object_type"] = nil
            content = .object(members)
        }
        #expect(body.value(at: "template_msg.C") == content)
        #expect(body["warning_msg"] == nil)
        // Flutter sends the same as a GET query.
        let viaQuery = sandbox.request(
            "GET", validate, query: [("link_ver", "4.0"), ("template_object", templateText(ShareGuideTemplates.text))])
        #expect(viaQuery.status == 200)
        #expect(try json(viaQuery) == body)
    }

    @Test func theAppKeyIsRequired() throws {
        let sandbox = try ShareSandbox(SandboxConfiguration(clientID: "app-key"))
        let form = [("link_ver", "4.0"), ("template_object", templateText(ShareGuideTemplates.text))]
        for authorization in [nil, "Bearer app-key", "KakaoAK other-key", "KakaoAK "] as [String?] {
            let response = sandbox.request("POST", validate, form: form, authorization: authorization)
            #expect(response.status == 401)
            #expect(try json(response)["code"] == .number(-401))
        }
        #expect(sandbox.request("POST", validate, form: form).status == 200)
    }

    @Test func invalidTemplatesAndParametersAreMinusTwo() throws {
        let sandbox = try ShareSandbox()
        let broken = ShareGuideTemplates.feed.setting("content.link", nil).setting(
            "buttons.2", .object(["title": .string("x"), "link": .object([:])]))
        let cases: [([(String, String)], String)] = [
            (
                [("link_ver", "4.0"), ("template_object", templateText(broken))],
                "invalid template_object: content.link: must not be null; buttons: size must be between 0 and 2"
            ),
            ([("template_object", templateText(ShareGuideTemplates.text))], "link_ver must be 4.0"),
            ([("link_ver", "4.0")], "template_object is required"),
            ([("link_ver", "4.0"), ("template_object", "{")], "template_object is not a JSON object"),
            ([("link_ver", "4.0"), ("link_ver", "4.0")], "link_ver is sent more than once")
        ]
        for (form, message) in cases {
            let response = sandbox.request("POST", validate, form: form)
            #expect(response.status == 400)
            #expect(try json(response) == .object(["msg": .string(message), "code": .number(-2)]))
        }
    }

    @Test func customTemplatesMustExistAndUnusedArgumentsAreReported() throws {
        let sandbox = try ShareSandbox()
        let path = "/v2/api/kakaolink/talk/template/validate"
        let unknown = sandbox.request("POST", path, form: [("link_ver", "4.0"), ("template_id", "999")])
        #expect(try json(unknown)["msg"] == .string("template_id 999 is not a template of this app"))
        let response = sandbox.request(
            "POST", path,
            form: [("link_ver", "4.0"), ("template_id", "12345"), ("template_args", #"{"title":"Hi","colour":"red"}"#)])
        #expect(response.status == 200)
        let body = try json(response)
        #expect(body["template_id"] == .number(12345))
        #expect(body["template_args"] == .object(["title": .string("Hi"), "colour": .string("red")]))
        #expect(
            body.value(at: "argument_msg.colour") == .string("template 12345 has no ${colour}; the value is not shown"))
        let badArgs = sandbox.request(
            "POST", path, form: [("link_ver", "4.0"), ("template_id", "12345"), ("template_args", #"{"n":1}"#)])
        #expect(try json(badArgs)["msg"] == .string("template_args.n must be a string"))
    }

    @Test func linksOutsideTheRegisteredDomainsAreWarnings() throws {
        let sandbox = try ShareSandbox()
        let template = ShareGuideTemplates.text.setting("link.web_url", .string("https://elsewhere.org/x"))
        let body = try json(
            sandbox.request("POST", validate, form: [("link_ver", "4.0"), ("template_object", templateText(template))]))
        #expect(
            body["warning_msg"]
                == .object([
                    "link.web_url": .string(
                        "the domain of https://elsewhere.org/x is not registered for this app (Kakao console > Platform > Web)"
                    )
                ]))
        let scrap = try json(
            sandbox.request(
                "POST", "/v2/api/kakaolink/talk/template/scrap",
                form: [("link_ver", "4.0"), ("request_url", "https://sub.example.com/page")]))
        #expect(scrap["warning_msg"] == nil)
        #expect(scrap.value(at: "template_msg.C.TI") == .string("sub.example.com"))
    }

    @Test func theSharerPageRecordsItsQuery() throws {
        let sandbox = try ShareSandbox()
        let template = try TemplateValidator.validate(ShareGuideTemplates.text).get()
        let url = SharerURL.make(
            base: "", appKey: "app-key", message: .default(template), agent: "sdk/x", callbackArgs: ["id": "7"])
        let page = sandbox.request("GET", url, authorization: nil)
        #expect(page.status == 200)
        #expect(String(decoding: page.body, as: UTF8.self).contains("pick friends or chats"))
        let bad = sandbox.request(
            "GET", SharerURL.path,
            query: [
                ("app_key", "app-key"), ("validation_action", "default"),
                ("validation_params", #"{"link_ver":"4.0","template_object":{"object_type":"text"}}"#)
            ], authorization: nil)
        #expect(bad.status == 400)
        let visits = try sandbox.control("/_sandbox/sharer-visits")
        #expect(visits.count == 2)
        #expect(visits[0]["app_key"] == .string("app-key"))
        #expect(visits[0]["validation_action"] == .string("default"))
        #expect(
            visits[0]["validation_params"]
                == .object(["link_ver": .string("4.0"), "template_object": ShareGuideTemplates.text]))
        #expect(visits[0]["lcba"] == .object(["id": .string("7")]))
        #expect(visits[0]["ka"] == .string("sdk/x"))
        #expect(visits[0]["status"] == .number(200))
        #expect(visits[1]["status"] == .number(400))
        #expect(
            visits[1]["error"] == .string("invalid template_object: text: must not be null; link: must not be null"))
        #expect(sandbox.request("POST", "/_sandbox/sharer-visits", authorization: nil).status == 405)
    }

    @Test func imagesAreCheckedForSizeAndType() throws {
        let sandbox = try ShareSandbox()
        func upload(_ data: Data) -> HTTPServerResponse {
            let form = MultipartForm(
                boundary: "bnd",
                parts: [MultipartForm.Part(name: "file", filename: "image.png", contentType: "image/png", data: data)])
            return sandbox.request(
                "POST", "/v2/api/talk/message/image/upload", contentType: form.contentType, body: form.encoded())
        }
        let image = TestImages.png(width: 640, height: 320)
        let ok = try json(upload(image))
        let url = try #require(ok.value(at: "infos.original.url")?.stringValue)
        #expect(url.hasPrefix("https://k.kakaocdn.net/dn/sandbox/"))
        #expect(
            ok.value(at: "infos.original")
                == .object([
                    "url": .string(url), "content_type": .string("image/png"), "length": .number(Double(image.count)),
                    "width": .number(640), "height": .number(320)
                ]))
        let limit = ImageInfo.maximumUploadBytes
        #expect(upload(TestImages.png(width: 1, height: 1, padding: limit - image.count)).status == 200)
        let tooLarge = upload(TestImages.png(width: 1, height: 1, padding: limit - image.count + 1))
        #expect(tooLarge.status == 400)
        #expect(try json(tooLarge)["code"] == .number(-602))
        let notImage = upload(Data("<svg/>".utf8))
        #expect(
            try json(notImage) == .object(["msg": .string("file is not a PNG, JPEG or GIF image"), "code": .number(-2)])
        )
        let noFile = sandbox.request("POST", "/v2/api/talk/message/image/upload", form: [("file", "x")])
        #expect(try json(noFile)["code"] == .number(-2))
        // Scraping an uploaded image's URL answers that image; other URLs a fixed one.
        let scrapped = try json(sandbox.request("POST", "/v2/api/talk/message/image/scrap", form: [("image_url", url)]))
        #expect(scrapped == ok)
        let other = try json(
            sandbox.request(
                "POST", "/v2/api/talk/message/image/scrap",
                form: [("image_url", "https://example.com/a.gif"), ("secure_resource", "false")]))
        #expect(other.value(at: "infos.original.content_type") == .string("image/gif"))
        #expect(other.value(at: "infos.original.url")?.stringValue?.hasPrefix("http://k.kakaocdn.net/") == true)
        #expect(
            sandbox.request("POST", "/v2/api/talk/message/image/scrap", form: [("image_url", "file:///etc/passwd")])
                .status == 400)
    }

    @Test func memosNeedTalkMessageAndAreKept() throws {
        let sandbox = try ShareSandbox()
        let form = [("template_object", templateText(ShareGuideTemplates.text))]
        let path = "/v2/api/talk/memo/default/send"
        #expect(sandbox.request("POST", path, form: form, authorization: nil).status == 401)

        let without = try sandbox.login()
        let refused = sandbox.request("POST", path, form: form, authorization: "Bearer \(without)")
        #expect(refused.status == 403)
        let body = try json(refused)
        #expect(body["code"] == .number(-402))
        #expect(body["required_scopes"] == .array([.string("talk_message")]))
        #expect(body["api_type"] == .string("TALK_MEMO_DEFAULT_SEND"))

        let with = try sandbox.login(scopes: "talk_message")
        let sent = sandbox.request("POST", path, form: form, authorization: "Bearer \(with)")
        #expect(sent.status == 200)
        #expect(try json(sent) == .object(["result_code": .number(0)]))
        #expect(
            sandbox.request(
                "POST", "/v2/api/talk/memo/send",
                form: [("template_id", "12345"), ("template_args", #"{"title":"build 7"}"#)],
                authorization: "Bearer \(with)"
            ).status == 200)
        #expect(
            sandbox.request(
                "POST", "/v2/api/talk/memo/scrap/send", form: [("request_url", "https://developers.kakao.com")],
                authorization: "Bearer \(with)"
            ).status == 200)
        let invalid = sandbox.request(
            "POST", path, form: [("template_object", "{\"object_type\":\"text\"}")], authorization: "Bearer \(with)")
        #expect(invalid.status == 400)

        let memos = try sandbox.control("/_sandbox/memos")
        #expect(memos.count == 3)
        #expect(memos[0]["action"] == .string("default"))
        #expect(memos[0]["template_object"] == ShareGuideTemplates.text)
        #expect(memos[0]["user_id"] == .number(4_242_424_242))
        #expect(memos[1]["template_id"] == .number(12345))
        #expect(memos[1]["template_args"] == .object(["title": .string("build 7")]))
        #expect(memos[2]["request_url"] == .string("https://developers.kakao.com"))
    }
}
