import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A shipping address, as kept in the state file.
struct SandboxShippingAddress: Codable, Equatable, Sendable {
    var id: Int64
    var name: String
    var isDefault: Bool
    /// Unix seconds, as the API sends it (not ISO 8601 like `/v2/user/me`).
    var updatedAt: Int64
    /// `NEW` (road-name address) or `OLD` (lot-number address).
    var type: String
    var baseAddress: String
    var detailAddress: String
    var receiverName: String
    var receiverPhoneNumber1: String
    var receiverPhoneNumber2: String?
    /// The five-digit postal code in use since 2015.
    var zoneNumber: String?
    /// The old six-digit postal code, kept on lot-number addresses.
    var zipCode: String?

    var json: OrderedJSON {
        var members: [(String, OrderedJSON)] = [
            ("id", .int(Int(id))),
            ("name", .string(name)),
            ("is_default", .bool(isDefault)),
            ("updated_at", .int(Int(updatedAt))),
            ("type", .string(type)),
            ("base_address", .string(baseAddress)),
            ("detail_address", .string(detailAddress)),
            ("receiver_name", .string(receiverName)),
            ("receiver_phone_number1", .string(receiverPhoneNumber1))
        ]
        if let receiverPhoneNumber2 { members.append(("receiver_phone_number2", .string(receiverPhoneNumber2))) }
        if let zoneNumber { members.append(("zone_number", .string(zoneNumber))) }
        if let zipCode { members.append(("zip_code", .string(zipCode))) }
        return .object(members)
    }
}
