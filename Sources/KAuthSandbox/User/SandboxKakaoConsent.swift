import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Kakao's consent step: `prompt` (`none` only with what is already agreed), Kakao's scope
/// names, `nonce` when the app requires one, Kakao Sync's `service_terms`, the user named by
/// `login_hint`, and the consent recorded for the user API to read.
extension SandboxEngine {
    static let promptValues: Set<String> = ["login", "create", "select_account", "none", "cert"]
    /// OpenID Connect's own prompt value (OIDC Core §3.1.2.1), taken when OpenID Connect is on:
    /// the simulated user sees the consent page again and agrees.
    static let openIDPromptValues: Set<String> = ["consent"]

    static let kakaoConsent: SandboxConsentStep = { engine, query, clientID in
        engine.kakaoConsent(query, clientID: clientID)
    }

    private mutating func kakaoConsent(_ query: [(String, String)], clientID: String) -> Result<
        SandboxGrant, SandboxAuthorizeRefusal
    > {
        func refuse(_ error: String, _ description: String) -> Result<SandboxGrant, SandboxAuthorizeRefusal> {
            .failure(SandboxAuthorizeRefusal(error: error, description: description))
        }
        let nonce = query.first(named: "nonce")
        let loginHint = query.first(named: "login_hint")
        let prompts = query.first(named: "prompt").map(SandboxScopes.parse) ?? []
        let promptValues = configuration.oidc ? Self.promptValues.union(Self.openIDPromptValues) : Self.promptValues
        if let unknown = prompts.first(where: { !promptValues.contains($0) }) {
            return refuse("invalid_request", "unknown prompt value: \(unknown)")
        }
        if prompts.contains("none") && prompts.count > 1 {
            return refuse("invalid_request", "prompt=none cannot be combined with other values")
        }

        var asked = query.first(named: "scope").map(SandboxScopes.parse) ?? []
        // OIDC Core §11: `offline_access` asks for a refresh token, and counts only with
        // prompt=consent; it is a request about this grant, not a consent item to remember.
        let offlineAccess =
            configuration.oidc && asked.contains(SandboxScopes.offlineAccess) && prompts.contains("consent")
        if configuration.oidc { asked.removeAll { $0 == SandboxScopes.offlineAccess } }
        if let unknown = asked.first(where: { !SandboxScopes.known.contains($0) }) {
            return refuse("invalid_scope", "unknown scope: \(unknown)")
        }
        let requested = SandboxScopes.normalize(asked)
        if configuration.requireNonce, asked.contains("openid"), nonce?.isEmpty ?? true {
            return refuse("invalid_request", "nonce required")
        }

        // Kakao Sync: the terms to show on the consent page, each agreed by the simulated user.
        var terms: [String] = []
        if let text = query.first(named: "service_terms") {
            terms = Self.serviceTermTags(text)
            guard !terms.isEmpty else {
                return refuse("invalid_request", "service_terms must name at least one service term tag")
            }
            if let unknown = terms.first(where: { serviceTerm($0) == nil }) {
                return refuse("invalid_request", "unknown service term tag: \(unknown)")
            }
        }

        if let userRefusal { return .failure(userRefusal) }

        let user = state.users.first { loginHint != nil && $0.email == loginHint } ?? state.users[0]
        let index = state.consents.firstIndex { $0.userId == user.id && $0.clientId == clientID }
        if prompts.contains("none") {
            // No page may be shown, so nothing new can be agreed to.
            guard let index, requested.allSatisfy(SandboxScopes.normalize(state.consents[index].scopes).contains) else {
                return refuse("consent_required", "prompt=none needs every requested scope to be agreed already")
            }
            let agreedTags = state.consents[index].serviceTerms.map(\.tag)
            guard terms.allSatisfy(agreedTags.contains) else {
                return refuse("consent_required", "prompt=none needs every requested service term to be agreed already")
            }
        }

        let scopes = consent(user: user.id, clientID: clientID, requested: requested, terms: terms)
        return .success(
            SandboxGrant(
                userID: user.id, scopes: scopes, nonce: nonce, openid: asked.contains("openid"),
                offlineAccess: offlineAccess))
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
        state.consents.append(
            ConsentRecord(
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
}
