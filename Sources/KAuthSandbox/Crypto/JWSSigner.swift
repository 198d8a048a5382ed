import KAuthBasics
import KAuthCore

#if canImport(CCrypto)
    import CCrypto
#endif

/// Signs JWS with any algorithm kauth verifies (`JWSAlgorithm`): the sandbox provider's ID tokens
/// when it is told to sign with something other than RS256, and the tests' tokens for those
/// algorithms. Every signature is libcrypto's, made by `JWSSignature` (KAuthBasics), which a
/// client's signed assertions use too, or `HMAC`.
package struct JWSSigner: Sendable {
    package let algorithm: JWSAlgorithm
    /// The `kid` written into each header; nil leaves it out (HS* tokens name no key).
    package let kid: String?
    private let material: Material
    /// The public key as a JWK set lists it; nil for HS*, whose key is the client secret.
    package let publicJWK: JWK?

    private enum Material: Sendable {
        #if canImport(CCrypto)
            case key(OpenSSLKey)
        #endif
        case secret([UInt8])
    }

    /// Signs with an existing RSA key (RS* or PS*).
    package init(rsa: RSAPrivateKey, algorithm: JWSAlgorithm, kid: String) throws {
        guard algorithm.keyType == "RSA" else {
            throw CryptoError.invalidParameter("\(algorithm.rawValue) does not sign with an RSA key")
        }
        #if canImport(CCrypto)
            self.init(
                algorithm: algorithm, kid: kid, material: .key(rsa.openSSLKey),
                publicJWK: JWK(rsa: rsa.publicKey, kid: kid, algorithm: algorithm))
        #else
            throw CryptoError.library("\(algorithm.rawValue) signing needs libcrypto (Linux)")
        #endif
    }

    /// Signs HS* with `secret` (OIDC Core §10.1: the client secret's UTF-8 octets).
    package init(secret: String, algorithm: JWSAlgorithm) throws {
        guard algorithm.family == .hmac else {
            throw CryptoError.invalidParameter("\(algorithm.rawValue) is not an HMAC algorithm")
        }
        self.init(algorithm: algorithm, kid: nil, material: .secret(Array(secret.utf8)), publicJWK: nil)
    }

    private init(algorithm: JWSAlgorithm, kid: String?, material: Material, publicJWK: JWK?) {
        self.algorithm = algorithm
        self.kid = kid
        self.material = material
        self.publicJWK = publicJWK
    }

    /// A new key for `algorithm`: a 2048-bit RSA key for RS*/PS*, a key on the algorithm's curve
    /// for ES*, an Ed25519 key for EdDSA.
    package static func generate(_ algorithm: JWSAlgorithm, kid: String) throws -> JWSSigner {
        #if canImport(CCrypto)
            switch algorithm.family {
            case .rsaPKCS1, .rsaPSS:
                return try JWSSigner(rsa: RSAPrivateKey.generate(bits: 2048), algorithm: algorithm, kid: kid)
            case .ecdsa(let curve, let size):
                let key = try generateKey(type: "EC", curve: curve)
                let point = try key.octets("pub")
                // SEC 1 §2.3.3: an uncompressed point, 0x04 then x and y.
                guard point.count == 1 + 2 * size, point[0] == 0x04 else {
                    throw CryptoError.library("unexpected encoding of the \(curve) public key")
                }
                let jwk = JWK(
                    kty: "EC", kid: kid, use: "sig", alg: algorithm.rawValue, crv: curve,
                    x: Base64URL.encode(Array(point[1...size])), y: Base64URL.encode(Array(point[(size + 1)...])))
                return JWSSigner(algorithm: algorithm, kid: kid, material: .key(key), publicJWK: jwk)
            case .edDSA:
                let key = try generateKey(type: "ED25519", curve: nil)
                var length = 32
                var raw = [UInt8](repeating: 0, count: length)
                guard EVP_PKEY_get_raw_public_key(key.pointer, &raw, &length) == 1, length == 32 else {
                    throw CryptoError.library("EVP_PKEY_get_raw_public_key failed: \(openSSLErrorText())")
                }
                let jwk = JWK(
                    kty: "OKP", kid: kid, use: "sig", alg: algorithm.rawValue, crv: "Ed25519", x: Base64URL.encode(raw))
                return JWSSigner(algorithm: algorithm, kid: kid, material: .key(key), publicJWK: jwk)
            case .hmac:
                throw CryptoError.invalidParameter(
                    "\(algorithm.rawValue) signs with the client secret, not a generated key")
            }
        #else
            throw CryptoError.library("\(algorithm.rawValue) signing needs libcrypto (Linux)")
        #endif
    }

    /// `BASE64URL(header) '.' BASE64URL(claims) '.' BASE64URL(signature)` with the header
    /// `{"alg":…,"kid":…,"typ":"JWT"}`; `extraHeader` adds or replaces members, as in `IDTokenSigner`.
    package func sign(claims: JSONValue, extraHeader: [String: JSONValue] = [:]) throws -> String {
        guard case .object = claims else { throw CryptoError.invalidParameter("ID token claims must be a JSON object") }
        var header: [String: JSONValue] = ["alg": .string(algorithm.rawValue), "typ": .string("JWT")]
        if let kid { header["kid"] = .string(kid) }
        header.merge(extraHeader) { _, new in new }
        header = header.filter { $0.value != .null }
        let signingInput =
            Base64URL.encode(Array(JSONValue.object(header).jsonText().utf8))
            + "." + Base64URL.encode(Array(claims.jsonText().utf8))
        return signingInput + "." + Base64URL.encode(try signature(of: Array(signingInput.utf8)))
    }

    /// The JWS signature of `message` (RFC 7518 §3).
    package func signature(of message: [UInt8]) throws -> [UInt8] {
        switch material {
        case .secret(let secret):
            guard let mac = JWSVerificationKey.hmac(message, secret: secret, algorithm: algorithm) else {
                throw CryptoError.library("HMAC failed")
            }
            return mac
        #if canImport(CCrypto)
            case .key(let key):
                return try JWSSignature.sign(message, key: key, algorithm: algorithm)
        #endif
        }
    }

    #if canImport(CCrypto)
        private static func generateKey(type: String, curve: String?) throws -> OpenSSLKey {
            guard let context = EVP_PKEY_CTX_new_from_name(nil, type, nil) else {
                throw CryptoError.library("EVP_PKEY_CTX_new_from_name(\(type)) failed: \(openSSLErrorText())")
            }
            defer { EVP_PKEY_CTX_free(context) }
            var generated: OpaquePointer?
            guard EVP_PKEY_keygen_init(context) == 1,
                curve.map({ EVP_PKEY_CTX_set_group_name(context, $0) == 1 }) ?? true,
                EVP_PKEY_generate(context, &generated) == 1,
                let generated
            else {
                throw CryptoError.library("\(type) key generation failed: \(openSSLErrorText())")
            }
            return OpenSSLKey(generated)
        }
    #endif
}
