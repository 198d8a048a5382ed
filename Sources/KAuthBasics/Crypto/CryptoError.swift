/// A crypto operation that could not be carried out.
///
/// Kept separate from the keystore's errors: the primitives do not know what the bytes are for, so
/// the caller decides what a failure means (a bad tag in the keystore means "wrong passphrase").
package enum CryptoError: Error, Sendable, Equatable {
    /// A key, nonce or tag had the wrong length for the algorithm.
    case invalidParameter(String)
    /// AES-GCM: the tag did not verify; the ciphertext, nonce, AAD or key is not the one sealed.
    case authenticationFailed
    /// The platform library reported a failure it should not have (allocation, internal error).
    case library(String)
}
