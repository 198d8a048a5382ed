#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Any JSON value, for responses kauth passes through or picks fields from (`kauth me --field`).
package enum JSONValue: Codable, Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Each kind tried in turn, most common first (strings, then objects: a keystore, a token
    /// answer), since every wrong guess costs a thrown error. JSON's kinds do not overlap, so the
    /// order changes nothing else.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([String: JSONValue].self) {
            self = .object(value)
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .number(try container.decode(Double.self))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value):
            if value.rounded() == value, abs(value) < 1e15 {
                try container.encode(Int64(value))
            } else {
                try container.encode(value)
            }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// A response body as JSON; a body that is not JSON is kept as one string, so nothing the
    /// provider said is lost when it is passed through.
    package static func decoding(_ body: Data) -> JSONValue {
        if body.isEmpty { return .null }
        if let value = try? JSONDecoder().decode(JSONValue.self, from: body) { return value }
        return .string(String(decoding: body, as: UTF8.self))
    }

    /// Any encodable value as JSON (through JSONEncoder, so its coding keys are kept).
    package init(encoding value: some Encodable) throws {
        self = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
    }

    package subscript(_ key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The value at a dotted path such as `kakao_account.email` (array indexes as numbers).
    package func value(at path: String) -> JSONValue? {
        var current: JSONValue? = self
        for part in path.split(separator: ".") {
            switch current {
            case .object(let members)?: current = members[String(part)]
            case .array(let items)?:
                guard let index = Int(part), items.indices.contains(index) else { return nil }
                current = items[index]
            default: return nil
            }
        }
        return current
    }

    package var stringValue: String? {
        switch self {
        case .string(let value): return value
        case .number(let value):
            return value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case .bool(let value): return String(value)
        default: return nil
        }
    }

    package var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

}
