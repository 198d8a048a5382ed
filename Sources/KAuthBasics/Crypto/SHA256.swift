#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(CCrypto)
    import CCrypto
#elseif canImport(CryptoKit)
    import CryptoKit
#endif

/// SHA-256 (FIPS 180-4): the PKCE S256 challenge (RFC 7636 §4.2) and OIDC `at_hash`.
///
/// One-shot only: everything kauth hashes is small and already in memory, so a streaming API would
/// be surface without a caller.
package enum SHA256 {
    /// Length of a digest in bytes.
    static let digestLength = 32

    /// The 32-byte digest of `bytes`.
    package static func hash(_ bytes: [UInt8]) -> [UInt8] {
        #if canImport(CCrypto)
            var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
            var length: UInt32 = 0
            // EVP_Digest only fails when OpenSSL cannot allocate a context; there is no sensible way
            // to carry on without a digest, and making every caller handle it would hide real errors.
            let ok = bytes.withUnsafeBytes { input in
                digest.withUnsafeMutableBufferPointer { output in
                    EVP_Digest(input.baseAddress, input.count, output.baseAddress, &length, EVP_sha256(), nil)
                }
            }
            precondition(ok == 1 && length == UInt32(digestLength), "EVP_Digest(SHA-256) failed")
            return Array(digest.prefix(digestLength))
        #else
            return Array(CryptoKit.SHA256.hash(data: bytes))
        #endif
    }

    /// The digest of `data`.
    package static func hash(_ data: Data) -> [UInt8] {
        hash([UInt8](data))
    }

    /// The digest of the UTF-8 bytes of `string` (for PKCE the verifier is ASCII, so this is its
    /// `ASCII(code_verifier)`).
    package static func hash(_ string: String) -> [UInt8] {
        hash(Array(string.utf8))
    }
}
