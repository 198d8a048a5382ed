import KAuthBasics

/// `GET /v2/user/me`, Kakao's profile: the provider value's profile request (`Kakao.swift`), which a
/// login and `kauth token` use to cache who logged in. `property_keys` is a JSON array string on
/// the wire.
package struct UserMeRequest: APIRequest {
    package typealias Response = JSONValue
    package var propertyKeys: [String]
    /// `secure_resource=true` asks for https image URLs, as the iOS SDK does by default.
    package var secureResource: Bool

    package init(propertyKeys: [String] = [], secureResource: Bool = true) {
        self.propertyKeys = propertyKeys
        self.secureResource = secureResource
    }

    package var method: String { "GET" }
    package var path: String { "/v2/user/me" }
    package var parameters: [(String, String)] {
        var pairs = [("secure_resource", secureResource ? "true" : "false")]
        if !propertyKeys.isEmpty {
            pairs.append(("property_keys", JSONValue.array(propertyKeys.map(JSONValue.string)).jsonText()))
        }
        return pairs
    }
}
