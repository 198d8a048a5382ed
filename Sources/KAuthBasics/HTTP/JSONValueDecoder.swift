#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Decodes a model from a `JSONValue` already parsed, with the values and errors JSONDecoder
/// gives for the same JSON.
///
/// Why not JSONDecoder itself: for every distinct type it decodes (each model struct, each
/// `Optional`, `Array` and `Dictionary` of them) it asks the runtime whether the type conforms to
/// one of its marker protocols, and the first such question for a type scans every protocol
/// conformance record in the binary (about 4,000 in kauth). Decoding the keystore that way was
/// close to a third of the instructions of a `kauth token` start. Here no value is cast to a
/// protocol: nested values go straight to their `init(from:)`, and the few types JSONDecoder
/// treats apart (`Date`, `Data`, `URL`) are recognised by comparing metatypes, which costs nothing.
/// Parsing the bytes into a `JSONValue` (`decode(_:from:)` with `Data`) asks about a handful of
/// types only, whatever the model.
///
/// As JSONDecoder with its default strategies, except: dates go through `dateDecoding` (or
/// `Date`'s own decoding when nil, as `.deferredToDate`); `Data` is base64; a number too large or
/// not whole for the integer type asked is `.dataCorrupted` at its own path (JSONDecoder says "not
/// valid JSON" at the top), and so is an integer beyond ±2^53, which `JSONValue` keeps as a
/// `Double` and could have rounded. `Decimal` is not treated apart.
package struct JSONValueDecoder {
    /// How a `Date` is read, as JSONDecoder's `.custom` strategy: given a decoder at the value.
    package var dateDecoding: (@Sendable (any Decoder) throws -> Date)?

    package init(dateDecoding: (@Sendable (any Decoder) throws -> Date)? = nil) {
        self.dateDecoding = dateDecoding
    }

    /// Parses `data` as JSON and decodes `type` from it. What `JSONValue.parsing` refuses goes to
    /// JSONDecoder, so what is and is not JSON is JSONDecoder's call.
    /// Any JSON text gives a `JSONValue`, so any error there means the data is not JSON (JSONDecoder
    /// checks some numbers, `01`, only when they are read: that error too says "not valid JSON" at
    /// the top, as JSONDecoder says when it reads such a number into a model).
    package func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        if let value = JSONValue.parsing(data) { return try decode(type, from: value) }
        let value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: [], debugDescription: "The given data was not valid JSON.", underlyingError: error))
        }
        return try decode(type, from: value)
    }

    package func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try JSONValueDecoding(value: value, codingPath: [], options: self).decodeValue(type)
    }
}

/// The `Decoder` at one value.
private final class JSONValueDecoding: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    let options: JSONValueDecoder
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(value: JSONValue, codingPath: [any CodingKey], options: JSONValueDecoder) {
        self.value = value
        self.codingPath = codingPath
        self.options = options
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        switch value {
        case .object(let members):
            return KeyedDecodingContainer(
                JSONValueKeyedContainer<Key>(members: members, codingPath: codingPath, options: options))
        case .null:
            throw DecodingError.valueNotFound(
                [String: Any].self,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "Cannot get keyed decoding container -- found null value instead"))
        default:
            throw JSONValueDecoding.mismatch([String: Any].self, value, at: codingPath)
        }
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        switch value {
        case .array(let items):
            return JSONValueUnkeyedContainer(items: items, codingPath: codingPath, options: options)
        case .null:
            throw DecodingError.valueNotFound(
                [Any].self,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "Cannot get unkeyed decoding container -- found null value instead"))
        default:
            throw JSONValueDecoding.mismatch([Any].self, value, at: codingPath)
        }
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        JSONValueSingleContainer(decoder: self)
    }

    /// `T` at this value: the types JSONDecoder reads its own way, else `T(from:)`.
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        let special = T.self == Date.self && options.dateDecoding != nil || T.self == Data.self || T.self == URL.self
        if special, value == .null {
            throw JSONValueDecoding.null(T.self, at: codingPath)
        }
        if T.self == Date.self, let dateDecoding = options.dateDecoding {
            return same(try dateDecoding(self), as: T.self)
        }
        if T.self == Data.self {
            let text = try JSONValueDecoding.string(value, at: codingPath)
            guard let data = Data(base64Encoded: text) else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: codingPath, debugDescription: "Encountered Data is not valid Base64."))
            }
            return same(data, as: T.self)
        }
        if T.self == URL.self {
            let text = try JSONValueDecoding.string(value, at: codingPath)
            guard let url = URL(string: text) else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(codingPath: codingPath, debugDescription: "Invalid URL string."))
            }
            return same(url, as: T.self)
        }
        return try T(from: self)
    }

    /// A value of a type just compared equal to `T`, as a `T`, without a runtime cast.
    private func same<Value, T>(_ value: Value, as type: T.Type) -> T {
        precondition(Value.self == T.self)
        return withUnsafePointer(to: value) { $0.withMemoryRebound(to: T.self, capacity: 1) { $0.pointee } }
    }

    /// The decoder for a member or an element.
    func child(_ value: JSONValue, key: any CodingKey) -> JSONValueDecoding {
        JSONValueDecoding(value: value, codingPath: codingPath + [key], options: options)
    }

    // MARK: Primitives, with JSONDecoder's errors

    static func mismatch(_ type: Any.Type, _ value: JSONValue, at path: [any CodingKey]) -> DecodingError {
        let found: String
        switch value {
        case .null: found = "null"
        case .bool: found = "bool"
        case .number: found = "number"
        case .string: found = "a string"
        case .array: found = "an array"
        case .object: found = "a dictionary"
        }
        return DecodingError.typeMismatch(
            type,
            DecodingError.Context(
                codingPath: path, debugDescription: "Expected to decode \(type) but found \(found) instead."))
    }

    static func null(_ type: Any.Type, at path: [any CodingKey]) -> DecodingError {
        DecodingError.valueNotFound(
            type,
            DecodingError.Context(
                codingPath: path, debugDescription: "Cannot get value of type \(type) -- found null value instead"))
    }

    static func bool(_ value: JSONValue, at path: [any CodingKey]) throws -> Bool {
        switch value {
        case .bool(let bool): return bool
        case .null: throw null(Bool.self, at: path)
        default: throw mismatch(Bool.self, value, at: path)
        }
    }

    static func string(_ value: JSONValue, at path: [any CodingKey]) throws -> String {
        switch value {
        case .string(let string): return string
        case .null: throw null(String.self, at: path)
        default: throw mismatch(String.self, value, at: path)
        }
    }

    static func number(_ value: JSONValue, _ type: Any.Type, at path: [any CodingKey]) throws -> Double {
        switch value {
        case .number(let number): return number
        case .null: throw null(type, at: path)
        default: throw mismatch(type, value, at: path)
        }
    }

    /// Doubles represent every integer up to 2^53 exactly; beyond, the number written may have
    /// been rounded when it was parsed.
    private static let exactIntegers = 9_007_199_254_740_992.0

    static func integer<T: FixedWidthInteger>(_ value: JSONValue, _ type: T.Type, at path: [any CodingKey]) throws -> T
    {
        let number = try JSONValueDecoding.number(value, type, at: path)
        guard abs(number) < exactIntegers, let integer = T(exactly: number) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: path, debugDescription: "Parsed JSON number <\(number)> does not fit in \(type)."))
        }
        return integer
    }

    static func float(_ value: JSONValue, at path: [any CodingKey]) throws -> Float {
        let number = try JSONValueDecoding.number(value, Float.self, at: path)
        guard abs(number) <= Double(Float.greatestFiniteMagnitude) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: path, debugDescription: "Parsed JSON number <\(number)> does not fit in Float."))
        }
        return Float(number)
    }
}

/// The coding key of an array element, as JSONDecoder names it (`Index 3`, int value 3).
private struct JSONValueIndexKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }

    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.init(index: intValue) }
}

private struct JSONValueSuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }
    init() {}
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
}

private struct JSONValueKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: JSONValue]
    let codingPath: [any CodingKey]
    let options: JSONValueDecoder

    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    private func value(_ key: Key) throws -> JSONValue {
        guard let value = members[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return value
    }

    private func path(_ key: Key) -> [any CodingKey] { codingPath + [key] }

    private func decoder(_ key: Key) throws -> JSONValueDecoding {
        JSONValueDecoding(value: try value(key), codingPath: path(key), options: options)
    }

    func decodeNil(forKey key: Key) throws -> Bool { try value(key) == .null }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try JSONValueDecoding.bool(value(key), at: path(key))
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try JSONValueDecoding.string(value(key), at: path(key))
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try JSONValueDecoding.number(value(key), type, at: path(key))
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try JSONValueDecoding.float(value(key), at: path(key))
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try JSONValueDecoding.integer(value(key), type, at: path(key))
    }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        try JSONValueDecoding.integer(value(key), type, at: path(key))
    }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try JSONValueDecoding.integer(value(key), type, at: path(key))
    }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try JSONValueDecoding.integer(value(key), type, at: path(key))
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try JSONValueDecoding.integer(value(key), type, at: path(key))
    }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        try JSONValueDecoding.integer(value(key), type, at: path(key))
    }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try JSONValueDecoding.integer(value(key), type, at: path(key))
    }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try JSONValueDecoding.integer(value(key), type, at: path(key))
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try JSONValueDecoding.integer(value(key), type, at: path(key))
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try JSONValueDecoding.integer(value(key), type, at: path(key))
    }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder(key).decodeValue(type)
    }

    /// Absent and `null` both give nil, as with JSONDecoder.
    private func present(_ key: Key) -> JSONValue? {
        guard let value = members[key.stringValue], value != .null else { return nil }
        return value
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try present(key).map { try JSONValueDecoding.bool($0, at: path(key)) }
    }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try present(key).map { try JSONValueDecoding.string($0, at: path(key)) }
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try present(key).map { try JSONValueDecoding.number($0, type, at: path(key)) }
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try present(key).map { try JSONValueDecoding.integer($0, type, at: path(key)) }
    }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = present(key) else { return nil }
        return try JSONValueDecoding(value: value, codingPath: path(key), options: options).decodeValue(type)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        JSONValueDecoding(
            value: members["super"] ?? .null, codingPath: codingPath + [JSONValueSuperKey()], options: options)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        JSONValueDecoding(value: members[key.stringValue] ?? .null, codingPath: path(key), options: options)
    }
}

private struct JSONValueUnkeyedContainer: UnkeyedDecodingContainer {
    let items: [JSONValue]
    let codingPath: [any CodingKey]
    let options: JSONValueDecoder
    private(set) var currentIndex = 0

    init(items: [JSONValue], codingPath: [any CodingKey], options: JSONValueDecoder) {
        self.items = items
        self.codingPath = codingPath
        self.options = options
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private var path: [any CodingKey] { codingPath + [JSONValueIndexKey(index: currentIndex)] }

    /// The next element; the index moves on only once it is decoded.
    private func next(_ type: Any.Type) throws -> JSONValue {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type, DecodingError.Context(codingPath: path, debugDescription: "Unkeyed container is at end."))
        }
        return items[currentIndex]
    }

    private mutating func take<T>(_ type: T.Type, _ read: (JSONValue, [any CodingKey]) throws -> T) throws -> T {
        let value = try read(next(type), path)
        currentIndex += 1
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard try next(Any?.self) == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try take(type, JSONValueDecoding.bool) }
    mutating func decode(_ type: String.Type) throws -> String { try take(type, JSONValueDecoding.string) }
    mutating func decode(_ type: Double.Type) throws -> Double {
        try take(type) { try JSONValueDecoding.number($0, type, at: $1) }
    }
    mutating func decode(_ type: Float.Type) throws -> Float { try take(type, JSONValueDecoding.float) }
    mutating func decode(_ type: Int.Type) throws -> Int {
        try take(type) { try JSONValueDecoding.integer($0, type, at: $1) }
    }
    mutating func decode(_ type: Int8.Type) throws -> Int8 {
        try take(type) { try JSONValueDecoding.integer($0, type, at: $1) }
    }
    mutating func decode(_ type: Int16.Type) throws -> Int16 {
        try take(type) { try JSONValueDecoding.integer($0, type, at: $1) }
    }
    mutating func decode(_ type: Int32.Type) throws -> Int32 {
        try take(type) { try JSONValueDecoding.integer($0, type, at: $1) }
    }
    mutating func decode(_ type: Int64.Type) throws -> Int64 {
        try take(type) { try JSONValueDecoding.integer($0, type, at: $1) }
    }
    mutating func decode(_ type: UInt.Type) throws -> UInt {
        try take(type) { try JSONValueDecoding.integer($0, type, at: $1) }
    }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 {
        try take(type) { try JSONValueDecoding.integer($0, type, at: $1) }
    }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 {
        try take(type) { try JSONValueDecoding.integer($0, type, at: $1) }
    }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 {
        try take(type) { try JSONValueDecoding.integer($0, type, at: $1) }
    }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 {
        try take(type) { try JSONValueDecoding.integer($0, type, at: $1) }
    }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let options = options
        return try take(type) { value, path in
            try JSONValueDecoding(value: value, codingPath: path, options: options).decodeValue(type)
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let container = try JSONValueDecoding(value: next([String: Any].self), codingPath: path, options: options)
            .container(keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try JSONValueDecoding(value: next([Any].self), codingPath: path, options: options)
            .unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = JSONValueDecoding(value: try next((any Decoder).self), codingPath: path, options: options)
        currentIndex += 1
        return decoder
    }
}

private struct JSONValueSingleContainer: SingleValueDecodingContainer {
    let decoder: JSONValueDecoding
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.value == .null }

    func decode(_ type: Bool.Type) throws -> Bool { try JSONValueDecoding.bool(decoder.value, at: codingPath) }
    func decode(_ type: String.Type) throws -> String { try JSONValueDecoding.string(decoder.value, at: codingPath) }
    func decode(_ type: Double.Type) throws -> Double {
        try JSONValueDecoding.number(decoder.value, type, at: codingPath)
    }
    func decode(_ type: Float.Type) throws -> Float { try JSONValueDecoding.float(decoder.value, at: codingPath) }
    func decode(_ type: Int.Type) throws -> Int { try JSONValueDecoding.integer(decoder.value, type, at: codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try JSONValueDecoding.integer(decoder.value, type, at: codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 {
        try JSONValueDecoding.integer(decoder.value, type, at: codingPath)
    }
    func decode(_ type: Int32.Type) throws -> Int32 {
        try JSONValueDecoding.integer(decoder.value, type, at: codingPath)
    }
    func decode(_ type: Int64.Type) throws -> Int64 {
        try JSONValueDecoding.integer(decoder.value, type, at: codingPath)
    }
    func decode(_ type: UInt.Type) throws -> UInt { try JSONValueDecoding.integer(decoder.value, type, at: codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 {
        try JSONValueDecoding.integer(decoder.value, type, at: codingPath)
    }
    func decode(_ type: UInt16.Type) throws -> UInt16 {
        try JSONValueDecoding.integer(decoder.value, type, at: codingPath)
    }
    func decode(_ type: UInt32.Type) throws -> UInt32 {
        try JSONValueDecoding.integer(decoder.value, type, at: codingPath)
    }
    func decode(_ type: UInt64.Type) throws -> UInt64 {
        try JSONValueDecoding.integer(decoder.value, type, at: codingPath)
    }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decodeValue(type) }
}
