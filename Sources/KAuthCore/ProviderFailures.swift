/// One of a provider's endpoints, as a failure names it: which call went wrong, not in words.
package enum ProviderEndpoint: Sendable, Equatable {
    /// The token endpoint (RFC 6749 §3.2).
    case token
    /// The device authorization endpoint (RFC 8628 §3.1).
    case deviceAuthorization
    /// The revocation endpoint at `url` (RFC 7009).
    case revocation(url: String)
    /// The RFC 7662 introspection endpoint at `url`.
    case introspection(url: String)
    /// The OpenID Connect discovery document at `url`.
    case discovery(url: String)
    /// The JWK set at `url` (secrets redacted).
    case jwks(url: String)
    /// A CI's token service (GitHub Actions' `ACTIONS_ID_TOKEN_REQUEST_URL`), query left out.
    case ciTokenService(url: String)
    /// An API path such as `/v2/user/me`.
    case api(path: String)
}

/// Why the provider could not be used for now (a network to wait for, a provider to retry):
/// what was tried and what came back. Text from the network stays as it came.
package enum Unavailability: Sendable, Equatable {
    /// The connection to `url` (secrets redacted) failed; `detail` is the transport's reason.
    case unreachable(url: String, detail: String)
    /// No answer from `url` (secrets redacted) in time.
    case noAnswer(url: String)
    /// The endpoint answered with a server error (5xx, or 429 for a key set).
    case serverError(ProviderEndpoint, status: Int)
    /// The endpoint answered with an OAuth error that means "later": a 5xx, or an error the
    /// provider documents as temporary.
    case temporaryError(ProviderEndpoint, status: Int, error: String)
    /// An API answered with an error code that means the service is down or overloaded (Kakao
    /// -1, -7, -603, -9798), with the provider's message.
    case serviceError(ProviderEndpoint, code: Int, message: String)
}

/// An answer kauth could not use, in facts: which endpoint, and what was wrong with it.
package enum InvalidResponse: Sendable, Equatable {
    /// An error status without an OAuth error (RFC 6749 §5.2) to say why.
    case noOAuthError(ProviderEndpoint, status: Int)
    /// A success whose `field` (a token) has characters no token has; the value is not kept.
    case tokenCharacters(field: String)
    /// A success of the token endpoint without a usable access token.
    case noAccessToken(status: Int)
    /// Device authorization answered without a device code.
    case noDeviceCode(status: Int)
    /// Device authorization named a verification URI that is not https.
    case insecureVerificationURI
    /// An API call answered with a body that is not the JSON its request expects.
    case unexpectedBody(method: String, path: String, status: Int)
    /// The JWK set answered with an error status that is not a server's.
    case jwksStatus(url: String, status: Int)
    /// The JWK set is not a JSON object with a `keys` array; `url` when it was fetched.
    case notAKeySet(url: String?)
}
