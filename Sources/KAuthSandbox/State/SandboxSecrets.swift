import KAuthBasics
import KAuthCore

/// The sandbox's only uses of cryptography, all through `KAuthCore.Crypto` (libcrypto or
/// CryptoKit underneath): nothing here is hand-written.
enum SandboxSecrets {
    /// Random octets behind every code and token: 256 bits, as RFC 6749 §10.10 wants credentials
    /// an attacker cannot guess.
    static let octets = 32

    /// A fresh code, token or grant id: unpadded base64url, so it is safe in URLs, form bodies and
    /// headers without escaping, like Kakao's own tokens.
    static func make(_ random: RandomSource) -> String {
        Base64URL.encode(random.bytes(octets))
    }

    /// RFC 7636 §4.6: `S256` → BASE64URL(SHA256(ASCII(code_verifier))).
    static func codeChallenge(for verifier: String) -> String {
        PKCE.codeChallenge(for: verifier)
    }

    /// Compares a presented secret with the stored one in time that does not depend on where they
    /// first differ, so response timing does not leak a client secret or challenge byte by byte.
    static func equal(_ presented: String, _ stored: String) -> Bool {
        let a = Array(presented.utf8)
        let b = Array(stored.utf8)
        var difference = UInt8(truncatingIfNeeded: a.count ^ b.count)
        for index in 0..<max(a.count, b.count) {
            let x = index < a.count ? a[index] : 0
            let y = index < b.count ? b[index] : 0
            difference |= x ^ y
        }
        return difference == 0 && a.count == b.count
    }

    /// RFC 7636 §4.1: 43 to 128 characters from the unreserved set `[A-Za-z0-9-._~]`.
    static func isWellFormedVerifier(_ verifier: String) -> Bool {
        (43...128).contains(verifier.utf8.count) && verifier.utf8.allSatisfy(isUnreserved)
    }

    /// An S256 challenge is base64url of a 32-byte digest: exactly 43 alphabet characters.
    static func isWellFormedS256Challenge(_ challenge: String) -> Bool {
        challenge.utf8.count == 43
            && challenge.utf8.allSatisfy { isUnreserved($0) && $0 != UInt8(ascii: ".") && $0 != UInt8(ascii: "~") }
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}
