#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension JSONValue {
    /// `data` as JSON, read straight into a `JSONValue`: nil when it is not plain RFC 8259 JSON
    /// in UTF-8, or holds what this reader leaves to JSONDecoder (a repeated member name, a lone
    /// UTF-16 surrogate escape, a number beyond a Double, nesting deeper than 512).
    ///
    /// Why not JSONDecoder: through `init(from:)` it must guess each value's kind, and every
    /// wrong guess is a thrown error; reading the keystore that way was a sixth of a `kauth token`
    /// start. Whatever this reader accepts, JSONDecoder accepts too, with the same value (the
    /// tests compare them), so a caller can hand anything it refuses to JSONDecoder, which then
    /// decides and says why.
    package static func parsing(_ data: Data) -> JSONValue? {
        data.withUnsafeBytes { buffer -> JSONValue? in
            var reader = JSONValueReader(bytes: buffer.bindMemory(to: UInt8.self))
            guard let value = reader.value(depth: 0) else { return nil }
            reader.skipSpace()
            return reader.index == reader.bytes.count ? value : nil
        }
    }
}

private struct JSONValueReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    static let maximumDepth = 512

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipSpace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    mutating func take(_ byte: UInt8) -> Bool {
        guard current == byte else { return false }
        index += 1
        return true
    }

    mutating func literal(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[index + offset] != text.utf8Start[offset] { return false }
        index += count
        return true
    }

    mutating func value(depth: Int) -> JSONValue? {
        guard depth < Self.maximumDepth else { return nil }
        skipSpace()
        switch current {
        case UInt8(ascii: "{"): return object(depth: depth)
        case UInt8(ascii: "["): return array(depth: depth)
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
        case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
        case UInt8(ascii: "n"): return literal("null") ? .null : nil
        default: return number()
        }
    }

    mutating func object(depth: Int) -> JSONValue? {
        index += 1
        var members: [String: JSONValue] = [:]
        skipSpace()
        if take(UInt8(ascii: "}")) { return .object(members) }
        while true {
            skipSpace()
            guard current == UInt8(ascii: "\""), let name = string() else { return nil }
            skipSpace()
            guard take(UInt8(ascii: ":")), let value = value(depth: depth + 1) else { return nil }
            guard members.updateValue(value, forKey: name) == nil else { return nil }
            skipSpace()
            if take(UInt8(ascii: ",")) { continue }
            return take(UInt8(ascii: "}")) ? .object(members) : nil
        }
    }

    mutating func array(depth: Int) -> JSONValue? {
        index += 1
        var items: [JSONValue] = []
        skipSpace()
        if take(UInt8(ascii: "]")) { return .array(items) }
        while true {
            guard let item = value(depth: depth + 1) else { return nil }
            items.append(item)
            skipSpace()
            if take(UInt8(ascii: ",")) { continue }
            return take(UInt8(ascii: "]")) ? .array(items) : nil
        }
    }

    /// A string from its opening quote: escapes resolved, UTF-8 checked.
    mutating func string() -> String? {
        index += 1
        let start = index
        // Most strings have no escape: their bytes are the string.
        while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
            guard byte >= 0x20 else { return nil }
            index += 1
        }
        guard current != nil else { return nil }
        var utf8 = Array(bytes[start..<index])
        while let byte = current {
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(validating: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let escaped = current else { return nil }
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escaped)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = unicodeEscape() else { return nil }
                    utf8.append(contentsOf: UTF8.encode(scalar)!)
                default: return nil
                }
            default:
                guard byte >= 0x20 else { return nil }
                utf8.append(byte)
            }
        }
        return nil
    }

    /// The scalar of a `\u` escape (the `\u` read), a surrogate pair as one; nil for a lone half.
    mutating func unicodeEscape() -> Unicode.Scalar? {
        guard let first = hex4() else { return nil }
        switch first {
        case 0xD800...0xDBFF:
            guard literal("\\u"), let second = hex4(), (0xDC00...0xDFFF).contains(second) else { return nil }
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
        case 0xDC00...0xDFFF: return nil
        default: return Unicode.Scalar(first)
        }
    }

    mutating func hex4() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// RFC 8259's number grammar, read as a Double (nil if it is not finite).
    mutating func number() -> JSONValue? {
        let start = index
        _ = take(UInt8(ascii: "-"))
        if take(UInt8(ascii: "0")) {
            // No digit may follow a leading zero.
        } else {
            guard digits() else { return nil }
        }
        if take(UInt8(ascii: ".")) {
            guard digits() else { return nil }
        }
        if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
            if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
            guard digits() else { return nil }
        }
        if let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { return nil }
        guard let number = Double(String(decoding: bytes[start..<index], as: UTF8.self)), number.isFinite
        else { return nil }
        return .number(number)
    }

    /// One or more decimal digits.
    mutating func digits() -> Bool {
        let start = index
        while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
        return index > start
    }
}
