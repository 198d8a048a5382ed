/// Base64 with the URL- and filename-safe alphabet (RFC 4648 §5), without padding, as JOSE
/// (RFC 7515 §2) and PKCE (RFC 7636 Appendix A) use it.
///
/// Written out rather than built on `Data.base64EncodedString()` plus character swaps so that
/// decoding is strict: anything but the 64 alphabet characters (and correct trailing `=`) is
/// rejected instead of being skipped, and non-zero leftover bits are rejected too, so each byte
/// string has exactly one accepted encoding and encoded values can be compared as strings.
package enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    private static let decodeTable: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, character) in alphabet.enumerated() {
            table[Int(character)] = UInt8(index)
        }
        return table
    }()

    /// Whether `text` is 1 to `maximumLength` characters of the base64url alphabet, no padding:
    /// the shape of identifiers such as Kakao's friend uuids.
    package static func isIdentifier(_ text: String, maximumLength: Int) -> Bool {
        (1...maximumLength).contains(text.utf8.count) && text.utf8.allSatisfy { decodeTable[Int($0)] != 0xFF }
    }

    /// The unpadded base64url text of `bytes`.
    package static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index + 3 <= bytes.count {
            let chunk = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            output.append(alphabet[Int(chunk >> 18 & 0x3F)])
            output.append(alphabet[Int(chunk >> 12 & 0x3F)])
            output.append(alphabet[Int(chunk >> 6 & 0x3F)])
            output.append(alphabet[Int(chunk & 0x3F)])
            index += 3
        }
        switch bytes.count - index {
        case 1:
            let chunk = UInt32(bytes[index]) << 16
            output.append(alphabet[Int(chunk >> 18 & 0x3F)])
            output.append(alphabet[Int(chunk >> 12 & 0x3F)])
        case 2:
            let chunk = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
            output.append(alphabet[Int(chunk >> 18 & 0x3F)])
            output.append(alphabet[Int(chunk >> 12 & 0x3F)])
            output.append(alphabet[Int(chunk >> 6 & 0x3F)])
        default:
            break
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes of `text`, or nil when it is not base64url.
    ///
    /// Padding is optional (JOSE omits it, some servers send it); when present it must be exactly
    /// what completes the last quantum. Whitespace, `+`, `/` and other characters are rejected.
    package static func decode(_ text: String) -> [UInt8]? {
        var characters = Array(text.utf8)
        if characters.count % 4 == 0, let firstPad = characters.firstIndex(of: UInt8(ascii: "=")) {
            let padding = characters.count - firstPad
            guard padding <= 2, characters[firstPad...].allSatisfy({ $0 == UInt8(ascii: "=") }) else { return nil }
            characters.removeLast(padding)
            // "xx==" and "xxx=" are the only padded shapes; "====" or "x===" are not base64.
            guard characters.count % 4 == 4 - padding else { return nil }
        }
        if characters.count % 4 == 1 { return nil }

        var output: [UInt8] = []
        output.reserveCapacity(characters.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for character in characters {
            let value = decodeTable[Int(character)]
            guard value != 0xFF else { return nil }
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
                accumulator &= (1 << UInt32(bits)) - 1
            }
        }
        // Leftover bits must be zero, or two different texts would decode to the same bytes.
        guard accumulator == 0 else { return nil }
        return output
    }
}
