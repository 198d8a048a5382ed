import Foundation
import KAuthCore
import KAuthTestSupport
import KakaoAPI
import Testing

@Suite struct ImageInfoTests {
    @Test func formatsAndSizesComeFromTheBytes() {
        #expect(
            ImageInfo.sniff(TestImages.png(width: 640, height: 480)) == ImageInfo(format: .png, width: 640, height: 480)
        )
        #expect(
            ImageInfo.sniff(TestImages.gif(width: 300, height: 2)) == ImageInfo(format: .gif, width: 300, height: 2))
        #expect(
            ImageInfo.sniff(TestImages.jpeg(width: 1024, height: 768))
                == ImageInfo(format: .jpeg, width: 1024, height: 768))
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
