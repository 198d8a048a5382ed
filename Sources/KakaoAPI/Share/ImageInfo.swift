#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What an image file is, judged by its bytes rather than its name: PNG, JPEG or GIF (the types
/// Kakao's message images take), with the pixel size read from the header.
package struct ImageInfo: Sendable, Equatable {
    package enum Format: String, Sendable, CaseIterable {
        case png, jpeg, gif

        package var mimeType: String { "image/\(rawValue)" }
        /// The file name the upload gives the part, as the iOS SDK does (`image.png`, `image.jpg`).
        package var uploadFilename: String {
            switch self {
            case .png: return "image.png"
            case .jpeg: return "image.jpg"
            case .gif: return "image.gif"
            }
        }
    }

    package var format: Format
    package var width: Int
    package var height: Int

    package init(format: Format, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    /// Most bytes an uploaded image may have (D002: 2 MB).
    package static let maximumUploadBytes = 2 * 1024 * 1024

    /// The format and size of `data`, or nil when it is none of PNG, JPEG and GIF or its header
    /// is cut short.
    package static func sniff(_ data: Data) -> ImageInfo? {
        let bytes = [UInt8](data.prefix(512 * 1024))
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            // The first chunk is IHDR: length (4), "IHDR", width and height big-endian.
            guard bytes.count >= 24, bytes[12..<16].elementsEqual(Array("IHDR".utf8)) else { return nil }
            return ImageInfo(format: .png, width: bigEndian(bytes, 16, 4), height: bigEndian(bytes, 20, 4))
        }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) {
            guard bytes.count >= 10 else { return nil }
            return ImageInfo(
                format: .gif, width: Int(bytes[6]) | Int(bytes[7]) << 8, height: Int(bytes[8]) | Int(bytes[9]) << 8)
        }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            return jpeg(bytes)
        }
        return nil
    }

    /// Walks the JPEG segments to the first start-of-frame (SOF0–SOF15 but DHT, JPG and DAC),
    /// which holds height then width.
    private static func jpeg(_ bytes: [UInt8]) -> ImageInfo? {
        var index = 2
        while index + 4 <= bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF {
                index += 1
                continue
            }
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) {
                index += 2
                continue
            }
            let length = bigEndian(bytes, index + 2, 2)
            guard length >= 2 else { return nil }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard index + 9 <= bytes.count else { return nil }
                return ImageInfo(
                    format: .jpeg, width: bigEndian(bytes, index + 7, 2), height: bigEndian(bytes, index + 5, 2))
            }
            if marker == 0xDA || marker == 0xD9 { return nil }
            index += 2 + length
        }
        return nil
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        bytes[offset..<(offset + count)].reduce(0) { $0 << 8 | Int($1) }
    }
}
