#if canImport(CCrypto)
import CCrypto
#endif
import Foundation
import KAuthTestSupport
import Testing
@testable import KAuthCore

/// RFC 7515 Appendix A.2: the RS256 example, with the RFC's (published) RSA private key.
private enum RFC7515A2 {
    static let n = "ofgWCuLjybRlzo0tZWJjNiuSfb4p4fAkd_wWJcyQoTbji9k0l8W26mPddxHmfHQp-Vaw-4qPCJrcS2mJPMEzP1Pt0Bm4d4QlL-yRT-SFd2lZS-pCgNMsD1W_YpRPEwOWvG6b32690r2jZ47soMZo9wGzjb_7OMg0LOL-bSf63kpaSHSXndS5z5rexMdbBYUsLA9e-KXBdQOS-UTo7WTBEMa2R2CapHg665xsmtdVMTBQY4uDZlxvb3qCo5ZwKh9kG4LT6_I5IhlJH7aGhyxXFvUK-DWNmoudF8NAco9_h9iaGNj8q2ethFkMLs91kzk2PAcDTW9gb54h4FRWyuXpoQ"
    static let e = "AQAB"
    static let d = "Eq5xpGnNCivDflJsRQBXHx1hdR1k6Ulwe2JZD50LpXyWPEAeP88vLNO97IjlA7_GQ5sLKMgvfTeXZx9SE-7YwVol2NXOoAJe46sui395IW_GO-pWJ1O0BkTGoVEn2bKVRUCgu-GjBVaYLU6f3l9kJfFNS3E0QbVdxzubSu3Mkqzjkn439X0M_V51gfpRLI9JYanrC4D4qAdGcopV_0ZHHzQlBjudU2QvXt4ehNYTCBr6XCLQUShb1juUO1ZdiYoFaFQT5Tw8bGUl_x_jTj3ccPDVZFD9pIuhLhBOneufuBiB4cS98l2SR_RQyGWSeWjnczT0QU91p1DhOVRuOopznQ"
    static let p = "4BzEEOtIpmVdVEZNCqS7baC4crd0pqnRH_5IB3jw3bcxGn6QLvnEtfdUdiYrqBdss1l58BQ3KhooKeQTa9AB0Hw_Py5PJdTJNPY8cQn7ouZ2KKDcmnPGBY5t7yLc1QlQ5xHdwW1VhvKn-nXqhJTBgIPgtldC-KDV5z-y2XDwGUc"
    static let q = "uQPEfgmVtjL0Uyyx88GZFF1fOunH3-7cepKmtH4pxhtCoHqpWmT8YAmZxaewHgHAjLYsp1ZSe7zFYHj7C6ul7TjeLQeZD_YwD66t62wDmpe_HlB-TnBA-njbglfIsRLtXlnDzQkv5dTltRJ11BKBBypeeF6689rjcJIDEz9RWdc"
    static let dp = "BwKfV3Akq5_MFZDFZCnW-wzl-CCo83WoZvnLQwCTeDv8uzluRSnm71I3QCLdhrqE2e9YkxvuxdBfpT_PI7Yz-FOKnu1R6HsJeDCjn12Sk3vmAktV2zb34MCdy7cpdTh_YVr7tss2u6vneTwrA86rZtu5Mbr1C1XsmvkxHQAdYo0"
    static let dq = "h_96-mK1R_7glhsum81dZxjTnYynPbZpHziZjeeHcXYsXaaMwkOlODsWa7I9xXDoRwbKgB719rrmI2oKr6N3Do9U0ajaHF-NKJnwgjMd2w9cjz3_-kyNlxAr2v4IKhGNpmM5iIgOS1VZnOZ68m6_pbLBSp3nssTdlqvd0tIiTHU"
    static let qi = "IYd7DHOhrWvxkwPQsRM2tOgrjbcrfvtQJipd-DlcxyVuuM9sQLdgjVk2oy26F0EmpScGLq2MowX7fhd_QJQ3ydy5cY7YIBi87w93IKLEdfnbJtoOPLUW0ITrJReOgo1cq9SbsxYawBgfp_gh6A5603k2-ZQwVK0JKSHuLFkuQ3U"

    static let header = "eyJhbGciOiJSUzI1NiJ9"
    static let payload = "eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ"
    static let signature = "cC4hiUPoj9Eetdgtv3hF80EGrhuB__dzERat0XF9g2VtQgr9PJbu3XOiZj5RZmh7AAuHIm4Bh-0Qc_lF5YKt_O8W2Fp5jujGbds9uJdbF9CUAr7t1dnZcAcQjbKBYNX4BAynRFdiuB--f_nZLgrnbyTyWzO75vRK5h6xBArLIARNPvkSjtQBMHlb1L07Qe7K0GarZRmB_eSN9383LcOLn6_dO--xi12jzDwusC-eOkHWEsqtFZESc6BfI7noOPqvhJ1phCnvWh6IeYI2w9QOYEUipUTI8np6LbgGY9Fs98rqVt5AXLIhWkWywlVmtVrBp0igcN_IoypGlUPQGe77Rw"

    static var signingInput: [UInt8] { Array((header + "." + payload).utf8) }
    static var token: String { header + "." + payload + "." + signature }

    static var privateMembers: [String: String] {
        ["kty": "RSA", "n": n, "e": e, "d": d, "p": p, "q": q, "dp": dp, "dq": dq, "qi": qi]
    }

    static var publicKey: RSAPublicKey {
        try! RSAPublicKey(modulus: Base64URL.decode(n)!, exponent: Base64URL.decode(e)!)
    }

    static var privateKey: RSAPrivateKey {
        try! RSAPrivateKey(jwkMembers: privateMembers)
    }
}

/// RFC 7517 Appendix A.1: a JWK set with an EC key (kid "1") and an RSA key (kid "2011-04-29"),
/// `text` (base64url) with one bit of its decoded bytes flipped, re-encoded.
private func flippingBit(_ text: String, byte: Int, mask: UInt8 = 0x01) -> String {
    var bytes = Base64URL.decode(text)!
    bytes[byte] ^= mask
    return Base64URL.encode(bytes)
}

@Suite struct JOSETests {
    // MARK: RSA (RFC 7515 Appendix A.2)

    @Test func rfc7515A2SignatureVerifies() {
        let key = RFC7515A2.publicKey
        #expect(key.modulusBits == 2048)
        #expect(key.signatureLength == 256)
        #expect(key.verifyPKCS1SHA256(signature: Base64URL.decode(RFC7515A2.signature)!, message: RFC7515A2.signingInput))
    }

    @Test func rfc7515A2SigningReproducesTheSignatureByteForByte() throws {
        let key = RFC7515A2.privateKey
        let signature = try key.signPKCS1SHA256(message: RFC7515A2.signingInput)
        #expect(Base64URL.encode(signature) == RFC7515A2.signature)
        #expect(key.publicKey == RFC7515A2.publicKey)
        #expect(key.publicJWKMembers == ["kty": "RSA", "n": RFC7515A2.n, "e": RFC7515A2.e])
        #expect(try key.privateJWKMembers() == RFC7515A2.privateMembers)
    }

    @Test func flippedBitsAndTruncationDoNotVerify() {
        let key = RFC7515A2.publicKey
        let signature = Base64URL.decode(RFC7515A2.signature)!
        let message = RFC7515A2.signingInput
        for index in [0, 100, 255] {
            var damaged = signature
            damaged[index] ^= 0x01
            #expect(!key.verifyPKCS1SHA256(signature: damaged, message: message))
        }
        for index in [0, message.count / 2, message.count - 1] {
            var damaged = message
            damaged[index] ^= 0x01
            #expect(!key.verifyPKCS1SHA256(signature: signature, message: damaged))
        }
        #expect(!key.verifyPKCS1SHA256(signature: Array(signature.dropLast()), message: message))
        #expect(!key.verifyPKCS1SHA256(signature: [], message: message))
        #expect(!key.verifyPKCS1SHA256(signature: [0] + signature, message: message))
    }

    @Test func modulusUnder2048BitsIsRefused() {
        let n2048 = Base64URL.decode(RFC7515A2.n)!
        // The top 1024 bits of the RFC modulus, made odd: a 1024-bit "modulus".
        var n1024 = Array(n2048.prefix(128))
        n1024[127] |= 1
        #expect(throws: CryptoError.invalidParameter("the RSA modulus is 1024 bits; at least 2048 are required")) {
            try RSAPublicKey(modulus: n1024, exponent: [1, 0, 1])
        }
        #expect(throws: CryptoError.self) { try RSAPublicKey(modulus: n2048, exponent: [1, 0, 0]) }
        #expect(throws: CryptoError.self) { try RSAPublicKey(modulus: n2048, exponent: [1]) }
        // Leading zero octets do not count as bits, and are not kept.
        let padded = try? RSAPublicKey(modulus: [0, 0] + n2048, exponent: [0, 1, 0, 1])
        #expect(padded == RFC7515A2.publicKey)
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

    @Test func pkcs1DEREncodingRoundTrips() {
        let der = RSAKeyDER.encode(integers: [[0], [0x80], [0x00, 0x01, 0x02], Array(repeating: 0xFF, count: 300)])
        // SEQUENCE, long length; INTEGER 0; INTEGER 0x0080 (sign octet); INTEGER 0x0102 (leading zero dropped).
        #expect(Array(der.prefix(4)) == [0x30, 0x82, 0x01, 0x3C])
        #expect(Array(der[4..<15]) == [0x02, 0x01, 0x00, 0x02, 0x02, 0x00, 0x80, 0x02, 0x02, 0x01, 0x02])
        #expect(RSAKeyDER.decodeIntegers(der) == [[0], [0x80], [0x01, 0x02], Array(repeating: 0xFF, count: 300)])
        let publicDER = RSAKeyDER.encode(integers: [RFC7515A2.publicKey.modulus, RFC7515A2.publicKey.exponent])
        #expect(RSAKeyDER.decodeIntegers(publicDER) == [RFC7515A2.publicKey.modulus, [1, 0, 1]])
        #expect(RSAKeyDER.decodeIntegers(Array(der.dropLast())) == nil)
        #expect(RSAKeyDER.decodeIntegers([0x30, 0x03, 0x02, 0x01, 0x80]) == nil)
    }
}
