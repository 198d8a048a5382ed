#if canImport(CCrypto)
    import CCrypto
#elseif canImport(CommonCrypto)
    import CommonCrypto
#endif

/// PBKDF2 (RFC 8018 §5.2): turns `KAUTH_PASSPHRASE` into the keystore's AES key.
///
/// PBKDF2-HMAC-SHA256 rather than a memory-hard KDF because it is in both platform libraries kauth
/// may use (OpenSSL and CommonCrypto); the cost comes from the iteration count stored in the file.
package enum PBKDF2 {
    /// `length` bytes derived from `password` and `salt` with HMAC-SHA-256 and `iterations` rounds.
    package static func sha256(password: [UInt8], salt: [UInt8], iterations: Int, length: Int) throws -> [UInt8] {
        guard iterations >= 1, iterations <= Int(Int32.max) else {
            throw CryptoError.invalidParameter(
                "PBKDF2 iterations must be between 1 and \(Int32.max), not \(iterations)")
        }
        guard length >= 1, length <= 1 << 20 else {
            throw CryptoError.invalidParameter("PBKDF2 output length must be between 1 and \(1 << 20), not \(length)")
        }
        var output = [UInt8](repeating: 0, count: length)
        #if canImport(CCrypto)
            let ok = password.withUnsafeBufferPointer { passwordBuffer in
                salt.withUnsafeBufferPointer { saltBuffer in
                    passwordBuffer.withMemoryRebound(to: CChar.self) { passwordChars in
                        PKCS5_PBKDF2_HMAC(
                            passwordChars.baseAddress, Int32(password.count),
                            saltBuffer.baseAddress, Int32(salt.count),
                            Int32(iterations), EVP_sha256(), Int32(length), &output)
                    }
                }
            }
            guard ok == 1 else {
                throw CryptoError.library("PKCS5_PBKDF2_HMAC failed: \(openSSLErrorText())")
            }
        #else
            let status = password.withUnsafeBufferPointer { passwordBuffer in
                passwordBuffer.withMemoryRebound(to: CChar.self) { passwordChars in
                    CCKeyDerivationPBKDF(
                        CCPBKDFAlgorithm(kCCPBKDF2), passwordChars.baseAddress, password.count,
                        salt, salt.count, CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA256),
                        UInt32(iterations), &output, length)
                }
            }
            guard status == Int32(kCCSuccess) else {
                throw CryptoError.library("CCKeyDerivationPBKDF failed with status \(status)")
            }
        #endif
        return output
    }

    /// The same, with the UTF-8 bytes of `password`.
    package static func sha256(password: String, salt: [UInt8], iterations: Int, length: Int) throws -> [UInt8] {
        try sha256(password: Array(password.utf8), salt: salt, iterations: iterations, length: length)
    }
}
