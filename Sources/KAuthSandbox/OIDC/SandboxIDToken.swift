import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// ID tokens (OIDC Core §2) and the key they are signed with.
extension SandboxEngine {
    /// An RS256 ID token for `userID` and the app `clientID`: `iss`, `aud`, `sub`, `iat`, `exp`,
    /// `auth_time`, `nonce` when given, and the profile claims the user agreed to (`nickname`,
    /// `picture`, `email`), as Kakao's carry them. The header names the
    /// signing key's `kid`. Nil only if the platform library cannot make or use the key.
    /// `acr` when the login asked `acr_values`; `auth_time` `auth_time_age` seconds earlier when
    /// that is set (a provider that ignores `max_age`).
    mutating func makeIDToken(userID: Int64, clientID: String, authTime: Date, nonce: String?, acr: String? = nil)
        -> String?
    {
        let authTime = authTime.addingTimeInterval(-TimeInterval(configuration.authTimeAge))
        let issuedAt = Int(now.timeIntervalSince1970)
        var claims: [(String, OrderedJSON)] = [
            ("iss", .string(configuration.effectiveIssuer)),
            ("aud", .string(clientID)),
            ("sub", .string(String(userID))),
            ("iat", .int(issuedAt)),
            ("exp", .int(issuedAt + configuration.idTokenLifetime)),
            ("auth_time", .int(Int(authTime.timeIntervalSince1970)))
        ]
        if let nonce { claims.append(("nonce", .string(nonce))) }
        if let acr { claims.append(("acr", .string(acr))) }
        if let user = state.users.first(where: { $0.id == userID }),
            let consent = state.consents.first(where: { $0.userId == userID && $0.clientId == clientID })
        {
            claims += profileClaims(user, consent: consent, emailVerified: false)
        }
        let algorithm = configuration.idTokenAlgorithm
        if algorithm == .rs256 {
            guard let key = try? currentSigningKey() else { return nil }
            return try? key.signJWT(claims: .object(claims))
        }
        let signer: JWSSigner?
        switch algorithm.family {
        case .hmac: signer = configuration.clientSecret.flatMap { try? JWSSigner(secret: $0, algorithm: algorithm) }
        case .rsaPKCS1, .rsaPSS: signer = try? currentSigningKey().signer(for: algorithm)
        case .ecdsa, .edDSA: signer = try? algorithmSigner()
        }
        return try? signer?.sign(claims: OrderedJSON.object(claims).jsonValue)
    }

    /// The signer of the configured ES* or EdDSA algorithm (nil for the others, which use the
    /// RSA key or the client secret), made on first need.
    mutating func algorithmSigner() throws -> JWSSigner? {
        let algorithm = configuration.idTokenAlgorithm
        guard algorithm.keyType == "EC" || algorithm.keyType == "OKP" else { return nil }
        if let signer = algorithmSigners[algorithm] { return signer }
        let kid = algorithm.rawValue.lowercased() + "-" + Base64URL.encode(random.bytes(8))
        let signer = try JWSSigner.generate(algorithm, kid: kid)
        algorithmSigners[algorithm] = signer
        return signer
    }

    /// The key ID tokens are signed with now: the one in the state (from the state file, or made
    /// earlier), or a new 2048-bit key, made on first need so that providers that never sign pay
    /// nothing for it.
    mutating func currentSigningKey() throws -> SandboxSigningKey {
        if let record = state.signingKey {
            if let cached = signingKeyCache, cached.kid == record.kid { return cached }
            let key = try SandboxSigningKey(record: record)
            signingKeyCache = key
            return key
        }
        return try rotateSigningKey()
    }

    /// Replaces the signing key with a new one (and so a new `kid`); the old key is forgotten,
    /// so tokens it signed no longer verify against the JWK set.
    @discardableResult
    mutating func rotateSigningKey() throws -> SandboxSigningKey {
        let key = try SandboxSigningKey.generate()
        state.signingKey = try key.record()
        signingKeyCache = key
        return key
    }
}
