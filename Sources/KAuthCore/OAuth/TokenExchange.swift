import KAuthBasics

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A token-exchange login (RFC 8693 §2.1) as it is asked and kept with the login: where the
/// subject token comes from and what is asked for it. It holds no secret: the subject token is
/// read from its source each time it is exchanged.
package struct TokenExchangeRequest: Codable, Sendable, Equatable {
    package var source: SubjectTokenSource
    /// `subject_token_type`: a JWT (`urn:ietf:params:oauth:token-type:jwt`) by default.
    package var subjectTokenType: String
    /// `requested_token_type`, when asked.
    package var requestedTokenType: String?
    /// `resource` (RFC 8707 and RFC 8693 §2.1), each sent.
    package var resources: [String]
    /// `audience` (RFC 8693 §2.1), each sent.
    package var audiences: [String]
    /// `scope`, when asked.
    package var scopes: [String]?

    package init(
        source: SubjectTokenSource, subjectTokenType: String? = nil, requestedTokenType: String? = nil,
        resources: [String] = [], audiences: [String] = [], scopes: [String]? = nil
    ) {
        self.source = source
        self.subjectTokenType = subjectTokenType ?? Self.jwtType
        self.requestedTokenType = requestedTokenType
        self.resources = resources
        self.audiences = audiences
        self.scopes = scopes
    }

    /// RFC 8693 §3: a JWT (RFC 7519). What GitHub Actions, GitLab's `id_tokens` and Kubernetes
    /// service-account tokens are; `…:id_token` is for an OpenID Connect ID token proper, which
    /// these are not (their audience is the provider, not a client of it).
    package static let jwtType = "urn:ietf:params:oauth:token-type:jwt"
    /// RFC 8693 §2.1's grant type.
    package static let grantType = "urn:ietf:params:oauth:grant-type:token-exchange"

    /// The form parameters of the request, the subject token among them (a secret: `Redaction`
    /// masks `subject_token`).
    func pairs(subjectToken: String) -> [(String, String)] {
        var pairs = [
            ("grant_type", Self.grantType), ("subject_token", subjectToken),
            ("subject_token_type", subjectTokenType)
        ]
        if let requestedTokenType { pairs.append(("requested_token_type", requestedTokenType)) }
        pairs += resources.map { ("resource", $0) }
        pairs += audiences.map { ("audience", $0) }
        if let scopes, !scopes.isEmpty { pairs.append(("scope", scopes.joined(separator: " "))) }
        return pairs
    }

    enum CodingKeys: String, CodingKey {
        case source, resources, audiences, scopes
        case subjectTokenType = "subject_token_type"
        case requestedTokenType = "requested_token_type"
    }
}

/// Reads a subject token from its source, through the world's effects.
struct SubjectTokenReader: Sendable {
    var world: World

    /// GitHub Actions' variables: where to ask, and the bearer token to ask with.
    static let githubURLVariable = "ACTIONS_ID_TOKEN_REQUEST_URL"
    static let githubTokenVariable = "ACTIONS_ID_TOKEN_REQUEST_TOKEN"

    /// The subject token, checked to be one token and, when it is a JWT, unexpired: an expired
    /// one is never sent.
    func read(_ source: SubjectTokenSource) async throws -> String {
        let raw: String
        switch source {
        case .file(let path):
            let data: Data?
            do {
                data = try world.fileSystem.readUserFile(path)
            } catch {
                throw KAuthError.subjectToken(source: source, .fileUnreadable(reason: "\(error)"))
            }
            guard let data else { throw KAuthError.subjectToken(source: source, .fileMissing) }
            guard let text = String(data: data, encoding: .utf8) else {
                throw KAuthError.subjectToken(source: source, .notAToken)
            }
            raw = text
        case .environment(let variable):
            guard let value = world.environment.values[variable] else {
                throw KAuthError.subjectToken(source: source, .variableUnset)
            }
            raw = value
        case .githubActions(let audience):
            raw = try await github(audience: audience, source: source)
        }
        // A file or a variable ends with a line break as often as not.
        let token = raw.trimmingSpacesAndLineBreaks()
        if token.isEmpty { throw KAuthError.subjectToken(source: source, .empty) }
        guard TokenForm.isWellFormed(token), !token.contains(" ") else {
            throw KAuthError.subjectToken(source: source, .notAToken)
        }
        if let expiry = JWTClaims.expiry(of: token), expiry <= world.clock.now() {
            throw KAuthError.subjectToken(source: source, .expired(at: expiry))
        }
        return token
    }

    /// GitHub's documented request: GET the URL with its own query and `audience=` added, the
    /// request token as a bearer token; the answer is `{"value": "<JWT>"}`.
    private func github(audience: String, source: SubjectTokenSource) async throws -> String {
        let environment = world.environment.values
        let missing = [Self.githubURLVariable, Self.githubTokenVariable].filter { (environment[$0] ?? "").isEmpty }
        guard missing.isEmpty, let base = environment[Self.githubURLVariable],
            let requestToken = environment[Self.githubTokenVariable]
        else {
            throw KAuthError.subjectToken(source: source, .githubVariablesMissing(missing))
        }
        try Provider.requireSecure(base, label: Self.githubURLVariable)
        let separator = base.contains("?") ? "&" : "?"
        let url = base + separator + FormURLEncoding.encode([("audience", audience)])
        let shown = String(base.prefix { $0 != "?" })
        let trust = TLSTrust(caFile: world.environment.values["KAUTH_CA_FILE"].flatMap { $0.isEmpty ? nil : $0 })
        let response = try await world.http.trusting(trust).perform(
            HTTPRequest(
                method: "GET", url: url,
                headers: [
                    HTTPHeader("Authorization", "Bearer " + requestToken), HTTPHeader("Accept", "application/json")
                ]
            ))
        if response.status >= 500 || response.status == 429 {
            throw KAuthError.unavailable(.serverError(.ciTokenService(url: shown), status: response.status))
        }
        guard (200..<300).contains(response.status) else {
            throw KAuthError.subjectToken(source: source, .githubRefused(status: response.status))
        }
        guard let answer = try? JSONDecoder().decode(JSONValue.self, from: response.body),
            let value = answer["value"]?.stringValue
        else {
            throw KAuthError.subjectToken(source: source, .githubAnswerUnreadable(status: response.status))
        }
        return value
    }
}
