import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// The share (Kakao Link) and "send to me" endpoints of Kakao's Talk share and message REST APIs: validation and
// images with the app key (`Authorization: KakaoAK …`, no user), memos with the user's token.

/// `POST /v2/api/kakaolink/talk/template/{default,validate,scrap}` : Kakao checks the
/// message and answers it as `template_msg`. Sending it twice changes nothing.
package struct ShareValidationRequest: APIRequest {
    package typealias Response = ShareValidationResult
    package var message: ShareMessage

    package init(message: ShareMessage) {
        self.message = message
    }

    package var method: String { "POST" }
    package var authorization: APIAuthorization { .appKey }
    package var isIdempotent: Bool { true }

    package var path: String {
        switch message.action {
        case .default: return "/v2/api/kakaolink/talk/template/default"
        case .custom: return "/v2/api/kakaolink/talk/template/validate"
        case .scrap: return "/v2/api/kakaolink/talk/template/scrap"
        }
    }

    package var parameters: [(String, String)] {
        [("link_ver", ShareLinkVersion.current)] + ShareParameters.pairs(for: message)
    }
}

/// The form parameters that name a message, shared by validation and memo requests.
enum ShareParameters {
    static func pairs(for message: ShareMessage) -> [(String, String)] {
        switch message {
        case .default(let template):
            return [("template_object", template.json.jsonText())]
        case .custom(let id, let args):
            var pairs = [("template_id", String(id))]
            if !args.isEmpty { pairs.append(("template_args", argsJSON(args))) }
            return pairs
        case .scrap(let url, let id, let args):
            var pairs = [("request_url", url)]
            if let id { pairs.append(("template_id", String(id))) }
            if !args.isEmpty { pairs.append(("template_args", argsJSON(args))) }
            return pairs
        }
    }

    /// `template_args` and `lcba` are JSON objects of strings on the wire.
    static func argsJSON(_ args: [String: String]) -> String {
        JSONValue.object(args.mapValues(JSONValue.string)).jsonText()
    }
}

/// ValidationResult: `template_id` and `template_msg` always; the rest when Kakao has
/// something to say. Maps are kept as sent (values are strings in practice).
package struct ShareValidationResult: Decodable, Sendable, Equatable {
    package var templateID: Int64
    package var templateArgs: [String: JSONValue]?
    package var templateMessage: JSONValue
    var warningMessages: [String: JSONValue]?
    var argumentMessages: [String: JSONValue]?
    var schemeParams: JSONValue?

    enum CodingKeys: String, CodingKey {
        case templateID = "template_id"
        case templateArgs = "template_args"
        case templateMessage = "template_msg"
        case warningMessages = "warning_msg"
        case argumentMessages = "argument_msg"
        case schemeParams = "scheme_params"
    }

    /// `template_args` as strings.
    package var arguments: [String: String] {
        (templateArgs ?? [:]).mapValues { $0.stringValue ?? $0.jsonText() }
    }

    /// Warnings about the template and the arguments, as `(key, message)` sorted by key.
    package var warnings: [(key: String, message: String)] {
        let all =
            (warningMessages ?? [:]).map { ($0.key, $0.value) }
            + (argumentMessages ?? [:]).map { ("template_args.\($0.key)", $0.value) }
        return all.sorted { $0.0 < $1.0 }.map { (key: $0.0, message: $0.1.stringValue ?? $0.1.jsonText()) }
    }
}

/// `POST /v2/api/talk/message/image/upload` : one image as the multipart part `file`.
package struct ImageUploadRequest: APIRequest {
    package typealias Response = ImageUploadResult
    package var form: MultipartForm

    /// - Parameter secureResource: ask for an https URL (the SDK's default).
    package init(image: Data, format: ImageInfo.Format, boundary: String, secureResource: Bool = true) {
        form = MultipartForm(
            boundary: boundary,
            parts: [
                MultipartForm.Part(
                    name: "file", filename: format.uploadFilename, contentType: format.mimeType, data: image),
                .field("secure_resource", secureResource ? "true" : "false")
            ])
    }

    package var method: String { "POST" }
    package var path: String { "/v2/api/talk/message/image/upload" }
    package var authorization: APIAuthorization { .appKey }
    package var rawBody: (contentType: String, data: Data)? { (form.contentType, form.encoded()) }
}

/// `POST /v2/api/talk/message/image/scrap` : Kakao fetches the image at `image_url`.
struct ImageScrapRequest: APIRequest {
    package typealias Response = ImageUploadResult
    var imageURL: String
    var secureResource: Bool

    init(imageURL: String, secureResource: Bool = true) {
        self.imageURL = imageURL
        self.secureResource = secureResource
    }

    var method: String { "POST" }
    var path: String { "/v2/api/talk/message/image/scrap" }
    var authorization: APIAuthorization { .appKey }
    var isIdempotent: Bool { true }
    var parameters: [(String, String)] {
        [("image_url", imageURL), ("secure_resource", secureResource ? "true" : "false")]
    }
}

/// ImageUploadResult: `{"infos":{"original":{"url","content_type","length","width","height"}}}`.
package struct ImageUploadResult: Decodable, Sendable, Equatable {
    package struct Infos: Decodable, Sendable, Equatable {
        package var original: Original
    }

    package struct Original: Decodable, Sendable, Equatable {
        package var url: String
        package var contentType: String?
        package var length: Int?
        package var width: Int?
        package var height: Int?

        enum CodingKeys: String, CodingKey {
            case url, length, width, height
            case contentType = "content_type"
        }
    }

    package var infos: Infos
}

/// "Send to me": `POST /v2/api/talk/memo/default/send`, `/v2/api/talk/memo/send` or
/// `/v2/api/talk/memo/scrap/send` with the user's token. The user must have agreed to
/// `talk_message` (-402 otherwise). Never retried: a lost answer may mean a sent message.
package struct TalkMemoRequest: APIRequest {
    package typealias Response = TalkMemoResult
    package var message: ShareMessage

    package init(message: ShareMessage) {
        self.message = message
    }

    package var method: String { "POST" }

    package var path: String {
        switch message.action {
        case .default: return "/v2/api/talk/memo/default/send"
        case .custom: return "/v2/api/talk/memo/send"
        case .scrap: return "/v2/api/talk/memo/scrap/send"
        }
    }

    package var parameters: [(String, String)] { ShareParameters.pairs(for: message) }
}

/// `{"result_code": 0}` on success.
package struct TalkMemoResult: Decodable, Sendable, Equatable {
    package var resultCode: Int?

    enum CodingKeys: String, CodingKey {
        case resultCode = "result_code"
    }
}

/// The scope "send to me" needs.
package enum TalkScopes {
    package static let message = "talk_message"
}
