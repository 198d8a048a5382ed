import Foundation
import KAuthBasics
import KAuthCore
import KAuthTestSupport
import KakaoAPI
import Testing

@Suite struct SharerURLTests {
    /// The URL's path and its query, decoded.
    func split(_ url: String) -> (path: String, query: [(String, String)]) {
        let mark = url.firstIndex(of: "?")!
        return (String(url[..<mark]), FormURLEncoding.decode(String(url[url.index(after: mark)...])))
    }

    func json(_ text: String?) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(try #require(text).utf8))
    }

    @Test func aDefaultTemplateTravelsAsAnObjectWithCallbackArgs() throws {
        let template = try TemplateValidator.validate(ShareGuideTemplates.text).get()
        let url = SharerURL.make(
            base: "https://sharer.kakao.com", appKey: "app-key", message: .default(template),
            agent: "sdk/0.1.0 sdk_type/kauth", callbackArgs: ["user_id": "abcd", "product_id": "1234"])
        let (path, query) = split(url)
        #expect(path == "https://sharer.kakao.com/talk/friends/picker/easylink")
        #expect(query.map(\.0) == ["app_key", "validation_action", "validation_params", "ka", "lcba"])
        #expect(query.first(named: "app_key") == "app-key")
        #expect(query.first(named: "validation_action") == "default")
        #expect(
            try json(query.first(named: "validation_params"))
                == .object(["link_ver": .string("4.0"), "template_object": ShareGuideTemplates.text]))
        #expect(query.first(named: "ka") == "sdk/0.1.0 sdk_type/kauth")
        #expect(
            try json(query.first(named: "lcba")) == .object(["user_id": .string("abcd"), "product_id": .string("1234")])
        )
        // Every reserved character is escaped, so no parser reads the JSON differently.
        #expect(!url.contains("{") && !url.contains("\"") && !url.contains(" "))
    }

    @Test func customAndScrapParameters() throws {
        let custom = split(
            SharerURL.make(
                base: "http://127.0.0.1:1", appKey: "k",
                message: .custom(templateID: 12345, args: ["title": "Hi & bye"]), agent: "a"))
        #expect(custom.query.first(named: "validation_action") == "custom")
        #expect(
            try json(custom.query.first(named: "validation_params"))
                == .object([
                    "link_ver": .string("4.0"), "template_id": .number(12345),
                    "template_args": .object(["title": .string("Hi & bye")])
                ]))
        #expect(custom.query.first(named: "lcba") == nil)

        let scrap = split(
            SharerURL.make(
                base: "http://127.0.0.1:1", appKey: "k",
                message: .scrap(url: "https://developers.kakao.com/a?b=c", templateID: nil, args: [:]), agent: "a"))
        #expect(scrap.query.first(named: "validation_action") == "scrap")
        #expect(
            try json(scrap.query.first(named: "validation_params"))
                == .object([
                    "link_ver": .string("4.0"), "request_url": .string("https://developers.kakao.com/a?b=c")
                ]))
    }

    @Test func theAgentNamesKauth() {
        #expect(KakaoAgent.value(version: "1.2.3").hasPrefix("sdk/1.2.3 sdk_type/kauth os/"))
        #expect(KakaoAgent.value(version: "1.2.3").hasSuffix(" origin/kauth app_ver/1.2.3"))
    }

    @Test func validationAndMemoRequestsCarryTheMessage() throws {
        let template = try TemplateValidator.validate(ShareGuideTemplates.text).get()
        let validation = ShareValidationRequest(message: .default(template))
        #expect(validation.path == "/v2/api/kakaolink/talk/template/default")
        #expect(validation.authorization == .appKey)
        #expect(validation.parameters.map(\.0) == ["link_ver", "template_object"])
        #expect(try json(validation.parameters.first(named: "template_object")) == ShareGuideTemplates.text)
        #expect(
            ShareValidationRequest(message: .custom(templateID: 7, args: [:])).path
                == "/v2/api/kakaolink/talk/template/validate")
        #expect(
            ShareValidationRequest(message: .scrap(url: "https://a", templateID: 7, args: ["k": "v"])).parameters.map(
                \.0) == ["link_ver", "request_url", "template_id", "template_args"])

        let memo = TalkMemoRequest(message: .custom(templateID: 7, args: ["k": "v"]))
        #expect(memo.path == "/v2/api/talk/memo/send")
        #expect(memo.authorization == .user)
        #expect(!memo.isIdempotent)
        #expect(memo.parameters.map(\.0) == ["template_id", "template_args"])
        #expect(TalkMemoRequest(message: .default(template)).path == "/v2/api/talk/memo/default/send")
        #expect(
            TalkMemoRequest(message: .scrap(url: "https://a", templateID: nil, args: [:])).path
                == "/v2/api/talk/memo/scrap/send")
    }
}
