import Foundation
import KAuthBasics
import KAuthTestSupport
import Testing

@testable import KAuthCore

/// How the client authentication method is chosen, and what a signed client assertion says.
@Suite struct ClientAuthenticationTests {
    func choose(
        secret: String? = nil, key: Bool = false, certificate: Bool = false, forced: ClientAuthMethod? = nil,
        advertised: [String]?
    ) throws -> ClientAuthMethod {
        try ClientCredentials.chooseMethod(
            secret: secret, hasKey: key, hasCertificate: certificate, policy: .advertised, forced: forced,
            advertised: advertised)
    }

    @Test func aSecretOrAKeyIsPreferredToNothing() throws {
        let all = ["none", "tls_client_auth", "client_secret_jwt", "private_key_jwt", "client_secret_post"]
        #expect(try choose(secret: "s", key: true, advertised: all) == .privateKeyJWT)
        #expect(try choose(secret: "s", advertised: all) == .clientSecretPost)
        #expect(try choose(secret: "s", advertised: ["client_secret_jwt", "none"]) == .clientSecretJWT)
        #expect(try choose(secret: "s", advertised: nil) == .clientSecretBasic, "RFC 8414: Basic when not said")
        #expect(try choose(certificate: true, advertised: all) == .tlsClientAuth)
        #expect(try choose(key: true, advertised: ["client_secret_basic"]) == .none, "a key the server does not take")
        #expect(try choose(advertised: all) == .none)
    }

    @Test func aForcedMethodWithoutWhatItNeedsIsRefused() {
        #expect(throws: ClientAuthProblem.noPrivateKey) { try choose(forced: .privateKeyJWT, advertised: nil) }
        #expect(throws: ClientAuthProblem.noSecret(method: "client_secret_jwt")) {
            try choose(forced: .clientSecretJWT, advertised: nil)
        }
        #expect(throws: ClientAuthProblem.noClientCertificate) { try choose(forced: .tlsClientAuth, advertised: nil) }
    }

    @Test func aSecretSignedAssertionNamesTheClientTheTokenEndpointAndLivesAMinute() throws {
        let credentials = ClientCredentials(
            provider: "p", clientID: "svc", secret: "s3cret", method: .clientSecretJWT, key: nil,
            assertionAlgorithms: ["RS256", "HS256"], audience: "https://id.example.com/token")
        let world = World.test()
        let (form, headers) = try credentials.apply(
            to: [("grant_type", "client_credentials")], at: "https://id.example.com/token", clock: world.clock,
            random: world.random)
        #expect(headers.isEmpty)
        #expect(form.first { $0.0 == "client_secret" } == nil, "the secret never travels")
        #expect(form.first { $0.0 == "client_assertion_type" }?.1 == ClientAssertion.type)
        let jwt = try JWT(compact: try #require(form.first { $0.0 == "client_assertion" }?.1))
        #expect(jwt.header.alg == "HS256")
        #expect(jwt.claims["iss"]?.stringValue == "svc" && jwt.claims["sub"]?.stringValue == "svc")
        #expect(jwt.claims["aud"]?.stringValue == "https://id.example.com/token")
        guard case .number(let iat)? = jwt.claims["iat"], case .number(let exp)? = jwt.claims["exp"] else {
            Issue.record("no iat or exp")
            return
        }
        #expect(exp - iat == 60)
        #expect(
            JWSVerificationKey.verifyHMAC(
                jwt.signature, message: jwt.signingInput, secret: Array("s3cret".utf8), algorithm: .hs256))

        // Each request has its own jti; another endpoint is named beside the token endpoint.
        let (again, _) = try credentials.apply(
            to: [], at: "https://id.example.com/introspect", clock: world.clock, random: world.random)
        let second = try JWT(compact: try #require(again.first { $0.0 == "client_assertion" }?.1))
        #expect(second.claims["jti"] != jwt.claims["jti"])
        #expect(
            second.claims["aud"]
                == .array([.string("https://id.example.com/token"), .string("https://id.example.com/introspect")]))
    }

    @Test func noAlgorithmInCommonIsSaidBeforeAnythingIsSent() {
        let credentials = ClientCredentials(
            provider: "p", clientID: "svc", secret: "s3cret", method: .clientSecretJWT, key: nil,
            assertionAlgorithms: ["RS256"], audience: "https://id.example.com/token")
        let world = World.test()
        #expect(throws: KAuthError.self) {
            try credentials.apply(to: [], at: "https://id.example.com/token", clock: world.clock, random: world.random)
        }
    }
}
