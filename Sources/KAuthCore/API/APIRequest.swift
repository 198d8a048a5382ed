#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which of Kakao's hosts an endpoint lives on.
package enum APIHost: String, Sendable {
    /// `kauth.kakao.com`.
    case auth
    /// `kapi.kakao.com`.
    case api
}

/// How an endpoint is authorised (spec §1).
package enum APIAuthorization: Sendable, Equatable {
    /// `Authorization: Bearer {access_token}`: the user's APIs.
    case user
    /// `Authorization: KakaoAK {app key}`: share and image APIs, no user token.
    case appKey
}

/// One endpoint: method, host, path, parameters and the type its JSON decodes to.
package protocol APIRequest: Sendable {
    associatedtype Response: Decodable & Sendable
    var method: String { get }
    var host: APIHost { get }
    var path: String { get }
    /// Query parameters for GET, form body otherwise.
    var parameters: [(String, String)] { get }
    /// Whether sending it twice is harmless, so transient failures may be retried.
    var isIdempotent: Bool { get }
    var authorization: APIAuthorization { get }
    /// A body sent as it is (multipart uploads); when set, `parameters` go in the query.
    var rawBody: (contentType: String, data: Data)? { get }
    /// `path` is a whole URL (from discovery or a provider's fixed address), not a path on a host.
    var isAbsolute: Bool { get }
}

extension APIRequest {
    package var host: APIHost { .api }
    package var parameters: [(String, String)] { [] }
    package var isIdempotent: Bool { method == "GET" }
    package var authorization: APIAuthorization { .user }
    package var rawBody: (contentType: String, data: Data)? { nil }
    package var isAbsolute: Bool { false }
}

/// A decoded response with the bytes it came from (`--json` prints the provider's object as sent).
package struct APIResult<Value: Sendable>: Sendable {
    package var value: Value
    package var body: Data
}
