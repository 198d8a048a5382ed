#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The share (Kakao Link) and "send to me" endpoints (`spec/kakao-rest.md` §8): validation and
// images with the app key (`Authorization: KakaoAK …`, no user), memos with the user's token.

/// `POST /v2/api/kakaolink/talk/template/{default,validate,scrap}` (§8.1): Kakao checks the
/// message and answers it as `template_msg`. Sending it twice changes nothing.
public struct ShareValidationRequest: APIRequest {
    public typealias Response = ShareValidationResult
    public var message: ShareMessage

    public init(message: ShareMessage) {
        self.message = message
    }

    public var method: String { "POST" }
    public var authorization: APIAuthorization { .appKey }
    public var isIdempotent: Bool { true }

    public var path: String {
        switch message.action {
        case .default: return "/v2/api/kakaolink/talk/template/default"
        case .custom: return "/v2/api/kakaolink/talk/template/validate"
        case .scrap: return "/v2/api/kakaolink/talk/template/scrap"
        }
    }

    public var parameters: [(String, String)] {
        [("link_ver", ShareLinkVersion.current)] + ShareParameters.pairs(for: message)
    }
}

/// The form parameters that name a message, shared by validation and memo requests.
public enum ShareParameters {
    public static func pairs(for message: ShareMessage) -> [(String, String)] {
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
    public static func argsJSON(_ args: [String: String]) -> String {
        JSONValue.object(args.mapValues(JSONValue.string)).jsonText()
    }
}

/// ValidationResult (§8.1): `template_id` and `template_msg` always; the rest when Kakao has
/// something to say. Maps are kept as sent (values are strings in practice).
public struct ShareValidationResult: Decodable, Sendable, Equatable {
    public var templateID: Int64
    public var templateArgs: [String: JSONValue]?
    public var templateMessage: JSONValue
    public var warningMessages: [String: JSONValue]?
    public var argumentMessages: [String: JSONValue]?
    public var schemeParams: JSONValue?

    enum CodingKeys: String, CodingKey {
        case templateID = "template_id"
        case templateArgs = "template_args"
        case templateMessage = "template_msg"
        case warningMessages = "warning_msg"
        case argumentMessages = "argument_msg"
        case schemeParams = "scheme_params"
    }

    /// `template_args` as strings.
    public var arguments: [String: String] {
        (templateArgs ?? [:]).mapValues { $0.stringValue ?? $0.jsonText() }
    }

    /// Warnings about the template and the arguments, as `(key, message)` sorted by key.
    public var warnings: [(key: String, message: String)] {
        let all = (warningMessages ?? [:]).map { ($0.key, $0.value) } + (argumentMessages ?? [:]).map { ("template_args.\($0.key)", $0.value) }
        return all.sorted { $0.0 < $1.0 }.map { (key: $0.0, message: $0.1.stringValue ?? $0.1.jsonText()) }
    }
}

/// `POST /v2/api/talk/message/image/upload` (§8.4): one image as the multipart part `file`.
public struct ImageUploadRequest: APIRequest {
    public typealias Response = ImageUploadResult
    public var form: MultipartForm

    /// - Parameter secureResource: ask for an https URL (the SDK's default).
    public init(image: Data, format: ImageInfo.Format, boundary: String, secureResource: Bool = true) {
        form = MultipartForm(boundary: boundary, parts: [
            MultipartForm.Part(name: "file", filename: format.uploadFilename, contentType: format.mimeType, data: image),
            .field("secure_resource", secureResource ? "true" : "false"),
        ])
    }

    public var method: String { "POST" }
    public var path: String { "/v2/api/talk/message/image/upload" }
    public var authorization: APIAuthorization { .appKey }
    public var rawBody: (contentType: String, data: Data)? { (form.contentType, form.encoded()) }
}

/// `POST /v2/api/talk/message/image/scrap` (§8.4): Kakao fetches the image at `image_url`.
public struct ImageScrapRequest: APIRequest {
    public typealias Response = ImageUploadResult
    public var imageURL: String
    public var secureResource: Bool

    public init(imageURL: String, secureResource: Bool = true) {
        self.imageURL = imageURL
        self.secureResource = secureResource
    }

    public var method: String { "POST" }
    public var path: String { "/v2/api/talk/message/image/scrap" }
    public var authorization: APIAuthorization { .appKey }
    public var isIdempotent: Bool { true }
    public var parameters: [(String, String)] {
        [("image_url", imageURL), ("secure_resource", secureResource ? "true" : "false")]
    }
}

/// ImageUploadResult: `{"infos":{"original":{"url","content_type","length","width","height"}}}`.
public struct ImageUploadResult: Decodable, Sendable, Equatable {
    public struct Infos: Decodable, Sendable, Equatable {
        public var original: Original
    }

    public struct Original: Decodable, Sendable, Equatable {
        public var url: String
        public var contentType: String?
        public var length: Int?
        public var width: Int?
        public var height: Int?

        enum CodingKeys: String, CodingKey {
            case url, length, width, height
            case contentType = "content_type"
        }
    }

    public var infos: Infos
}

/// "Send to me": `POST /v2/api/talk/memo/default/send`, `/v2/api/talk/memo/send` or
/// `/v2/api/talk/memo/scrap/send` with the user's token. The user must have agreed to
/// `talk_message` (-402 otherwise). Never retried: a lost answer may mean a sent message.
public struct TalkMemoRequest: APIRequest {
    public typealias Response = TalkMemoResult
    public var message: ShareMessage

    public init(message: ShareMessage) {
        self.message = message
    }

    public var method: String { "POST" }

    public var path: String {
        switch message.action {
        case .default: return "/v2/api/talk/memo/default/send"
        case .custom: return "/v2/api/talk/memo/send"
        case .scrap: return "/v2/api/talk/memo/scrap/send"
        }
    }

    public var parameters: [(String, String)] { ShareParameters.pairs(for: message) }
}

/// `{"result_code": 0}` on success.
public struct TalkMemoResult: Decodable, Sendable, Equatable {
    public var resultCode: Int?

    enum CodingKeys: String, CodingKey {
        case resultCode = "result_code"
    }
}

/// The scope "send to me" needs.
public enum TalkScopes {
    public static let message = "talk_message"
}
