import KAuthBasics

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One JSON Web Key (RFC 7517 §4) as a provider's `jwks_uri` serves it: the members kauth reads.
///
/// Other members (`x5c`, `key_ops`, …) are ignored when decoding and not written back. RSA keys
/// (RFC 7518 §6.3.1) verify RS* and PS*, EC keys (§6.2.1) ES* on their one curve, OKP keys
/// (RFC 8037 §2) EdDSA on Ed25519.
package struct JWK: Codable, Sendable, Equatable {
    /// Key type: `RSA`, `EC`, `oct`, `OKP`.
    package var kty: String
    /// Key ID, matched against the `kid` of a JWS header.
    package var kid: String?
    /// `sig` or `enc`; absent means either.
    package var use: String?
    /// The algorithm the key is meant for, e.g. `RS256`; absent means any of its type.
    package var alg: String?
    /// RSA modulus, base64url.
    package var n: String?
    /// RSA public exponent, base64url.
    package var e: String?
    /// The curve of an EC or OKP key (`P-256`, `Ed25519`, …).
    package var crv: String?
    /// The x coordinate of an EC key, or an OKP key's public key, base64url.
    package var x: String?
    /// The y coordinate of an EC key, base64url.
    package var y: String?

    package init(
        kty: String, kid: String? = nil, use: String? = nil, alg: String? = nil, n: String? = nil, e: String? = nil,
        crv: String? = nil, x: String? = nil, y: String? = nil
    ) {
        self.kty = kty
        self.kid = kid
        self.use = use
        self.alg = alg
        self.n = n
        self.e = e
        self.crv = crv
        self.x = x
        self.y = y
    }

    /// The signing JWK of an RSA `key`: `kty` `RSA`, `use` `sig`, `alg` (RS256 unless told).
    package init(rsa key: RSAPublicKey, kid: String?, algorithm: JWSAlgorithm = .rs256) {
        self.init(
            kty: "RSA", kid: kid, use: "sig", alg: algorithm.rawValue,
            n: Base64URL.encode(key.modulus), e: Base64URL.encode(key.exponent))
    }

    /// Whether the key may sign (`use` absent or `sig`) and is of the type `algorithm` needs.
    func isSigningKey(for algorithm: JWSAlgorithm) -> Bool {
        kty == algorithm.keyType && (use == nil || use == "sig")
    }

    /// The key for verifying an `algorithm` signature, or why this JWK cannot be one: of another
    /// type or curve, meant for encryption, bound to another algorithm, members missing or not
    /// base64url, an RSA modulus under 2048 bits, an EC point not on its curve.
    package func verificationKey(for algorithm: JWSAlgorithm) throws(IDTokenError) -> JWSVerificationKey {
        guard let neededType = algorithm.keyType, kty == neededType else {
            throw .keyTypeMismatch(kid: kid, kty: kty, algorithm: algorithm.rawValue)
        }
        if let curve = algorithm.curve, crv != curve {
            throw .keyTypeMismatch(kid: kid, kty: "\(kty) on \(crv ?? "no curve")", algorithm: algorithm.rawValue)
        }
        if let use, use != "sig" {
            throw .unusableKey(kid: kid, reason: .notForSignatures(use: use))
        }
        if let alg, alg != algorithm.rawValue {
            throw .unusableKey(kid: kid, reason: .boundToAlgorithm(alg, wanted: algorithm.rawValue))
        }
        func member(_ name: String, _ value: String?) throws(IDTokenError) -> [UInt8] {
            guard let value, let bytes = Base64URL.decode(value) else {
                throw .unusableKey(kid: kid, reason: .badMember(name))
            }
            return bytes
        }
        do {
            switch algorithm.family {
            case .rsaPKCS1, .rsaPSS:
                return try JWSVerificationKey(
                    rsa: RSAPublicKey(modulus: member("n", n), exponent: member("e", e)), algorithm: algorithm)
            case .ecdsa:
                return try JWSVerificationKey(ecX: member("x", x), y: member("y", y), algorithm: algorithm)
            case .edDSA:
                return try JWSVerificationKey(ed25519: member("x", x))
            case .hmac:
                throw IDTokenError.keyTypeMismatch(kid: kid, kty: kty, algorithm: algorithm.rawValue)
            }
        } catch let error as IDTokenError {
            throw error
        } catch CryptoError.invalidParameter(let reason) {
            throw .unusableKey(kid: kid, reason: .refused(reason))
        } catch {
            throw .unusableKey(kid: kid, reason: .refused("\(error)"))
        }
    }
}

/// A JWK Set (RFC 7517 §5): what a provider's `jwks_uri` returns.
///
/// Decoding skips members of `keys` that are not JWKs kauth can read (no `kty`, wrong types), as
/// §5 asks of keys an implementation does not understand, so one odd key cannot hide the others.
package struct JWKSet: Codable, Sendable, Equatable {
    package var keys: [JWK]

    package init(keys: [JWK]) {
        self.keys = keys
    }

    private enum CodingKeys: String, CodingKey {
        case keys
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        keys = try container.decode([LenientJWK].self, forKey: .keys).compactMap(\.key)
    }

    /// The set in a `jwks_uri` response body, or `KAuthError.invalidResponse`.
    package static func parse(_ body: Data) throws -> JWKSet {
        do {
            return try JSONDecoder().decode(JWKSet.self, from: body)
        } catch {
            throw KAuthError.invalidResponse(.notAKeySet(url: nil))
        }
    }

    /// The keys whose `kid` is `kid`.
    package func keys(withID kid: String) -> [JWK] {
        keys.filter { $0.kid == kid }
    }

    /// The key that verifies a token signed with `algorithm` whose JWS header names `kid` (or
    /// none), or why there is none.
    ///
    /// With a `kid`: the one key of that id that may sign, preferring one of the algorithm's type
    /// when a provider reuses an id across key types; `unknownKeyID` when no key has it. Without
    /// one: the set's only signing key of the algorithm's type (OIDC Core §10.1 allows omitting
    /// `kid` when there is one key).
    package func verificationKey(forKid kid: String?, algorithm: JWSAlgorithm) throws(IDTokenError) -> JWK {
        if let kid {
            let candidates = keys(withID: kid)
            guard let first = candidates.first else { throw .unknownKeyID(kid) }
            return candidates.first { $0.isSigningKey(for: algorithm) } ?? first
        }
        let matching = keys.filter { $0.isSigningKey(for: algorithm) }
        guard matching.count == 1 else {
            throw .missingKeyID(keyType: algorithm.keyType ?? "oct", count: matching.count)
        }
        return matching[0]
    }
}

/// A JWK that decodes to nil instead of failing the whole set.
private struct LenientJWK: Decodable {
    let key: JWK?

    init(from decoder: any Decoder) throws {
        key = try? JWK(from: decoder)
    }
}
