import Foundation
import KAuthCore
import KAuthSandbox
import KAuthTestSupport
import KakaoAPI
import Testing

/// The sandbox's multipart reader, against what the client's `MultipartForm` writes.
@Suite struct MultipartParsingTests {
    @Test func whatIsEncodedParsesBackByteForByte() throws {
        // Bytes that look like line ends and boundary dashes inside the file must survive.
        let image =
            TestImages.png(width: 3, height: 4) + Data(Array("\r\n--kauth-\r\n--".utf8))
            + Data((0...255).map { UInt8($0) })
        let form = MultipartForm(
            boundary: MultipartForm.randomBoundary(.live),
            parts: [
                MultipartForm.Part(name: "file", filename: "image.png", contentType: "image/png", data: image),
                .field("secure_resource", "false")
            ])
        let parsed = try MultipartForm.parse(form.encoded(), contentType: form.contentType)
        #expect(parsed == form)
        #expect(parsed.part(named: "file")?.data == image)
    }

    @Test func boundariesAreReadFromTheContentType() {
        #expect(MultipartForm.boundary(fromContentType: "multipart/form-data; boundary=abc") == "abc")
        #expect(
            MultipartForm.boundary(fromContentType: "Multipart/Form-Data; charset=utf-8; Boundary=\"a b\"") == "a b")
        #expect(MultipartForm.boundary(fromContentType: "application/x-www-form-urlencoded") == nil)
        #expect(MultipartForm.boundary(fromContentType: "multipart/form-data") == nil)
    }

    @Test(arguments: [
        (
            "--b\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nvalue",
            "the body does not end with the closing boundary"
        ),
        ("hello", "the body does not start with the boundary"),
        ("--b\r\nContent-Type: text/plain\r\n\r\nx\r\n--b--", "a part has no Content-Disposition name"),
        (
            "--b\r\nContent-Disposition: form-data; name=\"a\"\r\nvalue\r\n--b--",
            "a part has no blank line after its headers"
        )
    ])
    func malformedBodiesAreRefused(body: String, reason: String) {
        do {
            _ = try MultipartForm.parse(Data(body.utf8), contentType: "multipart/form-data; boundary=b")
            Issue.record("parsed")
        } catch {
            #expect(error.reason == reason)
        }
    }
}
