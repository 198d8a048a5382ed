import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Client authentication (RFC 6749 §2.3) at the token, revocation (RFC 7009 §2.1) and device
/// authorization (RFC 8628 §3.1) endpoints, with the methods the profile or else
/// `SandboxConfiguration.clientAuthMethods` allows.
extension SandboxEngine {
    /// Who the client is, after refusing a parameter sent twice (RFC 6749 §3.2): HTTP Basic
    /// credentials when the request has `Authorization: Basic`, else `client_id` and
    /// `client_secret` in the form. The id is checked against the configured app key (KOE101)
    /// and, for a confidential app (a configured secret), the secret and the method used against
    /// the allowed ones (KOE010). Errors take the profile's shape. A request using both methods at once is refused (RFC 6749
    /// §2.3: "MUST NOT use more than one authentication method in each request").
    ///
    /// Answers 401 `invalid_client` with `WWW-Authenticate: Basic` when the client tried Basic or
    /// must use it (RFC 6749 §5.2).
    mutating func authenticateClient(
        _ request: HTTPServerRequest, _ form: [(String, String)], _ entry: inout SandboxLogEntry
    )
        -> Result<String, Unauthorized>
    {
        if let name = Self.repeatedName(form) {
            return .failure(
                Unauthorized(
                    response: oauthFailure(400, "invalid_request", "\(name) is sent more than once", "KOE001", &entry)))
        }
        let allowed = profile.clientAuthMethods ?? configuration.clientAuthMethods
        var clientID = form.first(named: "client_id")
        var secret = form.first(named: "client_secret")
        let header = request.headers.value(for: "Authorization").flatMap { Self.scheme(of: $0) == "basic" ? $0 : nil }
        if form.first(named: "client_assertion") != nil || form.first(named: "client_assertion_type") != nil {
            if header != nil || secret != nil {
                return .failure(
                    refusal(
                        400, "invalid_request", "the client authenticated twice: with an assertion and a secret",
                        "KOE001", challenge: false, &entry))
            }
            switch checkAssertion(form, path: request.path) {
            case .failure(let problem):
                entry.clientID = clientID
                return .failure(refusal(401, "invalid_client", problem.description, "KOE010", challenge: false, &entry))
            case .success(let (id, method)):
                entry.clientID = id
                entry.clientAuthMethod = method.rawValue
                guard allowed.contains(method) else {
                    return .failure(
                        refusal(
                            401, "invalid_client",
                            "\(method.rawValue) is not allowed for this app: use \(Self.names(allowed))",
                            "KOE010", challenge: false, &entry))
                }
                if let expected = configuration.clientID, id != expected {
                    return .failure(refusal(401, "invalid_client", "wrong app key", "KOE101", challenge: false, &entry))
                }
                return .success(id)
            }
        }
        var method: SandboxClientAuthMethod? = secret == nil ? nil : .clientSecretPost
        if let header {
            guard let credentials = Self.basicCredentials(header) else {
                return .failure(
                    refusal(
                        401, "invalid_client", "the Authorization header must be Basic base64(client_id:client_secret)",
                        "KOE101", challenge: true, &entry))
            }
            guard allowed.contains(.clientSecretBasic) else {
                return .failure(
                    refusal(
                        401, "invalid_client",
                        "client_secret_basic is not allowed for this app: use \(Self.names(allowed))",
                        "KOE010", challenge: true, &entry))
            }
            if secret != nil {
                return .failure(
                    refusal(
                        400, "invalid_request",
                        "the client authenticated twice: with HTTP Basic and with client_secret in the form", "KOE001",
                        challenge: false, &entry))
            }
            if let clientID, clientID != credentials.id {
                return .failure(
                    refusal(
                        400, "invalid_request", "client_id in the form is not the one in the Basic credentials",
                        "KOE001", challenge: false, &entry))
            }
            clientID = credentials.id
            secret = credentials.secret
            method = .clientSecretBasic
        }
        entry.clientID = clientID
        entry.clientAuthMethod = method?.rawValue ?? "none"
        let basic = method == .clientSecretBasic
        guard let clientID, !clientID.isEmpty else {
            return .failure(refusal(401, "invalid_client", "client_id is required", "KOE101", challenge: basic, &entry))
        }
        if let expected = configuration.clientID, clientID != expected {
            return .failure(refusal(401, "invalid_client", "wrong app key", "KOE101", challenge: basic, &entry))
        }
        guard let method else {
            // client_id alone: a public client, or one whose certificate the TLS layer in front
            // checked (RFC 8705); an app with a secret or a key must use them.
            if allowed.contains(.tlsClientAuth) {
                entry.clientAuthMethod = SandboxClientAuthMethod.tlsClientAuth.rawValue
                if let problem = certificateProblem(request, &entry) {
                    return .failure(refusal(401, "invalid_client", problem, "KOE010", challenge: false, &entry))
                }
                return .success(clientID)
            }
            if configuration.clientSecret != nil || configuration.clientPublicKey != nil {
                return .failure(
                    refusal(
                        401, "invalid_client", "client authentication is required: use \(Self.names(allowed))",
                        "KOE010", challenge: allowed.contains(.clientSecretBasic), &entry))
            }
            return .success(clientID)
        }
        if let expected = configuration.clientSecret {
            guard allowed.contains(method) else {
                return .failure(
                    refusal(
                        401, "invalid_client",
                        "\(method.rawValue) is not allowed for this app: use \(Self.names(allowed))",
                        "KOE010", challenge: allowed.contains(.clientSecretBasic), &entry))
            }
            guard let secret, SandboxSecrets.equal(secret, expected) else {
                return .failure(
                    refusal(
                        401, "invalid_client", "client_secret is missing or wrong", "KOE010",
                        challenge: basic || !allowed.contains(.clientSecretPost), &entry))
            }
        }
        return .success(clientID)
    }

    /// The header a TLS front in front of the sandbox names the verified client certificate's
    /// subject in (RFC 4514), as nginx's `$ssl_client_s_dn` is commonly passed on. The front
    /// drops one the client sent itself; the sandbox, plain HTTP behind it, takes its word.
    package static let clientCertificateSubjectHeader = "X-SSL-Client-S-DN"

    /// Why the certificate the TLS front names is not this client's (RFC 8705 §2.1.2: the subject
    /// must be the registered `tls_client_auth_subject_dn`), or nil when it is.
    private func certificateProblem(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> String? {
        let presented = request.headers.value(for: Self.clientCertificateSubjectHeader).map { $0.trimmingWhitespace() }
        entry.clientCertificateSubject = presented
        guard let registered = configuration.clientCertificateSubject else {
            return "no tls_client_auth_subject_dn is registered for this client"
        }
        guard let presented, !presented.isEmpty else {
            return "no client certificate: the TLS front names none in \(Self.clientCertificateSubjectHeader)"
        }
        guard let wanted = SandboxDistinguishedName(registered), SandboxDistinguishedName(presented) == wanted else {
            return "the client certificate's subject \(presented) is not the registered tls_client_auth_subject_dn"
        }
        return nil
    }

    /// The allowed methods, for an error description.
    private static func names(_ methods: [SandboxClientAuthMethod]) -> String {
        methods.map(\.rawValue).joined(separator: " or ")
    }

    /// A client-authentication answer, with the Basic challenge when `challenge` is set.
    private func refusal(
        _ status: Int, _ error: String, _ description: String, _ code: String, challenge: Bool,
        _ entry: inout SandboxLogEntry
    ) -> Unauthorized {
        var response = oauthFailure(status, error, description, code, &entry)
        if challenge { response.headers.append(HTTPHeader("WWW-Authenticate", "Basic realm=\"kauth sandbox\"")) }
        return Unauthorized(response: response)
    }

    /// The scheme of an `Authorization` header, lowercased (`basic`, `bearer`).
    static func scheme(of header: String) -> String {
        String(header.trimmingWhitespace().prefix { $0 != " " }).lowercased()
    }

    /// RFC 7617: `Basic base64(id:secret)`, each part form-urlencoded first (RFC 6749 §2.3.1).
    static func basicCredentials(_ header: String) -> (id: String, secret: String)? {
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "basic",
            let bytes = Data(base64Encoded: parts[1].trimmingWhitespace()),
            let text = String(bytes: bytes, encoding: .utf8),
            let colon = text.firstIndex(of: ":")
        else { return nil }
        let decode = { (part: Substring) in FormURLEncoding.decode("x=" + part).first?.1 ?? String(part) }
        return (decode(text[..<colon]), decode(text[text.index(after: colon)...]))
    }
}

extension SandboxConfiguration {
    /// `token_endpoint_auth_methods_supported` and `revocation_endpoint_auth_methods_supported`:
    /// the allowed methods in RFC order, and `none` for a public app (no secret), whose clients
    /// send `client_id` alone.
    var advertisedClientAuthMethods: [String] {
        let methods = SandboxClientAuthMethod.allCases.filter(clientAuthMethods.contains).map(\.rawValue)
        return clientSecret == nil && clientPublicKey == nil && !clientAuthMethods.contains(.tlsClientAuth)
            ? methods + ["none"] : methods
    }
}

/// A distinguished name in RFC 4514's string form, compared as LDAP does for the usual string
/// attributes: relative names in order, attribute types without regard to case, spaces around
/// `=` and `,` not significant, values otherwise exact.
package struct SandboxDistinguishedName: Equatable {
    package var parts: [[String]]

    package init?(_ text: String) {
        var parts: [[String]] = []
        var current = ""
        var escaped = false
        func close() -> Bool {
            guard let equals = current.firstIndex(of: "=") else { return false }
            let type = current[..<equals].trimmingWhitespace().uppercased()
            let value = current[current.index(after: equals)...].trimmingWhitespace()
            guard !type.isEmpty else { return false }
            parts.append([type, value])
            current = ""
            return true
        }
        for character in text {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                current.append(character)
                escaped = true
            } else if character == "," {
                guard close() else { return nil }
            } else {
                current.append(character)
            }
        }
        guard !escaped, close() else { return nil }
        self.parts = parts
    }
}
