#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `GET /v1/user/access_token_info` (spec §5): the server's view of the access token.
public struct AccessTokenInfoRequest: APIRequest {
    public typealias Response = AccessTokenInfo
    public var method: String { "GET" }
    public var path: String { "/v1/user/access_token_info" }
    public init() {}
}

/// `{"id","expires_in","app_id"}`; `expires_in` is in seconds.
public struct AccessTokenInfo: Decodable, Sendable, Equatable {
    public var id: Int64?
    public var expiresIn: Int64
    public var appID: Int64?

    enum CodingKeys: String, CodingKey {
        case id
        case expiresIn = "expires_in"
        case appID = "app_id"
    }
}

/// `GET /v2/user/me` (spec §5.1). `property_keys` is a JSON array string on the wire.
public struct UserMeRequest: APIRequest {
    public typealias Response = JSONValue
    public var propertyKeys: [String]
    /// `secure_resource=true` asks for https image URLs, as the iOS SDK does by default.
    public var secureResource: Bool

    public init(propertyKeys: [String] = [], secureResource: Bool = true) {
        self.propertyKeys = propertyKeys
        self.secureResource = secureResource
    }

    public var method: String { "GET" }
    public var path: String { "/v2/user/me" }
    public var parameters: [(String, String)] {
        var pairs = [("secure_resource", secureResource ? "true" : "false")]
        if !propertyKeys.isEmpty {
            pairs.append(("property_keys", JSONValue.array(propertyKeys.map(JSONValue.string)).jsonText()))
        }
        return pairs
    }
}

/// `POST /v1/user/logout`: ends the token's session at Kakao.
public struct LogoutRequest: APIRequest {
    public typealias Response = UserIDResponse
    public var method: String { "POST" }
    public var path: String { "/v1/user/logout" }
    public init() {}
}

/// `POST /v1/user/unlink`: disconnects the user from the app; every token dies with it.
public struct UnlinkRequest: APIRequest {
    public typealias Response = UserIDResponse
    public var method: String { "POST" }
    public var path: String { "/v1/user/unlink" }
    public init() {}
}

/// `{"id": …}`.
public struct UserIDResponse: Decodable, Sendable, Equatable {
    public var id: Int64?
}
