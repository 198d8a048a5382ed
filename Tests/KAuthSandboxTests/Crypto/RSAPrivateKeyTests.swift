import KAuthBasics
import KAuthCore
import KAuthSandbox
import KAuthTestSupport
import Testing

/// `text` (base64url) with one bit of its decoded bytes flipped, re-encoded.
private func flippingBit(_ text: String, byte: Int, mask: UInt8 = 0x01) -> String {
    var bytes = Base64URL.decode(text)!
    bytes[byte] ^= mask
    return Base64URL.encode(bytes)
}

/// The sandbox's RSA signing key, against RFC 7515 Appendix A.2's published key.
@Suite struct RSAPrivateKeyTests {
    @Test func rfc7515A2SigningReproducesTheSignatureByteForByte() throws {
        let key = RFC7515A2.privateKey
        let signature = try key.signPKCS1SHA256(message: RFC7515A2.signingInput)
        #expect(Base64URL.encode(signature) == RFC7515A2.signature)
        #expect(key.publicKey == RFC7515A2.publicKey)
        #expect(key.publicJWKMembers == ["kty": "RSA", "n": RFC7515A2.n, "e": RFC7515A2.e])
        #expect(try key.privateJWKMembers() == RFC7515A2.privateMembers)
    }

    @Test func keysUnder2048BitsAreNotGenerated() {
        #expect(throws: CryptoError.self) { try RSAPrivateKey.generate(bits: 1024) }
    }

    @Test func generatedKeySignsVerifiesAndRoundTripsThroughItsJWK() throws {
        let key = try RSAPrivateKey.generate(bits: 2048)
        #expect(key.publicKey.modulusBits == 2048)
        #expect(key.publicKey.exponent == [1, 0, 1])
        let message = Array("hello".utf8)
        let signature = try key.signPKCS1SHA256(message: message)
        #expect(signature.count == 256)
        #expect(key.publicKey.verifyPKCS1SHA256(signature: signature, message: message))
        #expect(!RFC7515A2.publicKey.verifyPKCS1SHA256(signature: signature, message: message))

        let reloaded = try RSAPrivateKey(jwkMembers: key.privateJWKMembers())
        #expect(reloaded.publicKey == key.publicKey)
        #expect(try reloaded.signPKCS1SHA256(message: message) == signature)
    }

    @Test func mismatchedPrivateKeyPartsAreRefused() {
        var members = RFC7515A2.privateMembers
        members["d"] = flippingBit(RFC7515A2.d, byte: 10)
        #expect(throws: CryptoError.self) { try RSAPrivateKey(jwkMembers: members) }
        members = RFC7515A2.privateMembers
        members.removeValue(forKey: "qi")
        #expect(throws: CryptoError.invalidParameter("the RSA private JWK has no 'qi' member")) {
            try RSAPrivateKey(jwkMembers: members)
        }
        members = RFC7515A2.privateMembers
        members["kty"] = "EC"
        #expect(throws: CryptoError.self) { try RSAPrivateKey(jwkMembers: members) }
    }
}
