#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import KAuthCore
import KAuthBasics

/// `GET /oauth/authorize`: the simulated user is always logged in and
/// consents at once, so the browser goes straight back to the client with a code.
extension SandboxEngine {
    static let promptValues: Set<String> = ["login", "create", "select_account", "none", "cert"]
    /// OpenID Connect's own prompt value (OIDC Core §3.1.2.1), taken when OpenID Connect is on:
    /// the simulated user sees the consent page again and agrees.
    static let openIDPromptValues: Set<String> = ["consent"]

    mutating func authorize(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        let query = request.query
        let clientID = query.first(named: "client_id")
        let redirectURI = query.first(named: "redirect_uri")
        let clientState = query.first(named: "state")
        let requestedScope = query.first(named: "scope")
        let prompt = query.first(named: "prompt")
        let challenge = query.first(named: "code_challenge")
        let challengeMethod = query.first(named: "code_challenge_method")
        let nonce = query.first(named: "nonce")
        let loginHint = query.first(named: "login_hint")

        entry.clientID = clientID
        entry.redirectURI = redirectURI
        entry.responseType = query.first(named: "response_type")
        entry.scope = requestedScope
        entry.prompt = prompt
        entry.loginHint = loginHint
        entry.serviceTerms = query.first(named: "service_terms")
        entry.codeChallengeMethod = challengeMethod
        entry.stateSent = clientState != nil
        entry.nonceSent = nonce != nil

        // Errors about the client or the redirect URI are shown, never redirected: the redirect
        // URI is not yet known to belong to the client.
        if let name = Self.repeatedName(query) {
            return Self.errorPage(400, "KOE001", "invalid_request", "\(name) is sent more than once", &entry)
        }
        guard let clientID, !clientID.isEmpty else {
            return Self.errorPage(400, "KOE001", "invalid_request", "client_id is required", &entry)
        }
        if let expected = configuration.clientID, clientID != expected {
            return Self.errorPage(400, "KOE101", "invalid_client", "wrong app key: \(clientID)", &entry)
        }
        guard let redirectURI, Self.isRegisteredRedirectURI(redirectURI) else {
            return Self.errorPage(
                400, "KOE006", "invalid_request",
                "redirect_uri is not registered: the sandbox accepts http://127.0.0.1:PORT/PATH or http://localhost:PORT/PATH without a query",
                &entry
            )
        }
        guard query.first(named: "response_type") == "code" else {
            return Self.errorPage(400, "KOE001", "unsupported_response_type", "response_type must be code", &entry)
        }

        // From here the redirect URI is trusted: errors go back to the client (RFC 6749 §4.1.2.1).
        func fail(_ error: String, _ description: String) -> HTTPServerResponse {
            entry.error = error
            var pairs = [("error", error), ("error_description", description)]
            if let clientState { pairs.append(("state", clientState)) }
            // RFC 9207 §2: every authorization response, errors included.
            if let iss = configuration.authorizationResponseIssValue { pairs.append(("iss", iss)) }
            return .redirect(redirectURI + "?" + FormURLEncoding.encode(pairs))
        }

        if challengeMethod != nil && challenge == nil {
            return fail("invalid_request", "code_challenge_method without code_challenge")
        }
        if let challenge {
            // RFC 7636 §4.3 makes a missing method mean `plain`, which Kakao does not offer
            // (`code_challenge_methods_supported: ["S256"]`): only an explicit S256 passes.
            guard challengeMethod == "S256" else {
                return fail("invalid_request", "code_challenge_method must be S256 (plain is not supported)")
            }
            guard SandboxSecrets.isWellFormedS256Challenge(challenge) else {
                return fail("invalid_request", "code_challenge must be 43 base64url characters (S256)")
            }
        }

        let prompts = prompt.map(SandboxScopes.parse) ?? []
        let promptValues = configuration.oidc ? Self.promptValues.union(Self.openIDPromptValues) : Self.promptValues
        if let unknown = prompts.first(where: { !promptValues.contains($0) }) {
            return fail("invalid_request", "unknown prompt value: \(unknown)")
        }
        if prompts.contains("none") && prompts.count > 1 {
            return fail("invalid_request", "prompt=none cannot be combined with other values")
        }

        var asked = requestedScope.map(SandboxScopes.parse) ?? []
        // OIDC Core §11: `offline_access` asks for a refresh token, and counts only with
        // prompt=consent; it is a request about this grant, not a consent item to remember.
        let offlineAccess = configuration.oidc && asked.contains(SandboxScopes.offlineAccess) && prompts.contains("consent")
        if configuration.oidc { asked.removeAll { $0 == SandboxScopes.offlineAccess } }
        if let unknown = asked.first(where: { !SandboxScopes.known.contains($0) }) {
            return fail("invalid_scope", "unknown scope: \(unknown)")
        }
        let requested = SandboxScopes.normalize(asked)
        if configuration.requireNonce, asked.contains("openid"), nonce?.isEmpty ?? true {
            return fail("invalid_request", "nonce required")
        }

        // Kakao Sync: the terms to show on the consent page, each agreed by the simulated user.
        var terms: [String] = []
        if let text = entry.serviceTerms {
            terms = Self.serviceTermTags(text)
            guard !terms.isEmpty else {
                return fail("invalid_request", "service_terms must name at least one service term tag")
            }
            if let unknown = terms.first(where: { serviceTerm($0) == nil }) {
                return fail("invalid_request", "unknown service term tag: \(unknown)")
            }
        }

        if configuration.deny {
            return fail("access_denied", "User denied access")
        }

        let user = state.users.first { loginHint != nil && $0.email == loginHint } ?? state.users[0]
        let index = state.consents.firstIndex { $0.userId == user.id && $0.clientId == clientID }
        if prompts.contains("none") {
            // No page may be shown, so nothing new can be agreed to.
            guard let index, requested.allSatisfy(SandboxScopes.normalize(state.consents[index].scopes).contains) else {
                return fail("consent_required", "prompt=none needs every requested scope to be agreed already")
            }
            let agreedTags = state.consents[index].serviceTerms.map(\.tag)
            guard terms.allSatisfy(agreedTags.contains) else {
                return fail("consent_required", "prompt=none needs every requested service term to be agreed already")
            }
        }

        let scopes = consent(user: user.id, clientID: clientID, requested: requested, terms: terms)

        let code = SandboxSecrets.make(random)
        state.codes[code] = CodeRecord(
            value: code,
            clientId: clientID,
            redirectUri: redirectURI,
            userId: user.id,
            scopes: scopes,
            codeChallenge: challenge,
            nonce: nonce,
            expiresAt: now.addingTimeInterval(TimeInterval(configuration.codeLifetime)),
            redeemedGrantId: nil,
            openid: asked.contains("openid"),
            authTime: now,
            offlineAccess: offlineAccess
        )
        var pairs = [("code", code)]
        if let clientState { pairs.append(("state", clientState)) }
        if let iss = configuration.authorizationResponseIssValue { pairs.append(("iss", iss)) }
        return .redirect(redirectURI + "?" + FormURLEncoding.encode(pairs))
    }

    /// The simulated user agrees to `requested` (and the service terms `terms`) for `clientID`:
    /// added to the consent the pair has, or on a first login the app's consent items and
    /// required terms plus what was asked. Answers the scopes agreed now.
    mutating func consent(user: Int64, clientID: String, requested: [String], terms: [String]) -> [String] {
        if let index = state.consents.firstIndex(where: { $0.userId == user && $0.clientId == clientID }) {
            let scopes = SandboxScopes.union(SandboxScopes.normalize(state.consents[index].scopes), requested)
            state.consents[index].scopes = scopes
            state.consents[index].serviceTerms = agreeing(terms, to: state.consents[index].serviceTerms, by: "KAUTH")
            return scopes
        }
        // A first login: the app's consent items and required terms, and whatever was asked.
        let scopes = SandboxScopes.union(SandboxScopes.normalize(configuration.defaultScopes), requested)
        let required = configuration.serviceTerms.filter(\.required).map(\.tag)
        state.consents.append(ConsentRecord(
            userId: user,
            clientId: clientID,
            scopes: scopes,
            connectedAt: now,
            serviceTerms: agreeing(SandboxScopes.union(required, terms), to: [], by: "KAUTH"),
            properties: [:],
            signedUp: configuration.autoLink
        ))
        return scopes
    }

    /// The sandbox plays an app whose registered redirect URIs are every loopback address and
    /// port (RFC 8252 §7.3), and nothing else: `http://127.0.0.1:PORT/PATH` or
    /// `http://localhost:PORT/PATH`, an explicit port, no query (Kakao forbids one, KD-PRE), no
    /// fragment, and only URI path characters, so the value is safe to put in a `Location`
    /// header as it is.
    static func isRegisteredRedirectURI(_ uri: String) -> Bool {
        let scheme = "http://"
        guard uri.hasPrefix(scheme) else { return false }
        let rest = uri.dropFirst(scheme.count)
        guard let slash = rest.firstIndex(of: "/") else { return false }
        let authority = rest[..<slash]
        let path = rest[slash...]
        guard let colon = authority.lastIndex(of: ":") else { return false }
        let host = authority[..<colon]
        let port = authority[authority.index(after: colon)...]
        guard host == "127.0.0.1" || host == "localhost" else { return false }
        guard !port.isEmpty, port.count <= 5, port.allSatisfy(\.isASCII), port.allSatisfy(\.isNumber),
              let number = Int(port), (1...65535).contains(number)
        else { return false }
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/%")
        return path.allSatisfy { allowed.contains($0) }
    }
}
