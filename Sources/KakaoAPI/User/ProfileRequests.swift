import KAuthBasics
import KAuthCore

/// `POST /v1/user/update_profile`: sets user properties; keys must be registered in the
/// app (else -201). `properties` is a JSON object string.
package struct UpdateProfileRequest: APIRequest {
    package typealias Response = UserIDResponse
    package var properties: [(String, String)]

    package init(properties: [(String, String)]) {
        self.properties = properties
    }

    package var method: String { "POST" }
    package var path: String { "/v1/user/update_profile" }
    package var parameters: [(String, String)] { [("properties", Self.object(properties))] }

    static func object(_ pairs: [(String, String)]) -> String {
        JSONValue.object(Dictionary(pairs.map { ($0.0, JSONValue.string($0.1)) }, uniquingKeysWith: { $1 })).jsonText()
    }
}

/// `POST /v1/user/signup`: links the user to an app with automatic linking off (-102 if linked).
package struct SignupRequest: APIRequest {
    package typealias Response = UserIDResponse
    package var properties: [(String, String)]

    package init(properties: [(String, String)] = []) {
        self.properties = properties
    }

    package var method: String { "POST" }
    package var path: String { "/v1/user/signup" }
    package var parameters: [(String, String)] {
        properties.isEmpty ? [] : [("properties", UpdateProfileRequest.object(properties))]
    }
}
