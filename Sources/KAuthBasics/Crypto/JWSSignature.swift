#if canImport(CCrypto)
    import CCrypto
#endif

/// Making a JWS signature (RFC 7518 §3) with a private key: libcrypto's `EVP_DigestSign`, with
/// PKCS#1 v1.5 or PSS padding for RSA, and ECDSA's DER signature taken apart by `ECDSA_SIG` into
/// JWS's fixed-length r and s (RFC 7518 §3.4). HMAC is `JWSVerificationKey.hmac`. One piece of
/// code for the sandbox's ID tokens and a client's signed assertions (RFC 7523).
package enum JWSSignature {
    #if canImport(CCrypto)
        /// The signature of `message` under `key` for `algorithm` (RS*, PS*, ES*, EdDSA).
        package static func sign(_ message: [UInt8], key: OpenSSLKey, algorithm: JWSAlgorithm) throws -> [UInt8] {
            let signature = try digestSign(message, key: key, algorithm: algorithm)
            guard case .ecdsa(_, let size) = algorithm.family else { return signature }
            return try rawSignature(der: signature, coordinateBytes: size)
        }

        private static func digestSign(_ message: [UInt8], key: OpenSSLKey, algorithm: JWSAlgorithm) throws -> [UInt8] {
            guard algorithm.family != .hmac else {
                throw CryptoError.invalidParameter("\(algorithm.rawValue) signs with a secret, not a key")
            }
            guard let context = EVP_MD_CTX_new() else {
                throw CryptoError.library("EVP_MD_CTX_new failed: \(openSSLErrorText())")
            }
            defer { EVP_MD_CTX_free(context) }
            var keyContext: OpaquePointer?
            let digest = JWSVerificationKey.digest(algorithm)
            guard EVP_DigestSignInit(context, &keyContext, digest, nil, key.pointer) == 1 else {
                throw CryptoError.library("EVP_DigestSignInit failed: \(openSSLErrorText())")
            }
            switch algorithm.family {
            case .rsaPKCS1:
                guard EVP_PKEY_CTX_set_rsa_padding(keyContext, RSA_PKCS1_PADDING) == 1 else {
                    throw CryptoError.library("setting PKCS#1 padding failed: \(openSSLErrorText())")
                }
            case .rsaPSS:
                guard EVP_PKEY_CTX_set_rsa_padding(keyContext, RSA_PKCS1_PSS_PADDING) == 1,
                    EVP_PKEY_CTX_set_rsa_mgf1_md(keyContext, digest) == 1,
                    EVP_PKEY_CTX_set_rsa_pss_saltlen(keyContext, RSA_PSS_SALTLEN_DIGEST) == 1
                else {
                    throw CryptoError.library("setting PSS padding failed: \(openSSLErrorText())")
                }
            default:
                break
            }
            var length = 0
            guard EVP_DigestSign(context, nil, &length, message, message.count) == 1 else {
                throw CryptoError.library("EVP_DigestSign failed: \(openSSLErrorText())")
            }
            var signature = [UInt8](repeating: 0, count: length)
            guard EVP_DigestSign(context, &signature, &length, message, message.count) == 1 else {
                throw CryptoError.library("EVP_DigestSign failed: \(openSSLErrorText())")
            }
            return Array(signature.prefix(length))
        }

        /// r and s of a DER `ECDSA-Sig-Value`, each left-padded to the coordinate length.
        private static func rawSignature(der: [UInt8], coordinateBytes size: Int) throws -> [UInt8] {
            let parsed = der.withUnsafeBufferPointer { buffer -> OpaquePointer? in
                var cursor = buffer.baseAddress
                return d2i_ECDSA_SIG(nil, &cursor, buffer.count)
            }
            guard let parsed else { throw CryptoError.library("d2i_ECDSA_SIG failed: \(openSSLErrorText())") }
            defer { ECDSA_SIG_free(parsed) }
            var r = [UInt8](repeating: 0, count: size)
            var s = [UInt8](repeating: 0, count: size)
            guard let rNumber = ECDSA_SIG_get0_r(parsed), let sNumber = ECDSA_SIG_get0_s(parsed),
                BN_bn2binpad(rNumber, &r, Int32(size)) == Int32(size),
                BN_bn2binpad(sNumber, &s, Int32(size)) == Int32(size)
            else {
                throw CryptoError.library("ECDSA signature conversion failed: \(openSSLErrorText())")
            }
            return r + s
        }
    #endif
}

#if canImport(CCrypto)
    extension OpenSSLKey {
        /// An octet-string parameter of the key (`pub`: an EC key's encoded point).
        package func octets(_ name: String) throws -> [UInt8] {
            var length = 0
            guard EVP_PKEY_get_octet_string_param(pointer, name, nil, 0, &length) == 1 else {
                throw CryptoError.library("EVP_PKEY_get_octet_string_param(\(name)) failed: \(openSSLErrorText())")
            }
            var bytes = [UInt8](repeating: 0, count: length)
            guard EVP_PKEY_get_octet_string_param(pointer, name, &bytes, length, &length) == 1 else {
                throw CryptoError.library("EVP_PKEY_get_octet_string_param(\(name)) failed: \(openSSLErrorText())")
            }
            return Array(bytes.prefix(length))
        }

        /// A big-number parameter of the key (`n`, `e` of an RSA key), big-endian, no leading zeros.
        package func integer(_ name: String) throws -> [UInt8] {
            var number: OpaquePointer?
            guard EVP_PKEY_get_bn_param(pointer, name, &number) == 1, let number else {
                throw CryptoError.library("EVP_PKEY_get_bn_param(\(name)) failed: \(openSSLErrorText())")
            }
            defer { BN_free(number) }
            var bytes = [UInt8](repeating: 0, count: Int((BN_num_bits(number) + 7) / 8))
            _ = BN_bn2bin(number, &bytes)
            return bytes
        }

        /// A text parameter of the key (`group`: an EC key's curve name).
        package func text(_ name: String) -> String? {
            var buffer = [CChar](repeating: 0, count: 80)
            var length = 0
            guard EVP_PKEY_get_utf8_string_param(pointer, name, &buffer, buffer.count, &length) == 1 else {
                ERR_clear_error()
                return nil
            }
            return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }
#endif
