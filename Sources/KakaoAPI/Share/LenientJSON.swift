import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A JSON reader for files people write: RFC 8259 plus `//` and `/* */` comments and trailing
/// commas (the "JSON with comments" of editor settings), so that the commented starters of
/// `kauth link template new` can be edited and sent as they are. Syntax errors say where, by line
/// and column; a key given twice in one object is an error rather than a silent choice.
package enum LenientJSON {
    /// Where and why the text is not JSON.
    package struct SyntaxError: Error, Sendable, Equatable {
        package var line: Int
        package var column: Int
        package var reason: Reason
    }

    /// What the reader found wrong at a place of the text.
    package enum Reason: Sendable, Equatable {
        case notUTF8
        case textAfterValue
        case unclosedComment
        case tooDeep(maximum: Int)
        case endOfText
        case singleQuotes
        case expectedValue
        /// A key or `}` was expected, after a `,` when `afterComma`.
        case expectedKey(afterComma: Bool)
        case duplicateKey(String)
        case expectedColon(afterKey: String)
        case expectedCommaOrBrace(afterValueOf: String)
        case expectedCommaOrBracket
        case unclosedString
        case halfSurrogatePair
        case escapeNotACharacter
        case unknownEscape(Character)
        case lineBreakInString
        case controlCharacterInString
        case expectedFourHexDigits
        case leadingZero
        case expectedDigits
        case expectedFractionDigits
        case expectedExponentDigits
        case numberOutOfRange(String)
    }

    /// Parses one JSON value (any type) filling the whole text, comments and blanks aside.
    package static func parse(_ text: String) throws(SyntaxError) -> JSONValue {
        var parser = Parser(bytes: Array(text.utf8))
        try parser.skipBlanks()
        let value = try parser.value(depth: 0)
        try parser.skipBlanks()
        if !parser.atEnd { throw parser.error(.textAfterValue) }
        return value
    }

    package static func parse(_ data: Data) throws(SyntaxError) -> JSONValue {
        guard let text = String(validating: data, as: UTF8.self) else {
            throw SyntaxError(line: 1, column: 1, reason: .notUTF8)
        }
        return try parse(text)
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        /// Deeper nesting than any template needs is refused rather than risking the stack.
        static let maximumDepth = 64

        var atEnd: Bool { index >= bytes.count }
        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        func error(_ reason: Reason) -> SyntaxError {
            var line = 1
            var lineStart = 0
            for position in 0..<min(index, bytes.count) where bytes[position] == UInt8(ascii: "\n") {
                line += 1
                lineStart = position + 1
            }
            let column = String(decoding: bytes[lineStart..<min(index, bytes.count)], as: UTF8.self).count + 1
            return SyntaxError(line: line, column: column, reason: reason)
        }

        mutating func skipBlanks() throws(SyntaxError) {
            while let byte = current {
                switch byte {
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                    index += 1
                case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                    while let next = current, next != UInt8(ascii: "\n") { index += 1 }
                case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                    let start = index
                    index += 2
                    while index + 1 < bytes.count,
                        !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/"))
                    {
                        index += 1
                    }
                    guard index + 1 < bytes.count else {
                        index = start
                        throw error(.unclosedComment)
                    }
                    index += 2
                default:
                    return
                }
            }
        }

        mutating func value(depth: Int) throws(SyntaxError) -> JSONValue {
            guard depth < Self.maximumDepth else { throw error(.tooDeep(maximum: Self.maximumDepth)) }
            guard let byte = current else { throw error(.endOfText) }
            switch byte {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
            default:
                for (word, value) in [("true", JSONValue.bool(true)), ("false", .bool(false)), ("null", .null)]
                where bytes[index...].starts(with: word.utf8) {
                    index += word.utf8.count
                    return value
                }
                if byte == UInt8(ascii: "'") { throw error(.singleQuotes) }
                throw error(.expectedValue)
            }
        }

        mutating func object(depth: Int) throws(SyntaxError) -> JSONValue {
            index += 1
            var members: [String: JSONValue] = [:]
            while true {
                try skipBlanks()
                if current == UInt8(ascii: "}") {
                    index += 1
                    return .object(members)
                }
                guard current == UInt8(ascii: "\"") else {
                    throw error(.expectedKey(afterComma: !members.isEmpty))
                }
                let keyStart = index
                let key = try string()
                if members[key] != nil {
                    index = keyStart
                    throw error(.duplicateKey(key))
                }
                try skipBlanks()
                guard current == UInt8(ascii: ":") else { throw error(.expectedColon(afterKey: key)) }
                index += 1
                try skipBlanks()
                members[key] = try value(depth: depth + 1)
                try skipBlanks()
                switch current {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "}"):
                    index += 1
                    return .object(members)
                default: throw error(.expectedCommaOrBrace(afterValueOf: key))
                }
            }
        }

        mutating func array(depth: Int) throws(SyntaxError) -> JSONValue {
            index += 1
            var items: [JSONValue] = []
            while true {
                try skipBlanks()
                if current == UInt8(ascii: "]") {
                    index += 1
                    return .array(items)
                }
                items.append(try value(depth: depth + 1))
                try skipBlanks()
                switch current {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "]"):
                    index += 1
                    return .array(items)
                default: throw error(.expectedCommaOrBracket)
                }
            }
        }

        mutating func string() throws(SyntaxError) -> String {
            let start = index
            index += 1
            var out: [UInt8] = []
            while true {
                guard let byte = current else {
                    index = start
                    throw error(.unclosedString)
                }
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return String(decoding: out, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    index += 1
                    guard let escape = current else { throw error(.unclosedString) }
                    index += 1
                    switch escape {
                    case UInt8(ascii: "\""): out.append(UInt8(ascii: "\""))
                    case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"))
                    case UInt8(ascii: "/"): out.append(UInt8(ascii: "/"))
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "u"):
                        var scalar = try hex4()
                        if (0xD800..<0xDC00).contains(scalar) {
                            guard bytes[index...].starts(with: "\\u".utf8) else {
                                throw error(.halfSurrogatePair)
                            }
                            index += 2
                            let low = try hex4()
                            guard (0xDC00..<0xE000).contains(low) else {
                                throw error(.halfSurrogatePair)
                            }
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let unicode = Unicode.Scalar(scalar) else {
                            throw error(.escapeNotACharacter)
                        }
                        out.append(contentsOf: Array(String(Character(unicode)).utf8))
                    default:
                        index -= 1
                        throw error(.unknownEscape(Character(Unicode.Scalar(escape))))
                    }
                case 0x00..<0x20:
                    throw error(byte == 0x0A ? .lineBreakInString : .controlCharacterInString)
                default:
                    out.append(byte)
                    index += 1
                }
            }
        }

        mutating func hex4() throws(SyntaxError) -> UInt32 {
            guard index + 4 <= bytes.count else { throw error(.expectedFourHexDigits) }
            var value: UInt32 = 0
            for byte in bytes[index..<(index + 4)] {
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: throw error(.expectedFourHexDigits)
                }
                value = value << 4 | digit
            }
            index += 4
            return value
        }

        /// RFC 8259 §6 number grammar.
        mutating func number() throws(SyntaxError) -> JSONValue {
            let start = index
            func digits() -> Int {
                let from = index
                while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
                return index - from
            }
            if current == UInt8(ascii: "-") { index += 1 }
            if current == UInt8(ascii: "0") {
                index += 1
                if let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                    throw error(.leadingZero)
                }
            } else if digits() == 0 {
                throw error(.expectedDigits)
            }
            if current == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { throw error(.expectedFractionDigits) }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                index += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { throw error(.expectedExponentDigits) }
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            guard let value = Double(text), value.isFinite else {
                index = start
                throw error(.numberOutOfRange(text))
            }
            return .number(value)
        }
    }
}
