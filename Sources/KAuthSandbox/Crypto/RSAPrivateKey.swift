import KAuthBasics
import KAuthCore

#if canImport(CCrypto)
    import CCrypto
#elseif canImport(Security)
    // Security takes and returns CFData and CFDictionary, which only Foundation bridges from Swift
    // values; on Apple platforms Foundation is part of the system, so this costs nothing there.
    import Foundation
    import Security
#endif

/// An RSA private key that signs with RSASSA-PKCS1-v1_5 and SHA-256.
///
/// kauth itself never signs, so this lives with the sandbox: it is the sandbox provider's ID-token
/// key and the tests'. PKCS#1 v1.5 signatures are deterministic, so a known key gives
/// byte-for-byte reproducible tokens. The key material goes through the same platform plumbing
/// as the client's `RSAPublicKey` (`OpenSSLKey`, `RSAKeyDER`).
package struct RSAPrivateKey: Sendable {
    #if canImport(CCrypto)
        private let key: OpenSSLKey
    #else
        private let key: SecKeyBox
    #endif

    /// The matching public key.
    package let publicKey: RSAPublicKey

    #if canImport(CCrypto)
        /// The library's key, for signing with other RSA algorithms (`JWSSigner`).
        var openSSLKey: OpenSSLKey { key }
    #endif

    /// A fresh key of `bits` bits (2048 to 16384) with public exponent 65537, from the platform's
    /// key generator and CSPRNG.
    package static func generate(bits: Int = 2048) throws -> RSAPrivateKey {
        guard (RSAPublicKey.minimumModulusBits...RSAPublicKey.maximumModulusBits).contains(bits) else {
            throw CryptoError.invalidParameter(
                "RSA keys must be \(RSAPublicKey.minimumModulusBits) to \(RSAPublicKey.maximumModulusBits) bits, not \(bits)"
            )
        }
        #if canImport(CCrypto)
            guard let context = EVP_PKEY_CTX_new_from_name(nil, "RSA", nil) else {
                throw CryptoError.library("EVP_PKEY_CTX_new_from_name(RSA) failed: \(openSSLErrorText())")
            }
            defer { EVP_PKEY_CTX_free(context) }
            var generated: OpaquePointer?
            guard EVP_PKEY_keygen_init(context) == 1,
                EVP_PKEY_CTX_set_rsa_keygen_bits(context, Int32(bits)) == 1,
                EVP_PKEY_generate(context, &generated) == 1,
                let generated
            else {
                throw CryptoError.library("RSA key generation failed: \(openSSLErrorText())")
            }
            return try RSAPrivateKey(OpenSSLKey(generated))
        #else
            let attributes: [CFString: Any] = [kSecAttrKeyType: kSecAttrKeyTypeRSA, kSecAttrKeySizeInBits: bits]
            var error: Unmanaged<CFError>?
            guard let key = SecKeyCreateRandomKey(attributes as CFDictionary, &error) else {
                throw CryptoError.library(
                    "SecKeyCreateRandomKey failed: \(error?.takeRetainedValue().localizedDescription ?? "unknown error")"
                )
            }
            return try RSAPrivateKey(SecKeyBox(key))
        #endif
    }

    /// The key with the given integers (big-endian), as RFC 8017 §3.2 and the JWK members of
    /// RFC 7518 §6.3.2 name them: `n`, `e`, `d`, `p`, `q`, `dp`, `dq`, `qi`.
    ///
    /// Throws `CryptoError.invalidParameter` when the parts do not make one key (the library's
    /// pairwise check), so a mistyped member fails here and not as a signature nobody can verify.
    package init(
        modulus: [UInt8], publicExponent: [UInt8], privateExponent: [UInt8],
        prime1: [UInt8], prime2: [UInt8], exponent1: [UInt8], exponent2: [UInt8], coefficient: [UInt8]
    ) throws {
        // Validates the size of the modulus and the exponent before any of it reaches the library.
        _ = try RSAPublicKey(modulus: modulus, exponent: publicExponent)
        #if canImport(CCrypto)
            let key = try OpenSSLKey.fromData(
                [
                    ("n", modulus), ("e", publicExponent), ("d", privateExponent),
                    ("rsa-factor1", prime1), ("rsa-factor2", prime2),
                    ("rsa-exponent1", exponent1), ("rsa-exponent2", exponent2),
                    ("rsa-coefficient1", coefficient)
                ],
                selection: kauth_evp_pkey_keypair_selection())
            guard let checkContext = EVP_PKEY_CTX_new_from_pkey(nil, key.pointer, nil) else {
                throw CryptoError.library("EVP_PKEY_CTX_new_from_pkey failed: \(openSSLErrorText())")
            }
            defer { EVP_PKEY_CTX_free(checkContext) }
            guard EVP_PKEY_pairwise_check(checkContext) == 1 else {
                throw CryptoError.invalidParameter("the RSA private key parts do not match: \(openSSLErrorText())")
            }
            try self.init(key)
        #else
            // RFC 8017 Appendix A.1.2: RSAPrivateKey ::= SEQUENCE { version 0, n, e, d, p, q, dp, dq, qi }.
            let der = RSAKeyDER.encode(integers: [
                [0], modulus, publicExponent, privateExponent, prime1, prime2, exponent1, exponent2, coefficient
            ])
            let attributes: [CFString: Any] = [
                kSecAttrKeyType: kSecAttrKeyTypeRSA, kSecAttrKeyClass: kSecAttrKeyClassPrivate
            ]
            var error: Unmanaged<CFError>?
            guard let key = SecKeyCreateWithData(Data(der) as CFData, attributes as CFDictionary, &error) else {
                throw CryptoError.invalidParameter(
                    "the RSA private key parts are not a key: \(error?.takeRetainedValue().localizedDescription ?? "unknown error")"
                )
            }
            try self.init(SecKeyBox(key))
        #endif
    }

    /// The key from the base64url members of an RSA private JWK (RFC 7518 §6.3.2): `n`, `e`, `d`,
    /// `p`, `q`, `dp`, `dq`, `qi`. Other members (`kty`, `kid`, `use`, `alg`) are ignored except
    /// that a `kty` other than `RSA` is refused.
    package init(jwkMembers members: [String: String]) throws {
        if let kty = members["kty"], kty != "RSA" {
            throw CryptoError.invalidParameter("the JWK is of type '\(kty)', not an RSA key")
        }
        func member(_ name: String) throws -> [UInt8] {
            guard let text = members[name] else {
                throw CryptoError.invalidParameter("the RSA private JWK has no '\(name)' member")
            }
            guard let bytes = Base64URL.decode(text), !bytes.isEmpty else {
                throw CryptoError.invalidParameter("the RSA private JWK member '\(name)' is not base64url")
            }
            return bytes
        }
        try self.init(
            modulus: member("n"), publicExponent: member("e"), privateExponent: member("d"),
            prime1: member("p"), prime2: member("q"), exponent1: member("dp"), exponent2: member("dq"),
            coefficient: member("qi"))
    }

    /// The public members of the key's JWK: `kty` `RSA`, and `n` and `e` in base64url.
    package var publicJWKMembers: [String: String] {
        ["kty": "RSA", "n": Base64URL.encode(publicKey.modulus), "e": Base64URL.encode(publicKey.exponent)]
    }

    /// Every member of the key's private JWK (RFC 7518 §6.3.2), so that a generated key can be
    /// stored and loaded again with `init(jwkMembers:)`.
    package func privateJWKMembers() throws -> [String: String] {
        #if canImport(CCrypto)
            var members = publicJWKMembers
            for (name, member) in [
                ("d", "d"), ("rsa-factor1", "p"), ("rsa-factor2", "q"),
                ("rsa-exponent1", "dp"), ("rsa-exponent2", "dq"), ("rsa-coefficient1", "qi")
            ] {
                members[member] = Base64URL.encode(try key.integer(name))
            }
            return members
        #else
            let parts = try key.pkcs1Integers()
            guard parts.count == 9 else { throw CryptoError.library("unexpected RSA private key encoding") }
            var members = publicJWKMembers
            for (index, member) in ["d", "p", "q", "dp", "dq", "qi"].enumerated() {
                members[member] = Base64URL.encode(parts[index + 3])
            }
            return members
        #endif
    }

    /// The RSASSA-PKCS1-v1_5 SHA-256 signature of `message`: `signatureLength` octets.
    package func signPKCS1SHA256(message: [UInt8]) throws -> [UInt8] {
        #if canImport(CCrypto)
            guard let context = EVP_MD_CTX_new() else {
                throw CryptoError.library("EVP_MD_CTX_new failed: \(openSSLErrorText())")
            }
            defer { EVP_MD_CTX_free(context) }
            var keyContext: OpaquePointer?
            guard EVP_DigestSignInit(context, &keyContext, EVP_sha256(), nil, key.pointer) == 1,
                EVP_PKEY_CTX_set_rsa_padding(keyContext, RSA_PKCS1_PADDING) == 1
            else {
                throw CryptoError.library("EVP_DigestSignInit failed: \(openSSLErrorText())")
            }
            var length = Int(EVP_PKEY_get_size(key.pointer))
            var signature = [UInt8](repeating: 0, count: length)
            guard EVP_DigestSign(context, &signature, &length, message, message.count) == 1 else {
                throw CryptoError.library("EVP_DigestSign failed: \(openSSLErrorText())")
            }
            return Array(signature.prefix(length))
        #else
            var error: Unmanaged<CFError>?
            guard
                let signature = SecKeyCreateSignature(
                    key.key, .rsaSignatureMessagePKCS1v15SHA256, Data(message) as CFData, &error)
            else {
                throw CryptoError.library(
                    "SecKeyCreateSignature failed: \(error?.takeRetainedValue().localizedDescription ?? "unknown error")"
                )
            }
            return [UInt8](signature as Data)
        #endif
    }

    #if canImport(CCrypto)
        private init(_ key: OpenSSLKey) throws {
            self.key = key
            publicKey = try RSAPublicKey(modulus: key.integer("n"), exponent: key.integer("e"))
        }
    #else
        private init(_ key: SecKeyBox) throws {
            self.key = key
            let parts = try key.pkcs1Integers()
            guard parts.count == 9 else { throw CryptoError.library("unexpected RSA private key encoding") }
            publicKey = try RSAPublicKey(modulus: parts[1], exponent: parts[2])
        }
    #endif
}

#if canImport(CCrypto)
    extension OpenSSLKey {
        /// One of the key's integers, big-endian, by its OpenSSL parameter name.
        func integer(_ name: String) throws -> [UInt8] {
            var number: OpaquePointer?
            guard EVP_PKEY_get_bn_param(pointer, name, &number) == 1, let number else {
                throw CryptoError.library("EVP_PKEY_get_bn_param(\(name)) failed: \(openSSLErrorText())")
            }
            defer { BN_clear_free(number) }
            var bytes = [UInt8](repeating: 0, count: (Int(BN_num_bits(number)) + 7) / 8)
            let written = BN_bn2bin(number, &bytes)
            return Array(bytes.prefix(Int(written)))
        }
    }
#else
    /// A `SecKey`; Security's keys are immutable and safe to share between threads.
    final class SecKeyBox: @unchecked Sendable {
        let key: SecKey

        init(_ key: SecKey) {
            self.key = key
        }

        /// The integers of the key's PKCS#1 encoding (RFC 8017 Appendix A.1): `[0, n, e, d, p, q, dp,
        /// dq, qi]` for a private key.
        func pkcs1Integers() throws -> [[UInt8]] {
            var error: Unmanaged<CFError>?
            guard let data = SecKeyCopyExternalRepresentation(key, &error) else {
                throw CryptoError.library(
                    "SecKeyCopyExternalRepresentation failed: \(error?.takeRetainedValue().localizedDescription ?? "unknown error")"
                )
            }
            guard let integers = RSAKeyDER.decodeIntegers([UInt8](data as Data)) else {
                throw CryptoError.library("the platform's RSA key encoding could not be read")
            }
            return integers
        }
    }
#endif
