/// How a client proves who it is at the token, device authorization, revocation and
/// introspection endpoints (RFC 6749 §2.3, OIDC Core §9, RFC 7523, RFC 8705; RFC 7591 names).
package enum ClientAuthMethod: String, Sendable, Codable, CaseIterable, Equatable {
    /// `Authorization: Basic base64(urlencode(id):urlencode(secret))` (RFC 6749 §2.3.1): every
    /// server MUST support it, and some accept nothing else.
    case clientSecretBasic = "client_secret_basic"
    /// `client_id` and `client_secret` in the form body.
    case clientSecretPost = "client_secret_post"
    /// A JWT signed with HMAC over the client secret (OIDC Core §9): the secret never travels.
    case clientSecretJWT = "client_secret_jwt"
    /// A JWT signed with the client's private key (RFC 7523 §2.2, OIDC Core §9): no secret at all.
    case privateKeyJWT = "private_key_jwt"
    /// The client certificate of the TLS connection (RFC 8705 §2.1), `client_id` in the body.
    case tlsClientAuth = "tls_client_auth"
    /// A public client: `client_id` in the body, no secret.
    case none
}

/// How a provider chooses the method.
enum ClientAuthenticationPolicy: Sendable {
    /// This method whenever the client has a secret (Kakao wants the secret in the body; Snap
    /// takes HTTP Basic), none otherwise.
    case whenSecret(ClientAuthMethod)
    /// What the server advertises for the endpoint (`token_endpoint_auth_methods_supported`,
    /// `revocation_endpoint_auth_methods_supported`), `client_secret_basic` preferred.
    case advertised
}
