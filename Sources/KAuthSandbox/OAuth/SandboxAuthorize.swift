import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The authorization endpoint of every mode: the simulated user is always logged in and
/// consents at once, so the browser goes straight back to the client with a code. What the user
/// is asked and agrees to is the profile's consent step (`SandboxOAuthProfile.consent`).
extension SandboxEngine {
    mutating func authorize(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        let query = request.query
        let clientID = query.first(named: "client_id")
        let redirectURI = query.first(named: "redirect_uri")
        let clientState = query.first(named: "state")
        let challenge = query.first(named: "code_challenge")
        let challengeMethod = query.first(named: "code_challenge_method")

        entry.clientID = clientID
        entry.redirectURI = redirectURI
        entry.responseType = query.first(named: "response_type")
        entry.scope = query.first(named: "scope")
        entry.prompt = query.first(named: "prompt")
        entry.loginHint = query.first(named: "login_hint")
        entry.serviceTerms = query.first(named: "service_terms")
        entry.codeChallengeMethod = challengeMethod
        entry.stateSent = clientState != nil
        entry.nonceSent = query.first(named: "nonce") != nil
        entry.acrValues = query.first(named: "acr_values")
        entry.maxAge = query.first(named: "max_age")
        let resources = query.filter { $0.0 == "resource" }.map(\.1)
        entry.resources = resources.isEmpty ? nil : resources
        let others = query.filter { !Self.parametersRead.contains($0.0) }
        entry.otherParameters = others.isEmpty ? nil : Dictionary(others, uniquingKeysWith: { $1 })

        // Errors about the client or the redirect URI are shown, never redirected: the redirect
        // URI is not yet known to belong to the client.
        let page = profile.errorPage
        if let name = Self.repeatedName(query) {
            return page(400, "KOE001", "invalid_request", "\(name) is sent more than once", &entry)
        }
        guard let clientID, !clientID.isEmpty else {
            return page(400, "KOE001", "invalid_request", "client_id is required", &entry)
        }
        if let expected = configuration.clientID, clientID != expected {
            return page(400, "KOE101", "invalid_client", "wrong app key: \(clientID)", &entry)
        }
        guard let redirectURI, Self.isRegisteredRedirectURI(redirectURI) else {
            return page(
                400, "KOE006", "invalid_request",
                "redirect_uri is not registered: the sandbox accepts http://127.0.0.1:PORT/PATH or http://localhost:PORT/PATH without a query",
                &entry
            )
        }
        let responseTypeIsCode = query.first(named: "response_type") == "code"
        if !responseTypeIsCode && profile.showsResponseTypeError {
            return page(400, "KOE001", "unsupported_response_type", "response_type must be code", &entry)
        }

        // From here the redirect URI is trusted: errors go back to the client (RFC 6749 §4.1.2.1).
        let iss = profile.issParameter ? configuration.authorizationResponseIssValue : nil
        func redirect(_ pairs: [(String, String)]) -> HTTPServerResponse {
            var pairs = pairs
            if let clientState { pairs.append(("state", clientState)) }
            // RFC 9207 §2: every authorization response, errors included.
            if let iss { pairs.append(("iss", iss)) }
            return .redirect(redirectURI + "?" + FormURLEncoding.encode(pairs))
        }
        func fail(_ error: String, _ description: String) -> HTTPServerResponse {
            entry.error = error
            return redirect([("error", error), ("error_description", description)])
        }

        guard responseTypeIsCode else {
            return fail("unsupported_response_type", "response_type must be code")
        }
        if profile.requiresPKCE && challenge == nil {
            return fail("invalid_request", "code_challenge is required (PKCE with S256)")
        }
        if challengeMethod != nil && challenge == nil {
            return fail("invalid_request", "code_challenge_method without code_challenge")
        }
        if let challenge {
            // RFC 7636 §4.3 makes a missing method mean `plain`, which neither Kakao
            // (`code_challenge_methods_supported: ["S256"]`) nor Snap offers: only an explicit
            // S256 passes.
            guard challengeMethod == "S256" else {
                return fail("invalid_request", "code_challenge_method must be S256 (plain is not supported)")
            }
            guard SandboxSecrets.isWellFormedS256Challenge(challenge) else {
                return fail("invalid_request", "code_challenge must be 43 base64url characters (S256)")
            }
        }

        if let unserved = resources.first(where: { !configuration.resources.contains($0) }) {
            return fail("invalid_target", "the resource \(unserved) is not served to this client")
        }
        let grant: SandboxGrant
        switch profile.consent(&self, query, clientID) {
        case .success(let value): grant = value
        case .failure(let refusal): return fail(refusal.error, refusal.description)
        }

        let code = SandboxSecrets.make(random)
        state.codes[code] = CodeRecord(
            value: code,
            clientId: clientID,
            redirectUri: redirectURI,
            userId: grant.userID,
            scopes: grant.scopes,
            codeChallenge: challenge,
            nonce: grant.nonce,
            expiresAt: now.addingTimeInterval(TimeInterval(configuration.codeLifetime)),
            redeemedGrantId: nil,
            openid: grant.openid,
            authTime: now,
            offlineAccess: grant.offlineAccess,
            resources: resources.isEmpty ? nil : resources,
            acr: query.first(named: "acr_values").flatMap { SandboxScopes.parse($0).first }
        )
        return redirect([("code", code)])
    }

    /// The parameters the authorization endpoint reads itself; the log lists any other by name.
    static let parametersRead: Set<String> = [
        "client_id", "redirect_uri", "response_type", "state", "code_challenge", "code_challenge_method", "scope",
        "prompt", "login_hint", "service_terms", "nonce", "acr_values", "max_age", "resource"
    ]

    /// `access_denied` when the sandbox plays a user who refuses (`SandboxConfiguration.deny`),
    /// for a consent step to answer once the request itself is known to be good.
    var userRefusal: SandboxAuthorizeRefusal? {
        configuration.deny ? SandboxAuthorizeRefusal(error: "access_denied", description: "User denied access") : nil
    }
}

/// What the simulated user agreed to at the authorization endpoint: the code's contents.
struct SandboxGrant {
    var userID: Int64
    var scopes: [String]
    /// The request's `nonce`, for the ID token.
    var nonce: String? = nil
    /// Whether the request asked for an ID token (scope `openid`).
    var openid: Bool? = nil
    /// Whether the request asked for a refresh token with OpenID Connect's `offline_access`.
    var offlineAccess: Bool? = nil
}

/// Why a consent step refused an authorization request, redirected to the client as
/// `error` and `error_description`.
struct SandboxAuthorizeRefusal: Error {
    var error: String
    var description: String
}

/// A provider's consent step: reads the request's own parameters (scopes and the like), refuses
/// or records what the user agrees to.
typealias SandboxConsentStep =
    @Sendable (inout SandboxEngine, _ query: [(String, String)], _ clientID: String) -> Result<
        SandboxGrant, SandboxAuthorizeRefusal
    >

extension SandboxEngine {
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
