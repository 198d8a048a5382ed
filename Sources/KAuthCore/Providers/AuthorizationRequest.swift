/// The authorization request of RFC 6749 §4.1.1 with PKCE (RFC 7636 §4.3), OIDC and provider extras.
/// Every random value is passed in, so URL building is deterministic under test.
package struct AuthorizationRequest: Sendable, Equatable {
    /// `client_id`: Kakao's REST API key.
    package var clientID: String
    /// `redirect_uri`: exactly the URI the listener serves, port included.
    package var redirectURI: String
    /// `scope`.
    package var scopes: [String]
    /// `state` (RFC 6749 §10.12): 32 random bytes, base64url.
    package var state: String
    /// `code_challenge` = BASE64URL(SHA256(verifier)), method `S256`; nil only for a provider
    /// without PKCE, with the user's explicit `--allow-no-pkce`.
    package var codeChallenge: String?
    /// `prompt`: `login`, `create`, `select_account`.
    package var prompts: [String]
    /// `login_hint`.
    package var loginHint: String?
    /// `service_terms`: Kakao Sync term tags.
    package var serviceTerms: [String]
    /// `nonce` (OIDC Core §3.1.2.1).
    package var nonce: String?

    package init(
        clientID: String, redirectURI: String, scopes: [String], state: String, codeChallenge: String?,
        prompts: [String] = [], loginHint: String? = nil, serviceTerms: [String] = [], nonce: String? = nil
    ) {
        self.clientID = clientID
        self.redirectURI = redirectURI
        self.scopes = scopes
        self.state = state
        self.codeChallenge = codeChallenge
        self.prompts = prompts
        self.loginHint = loginHint
        self.serviceTerms = serviceTerms
        self.nonce = nonce
    }
}
