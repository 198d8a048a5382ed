#if canImport(CCrypto)
import CCrypto
#elseif canImport(Security)
// Security takes and returns CFData and CFDictionary, which only Foundation bridges from Swift
// values; on Apple platforms Foundation is part of the system, so this costs nothing there.
import Foundation
import Security
#endif

/// An RSA public key for RSASSA-PKCS1-v1_5 with SHA-256 (RFC 8017 §8.2): `RS256` in JWS
/// (RFC 7518 §3.3), the algorithm every OpenID provider must offer for ID tokens (OIDC Core §15.1).
///
/// The key is kept as its two big-endian integers, as a JWK carries them (RFC 7518 §6.3.1), and
/// handed to the platform library for each verification; nothing about RSA is computed here.
package struct RSAPublicKey: Sendable, Hashable {
    /// RFC 7518 §3.3: "A key of size 2048 bits or larger MUST be used with these algorithms."
    package static let minimumModulusBits = 2048
    /// OpenSSL's own limit (`OPENSSL_RSA_MAX_MODULUS_BITS`); larger keys only cost time.
    package static let maximumModulusBits = 16384

    /// `n`, big-endian, without leading zero octets.
    package let modulus: [UInt8]
    /// `e`, big-endian, without leading zero octets.
    package let exponent: [UInt8]

    /// The key, or `CryptoError.invalidParameter` when it is not one kauth will verify with: a
    /// modulus under 2048 bits (or over 16384) or even, or an exponent that is even, 1, or longer
    /// than 64 bits (OpenSSL refuses those for large moduli anyway).
    package init(modulus: [UInt8], exponent: [UInt8]) throws {
        let modulus = Array(modulus.drop { $0 == 0 })
        let exponent = Array(exponent.drop { $0 == 0 })
        let bits = Self.bitLength(modulus)
        guard bits >= Self.minimumModulusBits else {
            throw CryptoError.invalidParameter(
                "the RSA modulus is \(bits) bits; at least \(Self.minimumModulusBits) are required")
        }
        guard bits <= Self.maximumModulusBits else {
            throw CryptoError.invalidParameter(
                "the RSA modulus is \(bits) bits; at most \(Self.maximumModulusBits) are supported")
        }
        guard modulus[modulus.count - 1] & 1 == 1 else {
            throw CryptoError.invalidParameter("the RSA modulus is even")
        }
        guard !exponent.isEmpty, exponent.count <= 8, exponent[exponent.count - 1] & 1 == 1, exponent != [1] else {
            throw CryptoError.invalidParameter("the RSA public exponent must be odd, greater than 1 and at most 64 bits")
        }
        self.modulus = modulus
        self.exponent = exponent
    }

    /// The size of the modulus in bits (2048 for an `RS256` key of the usual size).
    package var modulusBits: Int { Self.bitLength(modulus) }

    /// The length of a signature under this key: the modulus length in octets (`k` in RFC 8017).
    package var signatureLength: Int { (modulusBits + 7) / 8 }

    /// Whether `signature` is a valid RSASSA-PKCS1-v1_5 SHA-256 signature of `message`.
    ///
    /// False for any failure, including a signature of the wrong length (RFC 8017 §8.2.2 step 1)
    /// and a library error: a caller can only act on "verified" or "not verified".
    package func verifyPKCS1SHA256(signature: [UInt8], message: [UInt8]) -> Bool {
        guard signature.count == signatureLength else { return false }
        #if canImport(CCrypto)
        guard let key = try? OpenSSLKey.fromData(
            [("n", modulus), ("e", exponent)], selection: kauth_evp_pkey_public_key_selection())
        else { return false }
        guard let context = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(context) }
        var keyContext: OpaquePointer?
        guard EVP_DigestVerifyInit(context, &keyContext, EVP_sha256(), nil, key.pointer) == 1,
              EVP_PKEY_CTX_set_rsa_padding(keyContext, RSA_PKCS1_PADDING) == 1
        else {
            ERR_clear_error()
            return false
        }
        let verified = EVP_DigestVerify(context, signature, signature.count, message, message.count)
        // 0 is "does not verify", a negative value a malformed signature: both leave errors queued.
        ERR_clear_error()
        return verified == 1
        #else
        let attributes: [CFString: Any] = [
            kSecAttrKeyType: kSecAttrKeyTypeRSA,
            kSecAttrKeyClass: kSecAttrKeyClassPublic,
        ]
        let der = RSAKeyDER.encode(integers: [modulus, exponent])
        guard let key = SecKeyCreateWithData(Data(der) as CFData, attributes as CFDictionary, nil) else {
            return false
        }
        return SecKeyVerifySignature(
            key, .rsaSignatureMessagePKCS1v15SHA256, Data(message) as CFData, Data(signature) as CFData, nil)
        #endif
    }

    static func bitLength(_ bigEndian: [UInt8]) -> Int {
        guard let first = bigEndian.first(where: { $0 != 0 }) else { return 0 }
        let leadingZeroOctets = bigEndian.firstIndex(of: first)!
        return (bigEndian.count - leadingZeroOctets - 1) * 8 + (8 - first.leadingZeroBitCount)
    }
}

/// An RSA private key that signs with RSASSA-PKCS1-v1_5 and SHA-256.
///
/// kauth itself never signs: this is the sandbox provider's ID-token key and the tests'. PKCS#1
/// v1.5 signatures are deterministic, so a known key gives byte-for-byte reproducible tokens.
package struct RSAPrivateKey: Sendable {
    #if canImport(CCrypto)
    private let key: OpenSSLKey
    #else
    private let key: SecKeyBox
    #endif

    /// The matching public key.
    package let publicKey: RSAPublicKey

    /// A fresh key of `bits` bits (2048 to 16384) with public exponent 65537, from the platform's
    /// key generator and CSPRNG.
    package static func generate(bits: Int = 2048) throws -> RSAPrivateKey {
        guard (RSAPublicKey.minimumModulusBits...RSAPublicKey.maximumModulusBits).contains(bits) else {
            throw CryptoError.invalidParameter(
                "RSA keys must be \(RSAPublicKey.minimumModulusBits) to \(RSAPublicKey.maximumModulusBits) bits, not \(bits)")
        }
        #if canImport(CCrypto)
        guard let context = EVP_PKEY_CTX_new_from_name(nil, "RSA", nil) else {
            throw CryptoError.library("EVP_PKEY_CTX_new_from_name(RSA) failed: \(openSSLErrorText())")
        }
        defer { EVP_PKEY_CTX_free(context) }
        var generated: OpaquePointer?
        guard EVP_PKEY_keygen_init(context) == 1,
              EVP_PKEY_CTX_set_rsa_keygen_bits(context, Int32(bits)) == 1,
              EVP_PKEY_generate(context, &generated) == 1,
              let generated
        else {
            throw CryptoError.library("RSA key generation failed: \(openSSLErrorText())")
        }
        return try RSAPrivateKey(OpenSSLKey(generated))
        #else
        let attributes: [CFString: Any] = [kSecAttrKeyType: kSecAttrKeyTypeRSA, kSecAttrKeySizeInBits: bits]
        var error: Unmanaged<CFError>?
        guard let key = SecKeyCreateRandomKey(attributes as CFDictionary, &error) else {
            throw CryptoError.library("SecKeyCreateRandomKey failed: \(error?.takeRetainedValue().localizedDescription ?? "unknown error")")
        }
        return try RSAPrivateKey(SecKeyBox(key))
        #endif
    }

    /// The key with the given integers (big-endian), as RFC 8017 §3.2 and the JWK members of
    /// RFC 7518 §6.3.2 name them: `n`, `e`, `d`, `p`, `q`, `dp`, `dq`, `qi`.
    ///
    /// Throws `CryptoError.invalidParameter` when the parts do not make one key (the library's
    /// pairwise check), so a mistyped member fails here and not as a signature nobody can verify.
    package init(
        modulus: [UInt8], publicExponent: [UInt8], privateExponent: [UInt8],
        prime1: [UInt8], prime2: [UInt8], exponent1: [UInt8], exponent2: [UInt8], coefficient: [UInt8]
    ) throws {
        // Validates the size of the modulus and the exponent before any of it reaches the library.
        _ = try RSAPublicKey(modulus: modulus, exponent: publicExponent)
        #if canImport(CCrypto)
        let key = try OpenSSLKey.fromData(
            [
                ("n", modulus), ("e", publicExponent), ("d", privateExponent),
                ("rsa-factor1", prime1), ("rsa-factor2", prime2),
                ("rsa-exponent1", exponent1), ("rsa-exponent2", exponent2),
                ("rsa-coefficient1", coefficient),
            ],
            selection: kauth_evp_pkey_keypair_selection())
        guard let checkContext = EVP_PKEY_CTX_new_from_pkey(nil, key.pointer, nil) else {
            throw CryptoError.library("EVP_PKEY_CTX_new_from_pkey failed: \(openSSLErrorText())")
        }
        defer { EVP_PKEY_CTX_free(checkContext) }
        guard EVP_PKEY_pairwise_check(checkContext) == 1 else {
            throw CryptoError.invalidParameter("the RSA private key parts do not match: \(openSSLErrorText())")
        }
        try self.init(key)
        #else
        // RFC 8017 Appendix A.1.2: RSAPrivateKey ::= SEQUENCE { version 0, n, e, d, p, q, dp, dq, qi }.
        let der = RSAKeyDER.encode(integers: [
            [0], modulus, publicExponent, privateExponent, prime1, prime2, exponent1, exponent2, coefficient,
        ])
        let attributes: [CFString: Any] = [kSecAttrKeyType: kSecAttrKeyTypeRSA, kSecAttrKeyClass: kSecAttrKeyClassPrivate]
        var error: Unmanaged<CFError>?
        guard let key = SecKeyCreateWithData(Data(der) as CFData, attributes as CFDictionary, &error) else {
            throw CryptoError.invalidParameter(
                "the RSA private key parts are not a key: \(error?.takeRetainedValue().localizedDescription ?? "unknown error")")
        }
        try self.init(SecKeyBox(key))
        #endif
    }

    /// The key from the base64url members of an RSA private JWK (RFC 7518 §6.3.2): `n`, `e`, `d`,
    /// `p`, `q`, `dp`, `dq`, `qi`. Other members (`kty`, `kid`, `use`, `alg`) are ignored except
    /// that a `kty` other than `RSA` is refused.
    package init(jwkMembers members: [String: String]) throws {
        if let kty = members["kty"], kty != "RSA" {
            throw CryptoError.invalidParameter("the JWK is of type '\(kty)', not an RSA key")
        }
        func member(_ name: String) throws -> [UInt8] {
            guard let text = members[name] else {
                throw CryptoError.invalidParameter("the RSA private JWK has no '\(name)' member")
            }
            guard let bytes = Base64URL.decode(text), !bytes.isEmpty else {
                throw CryptoError.invalidParameter("the RSA private JWK member '\(name)' is not base64url")
            }
            return bytes
        }
        try self.init(
            modulus: member("n"), publicExponent: member("e"), privateExponent: member("d"),
            prime1: member("p"), prime2: member("q"), exponent1: member("dp"), exponent2: member("dq"),
            coefficient: member("qi"))
    }

    /// The public members of the key's JWK: `kty` `RSA`, and `n` and `e` in base64url.
    package var publicJWKMembers: [String: String] {
        ["kty": "RSA", "n": Base64URL.encode(publicKey.modulus), "e": Base64URL.encode(publicKey.exponent)]
    }

    /// Every member of the key's private JWK (RFC 7518 §6.3.2), so that a generated key can be
    /// stored and loaded again with `init(jwkMembers:)`.
    package func privateJWKMembers() throws -> [String: String] {
        #if canImport(CCrypto)
        var members = publicJWKMembers
        for (name, member) in [
            ("d", "d"), ("rsa-factor1", "p"), ("rsa-factor2", "q"),
            ("rsa-exponent1", "dp"), ("rsa-exponent2", "dq"), ("rsa-coefficient1", "qi"),
        ] {
            members[member] = Base64URL.encode(try key.integer(name))
        }
        return members
        #else
        let parts = try key.pkcs1Integers()
        guard parts.count == 9 else { throw CryptoError.library("unexpected RSA private key encoding") }
        var members = publicJWKMembers
        for (index, member) in ["d", "p", "q", "dp", "dq", "qi"].enumerated() {
            members[member] = Base64URL.encode(parts[index + 3])
        }
        return members
        #endif
    }

    /// The RSASSA-PKCS1-v1_5 SHA-256 signature of `message`: `signatureLength` octets.
    package func signPKCS1SHA256(message: [UInt8]) throws -> [UInt8] {
        #if canImport(CCrypto)
        guard let context = EVP_MD_CTX_new() else {
            throw CryptoError.library("EVP_MD_CTX_new failed: \(openSSLErrorText())")
        }
        defer { EVP_MD_CTX_free(context) }
        var keyContext: OpaquePointer?
        guard EVP_DigestSignInit(context, &keyContext, EVP_sha256(), nil, key.pointer) == 1,
              EVP_PKEY_CTX_set_rsa_padding(keyContext, RSA_PKCS1_PADDING) == 1
        else {
            throw CryptoError.library("EVP_DigestSignInit failed: \(openSSLErrorText())")
        }
        var length = Int(EVP_PKEY_get_size(key.pointer))
        var signature = [UInt8](repeating: 0, count: length)
        guard EVP_DigestSign(context, &signature, &length, message, message.count) == 1 else {
            throw CryptoError.library("EVP_DigestSign failed: \(openSSLErrorText())")
        }
        return Array(signature.prefix(length))
        #else
        var error: Unmanaged<CFError>?
        guard let signature = SecKeyCreateSignature(
            key.key, .rsaSignatureMessagePKCS1v15SHA256, Data(message) as CFData, &error)
        else {
            throw CryptoError.library("SecKeyCreateSignature failed: \(error?.takeRetainedValue().localizedDescription ?? "unknown error")")
        }
        return [UInt8](signature as Data)
        #endif
    }

    #if canImport(CCrypto)
    private init(_ key: OpenSSLKey) throws {
        self.key = key
        publicKey = try RSAPublicKey(modulus: key.integer("n"), exponent: key.integer("e"))
    }
    #else
    private init(_ key: SecKeyBox) throws {
        self.key = key
        let parts = try key.pkcs1Integers()
        guard parts.count == 9 else { throw CryptoError.library("unexpected RSA private key encoding") }
        publicKey = try RSAPublicKey(modulus: parts[1], exponent: parts[2])
    }
    #endif
}

#if canImport(CCrypto)
/// Owns one `EVP_PKEY`. An `EVP_PKEY` is not changed by signing or verifying (each operation has
/// its own `EVP_MD_CTX`), so one may be used from several threads at once.
final class OpenSSLKey: @unchecked Sendable {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) {
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
    static func fromData(_ members: [(StaticString, [UInt8])], selection: Int32) throws -> OpenSSLKey {
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

    /// One of the key's integers, big-endian, by its OpenSSL parameter name.
    func integer(_ name: String) throws -> [UInt8] {
        var number: OpaquePointer?
        guard EVP_PKEY_get_bn_param(pointer, name, &number) == 1, let number else {
            throw CryptoError.library("EVP_PKEY_get_bn_param(\(name)) failed: \(openSSLErrorText())")
        }
        defer { BN_clear_free(number) }
        var bytes = [UInt8](repeating: 0, count: (Int(BN_num_bits(number)) + 7) / 8)
        let written = BN_bn2bin(number, &bytes)
        return Array(bytes.prefix(Int(written)))
    }
}
#else
/// A `SecKey`; Security's keys are immutable and safe to share between threads.
final class SecKeyBox: @unchecked Sendable {
    let key: SecKey

    init(_ key: SecKey) {
        self.key = key
    }

    /// The integers of the key's PKCS#1 encoding (RFC 8017 Appendix A.1): `[0, n, e, d, p, q, dp,
    /// dq, qi]` for a private key.
    func pkcs1Integers() throws -> [[UInt8]] {
        var error: Unmanaged<CFError>?
        guard let data = SecKeyCopyExternalRepresentation(key, &error) else {
            throw CryptoError.library("SecKeyCopyExternalRepresentation failed: \(error?.takeRetainedValue().localizedDescription ?? "unknown error")")
        }
        guard let integers = RSAKeyDER.decodeIntegers([UInt8](data as Data)) else {
            throw CryptoError.library("the platform's RSA key encoding could not be read")
        }
        return integers
    }
}
#endif

/// The DER of PKCS#1's key structures (RFC 8017 Appendix A.1): a SEQUENCE of INTEGERs, which is
/// all Security's `SecKeyCreateWithData` and `SecKeyCopyExternalRepresentation` take and give for
/// RSA keys. Plain serialization, no arithmetic; OpenSSL builds keys from the integers directly.
enum RSAKeyDER {
    /// SEQUENCE { INTEGER … } of non-negative big-endian integers.
    static func encode(integers: [[UInt8]]) -> [UInt8] {
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

    /// The integers of a SEQUENCE of non-negative INTEGERs (leading zero octets removed, zero as
    /// `[0]`), or nil when `der` is anything else.
    static func decodeIntegers(_ der: [UInt8]) -> [[UInt8]]? {
        var index = 0
        guard let (tag, sequenceLength) = header(der, &index), tag == 0x30, index + sequenceLength == der.count else {
            return nil
        }
        var integers: [[UInt8]] = []
        while index < der.count {
            guard let (tag, count) = header(der, &index), tag == 0x02, count >= 1, index + count <= der.count else {
                return nil
            }
            let value = der[index..<index + count]
            guard value.first! & 0x80 == 0 else { return nil }
            let trimmed = Array(value.drop { $0 == 0 })
            integers.append(trimmed.isEmpty ? [0] : trimmed)
            index += count
        }
        return integers
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

    private static func header(_ der: [UInt8], _ index: inout Int) -> (tag: UInt8, length: Int)? {
        guard index + 2 <= der.count else { return nil }
        let tag = der[index]
        let first = der[index + 1]
        index += 2
        if first < 0x80 { return (tag, Int(first)) }
        let octetCount = Int(first & 0x7F)
        guard (1...3).contains(octetCount), index + octetCount <= der.count else { return nil }
        var length = 0
        for octet in der[index..<index + octetCount] {
            length = length << 8 | Int(octet)
        }
        index += octetCount
        return (tag, length)
    }
}
