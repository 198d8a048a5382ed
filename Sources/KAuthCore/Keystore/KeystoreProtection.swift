import KAuthBasics

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How a keystore file is protected, as the file itself says: every read follows it, and only a
/// login (or `KAUTH_PASSPHRASE`) changes it.
package enum KeystoreProtection: Sendable, Equatable {
    /// Plain JSON, mode 0600. The reason is why no keyring was used when it was written; nil for
    /// a file from before kauth used the keyring, or one holding no login.
    case none(NoKeyringReason?)
    /// Encrypted under a key derived from `KAUTH_PASSPHRASE`.
    case passphrase
    /// Encrypted under a random key kept in the OS keyring.
    case keyring(KeyringKind, keyID: String)

    /// `keyring`, `passphrase` or `none`, as the file and `kauth status --json` say it.
    package var name: String {
        switch self {
        case .none: "none"
        case .passphrase: "passphrase"
        case .keyring: "keyring"
        }
    }
}

/// Why a keystore was written without the keyring's protection.
package enum NoKeyringReason: String, Sendable, Equatable, Codable {
    /// No session bus (a headless login: SSH without a desktop session, a container, CI).
    case noSessionBus = "no_session_bus"
    /// The keyring was locked.
    case locked
    /// The keyring did not answer in time.
    case timedOut = "timed_out"
    /// `KAUTH_KEYRING=off`.
    case turnedOff = "turned_off"
    /// The keyring failed otherwise (libsecret missing, a D-Bus error, a key that did not read back).
    case unavailable

    init(_ failure: KeyringFailure) {
        switch failure {
        case .noSessionBus: self = .noSessionBus
        case .locked: self = .locked
        case .timedOut: self = .timedOut
        case .notFound, .unavailable: self = .unavailable
        }
    }
}

/// The keystore's own key, read from the keyring: 32 random bytes for AES-256-GCM, stored in
/// the keyring as base64url text under a `KeyringItem`.
struct KeyringKeystoreKey: Sendable, Equatable {
    var kind: KeyringKind
    var keyID: String
    var bytes: [UInt8]

    var protection: KeystoreProtection { .keyring(kind, keyID: keyID) }
}

/// The on-disk shape of a keystore whose key is in the OS keyring:
///
/// ```json
/// {
///   "version": 1,
///   "protection": "keyring",
///   "encryption": {
///     "keyring": "secret_service", "key_id": "<base64url, 16 bytes>",
///     "cipher": "aes-256-gcm", "nonce": "<base64url, 12 bytes>", "tag": "<base64url, 16 bytes>"
///   },
///   "ciphertext": "<base64url>"
/// }
/// ```
///
/// The key is found in the keyring by the keystore folder and `key_id`; the plaintext is the JSON
/// an unencrypted keystore holds, as with `EncryptedKeystoreFile`. A fresh nonce on every write.
struct KeyringKeystoreFile: Codable, Equatable {
    struct Encryption: Codable, Equatable {
        var keyring: String
        var keyID: String
        var cipher: String
        var nonce: String
        var tag: String

        enum CodingKeys: String, CodingKey {
            case keyring, cipher, nonce, tag
            case keyID = "key_id"
        }
    }

    static let protection = "keyring"

    var version: Int
    var protection: String
    var encryption: Encryption
    var ciphertext: String

    static func seal(_ json: Data, key: KeyringKeystoreKey, random: RandomSource, path: String) throws -> Data {
        let nonce = random.bytes(AESGCM.nonceLength)
        guard nonce.count == AESGCM.nonceLength else {
            throw KeystoreError.unwritable(path: path, reason: .shortRandom)
        }
        do {
            let sealed = try AESGCM.seal(
                [UInt8](json), key: key.bytes, nonce: nonce, aad: EncryptedKeystoreFile.associatedData)
            return try KeystoreJSON.encode(
                KeyringKeystoreFile(
                    version: KeystoreContents.currentVersion,
                    protection: protection,
                    encryption: .init(
                        keyring: key.kind.rawValue, keyID: key.keyID, cipher: EncryptedKeystoreFile.cipher,
                        nonce: Base64URL.encode(nonce), tag: Base64URL.encode(sealed.tag)),
                    ciphertext: Base64URL.encode(sealed.ciphertext)))
        } catch {
            throw KeystoreError.unwritable(path: path, reason: .cannotEncrypt(FileKeystore.problem(error)))
        }
    }

    /// The file's envelope, checked, before its key is looked up.
    static func decode(_ data: Data, path: String) throws -> (file: KeyringKeystoreFile, kind: KeyringKind) {
        let file: KeyringKeystoreFile
        do {
            file = try KeystoreJSON.decode(KeyringKeystoreFile.self, from: data)
        } catch {
            throw KeystoreError.corrupt(path: path, reason: KeystoreJSON.fault(error))
        }
        guard let kind = KeyringKind(rawValue: file.encryption.keyring) else {
            throw KeystoreError.corrupt(path: path, reason: .unknown(member: "keyring", value: file.encryption.keyring))
        }
        guard file.encryption.cipher == EncryptedKeystoreFile.cipher else {
            throw KeystoreError.corrupt(path: path, reason: .unknown(member: "cipher", value: file.encryption.cipher))
        }
        guard !file.encryption.keyID.isEmpty,
            file.encryption.keyID.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        else {
            throw KeystoreError.corrupt(path: path, reason: .bad(member: "key_id"))
        }
        return (file, kind)
    }

    /// The plaintext JSON, or nil when `key` does not open it (a wrong key or an altered file).
    func open(with key: [UInt8], path: String) throws -> Data? {
        func corrupt(_ reason: KeystoreProblem) -> KeystoreError { .corrupt(path: path, reason: reason) }
        guard let nonce = Base64URL.decode(encryption.nonce), nonce.count == AESGCM.nonceLength else {
            throw corrupt(.bad(member: "nonce"))
        }
        guard let tag = Base64URL.decode(encryption.tag), tag.count == AESGCM.tagLength else {
            throw corrupt(.bad(member: "tag"))
        }
        guard let ciphertext = Base64URL.decode(self.ciphertext) else { throw corrupt(.bad(member: "ciphertext")) }
        guard key.count == AESGCM.keyLength else { return nil }
        do {
            return Data(
                try AESGCM.open(ciphertext, key: key, nonce: nonce, tag: tag, aad: EncryptedKeystoreFile.associatedData)
            )
        } catch CryptoError.authenticationFailed {
            return nil
        } catch {
            throw KeystoreError.unreadable(path: path, reason: .cannotDecrypt(FileKeystore.problem(error)))
        }
    }
}
