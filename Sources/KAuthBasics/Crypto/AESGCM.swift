#if canImport(CCrypto)
    import CCrypto
#elseif canImport(CryptoKit)
    import CryptoKit
    #if canImport(FoundationEssentials)
        import FoundationEssentials
    #else
        import Foundation
    #endif
#endif

/// AES-256-GCM (NIST SP 800-38D) with a 96-bit nonce and a 128-bit tag: the cipher of the
/// passphrase-encrypted keystore.
///
/// The nonce is the caller's: the keystore draws a fresh random one (and a fresh salt, hence a
/// fresh key) for every write, which is what GCM's security rests on. The tag is returned and taken
/// separately so the on-disk format can name each part.
package enum AESGCM {
    package static let keyLength = 32
    package static let nonceLength = 12
    package static let tagLength = 16

    /// Encrypts `plaintext` and authenticates it together with `aad`.
    package static func seal(
        _ plaintext: [UInt8], key: [UInt8], nonce: [UInt8], aad: [UInt8] = []
    ) throws -> (ciphertext: [UInt8], tag: [UInt8]) {
        try checkSizes(key: key, nonce: nonce, tag: nil)
        #if canImport(CCrypto)
            let context = try CipherContext()
            try context.check(
                EVP_EncryptInit_ex(context.pointer, EVP_aes_256_gcm(), nil, nil, nil), "EVP_EncryptInit_ex")
            try context.check(
                EVP_CIPHER_CTX_ctrl(context.pointer, EVP_CTRL_GCM_SET_IVLEN, Int32(nonceLength), nil), "set IV length")
            try context.check(EVP_EncryptInit_ex(context.pointer, nil, nil, key, nonce), "EVP_EncryptInit_ex(key)")
            var length: Int32 = 0
            if !aad.isEmpty {
                try context.check(
                    EVP_EncryptUpdate(context.pointer, nil, &length, aad, Int32(aad.count)), "EVP_EncryptUpdate(aad)")
            }
            // GCM is a stream mode: the ciphertext is exactly as long as the plaintext. One spare block
            // keeps OpenSSL's "output may be up to one block longer" contract without relying on it.
            var ciphertext = [UInt8](repeating: 0, count: plaintext.count + 16)
            var written = 0
            if !plaintext.isEmpty {
                try context.check(
                    EVP_EncryptUpdate(context.pointer, &ciphertext, &length, plaintext, Int32(plaintext.count)),
                    "EVP_EncryptUpdate")
                written = Int(length)
            }
            try ciphertext.withUnsafeMutableBufferPointer { buffer in
                try context.check(
                    EVP_EncryptFinal_ex(context.pointer, buffer.baseAddress! + written, &length), "EVP_EncryptFinal_ex")
            }
            written += Int(length)
            var tag = [UInt8](repeating: 0, count: tagLength)
            try context.check(
                EVP_CIPHER_CTX_ctrl(context.pointer, EVP_CTRL_GCM_GET_TAG, Int32(tagLength), &tag), "get tag")
            return (Array(ciphertext.prefix(written)), tag)
        #else
            do {
                let box = try AES.GCM.seal(
                    plaintext, using: SymmetricKey(data: key), nonce: AES.GCM.Nonce(data: nonce), authenticating: aad)
                return (Array(box.ciphertext), Array(box.tag))
            } catch {
                throw CryptoError.library("AES-GCM seal: \(error)")
            }
        #endif
    }

    /// Decrypts `ciphertext`, or throws `CryptoError.authenticationFailed` when the tag does not
    /// verify; no plaintext is ever returned from a forged or damaged message.
    package static func open(
        _ ciphertext: [UInt8], key: [UInt8], nonce: [UInt8], tag: [UInt8], aad: [UInt8] = []
    ) throws -> [UInt8] {
        try checkSizes(key: key, nonce: nonce, tag: tag)
        #if canImport(CCrypto)
            let context = try CipherContext()
            try context.check(
                EVP_DecryptInit_ex(context.pointer, EVP_aes_256_gcm(), nil, nil, nil), "EVP_DecryptInit_ex")
            try context.check(
                EVP_CIPHER_CTX_ctrl(context.pointer, EVP_CTRL_GCM_SET_IVLEN, Int32(nonceLength), nil), "set IV length")
            try context.check(EVP_DecryptInit_ex(context.pointer, nil, nil, key, nonce), "EVP_DecryptInit_ex(key)")
            var length: Int32 = 0
            if !aad.isEmpty {
                try context.check(
                    EVP_DecryptUpdate(context.pointer, nil, &length, aad, Int32(aad.count)), "EVP_DecryptUpdate(aad)")
            }
            var plaintext = [UInt8](repeating: 0, count: ciphertext.count + 16)
            var written = 0
            if !ciphertext.isEmpty {
                try context.check(
                    EVP_DecryptUpdate(context.pointer, &plaintext, &length, ciphertext, Int32(ciphertext.count)),
                    "EVP_DecryptUpdate")
                written = Int(length)
            }
            var expectedTag = tag
            try context.check(
                EVP_CIPHER_CTX_ctrl(context.pointer, EVP_CTRL_GCM_SET_TAG, Int32(tagLength), &expectedTag), "set tag")
            // EVP_DecryptFinal_ex is where the tag is compared (in constant time); 0 means forged.
            let verified = plaintext.withUnsafeMutableBufferPointer { buffer in
                EVP_DecryptFinal_ex(context.pointer, buffer.baseAddress! + written, &length)
            }
            guard verified == 1 else {
                ERR_clear_error()
                throw CryptoError.authenticationFailed
            }
            written += Int(length)
            return Array(plaintext.prefix(written))
        #else
            do {
                let box = try AES.GCM.SealedBox(nonce: AES.GCM.Nonce(data: nonce), ciphertext: ciphertext, tag: tag)
                return Array(try AES.GCM.open(box, using: SymmetricKey(data: key), authenticating: aad))
            } catch CryptoKitError.authenticationFailure {
                throw CryptoError.authenticationFailed
            } catch {
                throw CryptoError.library("AES-GCM open: \(error)")
            }
        #endif
    }

    private static func checkSizes(key: [UInt8], nonce: [UInt8], tag: [UInt8]?) throws {
        guard key.count == keyLength else {
            throw CryptoError.invalidParameter("AES-256-GCM key must be \(keyLength) bytes, not \(key.count)")
        }
        guard nonce.count == nonceLength else {
            throw CryptoError.invalidParameter("AES-GCM nonce must be \(nonceLength) bytes, not \(nonce.count)")
        }
        if let tag, tag.count != tagLength {
            throw CryptoError.invalidParameter("AES-GCM tag must be \(tagLength) bytes, not \(tag.count)")
        }
    }
}

#if canImport(CCrypto)
    /// Owns one `EVP_CIPHER_CTX` for the length of a seal or open; freeing it also wipes the key
    /// schedule OpenSSL keeps inside.
    private final class CipherContext {
        let pointer: OpaquePointer

        init() throws {
            guard let pointer = EVP_CIPHER_CTX_new() else {
                throw CryptoError.library("EVP_CIPHER_CTX_new failed")
            }
            self.pointer = pointer
        }

        deinit {
            EVP_CIPHER_CTX_free(pointer)
        }

        func check(_ result: Int32, _ step: String) throws {
            guard result == 1 else {
                throw CryptoError.library("\(step) failed: \(openSSLErrorText())")
            }
        }
    }

    /// The oldest queued OpenSSL error as text, and the queue emptied so it cannot leak into the next
    /// failure report.
    package func openSSLErrorText() -> String {
        let code = ERR_get_error()
        defer { ERR_clear_error() }
        guard code != 0 else { return "no OpenSSL error queued" }
        var buffer = [CChar](repeating: 0, count: 256)
        ERR_error_string_n(code, &buffer, buffer.count)
        let text = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: text, as: UTF8.self)
    }
#endif
