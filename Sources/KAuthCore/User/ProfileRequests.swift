/// `POST /v1/user/update_profile` (spec §5): sets user properties; keys must be registered in the
/// app (else -201). `properties` is a JSON object string.
public struct UpdateProfileRequest: APIRequest {
    public typealias Response = UserIDResponse
    public var properties: [(String, String)]

    public init(properties: [(String, String)]) {
        self.properties = properties
    }

    public var method: String { "POST" }
    public var path: String { "/v1/user/update_profile" }
    public var parameters: [(String, String)] { [("properties", Self.object(properties))] }

    static func object(_ pairs: [(String, String)]) -> String {
        JSONValue.object(Dictionary(pairs.map { ($0.0, JSONValue.string($0.1)) }, uniquingKeysWith: { $1 })).jsonText()
    }
}

/// `POST /v1/user/signup`: links the user to an app with automatic linking off (-102 if linked).
public struct SignupRequest: APIRequest {
    public typealias Response = UserIDResponse
    public var properties: [(String, String)]

    public init(properties: [(String, String)] = []) {
        self.properties = properties
    }

    public var method: String { "POST" }
    public var path: String { "/v1/user/signup" }
    public var parameters: [(String, String)] {
        properties.isEmpty ? [] : [("properties", UpdateProfileRequest.object(properties))]
    }
}

/// `GET /v1/user/shipping_address` (spec §5.5): one address by id, or a page from `from_updated_at`.
public struct ShippingAddressesRequest: APIRequest {
    public typealias Response = UserShippingAddresses
    public var addressID: Int64?
    public var fromUpdatedAt: Int64?
    public var pageSize: Int?

    public init(addressID: Int64? = nil, fromUpdatedAt: Int64? = nil, pageSize: Int? = nil) {
        self.addressID = addressID
        self.fromUpdatedAt = fromUpdatedAt
        self.pageSize = pageSize
    }

    public var method: String { "GET" }
    public var path: String { "/v1/user/shipping_address" }
    public var parameters: [(String, String)] {
        if let addressID { return [("address_id", String(addressID))] }
        var pairs: [(String, String)] = []
        if let fromUpdatedAt { pairs.append(("from_updated_at", String(fromUpdatedAt))) }
        if let pageSize { pairs.append(("page_size", String(pageSize))) }
        return pairs
    }
}

public struct UserShippingAddresses: Decodable, Sendable, Equatable {
    public var userID: Int64?
    public var needsAgreement: Bool?
    public var addresses: [ShippingAddress]?
    /// Not confirmed for Kakao; when absent, a short page ends the list.
    public var hasMore: Bool?

    enum CodingKeys: String, CodingKey {
        case userID = "user_id"
        case needsAgreement = "shipping_addresses_needs_agreement"
        case addresses = "shipping_addresses"
        case hasMore = "has_more"
    }
}

public struct ShippingAddress: Codable, Sendable, Equatable {
    public var id: Int64
    public var name: String?
    public var isDefault: Bool?
    /// Unix seconds.
    public var updatedAt: Int64?
    /// `NEW` (road name) or `OLD` (lot number).
    public var type: String?
    public var baseAddress: String?
    public var detailAddress: String?
    public var receiverName: String?
    public var receiverPhoneNumber1: String?
    public var receiverPhoneNumber2: String?
    public var zoneNumber: String?
    public var zipCode: String?

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

/// Any call, for `kauth api`: the method, host and path given, parameters as given.
public struct RawAPIRequest: APIRequest {
    public typealias Response = JSONValue
    public var method: String
    public var host: APIHost
    public var path: String
    public var parameters: [(String, String)]

    public init(method: String, host: APIHost, path: String, parameters: [(String, String)]) {
        self.method = method
        self.host = host
        self.path = path
        self.parameters = parameters
    }
}
