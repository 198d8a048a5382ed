#if canImport(CCrypto)
    import CCrypto
#elseif canImport(Security)
    // Security takes and returns CFData and CFDictionary, which only Foundation bridges from Swift
    // values; on Apple platforms Foundation is part of the system, so this costs nothing there.
    import Foundation
    import Security
#endif

/// An RSA public key for RSASSA-PKCS1-v1_5 with SHA-256 (RFC 8017 §8.2): `RS256` in JWS
/// (RFC 7518 §3.3), the algorithm every OpenID provider must offer for ID tokens (OIDC Core §15.1).
///
/// The key is kept as its two big-endian integers, as a JWK carries them (RFC 7518 §6.3.1), and
/// handed to the platform library for each verification (`RSAPlatformKey.swift`); nothing about
/// RSA is computed here. kauth only verifies: signing is the sandbox's (`RSAPrivateKey`).
package struct RSAPublicKey: Sendable, Hashable {
    /// RFC 7518 §3.3: "A key of size 2048 bits or larger MUST be used with these algorithms."
    package static let minimumModulusBits = 2048
    /// OpenSSL's own limit (`OPENSSL_RSA_MAX_MODULUS_BITS`); larger keys only cost time.
    package static let maximumModulusBits = 16384

    /// `n`, big-endian, without leading zero octets.
    package let modulus: [UInt8]
    /// `e`, big-endian, without leading zero octets.
    package let exponent: [UInt8]

    /// The key, or `CryptoError.invalidParameter` when it is not one kauth will verify with: a
    /// modulus under 2048 bits (or over 16384) or even, or an exponent that is even, 1, or longer
    /// than 64 bits (OpenSSL refuses those for large moduli anyway).
    package init(modulus: [UInt8], exponent: [UInt8]) throws {
        let modulus = Array(modulus.drop { $0 == 0 })
        let exponent = Array(exponent.drop { $0 == 0 })
        let bits = Self.bitLength(modulus)
        guard bits >= Self.minimumModulusBits else {
            throw CryptoError.invalidParameter(
                "the RSA modulus is \(bits) bits; at least \(Self.minimumModulusBits) are required")
        }
        guard bits <= Self.maximumModulusBits else {
            throw CryptoError.invalidParameter(
                "the RSA modulus is \(bits) bits; at most \(Self.maximumModulusBits) are supported")
        }
        guard modulus[modulus.count - 1] & 1 == 1 else {
            throw CryptoError.invalidParameter("the RSA modulus is even")
        }
        guard !exponent.isEmpty, exponent.count <= 8, exponent[exponent.count - 1] & 1 == 1, exponent != [1] else {
            throw CryptoError.invalidParameter(
                "the RSA public exponent must be odd, greater than 1 and at most 64 bits")
        }
        self.modulus = modulus
        self.exponent = exponent
    }

    /// The size of the modulus in bits (2048 for an `RS256` key of the usual size).
    package var modulusBits: Int { Self.bitLength(modulus) }

    /// The length of a signature under this key: the modulus length in octets (`k` in RFC 8017).
    var signatureLength: Int { (modulusBits + 7) / 8 }

    /// Whether `signature` is a valid RSASSA-PKCS1-v1_5 SHA-256 signature of `message`.
    ///
    /// False for any failure, including a signature of the wrong length (RFC 8017 §8.2.2 step 1)
    /// and a library error: a caller can only act on "verified" or "not verified".
    package func verifyPKCS1SHA256(signature: [UInt8], message: [UInt8]) -> Bool {
        guard signature.count == signatureLength else { return false }
        #if canImport(CCrypto)
            guard
                let key = try? OpenSSLKey.fromData(
                    [("n", modulus), ("e", exponent)], selection: kauth_evp_pkey_public_key_selection())
            else { return false }
            guard let context = EVP_MD_CTX_new() else { return false }
            defer { EVP_MD_CTX_free(context) }
            var keyContext: OpaquePointer?
            guard EVP_DigestVerifyInit(context, &keyContext, EVP_sha256(), nil, key.pointer) == 1,
                EVP_PKEY_CTX_set_rsa_padding(keyContext, RSA_PKCS1_PADDING) == 1
            else {
                ERR_clear_error()
                return false
            }
            let verified = EVP_DigestVerify(context, signature, signature.count, message, message.count)
            // 0 is "does not verify", a negative value a malformed signature: both leave errors queued.
            ERR_clear_error()
            return verified == 1
        #else
            let attributes: [CFString: Any] = [
                kSecAttrKeyType: kSecAttrKeyTypeRSA,
                kSecAttrKeyClass: kSecAttrKeyClassPublic
            ]
            let der = RSAKeyDER.encode(integers: [modulus, exponent])
            guard let key = SecKeyCreateWithData(Data(der) as CFData, attributes as CFDictionary, nil) else {
                return false
            }
            return SecKeyVerifySignature(
                key, .rsaSignatureMessagePKCS1v15SHA256, Data(message) as CFData, Data(signature) as CFData, nil)
        #endif
    }

    static func bitLength(_ bigEndian: [UInt8]) -> Int {
        guard let first = bigEndian.first(where: { $0 != 0 }) else { return 0 }
        let leadingZeroOctets = bigEndian.firstIndex(of: first)!
        return (bigEndian.count - leadingZeroOctets - 1) * 8 + (8 - first.leadingZeroBitCount)
    }
}
