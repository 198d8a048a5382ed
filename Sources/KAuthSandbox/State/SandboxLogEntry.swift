#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One request the sandbox answered, as `GET /_sandbox/log` and `kauth sandbox` show it.
///
/// Tests read this to check what a client sent (which grant, which PKCE method, whether `state`
/// was there) without the sandbox ever writing a secret: tokens, codes, verifiers, client secrets,
/// `state` and `nonce` values are never recorded, only whether they were sent.
/// Control requests under `/_sandbox/` are not logged.
package struct SandboxLogEntry: Codable, Sendable, Equatable {
    /// When the sandbox's clock says the request arrived. `/_sandbox/log` writes it as ISO 8601.
    package var time: Date
    package var method: String
    /// The path without its query.
    package var path: String
    /// The HTTP status answered.
    package var status: Int
    /// `grant_type` of a token request.
    package var grantType: String?
    /// The OAuth `error` of a failed kauth request (token error body or authorize redirect).
    package var error: String?
    /// The provider's own error code: `KOE…` for kauth errors, the numeric kapi `code` as text
    /// (`-401`) for API errors.
    package var kakaoCode: String?
    /// Authorize and token requests: the app key (public, it is in every authorize URL).
    package var clientID: String?
    /// How the client authenticated (`client_secret_basic`, …, `none`) where it was asked to.
    package var clientAuthMethod: String?
    package var redirectURI: String?
    var responseType: String?
    /// Authorize: the scopes asked for; token: the scopes granted; `/v2/user/scopes` and
    /// `/v2/user/revoke/scopes`: the scope IDs sent.
    package var scope: String?
    package var prompt: String?
    package var loginHint: String?
    /// Authorize: `service_terms` as sent; the service-terms APIs: `tags` as sent.
    package var serviceTerms: String?
    package var codeChallengeMethod: String?
    /// Authorize: whether `state` was sent.
    package var stateSent: Bool?
    /// Authorize: whether `nonce` was sent.
    package var nonceSent: Bool?
    /// Token: whether a `code_verifier` was sent.
    package var codeVerifierSent: Bool?
    /// Refresh: whether a new refresh token was issued.
    package var rotated: Bool?
    /// `/v2/user/me`: the `property_keys` asked for.
    package var propertyKeys: [String]?
    /// The request failed on purpose, as `POST /_sandbox/fail` asked.
    package var injected: Bool?
    /// Token: whether the response carried an `id_token`.
    package var idTokenIssued: Bool?
    /// Revocation: the `token_type_hint` sent.
    package var tokenTypeHint: String?
    /// Revocation: whether the token was a live token of the client and is now ended (the
    /// client's answer is 200 either way, RFC 7009 §2.2).
    package var revoked: Bool?
    /// Device grant: whether a `user_code` was sent (the device page and its controls).
    package var userCodeSent: Bool?
    /// Snap `/v1/me`: the fields the GraphQL query selected under `me`, as paths
    /// (`bitmoji.avatar`).
    package var fields: [String]?
    /// Authorization: `acr_values` and `max_age` as sent, and every parameter the sandbox does not
    /// read itself, by name (`--auth-param`).
    package var acrValues: String?
    package var maxAge: String?
    package var otherParameters: [String: String]?
    /// RFC 8707 `resource` values (authorize, token), RFC 8693 `audience` values.
    package var resources: [String]?
    package var audiences: [String]?
    /// Token exchange: the subject token's type and, once verified, its subject (never the token).
    package var subjectTokenType: String?
    package var subject: String?
    /// `tls_client_auth`: the subject of the certificate the TLS front says the client presented.
    package var clientCertificateSubject: String?

    package init(
        time: Date,
        method: String,
        path: String,
        status: Int,
        grantType: String? = nil,
        error: String? = nil,
        kakaoCode: String? = nil
    ) {
        self.time = time
        self.method = method
        self.path = path
        self.status = status
        self.grantType = grantType
        self.error = error
        self.kakaoCode = kakaoCode
    }

    enum CodingKeys: String, CodingKey {
        case time, method, path, status, error, scope, prompt, rotated, injected
        case grantType = "grant_type"
        case kakaoCode = "kakao_code"
        case clientID = "client_id"
        case clientAuthMethod = "client_auth_method"
        case redirectURI = "redirect_uri"
        case responseType = "response_type"
        case loginHint = "login_hint"
        case serviceTerms = "service_terms"
        case codeChallengeMethod = "code_challenge_method"
        case stateSent = "state_sent"
        case nonceSent = "nonce_sent"
        case codeVerifierSent = "code_verifier_sent"
        case propertyKeys = "property_keys"
        case idTokenIssued = "id_token_issued"
        case tokenTypeHint = "token_type_hint"
        case revoked
        case userCodeSent = "user_code_sent"
        case fields, resources, audiences, subject
        case acrValues = "acr_values"
        case maxAge = "max_age"
        case otherParameters = "other_parameters"
        case subjectTokenType = "subject_token_type"
        case clientCertificateSubject = "client_cert_subject"
    }
}

extension SandboxLogEntry {
    /// The encoder `/_sandbox/log` uses: snake_case keys (fixed by `CodingKeys`), ISO 8601 times.
    package static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }

    /// The decoder matching `makeEncoder()`, for tests that read `/_sandbox/log`.
    package static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}

extension SandboxLogEntry {
    /// One line for `kauth sandbox`'s request log on stderr: `POST /oauth/token 200 grant_type=refresh_token`.
    package var summary: String {
        var parts = ["\(method) \(path) \(status)"]
        if let grantType { parts.append("grant_type=\(grantType)") }
        if let scope { parts.append("scope=\(scope)") }
        if rotated == true { parts.append("rotated") }
        if idTokenIssued == true { parts.append("id_token") }
        if let revoked { parts.append(revoked ? "revoked" : "not-revoked") }
        if let error { parts.append("error=\(error)") }
        if let kakaoCode { parts.append(kakaoCode) }
        if injected == true { parts.append("(injected failure)") }
        return parts.joined(separator: " ")
    }
}
