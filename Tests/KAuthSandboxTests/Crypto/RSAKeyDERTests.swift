import KAuthBasics
import KAuthCore
import KAuthTestSupport
import Testing

@testable import KAuthSandbox

/// PKCS#1 DER: written by the client's `RSAKeyDER.encode`, read back by the sandbox.
@Suite struct RSAKeyDERTests {
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
