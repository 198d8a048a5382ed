import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Signed client assertions (RFC 7523 §2.2, §3; OIDC Core §9 `client_secret_jwt` and
/// `private_key_jwt`) as an authorization server checks them: the signature with the client's
/// secret (HS*) or its registered public key (`SandboxConfiguration.clientPublicKey`), `iss` and
/// `sub` the client, `aud` the token endpoint (or the issuer), `exp` in the future and not too far,
/// and a `jti` never seen before while it could still be valid.
extension SandboxEngine {
    static let assertionType = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"
    /// The longest life an assertion may claim (RFC 7523 §3 leaves it to the server).
    static let assertionMaxLifetime: TimeInterval = 600

    /// The client an assertion proves, and the method it used; or why it proves nothing.
    ///
    /// - Parameter path: where the assertion is presented, for `assertionAudienceIsEndpoint`.
    mutating func checkAssertion(_ form: [(String, String)], path: String) -> Result<
        (clientID: String, method: SandboxClientAuthMethod), AssertionRefusal
    > {
        guard form.first(named: "client_assertion_type") == Self.assertionType else {
            return .failure(.init("client_assertion_type must be \(Self.assertionType)"))
        }
        guard let compact = form.first(named: "client_assertion"), let jwt = try? JWT(compact: compact) else {
            return .failure(.init("client_assertion is not a JWT"))
        }
        guard let algorithm = JWSAlgorithm(rawValue: jwt.header.alg) else {
            return .failure(.init("client_assertion is signed with \(jwt.header.alg), which is not accepted"))
        }
        guard configuration.assertionAlgorithms.contains(algorithm.rawValue) else {
            return .failure(.init("\(algorithm.rawValue) is not in token_endpoint_auth_signing_alg_values_supported"))
        }
        let method: SandboxClientAuthMethod
        if algorithm.family == .hmac {
            method = .clientSecretJWT
            guard let secret = configuration.clientSecret,
                JWSVerificationKey.verifyHMAC(
                    jwt.signature, message: jwt.signingInput, secret: Array(secret.utf8), algorithm: algorithm)
            else { return .failure(.init("the client_assertion's signature does not verify with the client secret")) }
        } else {
            method = .privateKeyJWT
            guard let pem = configuration.clientPublicKey,
                let key = try? JWSVerificationKey.publicKey(pem: Array(pem.utf8), algorithm: algorithm),
                key.verify(signature: jwt.signature, message: jwt.signingInput)
            else {
                return .failure(.init("the client_assertion's signature does not verify with the registered key"))
            }
        }
        let claims = jwt.claims
        guard let issuer = claims["iss"]?.stringValue, let subject = claims["sub"]?.stringValue, issuer == subject
        else { return .failure(.init("iss and sub must both be the client id")) }
        if let formID = form.first(named: "client_id"), formID != subject {
            return .failure(.init("client_id is not the assertion's sub"))
        }
        let tokenEndpoint = configuration.effectiveIssuer + profile.tokenPath
        let audiences: [String]
        switch claims["aud"] {
        case .string(let one)?: audiences = [one]
        case .array(let many)?: audiences = many.compactMap(\.stringValue)
        default: audiences = []
        }
        if configuration.assertionAudienceIsEndpoint {
            let endpoint = configuration.effectiveIssuer + path
            guard case .string(let one)? = claims["aud"], one == endpoint else {
                return .failure(.init("aud must be \(endpoint), as one string"))
            }
        } else if !audiences.contains(tokenEndpoint) && !audiences.contains(configuration.effectiveIssuer) {
            return .failure(.init("aud must be the token endpoint \(tokenEndpoint)"))
        }
        guard case .number(let exp)? = claims["exp"], exp.isFinite else {
            return .failure(.init("exp is required"))
        }
        let expiry = Date(timeIntervalSince1970: exp)
        guard expiry > now else { return .failure(.init("the client_assertion has expired")) }
        guard expiry.timeIntervalSince(now) <= Self.assertionMaxLifetime else {
            return .failure(.init("the client_assertion lives too long (exp more than 10 minutes ahead)"))
        }
        guard let jti = claims["jti"]?.stringValue, !jti.isEmpty else {
            return .failure(.init("jti is required"))
        }
        usedAssertionIDs = usedAssertionIDs.filter { $0.value > now }
        guard usedAssertionIDs[subject + " " + jti] == nil else {
            return .failure(.init("this client_assertion (its jti) was already used"))
        }
        usedAssertionIDs[subject + " " + jti] = expiry
        return .success((subject, method))
    }

    struct AssertionRefusal: Error {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
