import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `multipart/form-data` (RFC 7578), as the image upload writes it. The client only writes
/// multipart; the sandbox reads it back (`MultipartForm+Parsing.swift` in `KAuthSandbox`).
package struct MultipartForm: Sendable, Equatable {
    /// One field or file.
    package struct Part: Sendable, Equatable {
        package var name: String
        package var filename: String?
        package var contentType: String?
        package var data: Data

        package init(name: String, filename: String? = nil, contentType: String? = nil, data: Data) {
            self.name = name
            self.filename = filename
            self.contentType = contentType
            self.data = data
        }

        /// A text field.
        package static func field(_ name: String, _ value: String) -> Part {
            Part(name: name, data: Data(value.utf8))
        }
    }

    package var boundary: String
    package var parts: [Part]

    package init(boundary: String, parts: [Part]) {
        self.boundary = boundary
        self.parts = parts
    }

    /// A boundary from 18 random bytes: it cannot occur in an image by chance.
    package static func randomBoundary(_ random: RandomSource) -> String {
        "kauth-" + Base64URL.encode(random.bytes(18))
    }

    /// The request's `Content-Type`.
    package var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// The body: each part as `--boundary`, its headers, a blank line and its bytes; then
    /// `--boundary--`. Lines end in CRLF.
    package func encoded() -> Data {
        var out = Data()
        for part in parts {
            var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.quoted(part.name))\""
            if let filename = part.filename { head += "; filename=\"\(Self.quoted(filename))\"" }
            head += "\r\n"
            if let type = part.contentType { head += "Content-Type: \(type)\r\n" }
            head += "\r\n"
            out.append(contentsOf: Array(head.utf8))
            out.append(part.data)
            out.append(contentsOf: Array("\r\n".utf8))
        }
        out.append(contentsOf: Array("--\(boundary)--\r\n".utf8))
        return out
    }

    /// RFC 7578 §4.2: names and filenames are quoted strings; a quote or line break in one is
    /// percent-encoded, as browsers do.
    static func quoted(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\"": out += "%22"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.append(character)
            }
        }
        return out
    }
}
