#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One element of an XML document: its name resolved against the namespaces in scope, its
/// attributes, the elements inside it and the text directly inside it.
///
/// Made by `XMLReader`, for answers such as AWS STS's: small documents of elements and text,
/// read for a few values by path. It is not a DOM: no comments, no order between text and
/// elements, and no document type.
package struct XMLElement: Sendable, Equatable {
    /// The local name (`Credentials` of `<sts:Credentials>`).
    package var name: String
    /// The namespace the element's prefix (or the default namespace) is bound to; nil for none.
    package var namespace: String?
    /// Attributes as written (`xmlns` declarations included), by qualified name.
    package var attributes: [String: String]
    package var children: [XMLElement]
    /// The character data directly inside the element, entity references replaced, CDATA kept.
    package var text: String

    package init(
        name: String, namespace: String? = nil, attributes: [String: String] = [:], children: [XMLElement] = [],
        text: String = ""
    ) {
        self.name = name
        self.namespace = namespace
        self.attributes = attributes
        self.children = children
        self.text = text
    }

    /// The only child named `name` in this element's namespace; nil when there is none or more
    /// than one (an answer that says a thing twice is not guessed at).
    package func child(_ name: String) -> XMLElement? {
        let matching = children.filter { $0.name == name && $0.namespace == namespace }
        return matching.count == 1 ? matching[0] : nil
    }

    /// The element at the end of `path`, one `child` after another.
    package func descendant(_ path: String...) -> XMLElement? {
        path.reduce(self as XMLElement?) { element, name in element?.child(name) }
    }
}

/// Why a text is not an XML document `XMLReader` accepts, and where (a byte offset).
package struct XMLReadError: Error, Sendable, Equatable {
    package enum Problem: Sendable, Equatable {
        /// Longer than the reader's limit.
        case tooLarge(limit: Int)
        /// Elements nested deeper than the reader's limit.
        case tooDeep(limit: Int)
        /// More elements than the reader's limit.
        case tooManyElements(limit: Int)
        /// Not UTF-8.
        case notUTF8
        /// A document type declaration: entities and external references are refused, never
        /// expanded or fetched.
        case documentType
        /// A processing instruction other than the XML declaration at the very start.
        case processingInstruction
        /// An entity reference other than the five XML predefines and character references.
        case unknownEntity(String)
        /// A character reference to no character XML allows.
        case badCharacterReference(String)
        /// A prefix no `xmlns:` declaration in scope binds.
        case unboundPrefix(String)
        /// An attribute given twice on one element.
        case duplicateAttribute(String)
        /// An end tag that does not close the element that is open.
        case mismatchedEndTag(expected: String, found: String)
        /// The text ended inside an element, a tag, a comment or a CDATA section.
        case unexpectedEnd
        /// No root element, text outside it, or a second one.
        case notOneRoot
        /// Anything else the grammar does not allow at this point.
        case malformed(String)
    }

    package var problem: Problem
    package var offset: Int

    package init(_ problem: Problem, at offset: Int) {
        self.problem = problem
        self.offset = offset
    }
}

/// A small, strict XML 1.0 reader: elements, attributes, namespaces, text, CDATA, comments and
/// the five predefined entities with character references — nothing else.
///
/// Answers from the network are untrusted, so it refuses what a general parser would act on: a
/// document type (the door to entity expansion, "billion laughs", and external entities), any
/// entity it does not know, processing instructions. It bounds the size, the depth and the number
/// of elements, and nests with a stack of its own, never with recursion, so no input can exhaust
/// memory or the call stack. Whatever it does not accept is an error, never a guess.
///
/// FoundationEssentials has no XML parser, and Foundation's (FoundationXML) brings libxml2 and all
/// of Foundation into a binary that links neither.
package struct XMLReader: Sendable {
    package var maxBytes: Int
    package var maxDepth: Int
    package var maxElements: Int

    package init(maxBytes: Int = 1 << 20, maxDepth: Int = 64, maxElements: Int = 10_000) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxElements = maxElements
    }

    /// The root element of `data`.
    package func read(_ data: Data) throws(XMLReadError) -> XMLElement {
        guard data.count <= maxBytes else { throw XMLReadError(.tooLarge(limit: maxBytes), at: maxBytes) }
        guard String(validating: data, as: UTF8.self) != nil else { throw XMLReadError(.notUTF8, at: 0) }
        // XML 1.0 allows no control character but tab, line feed and carriage return, even as a
        // reference (`isXMLCharacter`).
        if let control = data.firstIndex(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) {
            throw XMLReadError(.malformed("a control character"), at: control - data.startIndex)
        }
        var scanner = XMLScanner(bytes: Array(data), reader: self)
        return try scanner.document()
    }
}

/// The reading itself, over the bytes of one document.
private struct XMLScanner {
    let bytes: [UInt8]
    let reader: XMLReader
    var index = 0
    var elements = 0

    init(bytes: [UInt8], reader: XMLReader) {
        self.bytes = bytes
        self.reader = reader
    }

    /// An element being read: what it will become, and the prefixes it binds for its content.
    struct Open {
        var qualifiedName: String
        var element: XMLElement
        var namespaces: [String: String]
    }

    mutating func document() throws(XMLReadError) -> XMLElement {
        // A byte order mark, then the XML declaration, only at the very start.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        if starts(with: "<?xml"), index + 5 < bytes.count, isSpace(bytes[index + 5]) {
            try skip(past: "?>")
        }
        var root: XMLElement?
        var stack: [Open] = []
        var scopes: [String: String] = ["xml": "http://www.w3.org/XML/1998/namespace"]
        while index < bytes.count {
            if starts(with: "<!--") {
                try comment()
            } else if starts(with: "<![CDATA[") {
                guard !stack.isEmpty else { throw fail(.notOneRoot) }
                let start = index + 9
                try skip(past: "]]>")
                stack[stack.count - 1].element.text += string(start..<(index - 3))
            } else if starts(with: "<!") {
                throw fail(starts(with: "<!DOCTYPE") ? .documentType : .malformed("<!"))
            } else if starts(with: "<?") {
                throw fail(.processingInstruction)
            } else if starts(with: "</") {
                let tagStart = index
                index += 2
                let name = try name()
                skipSpaces()
                try expect(">")
                guard let open = stack.popLast() else { throw XMLReadError(.notOneRoot, at: tagStart) }
                guard open.qualifiedName == name else {
                    throw XMLReadError(.mismatchedEndTag(expected: open.qualifiedName, found: name), at: tagStart)
                }
                scopes = stack.last?.namespaces ?? ["xml": "http://www.w3.org/XML/1998/namespace"]
                if stack.isEmpty {
                    root = open.element
                } else {
                    stack[stack.count - 1].element.children.append(open.element)
                }
            } else if bytes[index] == UInt8(ascii: "<") {
                guard root == nil else { throw fail(.notOneRoot) }
                guard stack.count < reader.maxDepth else { throw fail(.tooDeep(limit: reader.maxDepth)) }
                elements += 1
                guard elements <= reader.maxElements else { throw fail(.tooManyElements(limit: reader.maxElements)) }
                index += 1
                var open = try startTag(scopes: scopes)
                scopes = open.namespaces
                if starts(with: "/>") {
                    index += 2
                    open.element.text = ""
                    scopes = stack.last?.namespaces ?? ["xml": "http://www.w3.org/XML/1998/namespace"]
                    if stack.isEmpty {
                        root = open.element
                    } else {
                        stack[stack.count - 1].element.children.append(open.element)
                    }
                } else {
                    try expect(">")
                    stack.append(open)
                }
            } else {
                let start = index
                while index < bytes.count, bytes[index] != UInt8(ascii: "<") { index += 1 }
                let text = try characterData(start..<index)
                if stack.isEmpty {
                    guard text.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) else {
                        index = start
                        throw fail(.notOneRoot)
                    }
                } else {
                    stack[stack.count - 1].element.text += text
                }
            }
        }
        guard stack.isEmpty else { throw fail(.unexpectedEnd) }
        guard let root else { throw fail(.notOneRoot) }
        return root
    }

    /// `name attr="value" …` after the `<`, up to (not including) `>` or `/>`.
    mutating func startTag(scopes: [String: String]) throws(XMLReadError) -> Open {
        let qualifiedName = try name()
        var attributes: [String: String] = [:]
        var namespaces = scopes
        while true {
            let hadSpace = skipSpaces()
            guard index < bytes.count else { throw fail(.unexpectedEnd) }
            if bytes[index] == UInt8(ascii: ">") || starts(with: "/>") { break }
            guard hadSpace else { throw fail(.malformed("attributes must be separated by spaces")) }
            let attributeStart = index
            let attribute = try name()
            skipSpaces()
            try expect("=")
            skipSpaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                throw fail(.malformed("an attribute value must be quoted"))
            }
            let quote = bytes[index]
            index += 1
            let start = index
            while index < bytes.count, bytes[index] != quote {
                if bytes[index] == UInt8(ascii: "<") { throw fail(.malformed("'<' in an attribute value")) }
                index += 1
            }
            guard index < bytes.count else { throw fail(.unexpectedEnd) }
            let value = try characterData(start..<index)
            index += 1
            guard attributes[attribute] == nil else {
                index = attributeStart
                throw fail(.duplicateAttribute(attribute))
            }
            attributes[attribute] = value
            if attribute == "xmlns" {
                namespaces[""] = value
            } else if attribute.hasPrefix("xmlns:") {
                let prefix = String(attribute.dropFirst(6))
                guard !prefix.isEmpty, !prefix.contains(":"), !value.isEmpty else {
                    throw fail(.malformed("namespace declaration \(attribute)"))
                }
                namespaces[prefix] = value
            }
        }
        // Attribute prefixes must be bound too, though no reader of attributes asks for them.
        for attribute in attributes.keys where attribute != "xmlns" && !attribute.hasPrefix("xmlns:") {
            _ = try resolve(attribute, in: namespaces, defaultApplies: false)
        }
        let (local, namespace) = try resolve(qualifiedName, in: namespaces, defaultApplies: true)
        return Open(
            qualifiedName: qualifiedName,
            element: XMLElement(name: local, namespace: namespace, attributes: attributes),
            namespaces: namespaces)
    }

    /// The local name and namespace of a qualified name.
    func resolve(_ qualified: String, in namespaces: [String: String], defaultApplies: Bool) throws(XMLReadError) -> (
        String, String?
    ) {
        let parts = qualified.split(separator: ":", omittingEmptySubsequences: false)
        switch parts.count {
        case 1:
            let namespace = defaultApplies ? namespaces[""].flatMap { $0.isEmpty ? nil : $0 } : nil
            return (qualified, namespace)
        case 2 where !parts[0].isEmpty && !parts[1].isEmpty:
            guard let namespace = namespaces[String(parts[0])] else { throw fail(.unboundPrefix(String(parts[0]))) }
            return (String(parts[1]), namespace)
        default:
            throw fail(.malformed("name \(qualified)"))
        }
    }

    /// An XML name: a letter, `_` or `:` first (or any non-ASCII character), then those, digits,
    /// `-` and `.`.
    mutating func name() throws(XMLReadError) -> String {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            let isStart =
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte >= 0x80
            let isPart =
                isStart || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".")
            guard index == start ? isStart : isPart else { break }
            index += 1
        }
        guard index > start else { throw fail(.malformed("a name was expected")) }
        return string(start..<index)
    }

    /// Text with its references replaced: `&lt;` `&gt;` `&amp;` `&quot;` `&apos;`, `&#N;`, `&#xH;`.
    func characterData(_ range: Range<Int>) throws(XMLReadError) -> String {
        guard bytes[range].contains(UInt8(ascii: "&")) else { return string(range) }
        var out = ""
        var position = range.lowerBound
        while position < range.upperBound {
            guard let ampersand = bytes[position..<range.upperBound].firstIndex(of: UInt8(ascii: "&")) else {
                out += string(position..<range.upperBound)
                break
            }
            out += string(position..<ampersand)
            guard
                let semicolon = bytes[ampersand..<min(range.upperBound, ampersand + 64)].firstIndex(
                    of: UInt8(ascii: ";"))
            else {
                throw XMLReadError(.malformed("'&' that starts no reference"), at: ampersand)
            }
            let reference = string((ampersand + 1)..<semicolon)
            switch reference {
            case "lt": out += "<"
            case "gt": out += ">"
            case "amp": out += "&"
            case "quot": out += "\""
            case "apos": out += "'"
            default:
                guard reference.hasPrefix("#") else {
                    throw XMLReadError(.unknownEntity(reference), at: ampersand)
                }
                let digits = reference.dropFirst()
                let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
                guard let value, !digits.isEmpty, !digits.contains("+"), !digits.contains("-"),
                    let scalar = Unicode.Scalar(value), Self.isXMLCharacter(value)
                else {
                    throw XMLReadError(.badCharacterReference(reference), at: ampersand)
                }
                out.unicodeScalars.append(scalar)
            }
            position = semicolon + 1
        }
        return out
    }

    /// XML 1.0's `Char`: tab, line feed, carriage return and the characters from U+0020, without
    /// the surrogates and U+FFFE, U+FFFF.
    static func isXMLCharacter(_ value: UInt32) -> Bool {
        value == 0x9 || value == 0xA || value == 0xD || (0x20...0xD7FF).contains(value)
            || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
    }

    mutating func comment() throws(XMLReadError) {
        let start = index + 4
        // The closing `-->` is looked for after the opening `<!--`, never inside it: `<!-->`
        // does not close itself.
        index = min(start, bytes.count)
        try skip(past: "-->")
        // "--" may not appear inside a comment.
        if bytes[start..<(index - 3)].indices.contains(where: {
            $0 + 1 < index - 3 && bytes[$0] == UInt8(ascii: "-") && bytes[$0 + 1] == UInt8(ascii: "-")
        }) {
            throw XMLReadError(.malformed("'--' inside a comment"), at: start)
        }
    }

    /// Moves past the next `marker`.
    mutating func skip(past marker: String) throws(XMLReadError) {
        let needle = Array(marker.utf8)
        var position = index
        while position + needle.count <= bytes.count {
            if bytes[position..<(position + needle.count)].elementsEqual(needle) {
                index = position + needle.count
                return
            }
            position += 1
        }
        throw fail(.unexpectedEnd)
    }

    @discardableResult
    mutating func skipSpaces() -> Bool {
        let start = index
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        return index > start
    }

    mutating func expect(_ text: String) throws(XMLReadError) {
        guard starts(with: text) else {
            throw fail(index < bytes.count ? .malformed("'\(text)' was expected") : .unexpectedEnd)
        }
        index += text.utf8.count
    }

    func starts(with text: String) -> Bool {
        bytes[index...].starts(with: text.utf8)
    }

    func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    func string(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    func fail(_ problem: XMLReadError.Problem) -> XMLReadError {
        XMLReadError(problem, at: index)
    }
}
