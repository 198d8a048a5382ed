import Foundation
import KAuthBasics
import KAuthCore
import KAuthSandbox
import KAuthTestSupport
import Testing

private let kid = "test-key"
/// The TestClock's default start, 2026-01-01T00:00:00Z.
private let now: Double = 1_767_225_600
private let signer = IDTokenSigner(key: RFC7515A2.privateKey, kid: kid)

private func token() -> String {
    try! signer.sign(
        claims: .object([
            "iss": .string("https://kauth.kakao.com"),
            "aud": .string("abc"),
            "sub": .string("1234567890"),
            "iat": .number(now - 10),
            "exp": .number(now + 3600)
        ]))
}

/// The sandbox's ID-token signer, read back with the client's own JWT parser.
@Suite struct IDTokenSignerTests {
    @Test func signerWritesAnRS256HeaderWithKidAndTyp() throws {
        let jwt = try JWT(compact: token())
        #expect(
            jwt.header
                == JWTHeader(
                    alg: "RS256", kid: kid, typ: "JWT",
                    members: ["alg": .string("RS256"), "kid": .string(kid), "typ": .string("JWT")]))
        // Whole-second NumericDates are written as integers.
        let payload = String(decoding: Base64URL.decode(String(token().split(separator: ".")[1]))!, as: UTF8.self)
        #expect(payload.contains("\"exp\":\(Int(now) + 3600)"))
        #expect(
            signer.jwks
                == JWKSet(keys: [JWK(kty: "RSA", kid: kid, use: "sig", alg: "RS256", n: RFC7515A2.n, e: "AQAB")]))
    }

    @Test func theSignatureVerifiesWithThePublicKey() throws {
        let jwt = try JWT(compact: token())
        #expect(RFC7515A2.publicKey.verifyPKCS1SHA256(signature: jwt.signature, message: jwt.signingInput))
        #expect(throws: CryptoError.invalidParameter("ID token claims must be a JSON object")) {
            try signer.sign(claims: .array([]))
        }
    }

    @Test func extraHeaderMembersReplaceOrDropButNeverChangeAlg() throws {
        let custom = try JWT(
            compact: signer.sign(
                claims: .object([:]),
                extraHeader: ["kid": .null, "typ": .string("at+jwt"), "alg": .string("none"), "x": .string("y")]))
        #expect(custom.header.alg == "RS256")
        #expect(custom.header.kid == nil)
        #expect(custom.header.typ == "at+jwt")
        #expect(custom.header.members["x"] == .string("y"))
    }
}
