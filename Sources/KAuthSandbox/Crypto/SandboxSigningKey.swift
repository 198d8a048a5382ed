import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The sandbox's ID-token signing key: `KAuthCore`'s `RSAPrivateKey` (the platform library
/// underneath) and its `IDTokenSigner`, the counterpart of the `IDTokenValidator` clients use.
/// The `kid` is the key's RFC 7638 JWK thumbprint, so a new key always has a new `kid`.
struct SandboxSigningKey: Sendable {
    private let signer: IDTokenSigner

    /// OIDC Core §15.1 makes RS256 mandatory; 2048 bits is its minimum key size (RFC 7518 §3.3).
    static let bits = 2048

    static func generate() throws -> SandboxSigningKey {
        SandboxSigningKey(key: try RSAPrivateKey.generate(bits: bits))
    }

    /// The key kept in the state file.
    init(record: SigningKeyRecord) throws {
        self.init(key: try RSAPrivateKey(jwkMembers: record.jwk))
    }

    private init(key: RSAPrivateKey) {
        signer = IDTokenSigner(key: key, kid: Self.thumbprint(key.publicJWKMembers))
    }

    var kid: String { signer.kid }

    func record() throws -> SigningKeyRecord {
        SigningKeyRecord(kid: kid, jwk: try signer.key.privateJWKMembers())
    }

    /// The public JWK (RFC 7517 §4, RFC 7518 §6.3.1) as `/.well-known/jwks.json` lists it:
    /// `kty`, `use` `sig`, `alg` `RS256`, `kid`, `n`, `e`.
    func publicJWK(algorithm: JWSAlgorithm = .rs256) -> OrderedJSON {
        Self.json(JWK(rsa: signer.key.publicKey, kid: kid, algorithm: algorithm))
    }

    /// A JWK's members in the order RFC 7517's examples write them, absent ones left out.
    static func json(_ jwk: JWK) -> OrderedJSON {
        let members: [(String, String?)] = [
            ("kty", jwk.kty), ("use", jwk.use), ("alg", jwk.alg), ("kid", jwk.kid), ("n", jwk.n), ("e", jwk.e),
            ("crv", jwk.crv), ("x", jwk.x), ("y", jwk.y)
        ]
        return .object(members.compactMap { name, value in value.map { (name, .string($0)) } })
    }

    /// A signer for another RSA algorithm (RS384/512, PS*) with this key and `kid`.
    func signer(for algorithm: JWSAlgorithm) throws -> JWSSigner {
        try JWSSigner(rsa: signer.key, algorithm: algorithm, kid: kid)
    }

    /// An RS256 JWS in compact serialization (RFC 7515 §7.1) of `claims`, its header naming `kid`.
    func signJWT(claims: OrderedJSON) throws -> String {
        try signer.sign(claims: claims.jsonValue)
    }

    /// RFC 7638 §3: base64url of the SHA-256 of the required members (`e`, `kty`, `n`), in
    /// lexicographic order and without whitespace.
    static func thumbprint(_ members: [String: String]) -> String {
        let canonical = OrderedJSON.object([
            ("e", .string(members["e"] ?? "")),
            ("kty", .string("RSA")),
            ("n", .string(members["n"] ?? ""))
        ])
        return Base64URL.encode(SHA256.hash(canonical.data))
    }
}
