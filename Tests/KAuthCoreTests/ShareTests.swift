import Foundation
import KAuthCore
import KAuthTestSupport
import Testing

@Suite struct ShareMessageSizeTests {
    let message: JSONValue = .object(["P": .object(["TP": .string("text")]), "C": .object(["T": .string("a/b")])])

    @Test func theSDKsObjectIsMeasuredAsJSONSerializationWritesIt() {
        let size = ShareMessageSize.measure(templateMessage: message, templateID: 100, templateArgs: [:], appKey: "k", appVersion: "0.1.0", extras: ["KA": "x"])
        // Compact, `/` escaped as JSONSerialization does, `ta` left out when there are no arguments.
        #expect(size == #"{"ak":"k","av":"0.1.0","c":{"T":"a\/b"},"extras":{"KA":"x"},"lv":"4.0","p":{"TP":"text"},"ti":"100"}"#.utf8.count)
        let withArgs = ShareMessageSize.measure(templateMessage: message, templateID: 100, templateArgs: ["é": "1"], appKey: "k", appVersion: "0.1.0", extras: ["KA": "x"])
        #expect(withArgs == size + #","ta":{"é":"1"}"#.utf8.count)
    }

    @Test func tenKilobytesOrMoreIsRefusedWithTheMeasuredSize() {
        func size(_ padding: Int) -> Int {
            let padded: JSONValue = .object(["P": .object([:]), "C": .object(["D": .string(String(repeating: "a", count: padding))])])
            return ShareMessageSize.measure(templateMessage: padded, templateID: 1, templateArgs: [:], appKey: "key", appVersion: "0.1.0", extras: [:])
        }
        let fits = size(10239 - size(0))
        #expect(fits == 10239)
        #expect(ShareMessageSize.violation(size: fits) == nil)
        let over = size(10240 - size(0))
        #expect(over == 10240)
        let violation = ShareMessageSize.violation(size: over)
        #expect(violation?.path == "template_msg")
        #expect(violation?.message.hasPrefix("the message is 10240 bytes by the Kakao SDK's measure; Kakao Talk takes less than 10240 (10 KB)") == true)
    }
}

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
        let template = try TemplateValidator.validate(SeedTemplates.text).get()
        let url = SharerURL.make(base: "https://sharer.kakao.com", appKey: "app-key", message: .default(template), agent: "sdk/0.1.0 sdk_type/kauth", callbackArgs: ["user_id": "abcd", "product_id": "1234"])
        let (path, query) = split(url)
        #expect(path == "https://sharer.kakao.com/talk/friends/picker/easylink")
        #expect(query.map(\.0) == ["app_key", "validation_action", "validation_params", "ka", "lcba"])
        #expect(query.first(named: "app_key") == "app-key")
        #expect(query.first(named: "validation_action") == "default")
        #expect(try json(query.first(named: "validation_params")) == .object(["link_ver": .string("4.0"), "template_object": SeedTemplates.text]))
        #expect(query.first(named: "ka") == "sdk/0.1.0 sdk_type/kauth")
        #expect(try json(query.first(named: "lcba")) == .object(["user_id": .string("abcd"), "product_id": .string("1234")]))
        // Every reserved character is escaped, so no parser reads the JSON differently.
        #expect(!url.contains("{") && !url.contains("\"") && !url.contains(" "))
    }

    @Test func customAndScrapParameters() throws {
        let custom = split(SharerURL.make(base: "http://127.0.0.1:1", appKey: "k", message: .custom(templateID: 12345, args: ["title": "Hi & bye"]), agent: "a"))
        #expect(custom.query.first(named: "validation_action") == "custom")
        #expect(try json(custom.query.first(named: "validation_params")) == .object([
            "link_ver": .string("4.0"), "template_id": .number(12345), "template_args": .object(["title": .string("Hi & bye")]),
        ]))
        #expect(custom.query.first(named: "lcba") == nil)

        let scrap = split(SharerURL.make(base: "http://127.0.0.1:1", appKey: "k", message: .scrap(url: "https://developers.kakao.com/a?b=c", templateID: nil, args: [:]), agent: "a"))
        #expect(scrap.query.first(named: "validation_action") == "scrap")
        #expect(try json(scrap.query.first(named: "validation_params")) == .object([
            "link_ver": .string("4.0"), "request_url": .string("https://developers.kakao.com/a?b=c"),
        ]))
    }

    @Test func theAgentNamesKauth() {
        #expect(KakaoAgent.value(version: "1.2.3").hasPrefix("sdk/1.2.3 sdk_type/kauth os/"))
        #expect(KakaoAgent.value(version: "1.2.3").hasSuffix(" origin/kauth app_ver/1.2.3"))
    }

    @Test func validationAndMemoRequestsCarryTheMessage() throws {
        let template = try TemplateValidator.validate(SeedTemplates.text).get()
        let validation = ShareValidationRequest(message: .default(template))
        #expect(validation.path == "/v2/api/kakaolink/talk/template/default")
        #expect(validation.authorization == .appKey)
        #expect(validation.parameters.map(\.0) == ["link_ver", "template_object"])
        #expect(try json(validation.parameters.first(named: "template_object")) == SeedTemplates.text)
        #expect(ShareValidationRequest(message: .custom(templateID: 7, args: [:])).path == "/v2/api/kakaolink/talk/template/validate")
        #expect(ShareValidationRequest(message: .scrap(url: "https://a", templateID: 7, args: ["k": "v"])).parameters.map(\.0) == ["link_ver", "request_url", "template_id", "template_args"])

        let memo = TalkMemoRequest(message: .custom(templateID: 7, args: ["k": "v"]))
        #expect(memo.path == "/v2/api/talk/memo/send")
        #expect(memo.authorization == .user)
        #expect(!memo.isIdempotent)
        #expect(memo.parameters.map(\.0) == ["template_id", "template_args"])
        #expect(TalkMemoRequest(message: .default(template)).path == "/v2/api/talk/memo/default/send")
        #expect(TalkMemoRequest(message: .scrap(url: "https://a", templateID: nil, args: [:])).path == "/v2/api/talk/memo/scrap/send")
    }
}

@Suite struct MultipartTests {
    @Test func encodingFollowsRFC7578() {
        let form = MultipartForm(boundary: "XyZ", parts: [
            MultipartForm.Part(name: "file", filename: "image.png", contentType: "image/png", data: Data([0x89, 0x0D, 0x0A, 0x00])),
            .field("secure_resource", "true"),
        ])
        #expect(form.contentType == "multipart/form-data; boundary=XyZ")
        let expected = Data(Array("--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"image.png\"\r\nContent-Type: image/png\r\n\r\n".utf8) + [0x89, 0x0D, 0x0A, 0x00]
            + Array("\r\n--XyZ\r\nContent-Disposition: form-data; name=\"secure_resource\"\r\n\r\ntrue\r\n--XyZ--\r\n".utf8))
        #expect(form.encoded() == expected)
    }

    @Test func quotesInNamesAreEscaped() {
        let form = MultipartForm(boundary: "b", parts: [MultipartForm.Part(name: "a\"b", filename: "x\ny", data: Data())])
        #expect(String(decoding: form.encoded(), as: UTF8.self).contains("name=\"a%22b\"; filename=\"x%0Ay\""))
    }
}

@Suite struct ImageInfoTests {
    @Test func formatsAndSizesComeFromTheBytes() {
        #expect(ImageInfo.sniff(TestImages.png(width: 640, height: 480)) == ImageInfo(format: .png, width: 640, height: 480))
        #expect(ImageInfo.sniff(TestImages.gif(width: 300, height: 2)) == ImageInfo(format: .gif, width: 300, height: 2))
        #expect(ImageInfo.sniff(TestImages.jpeg(width: 1024, height: 768)) == ImageInfo(format: .jpeg, width: 1024, height: 768))
    }

    @Test func otherBytesAreNotImages() {
        #expect(ImageInfo.sniff(Data("GIF8".utf8)) == nil)
        #expect(ImageInfo.sniff(Data("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)) == nil)
        #expect(ImageInfo.sniff(TestImages.png(width: 1, height: 1).prefix(20)) == nil)
        #expect(ImageInfo.sniff(Data([0xFF, 0xD8, 0xFF, 0xD9])) == nil)
        #expect(ImageInfo.sniff(Data()) == nil)
    }

    @Test func uploadNamesFollowTheSDK() {
        #expect(ImageInfo.Format.png.uploadFilename == "image.png")
        #expect(ImageInfo.Format.jpeg.uploadFilename == "image.jpg")
        #expect(ImageInfo.Format.jpeg.mimeType == "image/jpeg")
        #expect(ImageInfo.maximumUploadBytes == 2_097_152)
    }
}
