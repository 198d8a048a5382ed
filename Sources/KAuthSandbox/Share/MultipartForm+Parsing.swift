import KAuthCore
import KakaoAPI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reading `multipart/form-data` (RFC 7578): how the sandbox takes an image upload apart. The
/// client only writes multipart (`KAuthCore`'s `MultipartForm.encoded()`), so the reader lives
/// here, beside its only user.
extension MultipartForm {
    /// Why a body is not a readable `multipart/form-data`.
    package struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        package var reason: String
        package var description: String { reason }
    }

    /// The boundary named in a `Content-Type` such as `multipart/form-data; boundary="x"`.
    package static func boundary(fromContentType contentType: String) -> String? {
        let parts = contentType.split(separator: ";").map { $0.trimmingWhitespace() }
        guard parts.first?.lowercased() == "multipart/form-data" else { return nil }
        for parameter in parts.dropFirst() {
            guard let equals = parameter.firstIndex(of: "=") else { continue }
            guard parameter[..<equals].trimmingWhitespace().lowercased() == "boundary" else { continue }
            var value = parameter[parameter.index(after: equals)...].trimmingWhitespace()
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            return value.isEmpty || value.count > 70 ? nil : value
        }
        return nil
    }

    /// Reads a body sent with `contentType`.
    package static func parse(_ body: Data, contentType: String) throws(ParseError) -> MultipartForm {
        guard let boundary = boundary(fromContentType: contentType) else {
            throw ParseError(reason: "Content-Type is not multipart/form-data with a boundary")
        }
        let bytes = [UInt8](body)
        let delimiter = Array("--\(boundary)".utf8)
        let separator = Array("\r\n--\(boundary)".utf8)
        guard bytes.starts(with: delimiter) else {
            throw ParseError(reason: "the body does not start with the boundary")
        }
        var parts: [Part] = []
        var position = delimiter.count
        while true {
            // After a delimiter: `--` ends the body, CRLF starts a part.
            if bytes[position...].starts(with: Array("--".utf8)) { break }
            guard bytes[position...].starts(with: Array("\r\n".utf8)) else {
                throw ParseError(reason: "a boundary line is not followed by CRLF")
            }
            position += 2
            guard let headEnd = find(Array("\r\n\r\n".utf8), in: bytes, from: position) else {
                throw ParseError(reason: "a part has no blank line after its headers")
            }
            let head = String(decoding: bytes[position..<headEnd], as: UTF8.self)
            guard let next = find(separator, in: bytes, from: headEnd + 4) else {
                throw ParseError(reason: "the body does not end with the closing boundary")
            }
            parts.append(try part(head: head, data: Data(bytes[(headEnd + 4)..<next])))
            position = next + separator.count
        }
        return MultipartForm(boundary: boundary, parts: parts)
    }

    private static func part(head: String, data: Data) throws(ParseError) -> Part {
        var name: String?
        var filename: String?
        var type: String?
        for line in head.split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { throw ParseError(reason: "a part header has no ':'") }
            let header = line[..<colon].trimmingWhitespace().lowercased()
            let value = line[line.index(after: colon)...].trimmingWhitespace()
            switch header {
            case "content-disposition":
                for parameter in value.split(separator: ";").dropFirst() {
                    guard let equals = parameter.firstIndex(of: "=") else { continue }
                    let key = parameter[..<equals].trimmingWhitespace().lowercased()
                    var text = parameter[parameter.index(after: equals)...].trimmingWhitespace()
                    if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") {
                        text = String(text.dropFirst().dropLast())
                    }
                    if key == "name" { name = text }
                    if key == "filename" { filename = text }
                }
            case "content-type":
                type = value
            default:
                continue
            }
        }
        guard let name else { throw ParseError(reason: "a part has no Content-Disposition name") }
        return Part(name: name, filename: filename, contentType: type, data: data)
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else {
            return nil
        }
        let first = needle[0]
        var index = start
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first, haystack[index..<(index + needle.count)].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }

    /// The first part named `name`.
    package func part(named name: String) -> Part? {
        parts.first { $0.name == name }
    }
}
