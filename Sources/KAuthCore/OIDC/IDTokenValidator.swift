import KAuthBasics

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The claims of an ID token that passed every check.
package struct IDTokenClaims: Sendable, Equatable {
    package var iss: String
    /// The user's id at the provider (Kakao: the user id as a string).
    package var sub: String
    /// Every audience, the client id among them.
    var aud: [String]
    package var azp: String?
    var exp: Date
    var iat: Date
    package var authTime: Date?
    package var nonce: String?
    package var email: String?
    package var nickname: String?
    package var name: String?
    var picture: String?
    /// Every claim of the token, including ones without a property here.
    package var all: JSONValue
}

/// Validates an ID token as OIDC Core §3.1.3.7 asks of a client, signed with an algorithm the
/// provider lists (steps 7–8).
///
/// The order matters: the algorithm is checked before any key is looked up (so `none`, an
/// algorithm the provider never offered, and HS* without a client secret never reach key material),
/// the signature before any claim is believed, and then `iss`, `aud`/`azp`, `exp`, `iat`, `nonce`,
/// `auth_time` and `sub`.
package struct IDTokenValidator: Sendable {
    /// Clock skew tolerated on `exp` and `iat`.
    static let defaultAllowedSkew: TimeInterval = 300

    /// The provider's issuer identifier; `iss` must equal it exactly (no normalisation).
    package var issuer: String
    package var clientID: String
    /// The nonce sent with the authorization request, if one was.
    package var nonce: String?
    /// Where "now" comes from.
    package var clock: Clock
    var allowedSkew: TimeInterval
    /// The `max_age` sent with the authorization request: `auth_time` becomes required and may be
    /// at most this old (OIDC Core §3.1.2.1).
    package var maxAge: TimeInterval?
    /// The algorithms the provider signs ID tokens with (discovery's
    /// `id_token_signing_alg_values_supported`); a token signed otherwise is refused.
    package var algorithms: [String]
    /// The client secret, the key of HS* ID tokens (OIDC Core §10.1: its UTF-8 octets); without
    /// one, HS* is refused whatever the provider lists.
    package var clientSecret: String?

    package init(
        issuer: String,
        clientID: String,
        nonce: String?,
        clock: Clock,
        allowedSkew: TimeInterval = IDTokenValidator.defaultAllowedSkew,
        maxAge: TimeInterval? = nil,
        algorithms: [String]? = nil,
        clientSecret: String? = nil
    ) {
        self.algorithms = algorithms ?? JWSAlgorithm.assumed
        self.clientSecret = clientSecret
        self.issuer = issuer
        self.clientID = clientID
        self.nonce = nonce
        self.clock = clock
        self.allowedSkew = allowedSkew
        self.maxAge = maxAge
    }

    /// The claims of `token`, verified with a key of `keys`.
    package func validate(_ token: String, keys: JWKSet) throws(IDTokenError) -> IDTokenClaims {
        let jwt = try JWT(compact: token)
        let algorithm = try checkAlgorithm(jwt.header.alg)
        let verified: Bool
        if algorithm.family == .hmac {
            verified = JWSVerificationKey.verifyHMAC(
                jwt.signature, message: jwt.signingInput, secret: Array((clientSecret ?? "").utf8), algorithm: algorithm
            )
        } else {
            let key = try keys.verificationKey(forKid: jwt.header.kid, algorithm: algorithm).verificationKey(
                for: algorithm)
            verified = key.verify(signature: jwt.signature, message: jwt.signingInput)
        }
        guard verified else { throw .invalidSignature }
        return try checkClaims(jwt.claims)
    }

    /// The claims of `token`, verified with the provider's keys from `cache`, which fetches the set
    /// when its copy is stale and once more when the token's `kid` is not in it (§10.1.1).
    ///
    /// Throws `IDTokenError`, or `KAuthError` when the JWK set cannot be fetched.
    package func validate(_ token: String, keys cache: JWKSCache) async throws -> IDTokenClaims {
        let jwt = try JWT(compact: token)
        // Refused before the network is touched: a forged header must not cost a request.
        let algorithm = try checkAlgorithm(jwt.header.alg)
        // An HS* token is checked with the client secret: the provider's keys play no part.
        let keys = algorithm.family == .hmac ? JWKSet(keys: []) : try await cache.keys(forKid: jwt.header.kid)
        return try validate(token, keys: keys)
    }

    /// The token's algorithm, if it may be accepted (OIDC Core §3.1.3.7 steps 7–8): never `none`;
    /// one kauth verifies; one the provider lists; HS* only with a client secret to key it, so
    /// that no public key (nor anything else an attacker knows) ever becomes a MAC key.
    func checkAlgorithm(_ alg: String) throws(IDTokenError) -> JWSAlgorithm {
        if alg.lowercased() == JWSAlgorithm.none { throw .algorithmNone }
        guard let algorithm = JWSAlgorithm(rawValue: alg) else { throw .unsupportedAlgorithm(alg) }
        guard algorithms.contains(alg) else { throw .algorithmNotOffered(alg, offered: algorithms) }
        if algorithm.family == .hmac, clientSecret?.isEmpty ?? true { throw .secretRequired(alg) }
        return algorithm
    }

    private func checkClaims(_ claims: JSONValue) throws(IDTokenError) -> IDTokenClaims {
        let now = clock.now()

        let iss = try requiredString(claims, "iss")
        guard iss == issuer else { throw .wrongIssuer(expected: issuer, actual: iss) }

        let aud = try audiences(claims)
        guard aud.contains(clientID) else { throw .wrongAudience(clientID: clientID, audiences: aud) }
        let azp = try optionalString(claims, "azp")
        // Another audience is only trusted when the token says it was issued to this client.
        if Set(aud).count > 1, azp == nil { throw .missingAuthorizedParty(audiences: aud) }
        if let azp, azp != clientID { throw .wrongAuthorizedParty(clientID: clientID, authorizedParty: azp) }

        guard let exp = try date(claims, "exp") else { throw .missingClaim("exp") }
        guard exp.timeIntervalSince(now) > -allowedSkew else { throw .expired(expiresAt: exp, now: now) }

        guard let iat = try date(claims, "iat") else { throw .missingClaim("iat") }
        guard iat.timeIntervalSince(now) <= allowedSkew else { throw .issuedInFuture(issuedAt: iat, now: now) }

        let tokenNonce = try optionalString(claims, "nonce")
        if let nonce {
            guard let tokenNonce else { throw .missingNonce }
            guard tokenNonce == nonce else { throw .nonceMismatch }
        }

        let authTime = try date(claims, "auth_time")
        if let maxAge {
            guard let authTime else { throw .missingClaim("auth_time") }
            guard now.timeIntervalSince(authTime) <= maxAge + allowedSkew else {
                throw .authenticationTooOld(authTime: authTime, maxAge: maxAge)
            }
        }

        let sub = try requiredString(claims, "sub")
        // OIDC Core §2: "It MUST NOT exceed 255 ASCII characters in length."
        guard !sub.isEmpty, sub.utf8.count <= 255 else {
            throw .invalidClaim(name: "sub", reason: .subjectLength)
        }

        return IDTokenClaims(
            iss: iss, sub: sub, aud: aud, azp: azp, exp: exp, iat: iat, authTime: authTime, nonce: tokenNonce,
            email: claims["email"]?.stringValue, nickname: claims["nickname"]?.stringValue,
            name: claims["name"]?.stringValue, picture: claims["picture"]?.stringValue,
            all: claims)
    }

    private func requiredString(_ claims: JSONValue, _ name: String) throws(IDTokenError) -> String {
        guard let value = try optionalString(claims, name) else { throw .missingClaim(name) }
        return value
    }

    private func optionalString(_ claims: JSONValue, _ name: String) throws(IDTokenError) -> String? {
        switch claims[name] {
        case nil, .null?: return nil
        case .string(let value)?: return value
        default: throw .invalidClaim(name: name, reason: .notAString)
        }
    }

    /// `aud`: one string or an array of strings (OIDC Core §2), never empty.
    private func audiences(_ claims: JSONValue) throws(IDTokenError) -> [String] {
        switch claims["aud"] {
        case nil, .null?:
            throw .missingClaim("aud")
        case .string(let value)?:
            return [value]
        case .array(let items)?:
            var audiences: [String] = []
            for item in items {
                guard case .string(let value) = item else {
                    throw .invalidClaim(name: "aud", reason: .notAStringOrArrayOfStrings)
                }
                audiences.append(value)
            }
            guard !audiences.isEmpty else { throw .invalidClaim(name: "aud", reason: .emptyArray) }
            return audiences
        default:
            throw .invalidClaim(name: "aud", reason: .notAStringOrArrayOfStrings)
        }
    }

    /// A NumericDate claim (RFC 7519 §2: seconds since the epoch, possibly fractional), or nil.
    private func date(_ claims: JSONValue, _ name: String) throws(IDTokenError) -> Date? {
        switch claims[name] {
        case nil, .null?:
            return nil
        case .number(let seconds)? where seconds.isFinite:
            return Date(timeIntervalSince1970: seconds)
        default:
            throw .invalidClaim(name: name, reason: .notSecondsSince1970)
        }
    }
}
