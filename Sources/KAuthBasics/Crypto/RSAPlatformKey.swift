#if canImport(CCrypto)
    import CCrypto
#endif

// How an RSA key reaches the platform library: an OpenSSL `EVP_PKEY` built from the key's
// integers (Linux), or the PKCS#1 DER that Security takes (Apple). `RSAPublicKey` verifies with
// these; the sandbox's `RSAPrivateKey` signs with the same plumbing, which is why it is `package`.

#if canImport(CCrypto)
    /// Owns one `EVP_PKEY`. An `EVP_PKEY` is not changed by signing or verifying (each operation has
    /// its own `EVP_MD_CTX`), so one may be used from several threads at once.
    package final class OpenSSLKey: @unchecked Sendable {
        package let pointer: OpaquePointer

        package init(_ pointer: OpaquePointer) {
            self.pointer = pointer
        }

        deinit {
            EVP_PKEY_free(pointer)
        }

        /// An RSA key from named big-endian integers (`n`, `e`, `d`, `rsa-factor1`, …) through
        /// `OSSL_PARAM_BLD` and `EVP_PKEY_fromdata`.
        ///
        /// The names are `StaticString`s because `OSSL_PARAM_BLD_push_BN` keeps the name pointer, not a
        /// copy, in the parameters it builds: a bridged Swift string would be gone by then.
        package static func fromData(_ members: [(StaticString, [UInt8])], selection: Int32) throws -> OpenSSLKey {
            guard let builder = OSSL_PARAM_BLD_new() else {
                throw CryptoError.library("OSSL_PARAM_BLD_new failed: \(openSSLErrorText())")
            }
            defer { OSSL_PARAM_BLD_free(builder) }
            // The builder refers to the BIGNUMs until OSSL_PARAM_BLD_to_param copies them.
            var numbers: [OpaquePointer] = []
            defer { numbers.forEach { BN_clear_free($0) } }
            for (name, bytes) in members {
                guard let number = BN_bin2bn(bytes, Int32(bytes.count), nil) else {
                    throw CryptoError.library("BN_bin2bn failed: \(openSSLErrorText())")
                }
                numbers.append(number)
                let pushed = name.withUTF8Buffer { buffer in
                    buffer.withMemoryRebound(to: CChar.self) { OSSL_PARAM_BLD_push_BN(builder, $0.baseAddress, number) }
                }
                guard pushed == 1 else {
                    throw CryptoError.library("OSSL_PARAM_BLD_push_BN(\(name)) failed: \(openSSLErrorText())")
                }
            }
            guard let parameters = OSSL_PARAM_BLD_to_param(builder) else {
                throw CryptoError.library("OSSL_PARAM_BLD_to_param failed: \(openSSLErrorText())")
            }
            defer { OSSL_PARAM_free(parameters) }
            guard let context = EVP_PKEY_CTX_new_from_name(nil, "RSA", nil) else {
                throw CryptoError.library("EVP_PKEY_CTX_new_from_name(RSA) failed: \(openSSLErrorText())")
            }
            defer { EVP_PKEY_CTX_free(context) }
            var key: OpaquePointer?
            guard EVP_PKEY_fromdata_init(context) == 1,
                EVP_PKEY_fromdata(context, &key, selection, parameters) == 1,
                let key
            else {
                throw CryptoError.invalidParameter("the RSA key parts were refused: \(openSSLErrorText())")
            }
            return OpenSSLKey(key)
        }
    }
#endif

/// The DER of PKCS#1's key structures (RFC 8017 Appendix A.1): a SEQUENCE of INTEGERs, which is
/// all Security's `SecKeyCreateWithData` takes for RSA keys. Plain serialization, no arithmetic;
/// OpenSSL builds keys from the integers directly. (Reading DER back is only needed to export a
/// private key, and lives with the sandbox's `RSAPrivateKey`.)
package enum RSAKeyDER {
    /// SEQUENCE { INTEGER … } of non-negative big-endian integers.
    package static func encode(integers: [[UInt8]]) -> [UInt8] {
        var content: [UInt8] = []
        for integer in integers {
            var value = Array(integer.drop { $0 == 0 })
            // DER INTEGERs are two's complement: a set top bit needs a zero octet in front, and
            // zero itself is one zero octet.
            if value.isEmpty || value[0] & 0x80 != 0 { value.insert(0, at: 0) }
            content += [0x02] + length(value.count) + value
        }
        return [0x30] + length(content.count) + content
    }

    private static func length(_ count: Int) -> [UInt8] {
        if count < 0x80 { return [UInt8(count)] }
        var octets: [UInt8] = []
        var rest = count
        while rest > 0 {
            octets.insert(UInt8(rest & 0xFF), at: 0)
            rest >>= 8
        }
        return [0x80 | UInt8(octets.count)] + octets
    }
}
