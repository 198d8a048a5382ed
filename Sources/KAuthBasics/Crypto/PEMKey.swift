#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(CCrypto)
    import CCrypto
#endif

/// A private key read from PEM for signing JWS: PKCS#8 (`PRIVATE KEY`) or the traditional forms
/// (`RSA PRIVATE KEY`, `EC PRIVATE KEY`), RSA or EC on P-256, P-384 or P-521, all parsed by
/// libcrypto (`PEM_read_bio_PrivateKey`). An encrypted key is refused rather than prompted for:
/// kauth runs unattended.
package struct PEMSigningKey: Sendable {
    /// What the key is, in JWK terms.
    package enum Kind: Sendable, Equatable {
        case rsa(bits: Int)
        /// The JWK `crv` (`P-256`, `P-384`, `P-521`).
        case ec(curve: String)
    }

    package let kind: Kind
    /// The public key's members as RFC 7638 orders them (the required ones, sorted by name).
    package let publicMembers: [(String, String)]
    #if canImport(CCrypto)
        private let key: OpenSSLKey
    #endif

    /// Reads the first private key in `pem`.
    package static func read(pem: [UInt8]) throws(PEMKeyProblem) -> PEMSigningKey {
        #if canImport(CCrypto)
            if String(decoding: pem, as: UTF8.self).contains("ENCRYPTED") { throw .encrypted }
            let parsed: OpaquePointer? = pem.withUnsafeBytes { buffer in
                guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else { return nil }
                defer { BIO_free(bio) }
                // A callback that gives no passphrase: libcrypto would otherwise ask on the terminal.
                return PEM_read_bio_PrivateKey(bio, nil, { _, _, _, _ in -1 }, nil)
            }
            ERR_clear_error()
            guard let parsed else { throw .notAPrivateKey }
            let key = OpenSSLKey(parsed)
            if EVP_PKEY_is_a(key.pointer, "RSA") == 1 {
                let bits = Int(EVP_PKEY_get_bits(key.pointer))
                guard bits >= 2048 else { throw .rsaTooShort(bits: bits) }
                guard let n = try? key.integer("n"), let e = try? key.integer("e") else { throw .notAPrivateKey }
                return PEMSigningKey(
                    kind: .rsa(bits: bits),
                    publicMembers: [("e", Base64URL.encode(e)), ("kty", "RSA"), ("n", Base64URL.encode(n))], key: key)
            }
            if EVP_PKEY_is_a(key.pointer, "EC") == 1 {
                let group = key.text("group") ?? "?"
                let curves = ["prime256v1": ("P-256", 32), "secp384r1": ("P-384", 48), "secp521r1": ("P-521", 66)]
                guard let (curve, size) = curves[group] else { throw .unsupportedCurve(group) }
                guard let point = try? key.octets("pub"), point.count == 1 + 2 * size, point[0] == 0x04 else {
                    throw .notAPrivateKey
                }
                return PEMSigningKey(
                    kind: .ec(curve: curve),
                    publicMembers: [
                        ("crv", curve), ("kty", "EC"), ("x", Base64URL.encode(Array(point[1...size]))),
                        ("y", Base64URL.encode(Array(point[(size + 1)...])))
                    ], key: key)
            }
            let name = EVP_PKEY_get0_type_name(key.pointer).map { String(cString: $0) } ?? "unknown"
            throw .unsupportedType(name)
        #else
            throw .unsupportedType("any (signing needs libcrypto)")
        #endif
    }

    #if canImport(CCrypto)
        private init(kind: Kind, publicMembers: [(String, String)], key: OpenSSLKey) {
            self.kind = kind
            self.publicMembers = publicMembers
            self.key = key
        }
    #endif

    /// The RFC 7638 JWK thumbprint: base64url of the SHA-256 of the required public members,
    /// sorted, as JSON without spaces.
    package var thumbprint: String {
        let members = publicMembers.map { "\"\($0.0)\":\"\($0.1)\"" }.joined(separator: ",")
        return Base64URL.encode(SHA256.hash(Array("{\(members)}".utf8)))
    }

    /// The algorithms this key can sign with, in kauth's order of preference.
    package var algorithms: [JWSAlgorithm] {
        switch kind {
        case .rsa: return [.rs256, .ps256, .rs384, .ps384, .rs512, .ps512]
        case .ec("P-256"): return [.es256]
        case .ec("P-384"): return [.es384]
        case .ec: return [.es512]
        }
    }

    /// The JWS signature of `message` (one of `algorithms`).
    package func sign(_ message: [UInt8], algorithm: JWSAlgorithm) throws -> [UInt8] {
        guard algorithms.contains(algorithm) else {
            throw CryptoError.invalidParameter("this key does not sign \(algorithm.rawValue)")
        }
        #if canImport(CCrypto)
            return try JWSSignature.sign(message, key: key, algorithm: algorithm)
        #else
            throw CryptoError.library("signing needs libcrypto")
        #endif
    }
}

extension JWSVerificationKey {
    /// A public key from PEM (`PUBLIC KEY`, SubjectPublicKeyInfo) for `algorithm`, whose key type
    /// and curve it must have: what a server registers for a client's signed assertions.
    package static func publicKey(pem: [UInt8], algorithm: JWSAlgorithm) throws -> JWSVerificationKey {
        #if canImport(CCrypto)
            let parsed: OpaquePointer? = pem.withUnsafeBytes { buffer in
                guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else { return nil }
                defer { BIO_free(bio) }
                return PEM_read_bio_PUBKEY(bio, nil, { _, _, _, _ in -1 }, nil)
            }
            ERR_clear_error()
            guard let parsed else { throw CryptoError.invalidParameter("no public key in the PEM text") }
            let key = OpenSSLKey(parsed)
            switch algorithm.family {
            case .rsaPKCS1, .rsaPSS:
                guard EVP_PKEY_is_a(key.pointer, "RSA") == 1 else {
                    throw CryptoError.invalidParameter("\(algorithm.rawValue) needs an RSA key")
                }
                return try JWSVerificationKey(
                    rsa: RSAPublicKey(modulus: key.integer("n"), exponent: key.integer("e")), algorithm: algorithm)
            case .ecdsa(_, let size):
                let point = try key.octets("pub")
                guard EVP_PKEY_is_a(key.pointer, "EC") == 1, point.count == 1 + 2 * size, point[0] == 0x04 else {
                    throw CryptoError.invalidParameter("\(algorithm.rawValue) needs a key on its curve")
                }
                return try JWSVerificationKey(
                    ecX: Array(point[1...size]), y: Array(point[(size + 1)...]), algorithm: algorithm)
            default:
                throw CryptoError.invalidParameter("\(algorithm.rawValue) is not verified with a PEM key")
            }
        #else
            throw CryptoError.library("PEM keys need libcrypto")
        #endif
    }
}

/// Why a PEM text gives no signing key.
package enum PEMKeyProblem: Error, Sendable, Equatable {
    /// No private key in PEM could be read (not PEM, a certificate, a public key).
    case notAPrivateKey
    /// The key is encrypted under a passphrase.
    case encrypted
    /// A key of a type JWS client assertions do not use here (Ed25519, DSA, DH…).
    case unsupportedType(String)
    /// An EC key on a curve JWS has no algorithm for.
    case unsupportedCurve(String)
    /// An RSA key shorter than 2048 bits (RFC 7518 §3.3).
    case rsaTooShort(bits: Int)
}
