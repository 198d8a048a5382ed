#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A successful token endpoint response (RFC 6749 §5.1). Unknown members are ignored. On a
/// refresh, Kakao sends `refresh_token` only when it rotates it.
///
/// Everything here comes from the network: an empty `access_token` is no token, and lifetimes are
/// clamped to `lifetimeRange`, so that no answer can store an instant the keystore cannot read
/// back (`expires_in: -1e12`) or a token kauth would never refresh (`expires_in: 1e15`).
package struct TokenResponse: Decodable, Sendable, Equatable {
    package var accessToken: String
    package var tokenType: String
    package var expiresIn: Int?
    package var refreshToken: String?
    package var refreshTokenExpiresIn: Int?
    /// Space-separated granted scopes.
    package var scope: String?
    package var idToken: String?

    /// Lifetimes kauth believes: from none at all to about ten years.
    static let lifetimeRange = 0...(10 * 366 * 86_400)

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case tokenType = "token_type"
        case expiresIn = "expires_in"
        case refreshToken = "refresh_token"
        case refreshTokenExpiresIn = "refresh_token_expires_in"
        case scope
        case idToken = "id_token"
    }

    init(
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
        guard !accessToken.isEmpty else {
            throw DecodingError.dataCorruptedError(
                forKey: .accessToken, in: container, debugDescription: "empty access_token")
        }
        guard TokenForm.isWellFormed(accessToken) else { throw TokenForm.Malformed(field: "access_token") }
        tokenType = try container.decodeIfPresent(String.self, forKey: .tokenType) ?? "bearer"
        expiresIn = container.seconds(.expiresIn, clampedTo: Self.lifetimeRange)
        // An empty refresh token is none at all.
        refreshToken = try container.decodeIfPresent(String.self, forKey: .refreshToken).flatMap {
            $0.isEmpty ? nil : $0
        }
        if let refreshToken, !TokenForm.isWellFormed(refreshToken) { throw TokenForm.Malformed(field: "refresh_token") }
        refreshTokenExpiresIn = container.seconds(.refreshTokenExpiresIn, clampedTo: Self.lifetimeRange)
        scope = try? container.decodeIfPresent(String.self, forKey: .scope)
        idToken = try container.decodeIfPresent(String.self, forKey: .idToken).flatMap { $0.isEmpty ? nil : $0 }
        if let idToken, !TokenForm.isWellFormed(idToken) { throw TokenForm.Malformed(field: "id_token") }
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

    /// The error in `body`, when it is a JSON object with a non-empty `error`.
    package static func decode(_ body: Data) -> OAuthErrorResponse? {
        guard let response = try? JSONDecoder().decode(OAuthErrorResponse.self, from: body), !response.error.isEmpty
        else { return nil }
        return response
    }

    /// `server_error`, `temporarily_unavailable`, or a code the provider uses for "try again".
    package func isTemporary(for type: ProviderType) -> Bool {
        error == "server_error" || error == "temporarily_unavailable"
            || errorCode.map(type.temporaryErrorCodes.contains) == true
    }

    /// The error with what the provider's code means.
    package func failure(provider: Provider) -> OAuthFailure {
        // invalid_client covers a wrong id and a wrong secret alike (RFC 6749 §5.2); when a secret
        // was sent, it is the likelier culprit: the id was good enough to reach the token endpoint.
        let clientFault: OAuthErrorMeaning = provider.clientSecret == nil ? .wrongClientID : .wrongClientSecret
        let meaning =
            errorCode.flatMap { provider.type.errorMeanings[$0] } ?? (error == "invalid_client" ? clientFault : nil)
        return OAuthFailure(
            error: error, description: errorDescription, providerCode: errorCode, meaning: meaning,
            provider: provider.name)
    }
}

/// The form RFC 6749 gives tokens (Appendix A.12, A.17: `1*VSCHAR`, the printable ASCII
/// characters %x20-7E). A token that is anything else did not come from a working provider or is
/// not one token (several pasted lines, a terminal escape): it is refused, and its bytes are
/// never printed, since it may still be a secret.
package enum TokenForm {
    package static func isWellFormed(_ token: String) -> Bool {
        !token.isEmpty && token.utf8.allSatisfy { (0x20...0x7E).contains($0) }
    }

    /// A token in a provider's answer that does not have that form.
    struct Malformed: Error, Equatable {
        var field: String
    }
}
