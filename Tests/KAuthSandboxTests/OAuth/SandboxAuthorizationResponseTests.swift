import Foundation
import KAuthBasics
import KAuthCore
import KAuthSandbox
import KAuthTestSupport
import Testing

private typealias Sandbox = SandboxClient

private let issuer = "http://127.0.0.1:8765"

private func advertised(_ sandbox: Sandbox) throws -> Bool? {
    try SandboxClient.json(sandbox.get("/.well-known/openid-configuration"))[
        "authorization_response_iss_parameter_supported"] as? Bool
}

/// The `iss` of a redirect, and whether it carried one.
private func iss(_ response: HTTPServerResponse) -> String? {
    SandboxClient.redirectParameters(response).first(named: "iss")
}

/// What authorization responses carry: `iss` as other providers send it (or mis-send it), and
/// a required `nonce`.
@Suite struct SandboxAuthorizationResponseTests {
    @Test func anUnadvertisedIssIsSentAnyway() throws {
        for oidc in [true, false] {
            let sandbox = try Sandbox(
                SandboxConfiguration(oidc: oidc, issuer: issuer, authorizationResponseIss: .unadvertised))
            #expect(try advertised(sandbox) == false)
            #expect(iss(sandbox.authorize()) == issuer)
            // Errors too (RFC 9207 §2).
            let error = sandbox.authorize([("scope", "no_such_scope")])
            #expect(SandboxClient.redirectParameters(error).first(named: "error") == "invalid_scope")
            #expect(iss(error) == issuer)
        }
    }

    @Test func aWrongIssIsSentWhereTheRightOneWouldBe() throws {
        let sandbox = try Sandbox(SandboxConfiguration(oidc: true, issuer: issuer, authorizationResponseIss: .wrong))
        #expect(try advertised(sandbox) == false, "a mix-up attacker does not announce iss")
        let wrong = try #require(iss(sandbox.authorize()))
        #expect(wrong != issuer && wrong.hasPrefix(issuer))
        #expect(iss(sandbox.authorize([("prompt", "bogus")])) == wrong)
        // Discovery and ID tokens keep the real issuer: only the redirect lies.
        #expect(try SandboxClient.json(sandbox.get("/.well-known/openid-configuration"))["issuer"] as? String == issuer)
    }

    @Test func theSettingIsChangedAtRunTime() throws {
        let sandbox = try Sandbox(SandboxConfiguration(issuer: issuer))
        #expect(iss(sandbox.authorize()) == nil)
        let set = try SandboxClient.json(sandbox.post("/_sandbox/config", [("authorization_response_iss", "wrong")]))
        #expect(set["authorization_response_iss"] as? String == "wrong")
        #expect(iss(sandbox.authorize()) == issuer + "/wrong")
        #expect(try advertised(sandbox) == false)
        #expect(sandbox.post("/_sandbox/config", [("authorization_response_iss", "sometimes")]).status == 400)
        _ = sandbox.post("/_sandbox/config", [("authorization_response_iss", "standard"), ("oidc", "true")])
        #expect(iss(sandbox.authorize()) == issuer)
        #expect(try advertised(sandbox) == true)
    }

    @Test func aNonceIsRequiredWithOpenID() throws {
        let sandbox = try Sandbox(SandboxConfiguration(oidc: true, issuer: issuer, requireNonce: true))
        for nonce in [nil, ""] as [String?] {
            let refused = sandbox.authorize(
                [("scope", "openid profile_nickname")] + (nonce.map { [("nonce", $0)] } ?? []))
            #expect(refused.status == 302)
            let parameters = SandboxClient.redirectParameters(refused)
            #expect(parameters.first(named: "error") == "invalid_request")
            #expect(parameters.first(named: "error_description") == "nonce required")
            #expect(parameters.first(named: "code") == nil)
            #expect(parameters.first(named: "state") == "st-123")
        }
        _ = try sandbox.code([("scope", "openid profile_nickname"), ("nonce", "n-1")])
        // Without openid no ID token is made, so no nonce is needed.
        _ = try sandbox.code([("scope", "profile_nickname")])
        _ = sandbox.post("/_sandbox/config", [("require_nonce", "false")])
        _ = try sandbox.code([("scope", "openid")])
    }
}
