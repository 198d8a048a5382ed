#if canImport(CCrypto)
    import KAuthCore
    import KAuthSandbox
    import KAuthTestSupport
    import Testing
    import KAuthBasics

    private let now: Double = 1_767_225_600

    private func claims() -> JSONValue {
        .object([
            "iss": .string("https://id.example.com"), "aud": .string("cli"), "sub": .string("u1"),
            "iat": .number(now - 10), "exp": .number(now + 3600)
        ])
    }

    private func validator(_ algorithms: [String], secret: String? = nil) -> IDTokenValidator {
        IDTokenValidator(
            issuer: "https://id.example.com", clientID: "cli", nonce: nil, clock: TestClock().clock,
            algorithms: algorithms, clientSecret: secret)
    }

    /// The token with one bit of its signature flipped.
    private func tampered(_ token: String) -> String {
        let parts = token.split(separator: ".")
        var signature = Base64URL.decode(String(parts[2]))!
        signature[signature.count / 2] ^= 0x01
        return parts[0] + "." + parts[1] + "." + Base64URL.encode(signature)
    }

    /// ID tokens signed with every algorithm kauth verifies besides RS256: libcrypto on both sides,
    /// checked against signatures made elsewhere (RFC 8037's Ed25519 example, ECDSA signatures made
    /// with Python's `cryptography`), and refused whenever key, curve, secret or list do not fit.
    @Suite struct JWSAlgorithmsTests {
        /// Signatures made outside kauth: ECDSA's r and s side by side, as JWS writes them.
        @Test func signaturesMadeElsewhereVerify() throws {
            let message = Array("eyJhbGciOiJFUzI1NiJ9.eyJpc3MiOiJqb2UifQ".utf8)
            let vectors: [(JWSAlgorithm, JWK, String)] = [
                (
                    .es256,
                    JWK(
                        kty: "EC", crv: "P-256", x: "X2UQSEMWmUacC28xz0MaNSCWHUHVqayZyhEMAjGTq88",
                        y: "0VBnuHUmL8x9Nmk2BdDVyR_5mcC_bFj34QWA3FE4Ylo"),
                    "eeeMSQyBdLcDINVqQNF88Ln-lXzRAynIIIG2Ur2MLMcnPBbB0P1ruko2L_-qkQAU6aRQyvEKMZ1GsPP7xn6ZWQ"
                ),
                (
                    .es512,
                    JWK(
                        kty: "EC", crv: "P-521",
                        x: "AQc-KbBxY7pqGgOecsvkaIbDve4yRkIY4DXllxIyusZyR07apHUVRHIsJahM0JgZk6x7sHqlQR5MKDk8_fQR2O0t",
                        y: "AVf9ssXk2qZHSmTOL5h9ro5_45wbttP4MJ0MhGwnK2itaUx60VKZTDudvnBw4EVIQop1OuL-CMhzU9iHs2wet1lj"),
                    "Ab8_4hT_5TarcZHHHJNcY6l94V6USSbenqwGf0HWDqX1amILc93YopVHVEVB5ZrboCdq0bCZUNwJ2o8YFqTKgRCYAYJdTPb48xjxbIXX2frg_hpdSEjghCAm6Swi-fMO5bwo98peHCmS1MQJeXE9kti2YqPH9uJ2adB6xW2zo9eVI6vh"
                )
            ]
            for (algorithm, jwk, signature) in vectors {
                let key = try jwk.verificationKey(for: algorithm)
                let bytes = Base64URL.decode(signature)!
                #expect(key.verify(signature: bytes, message: message), "\(algorithm)")
                #expect(!key.verify(signature: bytes, message: message + [0x20]), "\(algorithm)")
            }
            // RFC 8037 Appendix A.4.
            let ed25519 = try JWK(kty: "OKP", crv: "Ed25519", x: "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo")
                .verificationKey(for: .edDSA)
            let signature = Base64URL.decode(
                "hgyY0il_MGCjP0JzlnLWG1PPOt7-09PGcvMg3AIbQR6dWbhijcNR4ki4iylGjg5BhVsPt9g7sVvpAr_MuM0KAg")!
            let input = Array("eyJhbGciOiJFZERTQSJ9.RXhhbXBsZSBvZiBFZDI1NTE5IHNpZ25pbmc".utf8)
            #expect(ed25519.verify(signature: signature, message: input))
            #expect(!ed25519.verify(signature: signature, message: Array(input.dropLast())))
        }

        @Test(arguments: JWSAlgorithm.allCases.filter { $0.family != .hmac })
        func eachPublicKeyAlgorithmVerifiesWhenListed(algorithm: JWSAlgorithm) throws {
            let signer = try JWSSigner.generate(algorithm, kid: "k1")
            let token = try signer.sign(claims: claims())
            let keys = JWKSet(keys: [try #require(signer.publicJWK)])
            #expect(try validator([algorithm.rawValue]).validate(token, keys: keys).sub == "u1")
            #expect(
                idTokenError { _ = try validator([algorithm.rawValue]).validate(tampered(token), keys: keys) }
                    == .invalidSignature)
            // Not listed by the provider: refused before any key is looked at.
            let others = [algorithm == .rs256 ? "ES256" : "RS256"]
            #expect(
                idTokenError { _ = try validator(others).validate(token, keys: keys) }
                    == .algorithmNotOffered(algorithm.rawValue, offered: others))
            // Without a kid, the set's one key of the right type is chosen.
            let noKid = try signer.sign(claims: claims(), extraHeader: ["kid": .null])
            #expect(try validator([algorithm.rawValue]).validate(noKid, keys: keys).sub == "u1")
        }

        @Test(arguments: [JWSAlgorithm.hs256, .hs384, .hs512])
        func hmacIsKeyedWithTheClientSecret(algorithm: JWSAlgorithm) throws {
            let secret = "a client secret long enough for HS512, sixty-four bytes or so!!"
            let token = try JWSSigner(secret: secret, algorithm: algorithm).sign(claims: claims())
            let listed = [algorithm.rawValue]
            #expect(try validator(listed, secret: secret).validate(token, keys: JWKSet(keys: [])).sub == "u1")
            #expect(
                idTokenError { _ = try validator(listed, secret: secret + "x").validate(token, keys: JWKSet(keys: [])) }
                    == .invalidSignature)
            #expect(
                idTokenError {
                    _ = try validator(listed, secret: secret).validate(tampered(token), keys: JWKSet(keys: []))
                } == .invalidSignature)
            #expect(
                idTokenError { _ = try validator(listed).validate(token, keys: JWKSet(keys: [])) }
                    == .secretRequired(algorithm.rawValue))
            // An `oct` key in the JWK set is no substitute for the secret.
            let oct = JWKSet(keys: [JWK(kty: "oct", kid: "k1")])
            #expect(
                idTokenError { _ = try validator(listed).validate(token, keys: oct) }
                    == .secretRequired(algorithm.rawValue))
        }

        @Test func aKeyOfAnotherTypeOrCurveIsRefused() throws {
            let es256 = try JWSSigner.generate(.es256, kid: "k1")
            let token = try es256.sign(claims: claims())
            let p384 = try #require(try JWSSigner.generate(.es384, kid: "k1").publicJWK)
            #expect(
                idTokenError { _ = try validator(["ES256"]).validate(token, keys: JWKSet(keys: [p384])) }
                    == .keyTypeMismatch(kid: "k1", kty: "EC on P-384", algorithm: "ES256"))
            let rsa = try #require(try JWSSigner.generate(.rs256, kid: "k1").publicJWK)
            #expect(
                idTokenError { _ = try validator(["ES256"]).validate(token, keys: JWKSet(keys: [rsa])) }
                    == .keyTypeMismatch(kid: "k1", kty: "RSA", algorithm: "ES256"))
            // An RSA key bound to RS256 does not verify PS256, though both are RSA.
            let ps256 = try JWSSigner.generate(.ps256, kid: "k2")
            var bound = try #require(ps256.publicJWK)
            bound.alg = "RS256"
            #expect(
                idTokenError {
                    _ = try validator(["PS256"]).validate(try ps256.sign(claims: claims()), keys: JWKSet(keys: [bound]))
                }
                    == .unusableKey(kid: "k2", reason: .boundToAlgorithm("RS256", wanted: "PS256")))
            // Ed448 is an OKP key, but not the curve EdDSA is verified on here.
            let ed = try JWSSigner.generate(.edDSA, kid: "k3")
            var ed448 = try #require(ed.publicJWK)
            ed448.crv = "Ed448"
            #expect(
                idTokenError {
                    _ = try validator(["EdDSA"]).validate(try ed.sign(claims: claims()), keys: JWKSet(keys: [ed448]))
                }
                    == .keyTypeMismatch(kid: "k3", kty: "OKP on Ed448", algorithm: "EdDSA"))
            // A point that is not on the curve never becomes a key.
            var offCurve = try #require(es256.publicJWK)
            offCurve.y = offCurve.x
            #expect(throws: IDTokenError.self) { try offCurve.verificationKey(for: .es256) }
        }

        /// JWS ECDSA signatures are r and s of fixed length: a DER signature, as other formats write
        /// them, is refused rather than guessed at.
        @Test func anECDSASignatureInDERIsRefused() throws {
            let signer = try JWSSigner.generate(.es256, kid: "k1")
            let token = try signer.sign(claims: claims())
            let parts = token.split(separator: ".")
            let raw = Base64URL.decode(String(parts[2]))!
            #expect(raw.count == 64)
            func integer(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
                var value = Array(bytes.drop { $0 == 0 })
                if value.first.map({ $0 & 0x80 != 0 }) ?? true { value.insert(0, at: 0) }
                return [0x02, UInt8(value.count)] + value
            }
            let body = integer(raw[0..<32]) + integer(raw[32...])
            let der = [0x30, UInt8(body.count)] + body
            let keys = JWKSet(keys: [try #require(signer.publicJWK)])
            #expect(
                idTokenError {
                    _ = try validator(["ES256"]).validate(
                        parts[0] + "." + parts[1] + "." + Base64URL.encode(der), keys: keys)
                }
                    == .invalidSignature)
        }
    }
#endif
