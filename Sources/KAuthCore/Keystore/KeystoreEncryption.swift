import KAuthBasics

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The envelope of a keystore encrypted with `KAUTH_PASSPHRASE` (see `EncryptedKeystoreFile`):
/// PBKDF2-HMAC-SHA256 turns the passphrase into an AES-256-GCM key, with a fresh salt and nonce on
/// every write.
struct KeystoreEncryption: Sendable {
    var passphrase: String
    var random: RandomSource
    /// PBKDF2 rounds for new writes; files keep their own count.
    var iterations: Int
    /// For messages.
    var path: String

    func seal(_ json: Data) throws -> Data {
        let salt = random.bytes(EncryptedKeystoreFile.saltLength)
        let nonce = random.bytes(AESGCM.nonceLength)
        guard salt.count == EncryptedKeystoreFile.saltLength, nonce.count == AESGCM.nonceLength else {
            throw KeystoreError.unwritable(path: path, reason: .shortRandom)
        }
        do {
            let key = try PBKDF2.sha256(
                password: passphrase, salt: salt, iterations: iterations, length: AESGCM.keyLength)
            let sealed = try AESGCM.seal(
                [UInt8](json), key: key, nonce: nonce, aad: EncryptedKeystoreFile.associatedData)
            let file = EncryptedKeystoreFile(
                version: KeystoreContents.currentVersion,
                protection: EncryptedKeystoreFile.protection,
                encryption: .init(
                    kdf: EncryptedKeystoreFile.kdf,
                    iterations: iterations,
                    salt: Base64URL.encode(salt),
                    cipher: EncryptedKeystoreFile.cipher,
                    nonce: Base64URL.encode(nonce),
                    tag: Base64URL.encode(sealed.tag)),
                ciphertext: Base64URL.encode(sealed.ciphertext))
            return try KeystoreJSON.encode(file)
        } catch let error as KeystoreError {
            throw error
        } catch {
            throw KeystoreError.unwritable(path: path, reason: .cannotEncrypt(FileKeystore.problem(error)))
        }
    }

    /// The plaintext JSON of an encrypted file.
    static func open(_ data: Data, passphrase: String?, path: String) throws -> Data {
        guard let passphrase else { throw KeystoreError.passphraseRequired(path: path) }
        let file: EncryptedKeystoreFile
        do {
            file = try KeystoreJSON.decode(EncryptedKeystoreFile.self, from: data)
        } catch {
            throw KeystoreError.corrupt(path: path, reason: KeystoreJSON.fault(error))
        }
        let encryption = file.encryption
        func corrupt(_ reason: KeystoreProblem) -> KeystoreError { .corrupt(path: path, reason: reason) }
        guard encryption.kdf == EncryptedKeystoreFile.kdf else {
            throw corrupt(.unknown(member: "kdf", value: encryption.kdf))
        }
        guard encryption.cipher == EncryptedKeystoreFile.cipher else {
            throw corrupt(.unknown(member: "cipher", value: encryption.cipher))
        }
        guard (1...EncryptedKeystoreFile.maximumIterations).contains(encryption.iterations) else {
            throw corrupt(
                .implausibleIterations(encryption.iterations, maximum: EncryptedKeystoreFile.maximumIterations))
        }
        guard let salt = Base64URL.decode(encryption.salt), !salt.isEmpty else { throw corrupt(.bad(member: "salt")) }
        guard let nonce = Base64URL.decode(encryption.nonce), nonce.count == AESGCM.nonceLength else {
            throw corrupt(.bad(member: "nonce"))
        }
        guard let tag = Base64URL.decode(encryption.tag), tag.count == AESGCM.tagLength else {
            throw corrupt(.bad(member: "tag"))
        }
        guard let ciphertext = Base64URL.decode(file.ciphertext) else { throw corrupt(.bad(member: "ciphertext")) }
        do {
            let key = try PBKDF2.sha256(
                password: passphrase, salt: salt, iterations: encryption.iterations, length: AESGCM.keyLength)
            let plaintext = try AESGCM.open(
                ciphertext, key: key, nonce: nonce, tag: tag, aad: EncryptedKeystoreFile.associatedData)
            return Data(plaintext)
        } catch CryptoError.authenticationFailed {
            throw KeystoreError.wrongPassphrase(path: path)
        } catch {
            throw KeystoreError.unreadable(path: path, reason: .cannotDecrypt(FileKeystore.problem(error)))
        }
    }
}
