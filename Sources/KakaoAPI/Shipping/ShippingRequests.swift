import KAuthBasics
import KAuthCore

/// `GET /v1/user/shipping_address`: one address by id, or a page from `from_updated_at`.
package struct ShippingAddressesRequest: APIRequest {
    package typealias Response = UserShippingAddresses
    package var addressID: Int64?
    var fromUpdatedAt: Int64?
    package var pageSize: Int?

    package init(addressID: Int64? = nil, fromUpdatedAt: Int64? = nil, pageSize: Int? = nil) {
        self.addressID = addressID
        self.fromUpdatedAt = fromUpdatedAt
        self.pageSize = pageSize
    }

    package var method: String { "GET" }
    package var path: String { "/v1/user/shipping_address" }
    package var parameters: [(String, String)] {
        if let addressID { return [("address_id", String(addressID))] }
        var pairs: [(String, String)] = []
        if let fromUpdatedAt { pairs.append(("from_updated_at", String(fromUpdatedAt))) }
        if let pageSize { pairs.append(("page_size", String(pageSize))) }
        return pairs
    }
}

package struct UserShippingAddresses: Decodable, Sendable, Equatable {
    package var userID: Int64?
    var needsAgreement: Bool?
    package var addresses: [ShippingAddress]?
    /// Not confirmed for Kakao; when absent, a short page ends the list.
    package var hasMore: Bool?

    enum CodingKeys: String, CodingKey {
        case userID = "user_id"
        case needsAgreement = "shipping_addresses_needs_agreement"
        case addresses = "shipping_addresses"
        case hasMore = "has_more"
    }
}

package struct ShippingAddress: Codable, Sendable, Equatable {
    package var id: Int64
    package var name: String?
    package var isDefault: Bool?
    /// Unix seconds.
    package var updatedAt: Int64?
    /// `NEW` (road name) or `OLD` (lot number).
    package var type: String?
    package var baseAddress: String?
    package var detailAddress: String?
    package var receiverName: String?
    package var receiverPhoneNumber1: String?
    package var receiverPhoneNumber2: String?
    package var zoneNumber: String?
    package var zipCode: String?

    enum CodingKeys: String, CodingKey {
        case id, name, type
        case isDefault = "is_default"
        case updatedAt = "updated_at"
        case baseAddress = "base_address"
        case detailAddress = "detail_address"
        case receiverName = "receiver_name"
        case receiverPhoneNumber1 = "receiver_phone_number1"
        case receiverPhoneNumber2 = "receiver_phone_number2"
        case zoneNumber = "zone_number"
        case zipCode = "zip_code"
    }
}
