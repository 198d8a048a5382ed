import KAuthBasics

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How an endpoint is authorised.
package enum APIAuthorization: Sendable, Equatable {
    /// `Authorization: Bearer {access_token}`: the user's APIs.
    case user
    /// The app key under the provider's `appKeyScheme` (Kakao's share and image APIs:
    /// `KakaoAK {app key}`), no user token.
    case appKey
}

/// One endpoint: method, host, path, parameters and the type its JSON decodes to.
package protocol APIRequest<Response>: Sendable {
    associatedtype Response: Decodable & Sendable
    var method: String { get }
    /// Which of the provider's base URLs the path is on.
    var host: ProviderURLRole { get }
    var path: String { get }
    /// Query parameters for GET and DELETE, form body otherwise.
    var parameters: [(String, String)] { get }
    /// Whether sending it twice is harmless, so transient failures may be retried.
    var isIdempotent: Bool { get }
    var authorization: APIAuthorization { get }
    /// A body sent as it is (multipart uploads); when set, `parameters` go in the query.
    var rawBody: (contentType: String, data: Data)? { get }
    /// `path` is a whole URL (from discovery or a provider's fixed address), not a path on a host.
    var isAbsolute: Bool { get }
    /// Headers the caller adds (`kauth api -H`); `Authorization` is never among them.
    var extraHeaders: [HTTPHeader] { get }
}

extension APIRequest {
    package var host: ProviderURLRole { .api }
    package var parameters: [(String, String)] { [] }
    package var isIdempotent: Bool { method == "GET" }
    package var authorization: APIAuthorization { .user }
    package var rawBody: (contentType: String, data: Data)? { nil }
    package var isAbsolute: Bool { false }
    package var extraHeaders: [HTTPHeader] { [] }
}

/// A decoded response with the bytes it came from (`--json` prints the provider's object as sent).
package struct APIResult<Value: Sendable>: Sendable {
    package var value: Value
    package var body: Data
}

/// A call whose answer is any JSON: the providers' profile, logout and unlink calls, whose paths
/// differ by provider, and `kauth api`.
package struct APICall: APIRequest {
    package typealias Response = JSONValue
    package var method: String
    package var host: ProviderURLRole
    package var path: String
    package var isAbsolute: Bool
    package var parameters: [(String, String)]
    package var rawBody: (contentType: String, data: Data)?
    package var extraHeaders: [HTTPHeader] = []

    /// A path on one of the provider's hosts.
    package init(method: String, host: ProviderURLRole, path: String, parameters: [(String, String)] = []) {
        self.method = method
        self.host = host
        self.path = path
        self.isAbsolute = false
        self.parameters = parameters
    }

    /// A whole URL (from discovery, or one the user gave on a provider's host).
    package init(method: String, url: String, parameters: [(String, String)] = []) {
        self.method = method
        self.host = .api
        self.path = url
        self.isAbsolute = true
        self.parameters = parameters
    }
}
