import Foundation
import KAuthTestSupport
import Testing

@testable import KAuthBasics
@testable import KAuthCore

#if canImport(CCrypto)
    import CCrypto
#endif

/// RFC 7517 Appendix A.1: a JWK set with an EC key (kid "1") and an RSA key (kid "2011-04-29"),
/// plus members kauth does not read.
private let rfc7517A1 = """
    {"keys":
      [
        {"kty":"EC",
         "crv":"P-256",
         "x":"MKBCTNIcKUSDii11ySs3526iDZ8AiTo7Tu6KPAqv7D4",
         "y":"4Etl6SRW2YiLUrN5vfvVHuhp7x8PxltmWWlbbM4IFyM",
         "use":"enc",
         "kid":"1"},

        {"kty":"RSA",
         "n": "0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw",
         "e":"AQAB",
         "alg":"RS256",
         "kid":"2011-04-29"}
      ]
    }
    """

private let issuer = "https://kauth.kakao.com"
private let clientID = "abc"
private let kid = "test-key"
/// The TestClock's default start, 2026-01-01T00:00:00Z.
private let now: Double = 1_767_225_600

private let signer = TestIDTokenSigner.rfc7515A2(kid: kid)

private func claims(_ changes: [String: JSONValue?] = [:]) -> JSONValue {
    var members: [String: JSONValue] = [
        "iss": .string(issuer),
        "aud": .string(clientID),
        "sub": .string("1234567890"),
        "iat": .number(now - 10),
        "exp": .number(now + 3600),
        "auth_time": .number(now - 20),
        "nonce": .string("n-0S6_WzA2Mj"),
        "nickname": .string("Ryan"),
        "email": .string("ryan@example.com"),
        "picture": .string("https://example.com/ryan.png")
    ]
    for (name, value) in changes {
        members[name] = value
    }
    return .object(members)
}

private func token(_ changes: [String: JSONValue?] = [:], header: [String: JSONValue] = [:]) -> String {
    try! signer.sign(claims: claims(changes), extraHeader: header)
}

private func validator(nonce: String? = "n-0S6_WzA2Mj", clock: TestClock = TestClock(), maxAge: TimeInterval? = nil)
    -> IDTokenValidator
{
    IDTokenValidator(issuer: issuer, clientID: clientID, nonce: nonce, clock: clock.clock, maxAge: maxAge)
}

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
        #expect(
            key.verifyPKCS1SHA256(signature: Base64URL.decode(RFC7515A2.signature)!, message: RFC7515A2.signingInput))
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
    }

    // MARK: JWT parsing

    @Test func rfc7515A2TokenParses() throws {
        let jwt = try JWT(compact: RFC7515A2.token)
        #expect(jwt.header.alg == "RS256")
        #expect(jwt.header.kid == nil)
        #expect(jwt.signingInput == RFC7515A2.signingInput)
        #expect(jwt.signature == Base64URL.decode(RFC7515A2.signature))
        #expect(jwt.claims["iss"] == .string("joe"))
        #expect(jwt.claims["exp"] == .number(1_300_819_380))
        #expect(jwt.claims["http://example.com/is_root"] == .bool(true))
    }

    @Test(arguments: [
        "", "a", "a.b", "a.b.c.d", "a.b.c.d.e", "..",
        "eyJhbGciOiJSUzI1NiJ9..",  // empty payload is not a JSON object
        "!!!.e30.AA",  // not base64url
        "eyJhbGciOiJSUzI1NiJ9=.e30.AA",  // padded
        "e30.e30.AA",  // no alg
        "WzFd.e30.AA",  // header is an array
        "eyJhbGciOiJSUzI1NiIsImtpZCI6MX0.e30.AA",  // kid is a number
        "eyJhbGciOiJSUzI1NiIsImNyaXQiOlsiZXhwIl19.e30.AA",  // crit
        "eyJhbGciOiJSUzI1NiJ9.WzFd.AA"  // payload is an array
    ])
    func malformedTokensAreRefused(text: String) {
        guard case .malformed? = idTokenError({ _ = try JWT(compact: text) }) else {
            Issue.record("'\(text)' was not refused as malformed")
            return
        }
    }

    // MARK: JWK sets

    @Test func rfc7517A1SetParsesAndOnlyTheRSAKeyCountsForRS256() throws {
        let set = try JWKSet.parse(Data(rfc7517A1.utf8))
        #expect(set.keys.count == 2)
        #expect(set.keys[0].kty == "EC")
        #expect(set.keys[0].use == "enc")
        #expect(set.keys.filter { $0.isSigningKey(for: .rs256) }.map(\.kid) == ["2011-04-29"])
        let rsa = try set.verificationKey(forKid: "2011-04-29", algorithm: .rs256)
        #expect(rsa.alg == "RS256")
        #expect(try rsa.verificationKey(for: .rs256).algorithm == .rs256)
        // Without a kid the set's only RSA key is used; the EC key is not a candidate.
        #expect(try set.verificationKey(forKid: nil, algorithm: .rs256) == rsa)
        #expect(throws: IDTokenError.keyTypeMismatch(kid: "1", kty: "EC", algorithm: "RS256")) {
            try set.verificationKey(forKid: "1", algorithm: .rs256).verificationKey(for: .rs256)
        }
        // The EC key is for encryption: no ES256 signature is verified with it either.
        #expect(throws: IDTokenError.unusableKey(kid: "1", reason: .notForSignatures(use: "enc"))) {
            try set.verificationKey(forKid: "1", algorithm: .es256).verificationKey(for: .es256)
        }
        #expect(throws: IDTokenError.unknownKeyID("2")) { try set.verificationKey(forKid: "2", algorithm: .rs256) }
    }

    @Test func unreadableKeysAreSkippedAndUnknownMembersIgnored() throws {
        let body = """
            {"keys":[{"kid":"no-kty"},{"kty":7},{"kty":"RSA","kid":"k","n":"\(RFC7515A2.n)","e":"AQAB",
             "x5c":["MIIB"],"key_ops":["verify"],"ext":true}],"extra":1}
            """
        let set = try JWKSet.parse(Data(body.utf8))
        #expect(set.keys == [JWK(kty: "RSA", kid: "k", n: RFC7515A2.n, e: "AQAB")])
        #expect(throws: KAuthError.self) { try JWKSet.parse(Data("[]".utf8)) }
        #expect(throws: KAuthError.self) { try JWKSet.parse(Data("{\"keys\":{}}".utf8)) }
    }

    @Test func keysForOtherUsesOrAlgorithmsAreRefused() {
        let encryption = JWK(kty: "RSA", kid: "k", use: "enc", n: RFC7515A2.n, e: "AQAB")
        #expect(throws: IDTokenError.unusableKey(kid: "k", reason: .notForSignatures(use: "enc"))) {
            try encryption.verificationKey(for: .rs256)
        }
        let ps256 = JWK(kty: "RSA", kid: "k", alg: "PS256", n: RFC7515A2.n, e: "AQAB")
        #expect(throws: IDTokenError.unusableKey(kid: "k", reason: .boundToAlgorithm("PS256", wanted: "RS256"))) {
            try ps256.verificationKey(for: .rs256)
        }
        let noModulus = JWK(kty: "RSA", kid: "k", e: "AQAB")
        #expect(throws: IDTokenError.self) { try noModulus.verificationKey(for: .rs256) }
    }

    // MARK: ID token validation

    @Test func aValidTokenGivesItsClaims() throws {
        let result = try validator().validate(token(), keys: signer.jwks)
        #expect(result.iss == issuer)
        #expect(result.sub == "1234567890")
        #expect(result.aud == [clientID])
        #expect(result.azp == nil)
        #expect(result.exp == Date(timeIntervalSince1970: now + 3600))
        #expect(result.iat == Date(timeIntervalSince1970: now - 10))
        #expect(result.authTime == Date(timeIntervalSince1970: now - 20))
        #expect(result.nonce == "n-0S6_WzA2Mj")
        #expect(result.nickname == "Ryan")
        #expect(result.email == "ryan@example.com")
        #expect(result.picture == "https://example.com/ryan.png")
        #expect(result.name == nil)
        #expect(result.all["sub"] == .string("1234567890"))
    }

    @Test func rfc7515A2TokenPassesTheSignatureAndFailsOnClaims() {
        let keys = JWKSet(keys: [JWK(kty: "RSA", n: RFC7515A2.n, e: RFC7515A2.e)])
        let joe = IDTokenValidator(issuer: "joe", clientID: clientID, nonce: nil, clock: TestClock().clock)
        // No kid, one RSA key: that key is used, the signature verifies, and the first claim
        // check that fails is the missing audience.
        #expect(idTokenError { _ = try joe.validate(RFC7515A2.token, keys: keys) } == .missingClaim("aud"))
    }

    @Test func aFlippedBitInSignatureOrPayloadIsAnInvalidSignature() {
        let keys = JWKSet(keys: [JWK(kty: "RSA", n: RFC7515A2.n, e: RFC7515A2.e)])
        let joe = IDTokenValidator(issuer: "joe", clientID: clientID, nonce: nil, clock: TestClock().clock)
        let badSignature = RFC7515A2.header + "." + RFC7515A2.payload + "." + flippingBit(RFC7515A2.signature, byte: 17)
        #expect(idTokenError { _ = try joe.validate(badSignature, keys: keys) } == .invalidSignature)
        // "joe" becomes "koe": still JSON, so only the signature can catch it.
        let badPayload = RFC7515A2.header + "." + flippingBit(RFC7515A2.payload, byte: 8) + "." + RFC7515A2.signature
        #expect(
            String(decoding: Base64URL.decode(flippingBit(RFC7515A2.payload, byte: 8))!, as: UTF8.self).hasPrefix(
                "{\"iss\":\"koe\""))
        #expect(idTokenError { _ = try joe.validate(badPayload, keys: keys) } == .invalidSignature)

        let signed = token().split(separator: ".").map(String.init)
        let forged =
            signed[0] + "." + Base64URL.encode(Array(claims(["sub": .string("999")]).jsonText().utf8)) + "." + signed[2]
        #expect(idTokenError { _ = try validator().validate(forged, keys: signer.jwks) } == .invalidSignature)
    }

    @Test func aTruncatedSignatureIsAnInvalidSignature() {
        let parts = token().split(separator: ".").map(String.init)
        let signature = Base64URL.decode(parts[2])!
        for kept in [255, 128, 1] {
            let truncated = parts[0] + "." + parts[1] + "." + Base64URL.encode(Array(signature.prefix(kept)))
            #expect(idTokenError { _ = try validator().validate(truncated, keys: signer.jwks) } == .invalidSignature)
        }
        let empty = parts[0] + "." + parts[1] + "."
        #expect(idTokenError { _ = try validator().validate(empty, keys: signer.jwks) } == .invalidSignature)
    }

    @Test func algNoneIsRefused() {
        let unsigned = "eyJhbGciOiJub25lIn0." + RFC7515A2.payload + "."
        #expect(String(decoding: Base64URL.decode("eyJhbGciOiJub25lIn0")!, as: UTF8.self) == "{\"alg\":\"none\"}")
        #expect(idTokenError { _ = try validator().validate(unsigned, keys: signer.jwks) } == .algorithmNone)
        // Even with a signature attached and in another spelling.
        let header = Base64URL.encode(Array("{\"alg\":\"NONE\",\"kid\":\"\(kid)\"}".utf8))
        let parts = token().split(separator: ".")
        #expect(
            idTokenError { _ = try validator().validate(header + "." + parts[1] + "." + parts[2], keys: signer.jwks) }
                == .algorithmNone)
    }

    @Test func hs256WithTheRSAModulusAsMACKeyIsRefused() async throws {
        // The algorithm-confusion forgery: HMAC-SHA256 keyed with the public modulus, which an
        // attacker knows. The validator must refuse on `alg` alone, before looking up any key.
        let header = Base64URL.encode(Array("{\"alg\":\"HS256\",\"kid\":\"\(kid)\",\"typ\":\"JWT\"}".utf8))
        let payload = Base64URL.encode(Array(claims().jsonText().utf8))
        let signingInput = Array((header + "." + payload).utf8)
        let macKey = RFC7515A2.publicKey.modulus
        var mac = [UInt8](repeating: 0, count: 32)
        #if canImport(CCrypto)
            var length = 0
            let computed = EVP_Q_mac(
                nil, "HMAC", nil, "SHA256", nil, macKey, macKey.count, signingInput, signingInput.count, &mac,
                mac.count, &length)
            #expect(computed != nil && length == 32)
        #else
            mac = SHA256.hash(macKey + signingInput)  // any 32 bytes: the token must be refused on `alg`
        #endif
        let forged = header + "." + payload + "." + Base64URL.encode(mac)
        #expect(
            idTokenError { _ = try validator().validate(forged, keys: signer.jwks) }
                == .algorithmNotOffered("HS256", offered: ["RS256"]))
        // Even from a provider that lists HS256: a public client has no secret to check it with.
        var listing = validator()
        listing.algorithms = ["RS256", "HS256"]
        #expect(idTokenError { _ = try listing.validate(forged, keys: signer.jwks) } == .secretRequired("HS256"))
        // And with a secret, the modulus is not it.
        listing.clientSecret = "the client secret"
        #expect(idTokenError { _ = try listing.validate(forged, keys: signer.jwks) } == .invalidSignature)

        // Through the cache: refused before the JWK set is even requested.
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let http = FakeHTTP { _ in FakeHTTP.json(200, "{\"keys\":[]}") }
        let cache = JWKSCache(
            jwksURI: "https://kauth.kakao.com/.well-known/jwks.json", paths: KAuthPaths(home: folder.path),
            fileSystem: .live, http: http.client, clock: TestClock().clock)
        #expect(
            await idTokenError { _ = try await validator().validate(forged, keys: cache) }
                == .algorithmNotOffered("HS256", offered: ["RS256"]))
        #expect(await idTokenError { _ = try await listing.validate(forged, keys: cache) } == .invalidSignature)
        #expect(http.requests.isEmpty)
    }

    /// What the provider does not list is refused before any key is looked up; RS256 alone when
    /// it lists nothing.
    @Test(arguments: ["HS384", "HS512", "ES256", "PS256", "RS512", "EdDSA"])
    func algorithmsTheProviderDoesNotListAreRefused(alg: String) {
        let parts = token(header: ["kid": .string(kid)]).split(separator: ".")
        let header = Base64URL.encode(Array("{\"alg\":\"\(alg)\",\"kid\":\"\(kid)\"}".utf8))
        let text = header + "." + parts[1] + "." + parts[2]
        #expect(
            idTokenError { _ = try validator().validate(text, keys: signer.jwks) }
                == .algorithmNotOffered(alg, offered: ["RS256"]))
    }

    /// Names kauth does not verify are refused whatever the provider lists.
    @Test(arguments: ["rs256", "ES256K", "Ed25519", "RSA-OAEP", "HS1"])
    func unknownAlgorithmsAreRefused(alg: String) {
        let parts = token(header: ["kid": .string(kid)]).split(separator: ".")
        let header = Base64URL.encode(Array("{\"alg\":\"\(alg)\",\"kid\":\"\(kid)\"}".utf8))
        var listing = validator()
        listing.algorithms = ["RS256", alg]
        #expect(
            idTokenError { _ = try listing.validate(header + "." + parts[1] + "." + parts[2], keys: signer.jwks) }
                == .unsupportedAlgorithm(alg))
    }

    @Test func unknownKidIsReported() {
        let other = token(header: ["kid": .string("rotated")])
        #expect(idTokenError { _ = try validator().validate(other, keys: signer.jwks) } == .unknownKeyID("rotated"))
    }

    @Test func missingKidNeedsExactlyOneRSAKey() throws {
        let noKid = try signer.sign(claims: claims(), extraHeader: ["kid": .null])
        #expect(try JWT(compact: noKid).header.kid == nil)
        #expect(try validator().validate(noKid, keys: signer.jwks).sub == "1234567890")
        // An EC key beside it does not make the choice ambiguous.
        var withEC = try JWKSet.parse(Data(rfc7517A1.utf8))
        withEC.keys.removeAll { $0.kty == "RSA" }
        withEC.keys += signer.jwks.keys
        #expect(try validator().validate(noKid, keys: withEC).sub == "1234567890")
        // Two RSA keys do.
        let two = JWKSet(keys: signer.jwks.keys + [JWK(kty: "RSA", kid: "other", n: RFC7515A2.n, e: "AQAB")])
        #expect(
            idTokenError { _ = try validator().validate(noKid, keys: two) } == .missingKeyID(keyType: "RSA", count: 2))
    }

    @Test func anECKeyIsRefusedForRS256() throws {
        var set = try JWKSet.parse(Data(rfc7517A1.utf8))
        set.keys[0].use = nil
        let pointsAtEC = token(header: ["kid": .string("1")])
        #expect(
            idTokenError { _ = try validator().validate(pointsAtEC, keys: set) }
                == .keyTypeMismatch(kid: "1", kty: "EC", algorithm: "RS256"))
    }

    @Test func aKeyUnder2048BitsIsRefused() {
        var n1024 = Array(Base64URL.decode(RFC7515A2.n)!.prefix(128))
        n1024[127] |= 1
        let weak = JWKSet(keys: [JWK(kty: "RSA", kid: kid, n: Base64URL.encode(n1024), e: "AQAB")])
        let error = idTokenError { _ = try validator().validate(token(), keys: weak) }
        #expect(
            error
                == .unusableKey(kid: kid, reason: .refused("the RSA modulus is 1024 bits; at least 2048 are required")))
    }

    @Test func wrongIssuerIsRefused() {
        let other = token(["iss": .string("https://kauth.kakao.com/")])
        let error = idTokenError { _ = try validator().validate(other, keys: signer.jwks) }
        #expect(error == .wrongIssuer(expected: issuer, actual: "https://kauth.kakao.com/"))
        #expect(
            idTokenError { _ = try validator().validate(token(["iss": nil]), keys: signer.jwks) }
                == .missingClaim("iss"))
    }

    @Test func wrongAudienceIsRefused() {
        let error = idTokenError { _ = try validator().validate(token(["aud": .string("xyz")]), keys: signer.jwks) }
        #expect(error == .wrongAudience(clientID: clientID, audiences: ["xyz"]))
        let array = token(["aud": .array([.string("xyz"), .string("uvw")]), "azp": .string("xyz")])
        #expect(
            idTokenError { _ = try validator().validate(array, keys: signer.jwks) }
                == .wrongAudience(clientID: clientID, audiences: ["xyz", "uvw"]))
        #expect(
            idTokenError { _ = try validator().validate(token(["aud": .array([])]), keys: signer.jwks) }
                == .invalidClaim(name: "aud", reason: .emptyArray))
        #expect(
            idTokenError { _ = try validator().validate(token(["aud": .number(1)]), keys: signer.jwks) }
                == .invalidClaim(name: "aud", reason: .notAStringOrArrayOfStrings))
        #expect(
            idTokenError { _ = try validator().validate(token(["aud": nil]), keys: signer.jwks) }
                == .missingClaim("aud"))
    }

    @Test func multipleAudiencesNeedAzpEqualToTheClient() throws {
        let audiences: JSONValue = .array([.string(clientID), .string("another-service")])
        #expect(
            idTokenError { _ = try validator().validate(token(["aud": audiences]), keys: signer.jwks) }
                == .missingAuthorizedParty(audiences: [clientID, "another-service"]))
        #expect(
            idTokenError {
                _ = try validator().validate(
                    token(["aud": audiences, "azp": .string("another-service")]), keys: signer.jwks)
            }
                == .wrongAuthorizedParty(clientID: clientID, authorizedParty: "another-service"))
        let accepted = try validator().validate(token(["aud": audiences, "azp": .string(clientID)]), keys: signer.jwks)
        #expect(accepted.aud == [clientID, "another-service"])
        #expect(accepted.azp == clientID)
        // One audience in an array is one audience; azp, when present, must still be the client.
        #expect(
            try validator().validate(token(["aud": .array([.string(clientID)])]), keys: signer.jwks).aud == [clientID])
        #expect(
            idTokenError { _ = try validator().validate(token(["azp": .string("other")]), keys: signer.jwks) }
                == .wrongAuthorizedParty(clientID: clientID, authorizedParty: "other"))
    }

    @Test func expiryAllowsFiveMinutesOfSkew() throws {
        #expect(try validator().validate(token(["exp": .number(now - 299)]), keys: signer.jwks).sub == "1234567890")
        let expired = idTokenError {
            _ = try validator().validate(token(["exp": .number(now - 301)]), keys: signer.jwks)
        }
        #expect(
            expired
                == .expired(expiresAt: Date(timeIntervalSince1970: now - 301), now: Date(timeIntervalSince1970: now)))
        // "Now" is the injected clock's: the same token fails an hour later.
        let clock = TestClock()
        let fresh = token()
        #expect(throws: Never.self) { try validator(clock: clock).validate(fresh, keys: signer.jwks) }
        clock.advance(by: 3600 + 301)
        #expect(
            idTokenError { _ = try validator(clock: clock).validate(fresh, keys: signer.jwks) }
                == .expired(
                    expiresAt: Date(timeIntervalSince1970: now + 3600), now: Date(timeIntervalSince1970: now + 3901)))
        #expect(
            idTokenError { _ = try validator().validate(token(["exp": nil]), keys: signer.jwks) }
                == .missingClaim("exp"))
        #expect(
            idTokenError { _ = try validator().validate(token(["exp": .string("tomorrow")]), keys: signer.jwks) }
                == .invalidClaim(name: "exp", reason: .notSecondsSince1970))
    }

    @Test func issuedInTheFutureIsRefused() throws {
        #expect(try validator().validate(token(["iat": .number(now + 300)]), keys: signer.jwks).sub == "1234567890")
        #expect(
            idTokenError { _ = try validator().validate(token(["iat": .number(now + 301)]), keys: signer.jwks) }
                == .issuedInFuture(
                    issuedAt: Date(timeIntervalSince1970: now + 301), now: Date(timeIntervalSince1970: now)))
        #expect(
            idTokenError { _ = try validator().validate(token(["iat": nil]), keys: signer.jwks) }
                == .missingClaim("iat"))
    }

    @Test func nonceMustMatchWhenOneWasSent() throws {
        #expect(
            idTokenError { _ = try validator().validate(token(["nonce": .string("other")]), keys: signer.jwks) }
                == .nonceMismatch)
        #expect(
            idTokenError { _ = try validator().validate(token(["nonce": nil]), keys: signer.jwks) } == .missingNonce)
        // No nonce sent: the token's nonce, if any, is not checked.
        #expect(try validator(nonce: nil).validate(token(["nonce": nil]), keys: signer.jwks).nonce == nil)
        #expect(try validator(nonce: nil).validate(token(), keys: signer.jwks).nonce == "n-0S6_WzA2Mj")
    }

    @Test func subIsRequired() {
        #expect(
            idTokenError { _ = try validator().validate(token(["sub": nil]), keys: signer.jwks) }
                == .missingClaim("sub"))
        #expect(
            idTokenError { _ = try validator().validate(token(["sub": .string("")]), keys: signer.jwks) }
                == .invalidClaim(name: "sub", reason: .subjectLength))
        #expect(
            idTokenError {
                _ = try validator().validate(
                    token(["sub": .string(String(repeating: "x", count: 256))]), keys: signer.jwks)
            }
                == .invalidClaim(name: "sub", reason: .subjectLength))
        #expect(
            idTokenError { _ = try validator().validate(token(["sub": .number(123)]), keys: signer.jwks) }
                == .invalidClaim(name: "sub", reason: .notAString))
    }

    @Test func maxAgeRequiresARecentAuthTime() throws {
        #expect(
            try validator(maxAge: 600).validate(token(), keys: signer.jwks).authTime
                == Date(timeIntervalSince1970: now - 20))
        #expect(
            idTokenError { _ = try validator(maxAge: 600).validate(token(["auth_time": nil]), keys: signer.jwks) }
                == .missingClaim("auth_time"))
        #expect(
            idTokenError {
                _ = try validator(maxAge: 600).validate(token(["auth_time": .number(now - 1000)]), keys: signer.jwks)
            }
                == .authenticationTooOld(authTime: Date(timeIntervalSince1970: now - 1000), maxAge: 600))
    }
}

// MARK: - JWKS cache

/// What the fake provider serves at its `jwks_uri`, changeable while a test runs.
final class ServedJWKS: @unchecked Sendable {
    private let lock = NSLock()
    private var response: HTTPResponse

    init(_ set: JWKSet, headers: [HTTPHeader] = [HTTPHeader("Cache-Control", "public, max-age=600")]) {
        response = Self.response(set, headers: headers)
    }

    func serve(_ set: JWKSet, headers: [HTTPHeader] = [HTTPHeader("Cache-Control", "public, max-age=600")]) {
        lock.withLock { response = Self.response(set, headers: headers) }
    }

    var current: HTTPResponse { lock.withLock { response } }

    private static func response(_ set: JWKSet, headers: [HTTPHeader]) -> HTTPResponse {
        HTTPResponse(
            status: 200,
            headers: [HTTPHeader("Content-Type", "application/json")] + headers,
            body: try! JSONEncoder().encode(set))
    }
}

private let jwksURI = "https://kauth.kakao.com/.well-known/jwks.json"

extension JOSETests {
    @Suite struct JWKSCacheTests {
        let folder = TemporaryDirectory()
        let clock = TestClock()

        func cache(_ http: FakeHTTP) -> JWKSCache {
            JWKSCache(
                jwksURI: jwksURI, paths: KAuthPaths(home: folder.path), fileSystem: .live, http: http.client,
                clock: clock.clock)
        }

        func provider(_ served: ServedJWKS) -> FakeHTTP {
            FakeHTTP { request in
                #expect(request.method == "GET")
                #expect(request.url == jwksURI)
                return served.current
            }
        }

        @Test func aFreshCopyIsUsedWithoutARequest() async throws {
            defer { folder.remove() }
            let http = provider(ServedJWKS(signer.jwks))
            let cache = cache(http)
            #expect(try await cache.keys(forKid: kid) == signer.jwks)
            #expect(http.requests.count == 1)
            clock.advance(by: 599)
            #expect(try await cache.keys(forKid: kid) == signer.jwks)
            #expect(try await cache.keys() == signer.jwks)
            // Another process (a new cache value) reads the same file.
            #expect(try await self.cache(http).keys(forKid: kid) == signer.jwks)
            #expect(http.requests.count == 1)
        }

        @Test func theFileIsNamedAfterTheURIAndPrivate() async throws {
            defer { folder.remove() }
            let cache = cache(provider(ServedJWKS(signer.jwks)))
            _ = try await cache.keys()
            let hash = SHA256.hash(jwksURI).map { String(format: "%02x", $0) }.joined()
            #expect(cache.path == folder.path + "/jwks/" + hash + ".json")
            let info = try FileSystem.live.fileInfo(cache.path)
            #expect(info?.permissions == 0o600)
            #expect(try FileSystem.live.fileInfo(folder.path + "/jwks")?.permissions == 0o700)
            let stored = try JSONDecoder().decode(
                JSONValue.self, from: Data(contentsOf: URL(fileURLWithPath: cache.path)))
            #expect(stored["jwks_uri"] == .string(jwksURI))
            #expect(stored["expires_at"] == .number(now + 600))
            // No temporary files are left behind.
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/jwks") == [hash + ".json"])
        }

        @Test func maxAgeExpiryCausesOneRequest() async throws {
            defer { folder.remove() }
            let http = provider(ServedJWKS(signer.jwks))
            let cache = cache(http)
            _ = try await cache.keys(forKid: kid)
            clock.advance(by: 600)
            _ = try await cache.keys(forKid: kid)
            #expect(http.requests.count == 2)
            _ = try await cache.keys(forKid: kid)
            #expect(http.requests.count == 2)
        }

        @Test func anUnknownKidIsRefetchedExactlyOnce() async throws {
            defer { folder.remove() }
            let http = provider(ServedJWKS(signer.jwks))
            let cache = cache(http)
            _ = try await cache.keys(forKid: kid)
            #expect(http.requests.count == 1)
            #expect(await idTokenError { _ = try await cache.keys(forKid: "unknown") } == .unknownKeyID("unknown"))
            #expect(http.requests.count == 2)
            // A stale copy is fetched once, not once for staleness and again for the kid.
            clock.advance(by: 601)
            #expect(await idTokenError { _ = try await cache.keys(forKid: "unknown") } == .unknownKeyID("unknown"))
            #expect(http.requests.count == 3)
        }

        @Test func aRotatedKeyIsPickedUpByTheRefetch() async throws {
            defer { folder.remove() }
            let old = try TestIDTokenSigner.generate(kid: "old")
            let served = ServedJWKS(old.jwks)
            let http = provider(served)
            let cache = cache(http)
            _ = try await cache.keys()
            // The provider rotates to the RFC key ("test-key") while the cached copy is still fresh.
            served.serve(signer.jwks)
            let claims = try await validator(clock: clock).validate(token(), keys: cache)
            #expect(claims.sub == "1234567890")
            #expect(http.requests.count == 2)
            // The new set was stored: the next validation makes no request.
            _ = try await validator(clock: clock).validate(token(), keys: cache)
            #expect(http.requests.count == 2)
            // A token from a key nobody serves: one more request, then unknownKeyID for the caller.
            let stranger = try old.sign(claims: claims.all, extraHeader: ["kid": .string("gone")])
            #expect(
                await idTokenError { _ = try await validator(clock: clock).validate(stranger, keys: cache) }
                    == .unknownKeyID("gone"))
            #expect(http.requests.count == 3)
        }

        @Test func noStoreIsNotWritten() async throws {
            defer { folder.remove() }
            let http = provider(ServedJWKS(signer.jwks, headers: [HTTPHeader("Cache-Control", "no-store")]))
            let cache = cache(http)
            _ = try await cache.keys(forKid: kid)
            #expect(try FileSystem.live.fileInfo(cache.path) == nil)
            _ = try await cache.keys(forKid: kid)
            #expect(http.requests.count == 2)
        }

        @Test func noStoreRemovesAnOlderCopy() async throws {
            defer { folder.remove() }
            let served = ServedJWKS(signer.jwks)
            let http = provider(served)
            let cache = cache(http)
            _ = try await cache.keys()
            #expect(try FileSystem.live.fileInfo(cache.path) != nil)
            served.serve(signer.jwks, headers: [HTTPHeader("Cache-Control", "no-store")])
            _ = try await cache.refresh()
            #expect(try FileSystem.live.fileInfo(cache.path) == nil)
        }

        @Test func expiresIsHonouredRelativeToDate() async throws {
            defer { folder.remove() }
            // Date 2026-01-01T00:00:00Z, Expires two minutes later.
            let http = provider(
                ServedJWKS(
                    signer.jwks,
                    headers: [
                        HTTPHeader("Date", "Thu, 01 Jan 2026 00:00:00 GMT"),
                        HTTPHeader("Expires", "Thu, 01 Jan 2026 00:02:00 GMT")
                    ]))
            let cache = cache(http)
            _ = try await cache.keys()
            clock.advance(by: 119)
            _ = try await cache.keys()
            #expect(http.requests.count == 1)
            clock.advance(by: 1)
            _ = try await cache.keys()
            #expect(http.requests.count == 2)
        }

        @Test func aTamperedOrForeignFileIsIgnored() async throws {
            defer { folder.remove() }
            let http = provider(ServedJWKS(signer.jwks))
            let cache = cache(http)
            _ = try await cache.keys()
            // Group-writable: someone else could have put keys in it.
            chmod(cache.path, 0o620)
            _ = try await cache.keys()
            #expect(http.requests.count == 2)
            #expect(try FileSystem.live.fileInfo(cache.path)?.permissions == 0o600)
            // Corrupt: refetched and replaced.
            try Data("{not json".utf8).write(to: URL(fileURLWithPath: cache.path))
            _ = try await cache.keys()
            #expect(http.requests.count == 3)
            _ = try await cache.keys()
            #expect(http.requests.count == 3)
        }

        @Test func fetchFailuresMapToKAuthErrors() async {
            defer { folder.remove() }
            let unreachable = FakeHTTP { request in
                throw HTTPTransportError.connectionFailed(url: request.url, detail: "Connection refused")
            }
            await #expect(throws: KAuthError.unavailable(.unreachable(url: jwksURI, detail: "Connection refused"))) {
                try await cache(unreachable).keys(forKid: kid)
            }
            let down = FakeHTTP { _ in FakeHTTP.json(503, "{}") }
            await #expect(throws: KAuthError.unavailable(.serverError(.jwks(url: jwksURI), status: 503))) {
                try await cache(down).keys()
            }
            let missing = FakeHTTP { _ in FakeHTTP.json(404, "{}") }
            await #expect(throws: KAuthError.invalidResponse(.jwksStatus(url: jwksURI, status: 404))) {
                try await cache(missing).keys()
            }
            let garbage = FakeHTTP { _ in FakeHTTP.json(200, "<html>") }
            await #expect(
                throws: KAuthError.invalidResponse(.notAKeySet(url: jwksURI))
            ) {
                try await cache(garbage).keys()
            }
        }

        @Test(
            arguments: [
                (["max-age=60"], nil, 60.0),
                (["public, max-age=\"60\""], nil, 60.0),
                (["max-age=60, max-age=10"], nil, 60.0),
                (["Max-Age=60"], "10", 50.0),
                (["max-age=60"], "100", 0.0),
                (["max-age=sixty"], nil, 0.0),
                (["no-cache, max-age=60"], nil, 0.0),
                (["private", "max-age=30"], nil, 30.0),
                ([], nil, 3600.0)
            ] as [([String], String?, Double)])
        func cacheControlLifetimes(cacheControl: [String], age: String?, expected: Double) {
            var headers = cacheControl.map { HTTPHeader("Cache-Control", $0) }
            if let age { headers.append(HTTPHeader("Age", age)) }
            #expect(
                HTTPFreshness.lifetime(headers: headers, now: Date(timeIntervalSince1970: now), default: 3600)
                    == expected)
        }

        @Test func noStoreAndExpiresLifetimes() {
            let at = Date(timeIntervalSince1970: now)
            #expect(
                HTTPFreshness.lifetime(
                    headers: [HTTPHeader("Cache-Control", "max-age=60, no-store")], now: at, default: 3600) == nil)
            // Expires without Date is relative to now; an invalid Expires means already expired.
            #expect(
                HTTPFreshness.lifetime(
                    headers: [HTTPHeader("Expires", "Thu, 01 Jan 2026 01:00:00 GMT")], now: at, default: 0) == 3600)
            #expect(HTTPFreshness.lifetime(headers: [HTTPHeader("Expires", "0")], now: at, default: 3600) == 0)
            // max-age wins over Expires.
            #expect(
                HTTPFreshness.lifetime(
                    headers: [
                        HTTPHeader("Expires", "Thu, 01 Jan 2026 01:00:00 GMT"), HTTPHeader("Cache-Control", "max-age=5")
                    ], now: at, default: 0) == 5)
        }

        @Test func httpDatesParse() {
            // RFC 9110 §5.6.7's example.
            #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == Date(timeIntervalSince1970: 784_111_777))
            #expect(HTTPDate.parse("Thu, 01 Jan 2026 00:00:00 GMT") == Date(timeIntervalSince1970: now))
            #expect(HTTPDate.parse("Tue, 29 Feb 2000 12:00:00 GMT") == Date(timeIntervalSince1970: 951_825_600))
            #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == nil)
            #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994") == nil)
            #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 PST") == nil)
            #expect(HTTPDate.parse("Sun, 06 Foo 1994 08:49:37 GMT") == nil)
        }
    }
}
