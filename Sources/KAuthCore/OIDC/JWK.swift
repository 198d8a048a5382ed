#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One JSON Web Key (RFC 7517 §4) as a provider's `jwks_uri` serves it: the members kauth reads.
///
/// Other members (`crv`, `x`, `y`, `x5c`, `key_ops`, …) are ignored when decoding and not written
/// back. Only RSA keys (`kty` `RSA`, RFC 7518 §6.3.1) can verify an `RS256` ID token.
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

    package init(kty: String, kid: String? = nil, use: String? = nil, alg: String? = nil, n: String? = nil, e: String? = nil) {
        self.kty = kty
        self.kid = kid
        self.use = use
        self.alg = alg
        self.n = n
        self.e = e
    }

    /// The signing JWK of `key`: `kty` `RSA`, `use` `sig`, `alg` `RS256`.
    package init(rs256 key: RSAPublicKey, kid: String?) {
        self.init(
            kty: "RSA", kid: kid, use: "sig", alg: JWSAlgorithm.rs256,
            n: Base64URL.encode(key.modulus), e: Base64URL.encode(key.exponent))
    }

    /// Whether the key is an RSA key that may sign (`use` absent or `sig`).
    package var isRSASigningKey: Bool {
        kty == "RSA" && (use == nil || use == "sig")
    }

    /// The key for verifying an `RS256` signature, or why this JWK cannot be one: not RSA, meant
    /// for encryption, bound to another algorithm, `n` or `e` missing or not base64url, or a
    /// modulus under 2048 bits.
    package func rs256PublicKey() throws(IDTokenError) -> RSAPublicKey {
        guard kty == "RSA" else {
            throw .keyTypeMismatch(kid: kid, kty: kty)
        }
        if let use, use != "sig" {
            throw .unusableKey(kid: kid, reason: "it is for '\(use)', not for signatures")
        }
        if let alg, alg != JWSAlgorithm.rs256 {
            throw .unusableKey(kid: kid, reason: "it is for \(alg), not RS256")
        }
        guard let n, let modulus = Base64URL.decode(n), let e, let exponent = Base64URL.decode(e) else {
            throw .unusableKey(kid: kid, reason: "its 'n' or 'e' member is missing or not base64url")
        }
        do {
            return try RSAPublicKey(modulus: modulus, exponent: exponent)
        } catch CryptoError.invalidParameter(let reason) {
            throw .unusableKey(kid: kid, reason: reason)
        } catch {
            throw .unusableKey(kid: kid, reason: "\(error)")
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
            throw KAuthError.invalidResponse("the JWK set is not a JSON object with a 'keys' array")
        }
    }

    /// The keys whose `kid` is `kid`.
    package func keys(withID kid: String) -> [JWK] {
        keys.filter { $0.kid == kid }
    }

    /// The RSA keys that may sign.
    package var rsaSigningKeys: [JWK] {
        keys.filter(\.isRSASigningKey)
    }

    /// The key that verifies a token whose JWS header names `kid` (or none), or why there is none.
    ///
    /// With a `kid`: the one key of that id that may sign, preferring an RSA signing key when a
    /// provider reuses an id across key types; `unknownKeyID` when no key has it. Without one: the
    /// set's only RSA signing key (OIDC Core §10.1 allows omitting `kid` when there is one key).
    package func verificationKey(forKid kid: String?) throws(IDTokenError) -> JWK {
        if let kid {
            let candidates = keys(withID: kid)
            guard let first = candidates.first else { throw .unknownKeyID(kid) }
            return candidates.first(where: \.isRSASigningKey) ?? first
        }
        let rsa = rsaSigningKeys
        guard rsa.count == 1 else { throw .missingKeyID(rsaKeyCount: rsa.count) }
        return rsa[0]
    }
}

/// A JWK that decodes to nil instead of failing the whole set.
private struct LenientJWK: Decodable {
    let key: JWK?

    init(from decoder: any Decoder) throws {
        key = try? JWK(from: decoder)
    }
}
