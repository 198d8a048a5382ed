import Foundation

/// Test images: just enough header for a format and its size.
package enum TestImages {
    package static func png(width: UInt32, height: UInt32, padding: Int = 0) -> Data {
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            withUnsafeBytes(of: UInt32(data.count).bigEndian, Array.init) + Array(type.utf8) + data + [0, 0, 0, 0]
        }
        let ihdr =
            withUnsafeBytes(of: width.bigEndian, Array.init) + withUnsafeBytes(of: height.bigEndian, Array.init) + [
                8, 2, 0, 0, 0
            ]
        let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + chunk("IEND", [])
        return Data(bytes + [UInt8](repeating: 0, count: padding))
    }

    package static func gif(width: UInt16, height: UInt16) -> Data {
        Data(
            Array("GIF89a".utf8) + withUnsafeBytes(of: width.littleEndian, Array.init)
                + withUnsafeBytes(of: height.littleEndian, Array.init) + [0, 0, 0, 0x3B])
    }

    /// SOI, an APP0 (JFIF) segment, a DQT stub, then SOF2 (progressive) with height and width.
    package static func jpeg(width: UInt16, height: UInt16) -> Data {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        bytes += [0xFF, 0xDB, 0x00, 0x04, 0x00, 0x00]
        bytes +=
            [0xFF, 0xC2, 0x00, 0x11, 0x08] + withUnsafeBytes(of: height.bigEndian, Array.init)
            + withUnsafeBytes(of: width.bigEndian, Array.init)
        bytes += [0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01, 0xFF, 0xD9]
        return Data(bytes)
    }
}
