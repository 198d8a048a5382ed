import KAuthBasics

/// Why the keystore could not be read, written or used, in facts (the command line words them).
/// Text the system or a library gave stays data, in `.system`.
package indirect enum KeystoreProblem: Sendable, Equatable {
    /// What the system or a library said: an operation and `strerror`, or a crypto library's text.
    case system(String)
    /// A file kauth keeps beside the keystore is not safe to open.
    case unsafe(UnsafeFile)
    /// The lock file was held by another process for the whole timeout.
    case lockTimedOut(path: String)
    /// The JSON does not decode to what kauth expects.
    case json(JSONFault)
    /// The keystore's home exists and is not a folder.
    case notAFolder
    /// The random source gave fewer bytes than a nonce or salt needs.
    case shortRandom
    case cannotEncrypt(KeystoreProblem)
    case cannotEncode(KeystoreProblem)
    case cannotDecrypt(KeystoreProblem)
    /// The new contents decode, but encode back to other bytes; nothing was written.
    case readBackDiffers
    /// The new contents would not decode; nothing was written.
    case wouldNotReadBack(KeystoreProblem)
    case missingVersion
    /// A version this kauth does not read (`supported` is the one it does).
    case unsupportedVersion(Int, supported: Int)
    /// `protection` is none, and yet the file has an `encryption` member.
    case encryptionWithoutProtection
    /// A `protection` this kauth does not know, perhaps from a newer kauth.
    case unknownProtection(String)
    /// An encryption member (`keyring`, `kdf`, `cipher`) names something this kauth does not know.
    case unknown(member: String, value: String)
    /// An encryption member (`key_id`, `salt`, `nonce`, `tag`, `ciphertext`) is malformed.
    case bad(member: String)
    /// A PBKDF2 iteration count beyond what kauth accepts (`maximum`).
    case implausibleIterations(Int, maximum: Int)
    /// The problem is in the contents the file decrypted to.
    case inDecryptedContents(KeystoreProblem)
}

/// Why JSON did not decode, with the JSON path where it happened ("" at the top).
package enum JSONFault: Sendable, Equatable {
    case notJSON
    /// The decoder's own account of a value it could not read (e.g. a date that is not RFC 3339).
    case corrupted(String, at: String)
    case missing(key: String, at: String)
    case typeMismatch(expected: String, at: String)
    case null(expected: String, at: String)
    /// Not a decoding error at all: the error's own text.
    case other(String)
}
