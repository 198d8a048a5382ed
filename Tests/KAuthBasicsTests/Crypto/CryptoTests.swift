import Foundation
import Testing

@testable import KAuthBasics

private func hex(_ bytes: [UInt8]) -> String {
    bytes.map { String(format: "%02x", $0) }.joined()
}

private func bytes(hex: String) -> [UInt8] {
    var result: [UInt8] = []
    var index = hex.startIndex
    while index < hex.endIndex {
        let next = hex.index(index, offsetBy: 2)
        result.append(UInt8(hex[index..<next], radix: 16)!)
        index = next
    }
    return result
}

@Suite struct CryptoTests {
    // MARK: SHA-256 (NIST FIPS 180-4 examples / NIST CAVS short messages)

    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        )
    ])
    func sha256KnownAnswers(message: String, digest: String) {
        #expect(hex(SHA256.hash(message)) == digest)
        #expect(hex(SHA256.hash(Array(message.utf8))) == digest)
        #expect(hex(SHA256.hash(Data(message.utf8))) == digest)
    }

    @Test func sha256OfOneMillionAs() {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(hex(SHA256.hash(message)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    // MARK: Base64URL (RFC 4648 §5, test vectors of §10)

    @Test(arguments: [
        ("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"),
        ("fooba", "Zm9vYmE"), ("foobar", "Zm9vYmFy")
    ])
    func base64URLRFC4648Vectors(plain: String, encoded: String) {
        #expect(Base64URL.encode(Array(plain.utf8)) == encoded)
        #expect(Base64URL.decode(encoded) == Array(plain.utf8))
    }

    @Test func base64URLUsesTheURLSafeAlphabet() {
        #expect(Base64URL.encode([0xFB, 0xFF, 0xBF]) == "-_-_")
        #expect(Base64URL.decode("-_-_") == [0xFB, 0xFF, 0xBF])
    }

    @Test func base64URLRoundTripsEveryLength() {
        var generator = SystemRandomNumberGenerator()
        for length in 0..<70 {
            let input = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let encoded = Base64URL.encode(input)
            #expect(!encoded.contains("="))
            #expect(Base64URL.decode(encoded) == input)
        }
        let everyByte = (0...255).map(UInt8.init)
        #expect(Base64URL.decode(Base64URL.encode(everyByte)) == everyByte)
    }

    @Test func base64URLAcceptsCorrectPadding() {
        #expect(Base64URL.decode("Zg==") == Array("f".utf8))
        #expect(Base64URL.decode("Zm8=") == Array("fo".utf8))
    }

    @Test(arguments: [
        "Zm9v+g", "Zm9v/g", "Zm 9v", "Zm9v\n", "Z", "Zm9vY", "Zg=", "Zg===", "====", "Z===", "Zm=v",
        "Zh",  // leftover bits not zero: "Zg" is the one encoding of "f"
        "Zm9\u{e9}"
    ])
    func base64URLRejects(text: String) {
        #expect(Base64URL.decode(text) == nil)
    }

    // MARK: PBKDF2-HMAC-SHA256 (RFC 7914 §11)

    @Test func pbkdf2RFC7914Vector() throws {
        let derived = try PBKDF2.sha256(password: "passwd", salt: Array("salt".utf8), iterations: 1, length: 64)
        #expect(
            hex(derived)
                == "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783"
        )
    }

    @Test func pbkdf2RejectsZeroIterations() {
        #expect(throws: CryptoError.self) {
            try PBKDF2.sha256(password: "p", salt: [1], iterations: 0, length: 32)
        }
    }

    // MARK: AES-256-GCM (McGrew & Viega, "The Galois/Counter Mode of Operation", test cases 13, 14, 16)

    @Test func aesGCMTestCase13EmptyPlaintext() throws {
        let sealed = try AESGCM.seal([], key: [UInt8](repeating: 0, count: 32), nonce: [UInt8](repeating: 0, count: 12))
        #expect(sealed.ciphertext.isEmpty)
        #expect(hex(sealed.tag) == "530f8afbc74536b9a963b4f1c4cb738b")
        let opened = try AESGCM.open(
            [], key: [UInt8](repeating: 0, count: 32), nonce: [UInt8](repeating: 0, count: 12), tag: sealed.tag)
        #expect(opened.isEmpty)
    }

    @Test func aesGCMTestCase14() throws {
        let sealed = try AESGCM.seal(
            [UInt8](repeating: 0, count: 16), key: [UInt8](repeating: 0, count: 32),
            nonce: [UInt8](repeating: 0, count: 12))
        #expect(hex(sealed.ciphertext) == "cea7403d4d606b6e074ec5d3baf39d18")
        #expect(hex(sealed.tag) == "d0d1c8a799996bf0265b98b5d48ab919")
    }

    static let case16 = (
        key: bytes(hex: "feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308"),
        nonce: bytes(hex: "cafebabefacedbaddecaf888"),
        plaintext: bytes(
            hex:
                "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39"
        ),
        aad: bytes(hex: "feedfacedeadbeeffeedfacedeadbeefabaddad2"),
        ciphertext: bytes(
            hex:
                "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662"
        ),
        tag: bytes(hex: "76fc6ece0f4e1768cddf8853bb2d551b")
    )

    @Test func aesGCMTestCase16() throws {
        let vector = Self.case16
        let sealed = try AESGCM.seal(vector.plaintext, key: vector.key, nonce: vector.nonce, aad: vector.aad)
        #expect(sealed.ciphertext == vector.ciphertext)
        #expect(sealed.tag == vector.tag)
        let opened = try AESGCM.open(
            vector.ciphertext, key: vector.key, nonce: vector.nonce, tag: vector.tag, aad: vector.aad)
        #expect(opened == vector.plaintext)
    }

    @Test func aesGCMRejectsAnyTampering() {
        let vector = Self.case16
        var flippedCiphertext = vector.ciphertext
        flippedCiphertext[7] ^= 0x01
        var flippedTag = vector.tag
        flippedTag[15] ^= 0x80
        var otherKey = vector.key
        otherKey[0] ^= 0x01
        var otherNonce = vector.nonce
        otherNonce[11] ^= 0x01
        let attempts: [([UInt8], [UInt8], [UInt8], [UInt8], [UInt8])] = [
            (flippedCiphertext, vector.key, vector.nonce, vector.tag, vector.aad),
            (vector.ciphertext, vector.key, vector.nonce, flippedTag, vector.aad),
            (vector.ciphertext, otherKey, vector.nonce, vector.tag, vector.aad),
            (vector.ciphertext, vector.key, otherNonce, vector.tag, vector.aad),
            (vector.ciphertext, vector.key, vector.nonce, vector.tag, Array(vector.aad.dropLast())),
            (Array(vector.ciphertext.dropLast()), vector.key, vector.nonce, vector.tag, vector.aad)
        ]
        for (ciphertext, key, nonce, tag, aad) in attempts {
            #expect(throws: CryptoError.authenticationFailed) {
                try AESGCM.open(ciphertext, key: key, nonce: nonce, tag: tag, aad: aad)
            }
        }
    }

    @Test func aesGCMRejectsWrongSizes() {
        #expect(throws: CryptoError.self) {
            try AESGCM.seal([1], key: [UInt8](repeating: 0, count: 16), nonce: [UInt8](repeating: 0, count: 12))
        }
        #expect(throws: CryptoError.self) {
            try AESGCM.seal([1], key: [UInt8](repeating: 0, count: 32), nonce: [UInt8](repeating: 0, count: 8))
        }
        #expect(throws: CryptoError.self) {
            try AESGCM.open(
                [1], key: [UInt8](repeating: 0, count: 32), nonce: [UInt8](repeating: 0, count: 12), tag: [1, 2])
        }
    }
}
