#if canImport(CCrypto)
    import CCrypto
#endif

/// A public key ready to verify one JWS algorithm's signatures: RSA (PKCS#1 v1.5 or PSS), ECDSA
/// on P-256/384/521 or Ed25519, all through libcrypto's `EVP_DigestVerify`. Nothing about the
/// algorithms is computed here; ECDSA's JWS form (r and s side by side, RFC 7518 §3.4) is only
/// re-encoded as the DER that libcrypto takes, by libcrypto (`ECDSA_SIG`).
///
/// Built from a JWK by `JWK.verificationKey(for:)`, which checks that the key's type and curve
/// are the algorithm's before anything reaches the library.
package struct JWSVerificationKey: Sendable {
    package let algorithm: JWSAlgorithm
    #if canImport(CCrypto)
        private let key: OpenSSLKey
    #endif
    /// The RSA key, when it is one (its signatures have exactly the modulus length).
    private let rsa: RSAPublicKey?

    /// An RSA key for RS* or PS*.
    package init(rsa: RSAPublicKey, algorithm: JWSAlgorithm) throws {
        precondition(algorithm.keyType == "RSA")
        self.algorithm = algorithm
        self.rsa = rsa
        #if canImport(CCrypto)
            key = try OpenSSLKey.fromData(
                [("n", rsa.modulus), ("e", rsa.exponent)], selection: kauth_evp_pkey_public_key_selection())
        #else
            guard algorithm == .rs256 else {
                throw CryptoError.invalidParameter("\(algorithm.rawValue) is only verified on Linux (libcrypto)")
            }
        #endif
    }

    /// An EC key for ES*: the point (`x`, `y`, each exactly the curve's coordinate length) must be
    /// on the algorithm's curve, which libcrypto checks.
    package init(ecX x: [UInt8], y: [UInt8], algorithm: JWSAlgorithm) throws {
        guard case .ecdsa(let curve, let size) = algorithm.family else { preconditionFailure("not an ECDSA algorithm") }
        guard x.count == size, y.count == size else {
            throw CryptoError.invalidParameter(
                "a \(curve) point has coordinates of \(size) bytes, not \(x.count) and \(y.count)")
        }
        self.algorithm = algorithm
        self.rsa = nil
        #if canImport(CCrypto)
            // SEC 1 §2.3.3: an uncompressed point is 0x04, x, y.
            key = try Self.fromParameters(type: "EC", curve: curve, publicKey: [0x04] + x + y)
        #else
            throw CryptoError.invalidParameter("\(algorithm.rawValue) is only verified on Linux (libcrypto)")
        #endif
    }

    /// An Ed25519 key (RFC 8037 §2: `x` is the 32-byte public key).
    package init(ed25519 x: [UInt8]) throws {
        guard x.count == 32 else {
            throw CryptoError.invalidParameter("an Ed25519 public key is 32 bytes, not \(x.count)")
        }
        self.algorithm = .edDSA
        self.rsa = nil
        #if canImport(CCrypto)
            guard let raw = EVP_PKEY_new_raw_public_key_ex(nil, "ED25519", nil, x, x.count) else {
                throw CryptoError.invalidParameter("the Ed25519 key was refused: \(openSSLErrorText())")
            }
            key = OpenSSLKey(raw)
        #else
            throw CryptoError.invalidParameter("EdDSA is only verified on Linux (libcrypto)")
        #endif
    }

    /// Whether `signature` is this algorithm's valid signature of `message` under the key. False
    /// for any failure, a signature of the wrong length included.
    package func verify(signature: [UInt8], message: [UInt8]) -> Bool {
        if let rsa, signature.count != rsa.signatureLength { return false }
        #if canImport(CCrypto)
            var signature = signature
            if case .ecdsa(_, let size) = algorithm.family {
                guard let der = Self.derSignature(signature, coordinateBytes: size) else { return false }
                signature = der
            }
            guard let context = EVP_MD_CTX_new() else { return false }
            defer {
                EVP_MD_CTX_free(context)
                // A signature that does not verify leaves errors queued.
                ERR_clear_error()
            }
            var keyContext: OpaquePointer?
            guard EVP_DigestVerifyInit(context, &keyContext, Self.digest(algorithm), nil, key.pointer) == 1 else {
                return false
            }
            switch algorithm.family {
            case .rsaPKCS1:
                guard EVP_PKEY_CTX_set_rsa_padding(keyContext, RSA_PKCS1_PADDING) == 1 else { return false }
            case .rsaPSS:
                // RFC 7518 §3.5: MGF1 with the same hash, a salt as long as the hash.
                guard EVP_PKEY_CTX_set_rsa_padding(keyContext, RSA_PKCS1_PSS_PADDING) == 1,
                    EVP_PKEY_CTX_set_rsa_mgf1_md(keyContext, Self.digest(algorithm)) == 1,
                    EVP_PKEY_CTX_set_rsa_pss_saltlen(keyContext, RSA_PSS_SALTLEN_DIGEST) == 1
                else { return false }
            default:
                break
            }
            return EVP_DigestVerify(context, signature, signature.count, message, message.count) == 1
        #else
            return algorithm == .rs256 && rsa?.verifyPKCS1SHA256(signature: signature, message: message) == true
        #endif
    }

    /// Whether `mac` is the HMAC of `message` under `secret` with the algorithm's digest (HS*),
    /// compared in constant time.
    package static func verifyHMAC(_ mac: [UInt8], message: [UInt8], secret: [UInt8], algorithm: JWSAlgorithm) -> Bool {
        guard algorithm.family == .hmac, let expected = hmac(message, secret: secret, algorithm: algorithm),
            mac.count == expected.count
        else { return false }
        #if canImport(CCrypto)
            return CRYPTO_memcmp(mac, expected, mac.count) == 0
        #else
            return false
        #endif
    }

    /// The HMAC of `message` under `secret` with the digest of `algorithm` (one of HS*).
    package static func hmac(_ message: [UInt8], secret: [UInt8], algorithm: JWSAlgorithm) -> [UInt8]? {
        #if canImport(CCrypto)
            var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
            var length: UInt32 = 0
            guard HMAC(digest(algorithm), secret, Int32(secret.count), message, message.count, &out, &length) != nil
            else {
                ERR_clear_error()
                return nil
            }
            return Array(out.prefix(Int(length)))
        #else
            return nil
        #endif
    }

    #if canImport(CCrypto)
        /// SHA-256/384/512 for the algorithm; nil for EdDSA (no separate digest).
        package static func digest(_ algorithm: JWSAlgorithm) -> OpaquePointer? {
            switch algorithm.digestBits {
            case 256: return EVP_sha256()
            case 384: return EVP_sha384()
            case 512: return EVP_sha512()
            default: return nil
            }
        }

        /// The DER `ECDSA-Sig-Value` libcrypto verifies, from JWS's fixed-length r and s (RFC 7518
        /// §3.4), through `ECDSA_SIG`; nil when the length is not twice the coordinate length.
        static func derSignature(_ raw: [UInt8], coordinateBytes size: Int) -> [UInt8]? {
            guard raw.count == 2 * size, let signature = ECDSA_SIG_new() else { return nil }
            defer { ECDSA_SIG_free(signature) }
            guard let r = BN_bin2bn(raw, Int32(size), nil) else { return nil }
            guard let s = Array(raw[size...]).withUnsafeBufferPointer({ BN_bin2bn($0.baseAddress, Int32(size), nil) })
            else {
                BN_free(r)
                return nil
            }
            // ECDSA_SIG_set0 takes r and s over.
            guard ECDSA_SIG_set0(signature, r, s) == 1 else {
                BN_free(r)
                BN_free(s)
                return nil
            }
            let length = i2d_ECDSA_SIG(signature, nil)
            guard length > 0 else { return nil }
            var der = [UInt8](repeating: 0, count: Int(length))
            let written = der.withUnsafeMutableBufferPointer { buffer -> Int32 in
                var cursor = buffer.baseAddress
                return i2d_ECDSA_SIG(signature, &cursor)
            }
            return written == length ? der : nil
        }

        /// A public key of `type` on the named `curve` from its encoded point, through
        /// `EVP_PKEY_fromdata`, then checked with `EVP_PKEY_public_check` (the point is on the curve).
        static func fromParameters(type: String, curve: String, publicKey: [UInt8]) throws -> OpenSSLKey {
            guard let context = EVP_PKEY_CTX_new_from_name(nil, type, nil) else {
                throw CryptoError.library("EVP_PKEY_CTX_new_from_name(\(type)) failed: \(openSSLErrorText())")
            }
            defer { EVP_PKEY_CTX_free(context) }
            var made: OpaquePointer?
            // The parameters point at their names and values; all stay alive through EVP_PKEY_fromdata,
            // which copies what it keeps. The names are static strings for that reason.
            let groupName: StaticString = "group"
            let publicKeyName: StaticString = "pub"
            var curveBytes = Array(curve.utf8CString)
            var point = publicKey
            let status = curveBytes.withUnsafeMutableBufferPointer { curveBuffer in
                point.withUnsafeMutableBytes { pointBuffer in
                    var parameters = [
                        OSSL_PARAM_construct_utf8_string(
                            UnsafeRawPointer(groupName.utf8Start).assumingMemoryBound(to: CChar.self),
                            curveBuffer.baseAddress, 0),
                        OSSL_PARAM_construct_octet_string(
                            UnsafeRawPointer(publicKeyName.utf8Start).assumingMemoryBound(to: CChar.self),
                            pointBuffer.baseAddress, pointBuffer.count),
                        OSSL_PARAM_construct_end()
                    ]
                    guard EVP_PKEY_fromdata_init(context) == 1 else { return Int32(0) }
                    return EVP_PKEY_fromdata(context, &made, kauth_evp_pkey_public_key_selection(), &parameters)
                }
            }
            guard status == 1, let made else {
                throw CryptoError.invalidParameter("the \(curve) public key was refused: \(openSSLErrorText())")
            }
            let key = OpenSSLKey(made)
            guard let check = EVP_PKEY_CTX_new_from_pkey(nil, key.pointer, nil) else {
                throw CryptoError.library("EVP_PKEY_CTX_new_from_pkey failed: \(openSSLErrorText())")
            }
            defer { EVP_PKEY_CTX_free(check) }
            guard EVP_PKEY_public_check(check) == 1 else {
                throw CryptoError.invalidParameter("the point is not on \(curve): \(openSSLErrorText())")
            }
            return key
        }
    #endif
}
