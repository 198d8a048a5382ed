import KAuthBasics
import KAuthCore
import KakaoAPI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The image APIs of Kakao Talk share: upload and scrap, with
/// `Authorization: KakaoAK {app key}`. Images are kept in `SandboxShareRecords`, not stored.
extension SandboxEngine {
    /// `POST /v2/api/talk/message/image/upload`: multipart part `file`, at most 2 MB
    /// (-602 over it), a PNG, JPEG or GIF judged by its bytes (-2 otherwise).
    mutating func imageUpload(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        guard request.method == "POST" else { return Self.methodNotAllowed(&entry) }
        if case .failure(let unauthorized) = authenticateApp(request, &entry) { return unauthorized.response }
        let form: MultipartForm
        do {
            form = try MultipartForm.parse(request.body, contentType: request.headers.value(for: "Content-Type") ?? "")
        } catch {
            return Self.apiError(400, -2, "a multipart/form-data body is required: \(error)", &entry)
        }
        guard let file = form.part(named: "file") else {
            return Self.apiError(400, -2, "the multipart part 'file' is required", &entry)
        }
        guard file.data.count <= ImageInfo.maximumUploadBytes else {
            return Self.apiError(
                400, -602, "image size exceeds the limit of \(ImageInfo.maximumUploadBytes) bytes (2 MB)", &entry)
        }
        guard let info = ImageInfo.sniff(file.data) else {
            return Self.apiError(400, -2, "file is not a PNG, JPEG or GIF image", &entry)
        }
        let secureText =
            form.part(named: "secure_resource").map { String(decoding: $0.data, as: UTF8.self) }
            ?? request.query.first(named: "secure_resource")
        let image = SandboxImage(
            url: imageURL(secure: secureText?.lowercased() != "false", format: info.format),
            contentType: info.format.mimeType,
            length: file.data.count,
            width: info.width,
            height: info.height
        )
        share.addImage(image)
        return .json(200, image.response.data)
    }

    /// `POST /v2/api/talk/message/image/scrap`: form `image_url`. The sandbox fetches
    /// nothing: the URL of an image uploaded here answers that image; any other http(s) URL a
    /// 640×640 image of 65 536 bytes, its type from the file extension.
    mutating func imageScrap(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        guard request.method == "POST" else { return Self.methodNotAllowed(&entry) }
        if case .failure(let unauthorized) = authenticateApp(request, &entry) { return unauthorized.response }
        let parameters = request.form + request.query
        guard let url = parameters.first(named: "image_url"), Self.webHost(url) != nil else {
            return Self.apiError(400, -2, "image_url must be an http or https URL", &entry)
        }
        if let known = share.images[url] {
            return .json(200, known.response.data)
        }
        let lowered = (URLComponents(string: url)?.path ?? "").lowercased()
        let format: ImageInfo.Format = lowered.hasSuffix(".png") ? .png : lowered.hasSuffix(".gif") ? .gif : .jpeg
        let secure = parameters.first(named: "secure_resource")?.lowercased() != "false"
        let image = SandboxImage(
            url: imageURL(secure: secure, format: format), contentType: format.mimeType, length: 65536, width: 640,
            height: 640)
        share.addImage(image)
        return .json(200, image.response.data)
    }

    /// A Kakao CDN-like URL for a new image.
    private func imageURL(secure: Bool, format: ImageInfo.Format) -> String {
        let id = Base64URL.encode(random.bytes(9))
        let suffix = format.uploadFilename.split(separator: ".").last.map(String.init) ?? "img"
        return "\(secure ? "https" : "http")://k.kakaocdn.net/dn/sandbox/\(id)/kakaolink40_original.\(suffix)"
    }
}
