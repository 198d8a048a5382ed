import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `GET /v1/user/access_token_info`: the server's view of the access token.
package struct AccessTokenInfoRequest: APIRequest {
    package typealias Response = AccessTokenInfo
    package var method: String { "GET" }
    package var path: String { "/v1/user/access_token_info" }
    package init() {}
}

/// `{"id","expires_in","app_id"}`; `expires_in` is in seconds.
package struct AccessTokenInfo: Decodable, Sendable, Equatable {
    package var id: Int64?
    package var expiresIn: Int64
    package var appID: Int64?

    enum CodingKeys: String, CodingKey {
        case id
        case expiresIn = "expires_in"
        case appID = "app_id"
    }
}

/// `POST /v1/user/unlink`: disconnects the user from the app; every token dies with it.
package struct UnlinkRequest: APIRequest {
    package typealias Response = UserIDResponse
    package var method: String { "POST" }
    package var path: String { "/v1/user/unlink" }
    package init() {}
}

/// `{"id": …}`.
package struct UserIDResponse: Decodable, Sendable, Equatable {
    package var id: Int64?
}
