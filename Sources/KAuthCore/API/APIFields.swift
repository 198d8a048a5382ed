import KAuthBasics

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A `-f` or `-F` value of `kauth api`.
package enum APIFieldValue: Sendable, Equatable {
    case string(String)
    /// A JSON number, `true`, `false` or `null`, kept exactly as written (so an id of 19 digits
    /// is not rounded through a Double).
    case literal(String)

    /// `-F`'s reading of a value (gh's): `true`, `false`, `null` and numbers are JSON values,
    /// anything else a string.
    package static func typed(_ text: String) -> APIFieldValue {
        if ["true", "false", "null"].contains(text) || isJSONNumber(text) { return .literal(text) }
        return .string(text)
    }

    /// The value in a query or form: the text as written; `null` is empty.
    package var text: String {
        switch self {
        case .string(let text): return text
        case .literal(let text): return text == "null" ? "" : text
        }
    }

    var jsonText: String {
        switch self {
        case .string(let text): return JSONValue.string(text).jsonText()
        case .literal(let text): return text
        }
    }

    /// RFC 8259 §6: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    static func isJSONNumber(_ text: String) -> Bool {
        var rest = Substring(text)
        func digits() -> Int {
            let count = rest.prefix { $0.isASCII && $0.isNumber }.count
            rest = rest.dropFirst(count)
            return count
        }
        if rest.first == "-" { rest = rest.dropFirst() }
        if rest.first == "0" { rest = rest.dropFirst() } else if digits() == 0 { return false }
        if rest.first == "." {
            rest = rest.dropFirst()
            if digits() == 0 { return false }
        }
        if rest.first == "e" || rest.first == "E" {
            rest = rest.dropFirst()
            if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
            if digits() == 0 { return false }
        }
        return rest.isEmpty
    }
}

/// The `KEY=VALUE` fields of `kauth api`, as query or form pairs, or as a JSON object in which
/// gh's key syntax nests: `a[b]=1` is `{"a":{"b":1}}`, `a[]=x` appends to the array `a`.
package struct APIFields: Sendable, Equatable {
    package var fields: [(key: String, value: APIFieldValue)]

    package init(_ fields: [(String, APIFieldValue)]) {
        self.fields = fields.map { (key: $0.0, value: $0.1) }
    }

    package static func == (a: APIFields, b: APIFields) -> Bool {
        a.fields.map(\.key) == b.fields.map(\.key) && a.fields.map(\.value) == b.fields.map(\.value)
    }

    package var isEmpty: Bool { fields.isEmpty }

    /// For a query string or a form: keys as written.
    package var pairs: [(String, String)] { fields.map { ($0.key, $0.value.text) } }

    /// The body in `encoding`.
    package func body(_ encoding: APIBodyEncoding) throws(Problem) -> Data {
        switch encoding {
        case .form: return Data(FormURLEncoding.encode(pairs).utf8)
        case .json: return Data(try jsonObject().text.utf8)
        }
    }

    /// A key the JSON object cannot hold, and why.
    package struct Problem: Error, Sendable, Equatable {
        package var key: String
        package var reason: Reason
    }

    /// Why a field's key cannot go into a JSON body.
    package enum Reason: Sendable, Equatable {
        /// A `[` without its `]`, or text between a `]` and the next `[`.
        case unpairedBrackets
        /// `[]` before the end of the key (`a[][b]`): arrays of objects are not built from fields.
        case appendNotLast
        /// The key puts a member inside a value another field set (`a=1` then `a[b]=2`).
        case memberInsideValue
        case givenTwice
        /// `a[]` appends to a member another field set to something other than an array.
        case notAnArray
    }

    // MARK: - JSON

    private indirect enum Node {
        case value(APIFieldValue)
        case object([(String, Node)])
        case array([APIFieldValue])

        var text: String {
            switch self {
            case .value(let value): return value.jsonText
            case .array(let items): return "[" + items.map(\.jsonText).joined(separator: ",") + "]"
            case .object(let members):
                return "{" + members.map { JSONValue.string($0.0).jsonText() + ":" + $0.1.text }.joined(separator: ",")
                    + "}"
            }
        }
    }

    private enum Step: Equatable {
        case key(String)
        case append
    }

    private func jsonObject() throws(Problem) -> Node {
        var root = Node.object([])
        for (key, value) in fields {
            try insert(value, at: try Self.steps(of: key)[...], into: &root, key: key)
        }
        return root
    }

    /// `a[b][]` → key a, key b, append. A key without brackets is one step, whatever it holds.
    private static func steps(of key: String) throws(Problem) -> [Step] {
        guard let open = key.firstIndex(of: "["), key.hasSuffix("]"), open != key.startIndex else { return [.key(key)] }
        var steps: [Step] = [.key(String(key[..<open]))]
        var rest = key[open...]
        while !rest.isEmpty {
            guard rest.first == "[", let close = rest.firstIndex(of: "]") else {
                throw Problem(key: key, reason: .unpairedBrackets)
            }
            let name = rest[rest.index(after: rest.startIndex)..<close]
            steps.append(name.isEmpty ? .append : .key(String(name)))
            rest = rest[rest.index(after: close)...]
        }
        if steps.dropLast().contains(.append) {
            throw Problem(key: key, reason: .appendNotLast)
        }
        return steps
    }

    private func insert(_ value: APIFieldValue, at steps: ArraySlice<Step>, into node: inout Node, key: String)
        throws(Problem)
    {
        guard case .object(var members) = node, case .key(let name)? = steps.first else {
            throw Problem(key: key, reason: .memberInsideValue)
        }
        let index = members.firstIndex { $0.0 == name }
        let rest = steps.dropFirst()
        switch rest.first {
        case nil:
            guard index == nil else { throw Problem(key: key, reason: .givenTwice) }
            members.append((name, .value(value)))
        case .append?:
            if let index {
                guard case .array(let items) = members[index].1 else {
                    throw Problem(key: key, reason: .notAnArray)
                }
                members[index].1 = .array(items + [value])
            } else {
                members.append((name, .array([value])))
            }
        case .key?:
            var child = index.map { members[$0].1 } ?? .object([])
            try insert(value, at: rest, into: &child, key: key)
            if let index { members[index].1 = child } else { members.append((name, child)) }
        }
        node = .object(members)
    }
}
