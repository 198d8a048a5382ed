import KAuthBasics

/// The authorization request URL (RFC 6749 §4.1.1 with PKCE, RFC 7636 §4.3, OIDC Core §3.1.2.1):
/// the standard parameters, then the ones the provider writes its own way, then those a target
/// built on the core adds.
enum AuthorizationURL {
    static func build(provider: ProviderType, endpoint: String, request: AuthorizationRequest) -> String {
        var pairs: [(String, String)] = [
            ("client_id", request.clientID),
            ("redirect_uri", request.redirectURI),
            ("response_type", "code"),
            ("state", request.state)
        ]
        if let challenge = request.codeChallenge {
            pairs += [("code_challenge", challenge), ("code_challenge_method", "S256")]
        }
        pairs += provider.authorizeParameters(request)
        pairs += request.extraParameters.map { ($0.name, $0.value) }
        if let nonce = request.nonce { pairs.append(("nonce", nonce)) }
        let separator = endpoint.contains("?") ? "&" : "?"
        return endpoint + separator + FormURLEncoding.encode(pairs)
    }
}
