import KAuthBasics

/// Why kauth cannot authenticate as the client the way it was told to, or the server offers.
/// Nothing here carries a secret: a key file is named by its path.
package enum ClientAuthProblem: Error, Sendable, Equatable {
    /// `private_key_jwt` was asked for and `private_key` names no file.
    case noPrivateKey
    /// `client_secret_jwt` (or Basic, or the form) was asked for and there is no client secret.
    case noSecret(method: String)
    /// `tls_client_auth` was asked for and `client_cert`/`client_key` are not set.
    case noClientCertificate
    /// The `private_key` file does not exist.
    case privateKeyMissing(path: String)
    /// The `private_key` file could not be read.
    case privateKeyUnreadable(path: String, reason: String)
    /// The `private_key` file holds no key kauth can sign with.
    case privateKeyUnusable(path: String, PEMKeyProblem)
    /// None of the algorithms the server takes for assertions
    /// (`token_endpoint_auth_signing_alg_values_supported`) can be made with the key or secret.
    case noCommonAlgorithm(method: String, offered: [String], possible: [String])
    /// libcrypto failed to sign.
    case signingFailed
}
