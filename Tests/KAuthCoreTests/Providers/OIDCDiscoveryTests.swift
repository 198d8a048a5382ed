import Foundation
import KAuthTestSupport
import Testing

@testable import KAuthCore

@Suite struct OIDCDiscoveryTests {
    let document =
        #"{"issuer":"https://id.example.com","authorization_endpoint":"https://id.example.com/authorize","token_endpoint":"https://id.example.com/token","userinfo_endpoint":"https://id.example.com/userinfo","jwks_uri":"https://id.example.com/jwks","revocation_endpoint":"https://id.example.com/revoke","device_authorization_endpoint":"https://id.example.com/device","code_challenge_methods_supported":["S256","plain"],"authorization_response_iss_parameter_supported":true,"token_endpoint_auth_methods_supported":["client_secret_basic","private_key_jwt"],"revocation_endpoint_auth_methods_supported":["client_secret_post"]}"#

    @Test func readsTheEndpointsOfAMatchingIssuer() async throws {
        let http = FakeHTTP { _ in FakeHTTP.json(200, document) }
        let endpoints = try await OIDCDiscovery.fetch(issuer: "https://id.example.com", http: http.client)
        #expect(http.requests.map(\.url) == ["https://id.example.com/.well-known/openid-configuration"])
        #expect(
            endpoints
                == ProviderEndpoints(
                    issuer: "https://id.example.com", authorization: "https://id.example.com/authorize",
                    token: "https://id.example.com/token",
                    revocation: "https://id.example.com/revoke", userinfo: "https://id.example.com/userinfo",
                    jwks: "https://id.example.com/jwks",
                    deviceAuthorization: "https://id.example.com/device", codeChallengeMethods: ["S256", "plain"],
                    issParameterSupported: true,
                    tokenAuthMethods: ["client_secret_basic", "private_key_jwt"],
                    revocationAuthMethods: ["client_secret_post"]
                ))
    }

    @Test func refusesADocumentForAnotherIssuer() async throws {
        let http = FakeHTTP { _ in FakeHTTP.json(200, document) }
        await #expect(
            throws: KAuthError.discovery(
                url: "https://id.example.com/tenant/.well-known/openid-configuration",
                .wrongIssuer(named: "https://id.example.com", expected: "https://id.example.com/tenant")
            )
        ) {
            try await OIDCDiscovery.fetch(issuer: "https://id.example.com/tenant", http: http.client)
        }
    }

    @Test func refusesPlainHTTPEndpointsOffLoopback() async throws {
        let insecure = document.replacingOccurrences(
            of: "https://id.example.com/token", with: "http://id.example.com/token")
        let http = FakeHTTP { _ in FakeHTTP.json(200, insecure) }
        await #expect(throws: KAuthError.self) {
            try await OIDCDiscovery.fetch(issuer: "https://id.example.com", http: http.client)
        }
    }

    @Test func aProviderWithoutPKCEIsNotTakenForOne() throws {
        let endpoints = ProviderEndpoints(
            issuer: "https://i", authorization: "https://i/a", token: "https://i/t", codeChallengeMethods: nil)
        #expect(!endpoints.supportsS256)
    }
}
