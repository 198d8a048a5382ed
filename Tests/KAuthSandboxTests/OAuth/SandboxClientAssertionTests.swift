import Foundation
import KAuthBasics
import KAuthCore
import KAuthSandbox
import KAuthTestSupport
import Testing

/// The sandbox checks signed client assertions as RFC 7523 §3 asks: signature, `iss`/`sub`,
/// `aud`, `exp` and a `jti` used once; and serves the client credentials grant and introspection.
@Suite struct SandboxClientAssertionTests {
    static let now = 1_767_225_600.0  // the test clock's 2026-01-01T00:00:00Z

    func sandbox() throws -> SandboxClient {
        var configuration = SandboxConfiguration(clientSecret: "s3cret", clientAuthMethods: [.clientSecretJWT])
        configuration.oidc = true
        return try SandboxClient(configuration)
    }

    func assertion(
        aud: String = "http://sandbox.invalid/oauth/token", exp: Double = now + 60, jti: String = "one",
        secret: String = "s3cret"
    ) throws -> [(String, String)] {
        let claims = JSONValue.object([
            "iss": .string("svc"), "sub": .string("svc"), "aud": .string(aud), "jti": .string(jti),
            "iat": .number(Self.now), "exp": .number(exp)
        ])
        return [
            ("client_assertion_type", "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"),
            ("client_assertion", try JWSSigner(secret: secret, algorithm: .hs256).sign(claims: claims))
        ]
    }

    func grant(_ sandbox: SandboxClient, _ form: [(String, String)]) -> HTTPServerResponse {
        sandbox.post("/oauth/token", [("grant_type", "client_credentials"), ("scope", "api.read")] + form)
    }

    @Test func anAssertionIsTakenOnceAndOnlyWhenItIsRight() throws {
        let sandbox = try sandbox()
        #expect(grant(sandbox, try assertion()).status == 200)
        #expect(grant(sandbox, try assertion()).status == 401, "a replayed jti")
        #expect(grant(sandbox, try assertion(aud: "http://elsewhere/token", jti: "2")).status == 401)
        #expect(grant(sandbox, try assertion(exp: Self.now - 1, jti: "3")).status == 401, "expired")
        #expect(grant(sandbox, try assertion(exp: Self.now + 3600, jti: "4")).status == 401, "too long a life")
        #expect(grant(sandbox, try assertion(jti: "5", secret: "other")).status == 401, "another key")
        #expect(grant(sandbox, [("client_id", "svc"), ("client_secret", "s3cret")]).status == 401, "not allowed")
        #expect(grant(sandbox, try assertion(jti: "6")).status == 200)
    }

    @Test func aMachineTokenIsActiveToItsClientAtIntrospection() throws {
        let sandbox = try sandbox()
        let answer = try SandboxClient.json(grant(sandbox, try assertion()))
        #expect(answer["refresh_token"] == nil && answer["scope"] as? String == "api.read")
        let token = try #require(answer["access_token"] as? String)
        let introspection = try SandboxClient.json(
            sandbox.post("/oauth/introspect", [("token", token)] + (try assertion(jti: "i1"))))
        #expect(introspection["active"] as? Bool == true)
        #expect(introspection["client_id"] as? String == "svc" && introspection["sub"] as? String == "svc")
        let unknown = try SandboxClient.json(
            sandbox.post("/oauth/introspect", [("token", "nope")] + (try assertion(jti: "i2"))))
        #expect(unknown.count == 1 && unknown["active"] as? Bool == false)
        let document = try SandboxClient.json(sandbox.get("/.well-known/openid-configuration"))
        #expect(document["introspection_endpoint"] as? String == "http://sandbox.invalid/oauth/introspect")
        #expect((document["grant_types_supported"] as? [String])?.contains("client_credentials") == true)
        #expect((document["token_endpoint_auth_signing_alg_values_supported"] as? [String])?.contains("HS256") == true)
    }
}
