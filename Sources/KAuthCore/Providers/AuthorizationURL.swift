/// The authorization request URL (RFC 6749 §4.1.1 with PKCE, RFC 7636 §4.3), with each
/// provider's quirks: Kakao joins prompts and service terms with commas as its SDK does (§2),
/// Snapchat wants full-URL scopes (§A.4), and an OpenID Connect provider gets the standard form.
package enum AuthorizationURL {
    package static func build(provider: ResolvedProvider, endpoint: String, request: AuthorizationRequest) -> String {
        var pairs: [(String, String)] = [
            ("client_id", request.clientID),
            ("redirect_uri", request.redirectURI),
            ("response_type", "code"),
            ("state", request.state),
        ]
        if let challenge = request.codeChallenge {
            pairs += [("code_challenge", challenge), ("code_challenge_method", "S256")]
        }
        switch provider.kind {
        case .kakao:
            if !request.scopes.isEmpty { pairs.append(("scope", request.scopes.joined(separator: " "))) }
            if !request.prompts.isEmpty { pairs.append(("prompt", request.prompts.joined(separator: ","))) }
            if let hint = request.loginHint { pairs.append(("login_hint", hint)) }
            if !request.serviceTerms.isEmpty { pairs.append(("service_terms", request.serviceTerms.joined(separator: ","))) }
        case .snapchat:
            pairs.append(("scope", request.scopes.map(Snapchat.scopeURL).joined(separator: " ")))
        case .oidc:
            pairs.append(("scope", request.scopes.joined(separator: " ")))
            if !request.prompts.isEmpty { pairs.append(("prompt", request.prompts.joined(separator: " "))) }
            if let hint = request.loginHint { pairs.append(("login_hint", hint)) }
        }
        if let nonce = request.nonce { pairs.append(("nonce", nonce)) }
        let separator = endpoint.contains("?") ? "&" : "?"
        return endpoint + separator + FormURLEncoding.encode(pairs)
    }
}
