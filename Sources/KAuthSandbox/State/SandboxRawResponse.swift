import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An endpoint whose next answers `POST /_sandbox/respond` can replace.
enum SandboxRawEndpoint: String, Sendable, CaseIterable {
    /// The token endpoint: `/oauth/token`, or `/accounts/oauth2/token` in Snap mode.
    case token
    /// The device authorization endpoint, `/oauth/device/code` (Kakao mode only).
    case deviceAuthorization = "device_authorization"
}

/// An answer given as it is, whatever the request: status, `Content-Type` (or none) and body.
struct SandboxRawResponse: Sendable, Equatable {
    var remaining: Int
    var status: Int
    var contentType: String?
    var body: Data

    var response: HTTPServerResponse {
        HTTPServerResponse(
            status: status, headers: contentType.map { [HTTPHeader("Content-Type", $0)] } ?? [], body: body)
    }
}
