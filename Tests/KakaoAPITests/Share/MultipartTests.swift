import Foundation
import KAuthCore
import KAuthTestSupport
import KakaoAPI
import Testing

@Suite struct MultipartTests {
    @Test func encodingFollowsRFC7578() {
        let form = MultipartForm(
            boundary: "XyZ",
            parts: [
                MultipartForm.Part(
                    name: "file", filename: "image.png", contentType: "image/png", data: Data([0x89, 0x0D, 0x0A, 0x00])),
                .field("secure_resource", "true")
            ])
        #expect(form.contentType == "multipart/form-data; boundary=XyZ")
        let expected = Data(
            Array(
                "--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"image.png\"\r\nContent-Type: image/png\r\n\r\n"
                    .utf8) + [0x89, 0x0D, 0x0A, 0x00]
                + Array(
                    "\r\n--XyZ\r\nContent-Disposition: form-data; name=\"secure_resource\"\r\n\r\ntrue\r\n--XyZ--\r\n"
                        .utf8))
        #expect(form.encoded() == expected)
    }

    @Test func quotesInNamesAreEscaped() {
        let form = MultipartForm(
            boundary: "b", parts: [MultipartForm.Part(name: "a\"b", filename: "x\ny", data: Data())])
        #expect(String(decoding: form.encoded(), as: UTF8.self).contains("name=\"a%22b\"; filename=\"x%0Ay\""))
    }
}
