import KAuthBasics

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A client's identity and the method it authenticates with at one endpoint.
struct ClientCredentials: Sendable {
    /// The provider's name, for errors.
    var provider: String
    var clientID: String
    var secret: String?
    var method: ClientAuthMethod
    /// The key a `private_key_jwt` assertion is signed with, and its `kid`.
    var key: ClientKey?
    /// `token_endpoint_auth_signing_alg_values_supported`; nil when the server does not say.
    var assertionAlgorithms: [String]?
    /// The assertion's `aud`: the token endpoint (RFC 7523 §3, point 3).
    var audience: String
    /// At another endpoint, an assertion names that endpoint alone in `aud`, as one string: the
    /// second try after a refusal of the list (see `withEndpointAudience(at:after:)`).
    var endpointAudienceAlone = false

    /// Chooses the method for an endpoint.
    ///
    /// - Parameters:
    ///   - forced: the provider's `token_endpoint_auth_method` setting, which wins.
    ///   - advertised: the endpoint's `*_auth_methods_supported`; nil when the server does not say,
    ///     which RFC 8414 §2 reads as `client_secret_basic`.
    ///   - hasKey: a `private_key` is configured; `hasCertificate`: a `client_cert` is.
    static func chooseMethod(
        secret: String?, hasKey: Bool, hasCertificate: Bool, policy: ClientAuthenticationPolicy,
        forced: ClientAuthMethod?, advertised: [String]?
    ) throws(ClientAuthProblem) -> ClientAuthMethod {
        if let forced {
            switch forced {
            case .clientSecretBasic, .clientSecretPost:
                // As before: without a secret the client is a public one.
                return secret == nil ? .none : forced
            case .clientSecretJWT:
                guard secret != nil else { throw .noSecret(method: forced.rawValue) }
            case .privateKeyJWT:
                guard hasKey else { throw .noPrivateKey }
            case .tlsClientAuth:
                guard hasCertificate else { throw .noClientCertificate }
            case .none:
                break
            }
            return forced
        }
        if case .whenSecret(let method) = policy { return secret == nil ? .none : method }
        let supported = advertised ?? [ClientAuthMethod.clientSecretBasic.rawValue]
        let offers = { (method: ClientAuthMethod) in supported.contains(method.rawValue) }
        // A key or a secret is preferred to nothing; a configured key to the secret, since the
        // user set it up for this; the secret never travels when it need not.
        if hasKey, offers(.privateKeyJWT) { return .privateKeyJWT }
        if secret != nil {
            // Basic first: servers MUST support it (RFC 6749 §2.3.1); the body only when it is
            // the one the server lists and Basic is not; a secret-signed JWT when only that is.
            if offers(.clientSecretBasic) || advertised == nil { return .clientSecretBasic }
            if offers(.clientSecretPost) { return .clientSecretPost }
            if offers(.clientSecretJWT) { return .clientSecretJWT }
            return .clientSecretBasic
        }
        if hasCertificate, offers(.tlsClientAuth) { return .tlsClientAuth }
        return .none
    }

    /// The form parameters and headers that carry these credentials. With Basic the body does not
    /// repeat `client_id`: a request uses one authentication method (RFC 6749 §2.3). A signed
    /// assertion is made fresh for every request (its own `jti`, a short life).
    ///
    /// - Parameter endpoint: where the request goes. An assertion for another endpoint than the
    ///   token endpoint names both in `aud`: RFC 7523 leaves the audience to the server, and most
    ///   (Keycloak, the sandbox) take the token endpoint among others; `endpointAudienceAlone`
    ///   names the endpoint alone, as a string, for those (Glewlwyd) that want exactly that.
    func apply(to pairs: [(String, String)], at endpoint: String, clock: Clock, random: RandomSource) throws -> (
        pairs: [(String, String)], headers: [HTTPHeader]
    ) {
        switch method {
        case .clientSecretBasic:
            let user = FormURLEncoding.escape(clientID) + ":" + FormURLEncoding.escape(secret ?? "")
            return (pairs, [HTTPHeader("Authorization", "Basic " + Data(user.utf8).base64EncodedString())])
        case .clientSecretPost:
            return ([("client_id", clientID)] + pairs + [("client_secret", secret ?? "")], [])
        case .clientSecretJWT, .privateKeyJWT:
            let assertion: String
            do {
                assertion = try ClientAssertion(
                    clientID: clientID,
                    audiences: endpointAudienceAlone || endpoint == audience ? [endpoint] : [audience, endpoint],
                    now: clock.now(), jti: Base64URL.encode(random.bytes(24))
                ).signed(method: method, secret: secret, key: key, advertised: assertionAlgorithms)
            } catch {
                throw KAuthError.clientAuthentication(provider: provider, error)
            }
            return (
                [("client_id", clientID)] + pairs + [
                    ("client_assertion_type", ClientAssertion.type), ("client_assertion", assertion)
                ], []
            )
        case .tlsClientAuth, .none:
            return ([("client_id", clientID)] + pairs, [])
        }
    }
}

extension ClientCredentials {
    /// The credentials to try once more with when `endpoint` (not the token endpoint) refused a
    /// signed assertion whose `aud` listed the token endpoint and it: the same assertion with the
    /// endpoint alone. Glewlwyd 2.7 compares `aud` as one string with the URL the assertion is
    /// presented at; Keycloak wants the token endpoint or the issuer among the audiences. Nil
    /// when there is nothing else to try.
    func withEndpointAudience(at endpoint: String, after response: HTTPResponse) -> ClientCredentials? {
        guard method == .clientSecretJWT || method == .privateKeyJWT, endpoint != audience, !endpointAudienceAlone,
            Self.refusesClient(response)
        else { return nil }
        var alone = self
        alone.endpointAudienceAlone = true
        return alone
    }

    /// 401, or 400 `invalid_client` (RFC 6749 §5.2 allows either for a client that did not
    /// authenticate).
    static func refusesClient(_ response: HTTPResponse) -> Bool {
        response.status == 401
            || (response.status == 400 && OAuthErrorResponse.decode(response.body)?.error == "invalid_client")
    }
}

/// The private key of `private_key_jwt`, read from the `private_key` file, and the `kid` its
/// assertions name: `private_key_id`, else the key's RFC 7638 thumbprint.
struct ClientKey: Sendable {
    var signing: PEMSigningKey
    var kid: String
}

/// RFC 7523 §2.2 / OIDC Core §9: a JWT whose `iss` and `sub` are the client id, `aud` the token
/// endpoint, with a fresh `jti`, `iat` and an `exp` a minute later.
struct ClientAssertion {
    static let type = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"
    /// Long enough for a slow network, short enough that a copy is soon worthless.
    static let lifetime = 60

    var clientID: String
    /// The token endpoint first; a one-element list is sent as a plain string.
    var audiences: [String]
    var now: Date
    var jti: String

    /// The signed JWT, with the first algorithm kauth prefers that the server takes (its
    /// `token_endpoint_auth_signing_alg_values_supported`; RS256/ES256 or HS256 when it does not
    /// say).
    func signed(method: ClientAuthMethod, secret: String?, key: ClientKey?, advertised: [String]?)
        throws(ClientAuthProblem) -> String
    {
        let possible: [JWSAlgorithm]
        switch method {
        case .clientSecretJWT: possible = [.hs256, .hs384, .hs512]
        default: possible = key?.signing.algorithms ?? []
        }
        let algorithm: JWSAlgorithm?
        if let advertised {
            algorithm = possible.first { advertised.contains($0.rawValue) }
        } else {
            algorithm = possible.first
        }
        guard let algorithm else {
            throw .noCommonAlgorithm(
                method: method.rawValue, offered: advertised ?? [], possible: possible.map(\.rawValue))
        }
        let issued = Int(now.timeIntervalSince1970.rounded(.down))
        var header: [String: JSONValue] = ["alg": .string(algorithm.rawValue), "typ": .string("JWT")]
        if method == .privateKeyJWT, let key { header["kid"] = .string(key.kid) }
        let claims: [String: JSONValue] = [
            "iss": .string(clientID), "sub": .string(clientID),
            "aud": audiences.count == 1 ? .string(audiences[0]) : .array(audiences.map(JSONValue.string)),
            "jti": .string(jti),
            "iat": .number(Double(issued)), "exp": .number(Double(issued + Self.lifetime))
        ]
        let input =
            Base64URL.encode(Array(JSONValue.object(header).jsonText().utf8)) + "."
            + Base64URL.encode(Array(JSONValue.object(claims).jsonText().utf8))
        let signature: [UInt8]?
        if method == .clientSecretJWT {
            signature = JWSVerificationKey.hmac(
                Array(input.utf8), secret: Array((secret ?? "").utf8), algorithm: algorithm)
        } else {
            signature = try? key?.signing.sign(Array(input.utf8), algorithm: algorithm)
        }
        guard let signature else { throw .signingFailed }
        return input + "." + Base64URL.encode(signature)
    }
}

extension Provider {
    /// The credentials for the token and device endpoints.
    func tokenCredentials(fileSystem: FileSystem) throws -> ClientCredentials {
        try credentials(advertised: endpoints?.tokenAuthMethods, fileSystem: fileSystem)
    }

    /// The credentials for the revocation endpoint (its own advertised methods, RFC 8414 §2).
    func revocationCredentials(fileSystem: FileSystem) throws -> ClientCredentials {
        try credentials(
            advertised: endpoints?.revocationAuthMethods ?? endpoints?.tokenAuthMethods, fileSystem: fileSystem)
    }

    /// The credentials for the introspection endpoint (its own advertised methods, RFC 8414 §2).
    func introspectionCredentials(fileSystem: FileSystem) throws -> ClientCredentials {
        try credentials(
            advertised: endpoints?.introspectionAuthMethods ?? endpoints?.tokenAuthMethods, fileSystem: fileSystem)
    }

    private func credentials(advertised: [String]?, fileSystem: FileSystem) throws -> ClientCredentials {
        let clientID = try requireClientID()
        let method: ClientAuthMethod
        do {
            method = try ClientCredentials.chooseMethod(
                secret: clientSecret, hasKey: privateKey != nil, hasCertificate: tls.clientCertificate != nil,
                policy: type.clientAuthentication, forced: forcedClientAuth, advertised: advertised)
        } catch {
            throw KAuthError.clientAuthentication(provider: name, error)
        }
        let endpoints = try requireEndpoints()
        return ClientCredentials(
            provider: name, clientID: clientID,
            secret: method == .none || method == .tlsClientAuth ? nil : clientSecret,
            method: method, key: method == .privateKeyJWT ? try clientKey(fileSystem) : nil,
            assertionAlgorithms: endpoints.tokenAuthSigningAlgorithms, audience: endpoints.token)
    }

    /// Reads and parses the `private_key` file.
    private func clientKey(_ fileSystem: FileSystem) throws -> ClientKey {
        guard let path = privateKey else { throw KAuthError.clientAuthentication(provider: name, .noPrivateKey) }
        let data: Data?
        do {
            data = try fileSystem.readUserFile(path)
        } catch FileSystemError.io(_, _, let reason) {
            throw KAuthError.clientAuthentication(provider: name, .privateKeyUnreadable(path: path, reason: reason))
        } catch {
            throw KAuthError.clientAuthentication(provider: name, .privateKeyUnreadable(path: path, reason: "\(error)"))
        }
        guard let data else {
            throw KAuthError.clientAuthentication(provider: name, .privateKeyMissing(path: path))
        }
        do {
            let key = try PEMSigningKey.read(pem: Array(data))
            return ClientKey(signing: key, kid: privateKeyID ?? key.thumbprint)
        } catch {
            throw KAuthError.clientAuthentication(provider: name, .privateKeyUnusable(path: path, error))
        }
    }
}
