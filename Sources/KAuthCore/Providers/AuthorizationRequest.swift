/// The authorization request of RFC 6749 §4.1.1 with PKCE (RFC 7636 §4.3), OIDC and provider extras.
/// Every random value is passed in, so URL building is deterministic under test.
struct AuthorizationRequest: Sendable, Equatable {
    /// `client_id`: Kakao's REST API key.
    var clientID: String
    /// `redirect_uri`: exactly the URI the listener serves, port included.
    var redirectURI: String
    /// `scope`.
    var scopes: [String]
    /// `state` (RFC 6749 §10.12): 32 random bytes, base64url.
    var state: String
    /// `code_challenge` = BASE64URL(SHA256(verifier)), method `S256`; nil only for a provider
    /// without PKCE, with the user's explicit `--allow-no-pkce`.
    var codeChallenge: String?
    /// `prompt`: `login`, `create`, `select_account`.
    var prompts: [String]
    /// `login_hint`.
    var loginHint: String?
    /// Parameters a target built on the core adds (KakaoAPI's `service_terms`), after the
    /// provider's own.
    var extraParameters: [AuthorizationParameter]
    /// `nonce` (OIDC Core §3.1.2.1).
    var nonce: String?

    init(
        clientID: String, redirectURI: String, scopes: [String], state: String, codeChallenge: String?,
        prompts: [String] = [], loginHint: String? = nil, extraParameters: [AuthorizationParameter] = [],
        nonce: String? = nil
    ) {
        self.clientID = clientID
        self.redirectURI = redirectURI
        self.scopes = scopes
        self.state = state
        self.codeChallenge = codeChallenge
        self.prompts = prompts
        self.loginHint = loginHint
        self.extraParameters = extraParameters
        self.nonce = nonce
    }
}

/// One parameter of the authorization request that the core does not write itself.
package struct AuthorizationParameter: Sendable, Equatable {
    var name: String
    var value: String

    package init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
