#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What ended a stored login, as the provider said it: kept with the login so that every later
/// command knows, without the network, that only a new login helps.
package struct SessionRejection: Codable, Sendable, Equatable {
    /// Which refusal ended it.
    package enum Cause: String, Codable, Sendable, Equatable {
        /// The token endpoint refused the refresh token (`invalid_grant`, Kakao KOE322, a bare
        /// HTTP 400/401).
        case refreshToken = "refresh_token"
        /// The API refused the access token right after a refresh gave it.
        case accessToken = "access_token"
        /// `kauth unlink` of another profile with the same user and app ended every token of both.
        case unlinked
    }

    package var at: Date
    package var cause: Cause
    /// The OAuth `error` (`invalid_grant`), when there was one.
    package var error: String?
    /// The provider's description or API message, as sent.
    package var detail: String?
    /// The provider's own code (Kakao `KOE322`).
    package var providerCode: String?
    /// The HTTP status of a refusal that said nothing more.
    package var status: Int?
    /// For `unlinked`: the profile whose unlink it was.
    package var byProfile: String?

    package init(
        at: Date, cause: Cause, error: String? = nil, detail: String? = nil, providerCode: String? = nil,
        status: Int? = nil, byProfile: String? = nil
    ) {
        self.at = at
        self.cause = cause
        self.error = error
        self.detail = detail
        self.providerCode = providerCode
        self.status = status
        self.byProfile = byProfile
    }

    enum CodingKeys: String, CodingKey {
        case at, cause, error, detail, status
        case providerCode = "provider_code"
        case byProfile = "by_profile"
    }
}
