import Foundation
import KAuthBasics
import Testing

/// Private keys read from PEM for signed client assertions: both PEM forms of one key, its RFC 7638
/// thumbprint (computed independently, with Python's `cryptography`, when the fixture was made),
/// signatures that the verifier accepts, and what is refused.
@Suite struct PEMSigningKeyTests {
    static let pkcs8 = """
        -----BEGIN PRIVATE KEY-----
        MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgrM9RmNu6o62KFI/+
        /bak9aRisKUFq6XADduK5xzvoEChRANCAARCfZwQMyfQMbeqnRHeODWZJjDvCXKG
        r9yoxBPWWIwO9jCdXh5tO34LtSoX2hA92IqPfCf9FaPtcw6VFZ8V2GoA
        -----END PRIVATE KEY-----

        """
    static let traditional = """
        -----BEGIN EC PRIVATE KEY-----
        MHcCAQEEIKzPUZjbuqOtihSP/v22pPWkYrClBaulwA3biucc76BAoAoGCCqGSM49
        AwEHoUQDQgAEQn2cEDMn0DG3qp0R3jg1mSYw7wlyhq/cqMQT1liMDvYwnV4ebTt+
        C7UqF9oQPdiKj3wn/RWj7XMOlRWfFdhqAA==
        -----END EC PRIVATE KEY-----

        """
    static let thumbprint = "zjXCeUEL3EXWxDw0_21m6o3xD2efKw3rMbNPKiIuRyU"

    @Test(arguments: [pkcs8, traditional])
    func bothFormsGiveTheSameKeyAndThumbprint(pem: String) throws {
        let key = try PEMSigningKey.read(pem: Array(pem.utf8))
        #expect(key.kind == .ec(curve: "P-256"))
        #expect(key.algorithms == [.es256])
        #expect(key.thumbprint == Self.thumbprint)
    }

    @Test func itsES256SignaturesAreJOSEShapedAndVerify() throws {
        let key = try PEMSigningKey.read(pem: Array(Self.pkcs8.utf8))
        let members = Dictionary(uniqueKeysWithValues: key.publicMembers)
        let verifier = try JWSVerificationKey(
            ecX: try #require(Base64URL.decode(members["x"] ?? "")),
            y: try #require(Base64URL.decode(members["y"] ?? "")), algorithm: .es256)
        let message = Array("header.claims".utf8)
        let signature = try key.sign(message, algorithm: .es256)
        #expect(signature.count == 64, "r and s of 32 bytes each, not DER")
        #expect(verifier.verify(signature: signature, message: message))
        #expect(!verifier.verify(signature: signature, message: Array("header.other".utf8)))
        #expect(throws: CryptoError.self) { try key.sign(message, algorithm: .rs256) }
        // The public half as a server registers it (PEM) verifies the same signature.
        let registered = try JWSVerificationKey.publicKey(pem: Array(Self.publicKey.utf8), algorithm: .es256)
        #expect(registered.verify(signature: signature, message: message))
        #expect(throws: CryptoError.self) {
            try JWSVerificationKey.publicKey(pem: Array(Self.publicKey.utf8), algorithm: .rs256)
        }
    }

    static let publicKey = """
        -----BEGIN PUBLIC KEY-----
        MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEQn2cEDMn0DG3qp0R3jg1mSYw7wly
        hq/cqMQT1liMDvYwnV4ebTt+C7UqF9oQPdiKj3wn/RWj7XMOlRWfFdhqAA==
        -----END PUBLIC KEY-----

        """

    @Test func whatIsNotAnUnencryptedPrivateKeyIsRefused() {
        #expect(throws: PEMKeyProblem.notAPrivateKey) {
            try PEMSigningKey.read(pem: Array("not a key".utf8))
        }
        let encrypted = "-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIIB\n-----END ENCRYPTED PRIVATE KEY-----\n"
        #expect(throws: PEMKeyProblem.encrypted) { try PEMSigningKey.read(pem: Array(encrypted.utf8)) }
        let publicOnly = """
            -----BEGIN PUBLIC KEY-----
            MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEQn2cEDMn0DG3qp0R3jg1mSYw7wly
            hq/cqMQT1liMDvYwnV4ebTt+C7UqF9oQPdiKj3wn/RWj7XMOlRWfFdhqAA==
            -----END PUBLIC KEY-----

            """
        #expect(throws: PEMKeyProblem.notAPrivateKey) { try PEMSigningKey.read(pem: Array(publicOnly.utf8)) }
    }
}
