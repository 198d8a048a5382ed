/// The JWS `alg` values kauth verifies ID tokens with (RFC 7518 §3.1, RFC 8037 §3.1), and what
/// each needs: a key type, a curve, a digest. Which of them a login accepts is the provider's
/// choice (discovery's `id_token_signing_alg_values_supported`); `none` is never one of them.
package enum JWSAlgorithm: String, Sendable, CaseIterable {
    case rs256 = "RS256", rs384 = "RS384", rs512 = "RS512"
    case ps256 = "PS256", ps384 = "PS384", ps512 = "PS512"
    case es256 = "ES256", es384 = "ES384", es512 = "ES512"
    case edDSA = "EdDSA"
    case hs256 = "HS256", hs384 = "HS384", hs512 = "HS512"

    /// The unsecured JWS (RFC 7515 Appendix A.5): never accepted.
    package static let none = "none"

    /// How the signature is made.
    package enum Family: Sendable, Equatable {
        /// RSASSA-PKCS1-v1_5 (RFC 7518 §3.3).
        case rsaPKCS1
        /// RSASSA-PSS with MGF1 and a salt as long as the digest (RFC 7518 §3.5).
        case rsaPSS
        /// ECDSA on a NIST curve, the signature as the two integers side by side (RFC 7518 §3.4).
        case ecdsa(curve: String, coordinateBytes: Int)
        /// Ed25519 (RFC 8037 §3.1).
        case edDSA
        /// HMAC keyed with the client secret (RFC 7518 §3.2, OIDC Core §10.1).
        case hmac
    }

    package var family: Family {
        switch self {
        case .rs256, .rs384, .rs512: return .rsaPKCS1
        case .ps256, .ps384, .ps512: return .rsaPSS
        case .es256: return .ecdsa(curve: "P-256", coordinateBytes: 32)
        case .es384: return .ecdsa(curve: "P-384", coordinateBytes: 48)
        case .es512: return .ecdsa(curve: "P-521", coordinateBytes: 66)
        case .edDSA: return .edDSA
        case .hs256, .hs384, .hs512: return .hmac
        }
    }

    /// The SHA-2 digest length in bits; nil for EdDSA, which hashes on its own.
    var digestBits: Int? {
        switch self {
        case .rs256, .ps256, .es256, .hs256: return 256
        case .rs384, .ps384, .es384, .hs384: return 384
        case .rs512, .ps512, .es512, .hs512: return 512
        case .edDSA: return nil
        }
    }

    /// The JWK `kty` a key for this algorithm has; nil for HMAC, whose key is the client secret.
    package var keyType: String? {
        switch family {
        case .rsaPKCS1, .rsaPSS: return "RSA"
        case .ecdsa: return "EC"
        case .edDSA: return "OKP"
        case .hmac: return nil
        }
    }

    /// The JWK `crv` a key for this algorithm has, for the types that have curves.
    package var curve: String? {
        switch family {
        case .ecdsa(let curve, _): return curve
        case .edDSA: return "Ed25519"
        default: return nil
        }
    }
}
