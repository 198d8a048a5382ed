import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Between the sandbox's ordered documents and `KAuthCore`'s `JSONValue`: templates arrive as
/// `JSONValue` and are answered in order; ID-token claims are built in order and signed as
/// `JSONValue`.
extension OrderedJSON {
    /// A JSON value with its object keys sorted. Whole numbers become `.int`; the templates the
    /// sandbox builds from hold no others, and any other number is kept as its text.
    init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let number):
            self = number.rounded() == number && abs(number) < 1e15 ? .int(Int(number)) : .string(String(number))
        case .string(let text): self = .string(text)
        case .array(let items): self = .array(items.map(OrderedJSON.init))
        case .object(let members): self = OrderedJSON(members: members)
        }
    }

    init(members: [String: JSONValue]) {
        self = .object(members.keys.sorted().map { ($0, OrderedJSON(members[$0]!)) })
    }
}

extension OrderedJSON {
    /// The same document as `KAuthCore`'s `JSONValue` (object member order is not kept).
    var jsonValue: JSONValue {
        switch self {
        case .string(let value): return .string(value)
        case .int(let value): return .number(Double(value))
        case .bool(let value): return .bool(value)
        case .null: return .null
        case .array(let items): return .array(items.map(\.jsonValue))
        case .object(let members):
            return .object(Dictionary(members.map { ($0.0, $0.1.jsonValue) }, uniquingKeysWith: { first, _ in first }))
        }
    }
}
