#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A successful token endpoint response (RFC 6749 §5.1; Kakao §3.3). Unknown members are
/// ignored. On a refresh, Kakao sends `refresh_token` only when it rotates it.
package struct TokenResponse: Decodable, Sendable, Equatable {
    package var accessToken: String
    package var tokenType: String
    package var expiresIn: Int?
    package var refreshToken: String?
    package var refreshTokenExpiresIn: Int?
    /// Space-separated granted scopes.
    package var scope: String?
    package var idToken: String?

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case tokenType = "token_type"
        case expiresIn = "expires_in"
        case refreshToken = "refresh_token"
        case refreshTokenExpiresIn = "refresh_token_expires_in"
        case scope
        case idToken = "id_token"
    }

    package init(
        accessToken: String, tokenType: String = "bearer", expiresIn: Int?, refreshToken: String? = nil,
        refreshTokenExpiresIn: Int? = nil, scope: String? = nil, idToken: String? = nil
    ) {
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.expiresIn = expiresIn
        self.refreshToken = refreshToken
        self.refreshTokenExpiresIn = refreshTokenExpiresIn
        self.scope = scope
        self.idToken = idToken
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        accessToken = try container.decode(String.self, forKey: .accessToken)
        tokenType = try container.decodeIfPresent(String.self, forKey: .tokenType) ?? "bearer"
        expiresIn = try Self.flexibleInt(container, .expiresIn)
        refreshToken = try container.decodeIfPresent(String.self, forKey: .refreshToken)
        refreshTokenExpiresIn = try Self.flexibleInt(container, .refreshTokenExpiresIn)
        scope = try container.decodeIfPresent(String.self, forKey: .scope)
        idToken = try container.decodeIfPresent(String.self, forKey: .idToken)
    }

    /// Some servers send lifetimes as strings; accept both.
    private static func flexibleInt(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> Int? {
        if let value = try? container.decodeIfPresent(Int.self, forKey: key) { return value }
        if let text = try? container.decodeIfPresent(String.self, forKey: key) { return Int(text) }
        return nil
    }

    /// The granted scopes as a list.
    package var scopes: [String]? {
        scope.map(ScopeList.parse)
    }
}

/// A token endpoint error (RFC 6749 §5.2), with Kakao's `error_code` (KOE…).
package struct OAuthErrorResponse: Decodable, Sendable, Equatable {
    package var error: String
    package var errorDescription: String?
    package var errorCode: String?

    enum CodingKeys: String, CodingKey {
        case error
        case errorDescription = "error_description"
        case errorCode = "error_code"
    }

    package init(error: String, errorDescription: String? = nil, errorCode: String? = nil) {
        self.error = error
        self.errorDescription = errorDescription
        self.errorCode = errorCode
    }
}
