import Foundation
import KAuthBasics
import KAuthCore
import KAuthSandbox
import KAuthTestSupport
import Testing

private typealias Sandbox = SandboxClient

/// `Authorization: Basic base64(urlencode(id):urlencode(secret))` (RFC 6749 §2.3.1).
private func basic(_ id: String, _ secret: String) -> HTTPHeader {
    let pair = FormURLEncoding.encode([("", id)]).dropFirst() + ":" + FormURLEncoding.encode([("", secret)]).dropFirst()
    return HTTPHeader("Authorization", "Basic " + Data(pair.utf8).base64EncodedString())
}

private func json(_ response: HTTPServerResponse, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String:
    Any]
{
    try SandboxClient.json(response, sourceLocation: sourceLocation)
}

private func discovery(_ sandbox: Sandbox) throws -> [String: Any] {
    try json(sandbox.get("/.well-known/openid-configuration"))
}

/// A refusal of the client: 401 `invalid_client` with `code`, and the Basic challenge when
/// `challenge` says so.
private func expectRefused(
    _ response: HTTPServerResponse, code: String, challenge: Bool, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    #expect(response.status == 401, sourceLocation: sourceLocation)
    let body = try json(response, sourceLocation: sourceLocation)
    #expect(body["error"] as? String == "invalid_client", sourceLocation: sourceLocation)
    #expect(body["error_code"] as? String == code, sourceLocation: sourceLocation)
    #expect(
        (response.headers.value(for: "WWW-Authenticate") == "Basic realm=\"kauth sandbox\"") == challenge,
        sourceLocation: sourceLocation)
}

@Suite struct SandboxClientAuthenticationTests {
    @Test func theDefaultIsKakaosCredentialsInTheForm() throws {
        let sandbox = try Sandbox()
        let document = try discovery(sandbox)
        #expect(document["token_endpoint_auth_methods_supported"] as? [String] == ["client_secret_post", "none"])
        #expect(document["revocation_endpoint_auth_methods_supported"] as? [String] == ["client_secret_post", "none"])
        // A public client that tries Basic anyway is told it may not.
        let response = sandbox.exchange(try sandbox.code(), extra: []).status
        #expect(response == 200)
        let tried = sandbox.post(
            "/oauth/token", [("grant_type", "refresh_token"), ("refresh_token", "x")],
            headers: [basic(SandboxClient.clientID, "")])
        try expectRefused(tried, code: "KOE010", challenge: true)
        #expect(
            try json(tried)["error_description"] as? String
                == "client_secret_basic is not allowed for this app: use client_secret_post")
    }

    @Test func basicOnlyRefusesTheSecretInTheForm() throws {
        let sandbox = try Sandbox(SandboxConfiguration(clientSecret: "s3cret", clientAuthMethods: [.clientSecretBasic]))
        let document = try discovery(sandbox)
        #expect(document["token_endpoint_auth_methods_supported"] as? [String] == ["client_secret_basic"])
        #expect(document["revocation_endpoint_auth_methods_supported"] as? [String] == ["client_secret_basic"])

        let code = try sandbox.code()
        let inForm = sandbox.exchange(code, extra: [("client_secret", "s3cret")])
        try expectRefused(inForm, code: "KOE010", challenge: true)
        #expect(
            try json(inForm)["error_description"] as? String
                == "client_secret_post is not allowed for this app: use client_secret_basic")
        // The refusal came before the code was looked at: it still works, with Basic.
        let form = [
            ("grant_type", "authorization_code"), ("redirect_uri", SandboxClient.redirectURI), ("code", code),
            ("code_verifier", SandboxClient.verifier)
        ]
        let withBasic = sandbox.post("/oauth/token", form, headers: [basic(SandboxClient.clientID, "s3cret")])
        #expect(withBasic.status == 200)
        let refresh = try #require(try json(withBasic)["refresh_token"] as? String)
        let access = try #require(try json(withBasic)["access_token"] as? String)

        // client_id may also be in the form, if it is the same one.
        let refreshed = sandbox.post(
            "/oauth/token",
            [("grant_type", "refresh_token"), ("client_id", SandboxClient.clientID), ("refresh_token", refresh)],
            headers: [basic(SandboxClient.clientID, "s3cret")])
        #expect(refreshed.status == 200)
        let wrongSecret = sandbox.post(
            "/oauth/token", [("grant_type", "refresh_token"), ("refresh_token", refresh)],
            headers: [basic(SandboxClient.clientID, "nope")])
        try expectRefused(wrongSecret, code: "KOE010", challenge: true)
        let noCredentials = sandbox.post(
            "/oauth/token",
            [("grant_type", "refresh_token"), ("client_id", SandboxClient.clientID), ("refresh_token", refresh)])
        try expectRefused(noCredentials, code: "KOE010", challenge: true)

        // The device and revocation endpoints follow the same rule.
        try expectRefused(
            sandbox.post("/oauth/device/code", [("client_id", SandboxClient.clientID), ("client_secret", "s3cret")]),
            code: "KOE010", challenge: true)
        #expect(
            sandbox.post(
                "/oauth/device/code", [("scope", "profile_nickname")],
                headers: [basic(SandboxClient.clientID, "s3cret")]
            ).status == 200)
        try expectRefused(
            sandbox.post(
                "/oauth/revoke", [("client_id", SandboxClient.clientID), ("client_secret", "s3cret"), ("token", access)]
            ), code: "KOE010", challenge: true)
        let revoked = sandbox.post(
            "/oauth/revoke", [("token", access)], headers: [basic(SandboxClient.clientID, "s3cret")])
        #expect(revoked.status == 200)
        #expect(sandbox.provider.requestLog.last?.revoked == true)
        #expect(sandbox.provider.requestLog.last?.clientID == SandboxClient.clientID)
    }

    @Test func basicCredentialsAreFormURLEncodedFirst() throws {
        let id = "app:key é"
        let secret = "s3 cr+t/%="
        let sandbox = try Sandbox(
            SandboxConfiguration(clientID: id, clientSecret: secret, clientAuthMethods: [.clientSecretBasic]))
        let form = [("grant_type", "refresh_token"), ("refresh_token", "unknown")]
        // Encoded as RFC 6749 §2.3.1 says: past authentication, to the unknown refresh token.
        let encoded = sandbox.post("/oauth/token", form, headers: [basic(id, secret)])
        #expect(encoded.status == 400)
        #expect(try json(encoded)["error_code"] as? String == "KOE322")
        // Sent raw, the ':' in the id splits it wrongly and '+' decodes to a space.
        let raw = HTTPHeader("Authorization", "Basic " + Data("\(id):\(secret)".utf8).base64EncodedString())
        #expect(sandbox.post("/oauth/token", form, headers: [raw]).status == 401)
        let garbage = sandbox.post("/oauth/token", form, headers: [HTTPHeader("Authorization", "Basic !!!")])
        try expectRefused(garbage, code: "KOE101", challenge: true)
    }

    @Test func bothMethodsTakeEitherButNotBothAtOnce() throws {
        let sandbox = try Sandbox(
            SandboxConfiguration(clientSecret: "s3cret", clientAuthMethods: [.clientSecretPost, .clientSecretBasic]))
        #expect(
            try discovery(sandbox)["token_endpoint_auth_methods_supported"] as? [String] == [
                "client_secret_basic", "client_secret_post"
            ])
        let form = [("grant_type", "refresh_token"), ("refresh_token", "unknown")]
        #expect(
            try json(
                sandbox.post(
                    "/oauth/token", form + [("client_id", SandboxClient.clientID), ("client_secret", "s3cret")]))[
                    "error_code"] as? String == "KOE322")
        #expect(
            try json(sandbox.post("/oauth/token", form, headers: [basic(SandboxClient.clientID, "s3cret")]))[
                "error_code"] as? String == "KOE322")

        let twice = sandbox.post(
            "/oauth/token", form + [("client_secret", "s3cret")], headers: [basic(SandboxClient.clientID, "s3cret")])
        #expect(twice.status == 400)
        #expect(try json(twice)["error"] as? String == "invalid_request")
        let otherID = sandbox.post(
            "/oauth/token", form + [("client_id", "another-app")], headers: [basic(SandboxClient.clientID, "s3cret")])
        #expect(otherID.status == 400)
        // A wrong secret in the form gets no Basic challenge: the client did not try Basic.
        try expectRefused(
            sandbox.post("/oauth/token", form + [("client_id", SandboxClient.clientID), ("client_secret", "nope")]),
            code: "KOE010", challenge: false)
        try expectRefused(
            sandbox.post("/oauth/token", form, headers: [basic(SandboxClient.clientID, "nope")]), code: "KOE010",
            challenge: true)
    }

    @Test func postOnlyRefusesBasic() throws {
        let sandbox = try Sandbox(SandboxConfiguration(clientSecret: "s3cret"))
        #expect(try discovery(sandbox)["token_endpoint_auth_methods_supported"] as? [String] == ["client_secret_post"])
        let form = [("grant_type", "refresh_token"), ("refresh_token", "unknown")]
        try expectRefused(
            sandbox.post("/oauth/token", form, headers: [basic(SandboxClient.clientID, "s3cret")]), code: "KOE010",
            challenge: true)
        #expect(
            try json(
                sandbox.post(
                    "/oauth/token", form + [("client_id", SandboxClient.clientID), ("client_secret", "s3cret")]))[
                    "error_code"] as? String == "KOE322")
    }

    @Test func aPublicClientMayUseBasicWhenAllowed() throws {
        let sandbox = try Sandbox(SandboxConfiguration(clientAuthMethods: [.clientSecretBasic]))
        #expect(
            try discovery(sandbox)["token_endpoint_auth_methods_supported"] as? [String] == [
                "client_secret_basic", "none"
            ])
        // `none`: client_id alone in the form still identifies a public client.
        #expect(try sandbox.login().access.isEmpty == false)
        let form = [("grant_type", "refresh_token"), ("refresh_token", "unknown")]
        #expect(
            try json(sandbox.post("/oauth/token", form, headers: [basic(SandboxClient.clientID, "")]))["error_code"]
                as? String == "KOE322")
    }

    @Test func theControlEndpointSetsMethodsAndCredentials() throws {
        let sandbox = try Sandbox()
        let set = sandbox.post(
            "/_sandbox/config",
            [("client_auth_methods", "client_secret_basic"), ("client_secret", "xyz"), ("client_id", "app-1")])
        #expect(set.status == 200)
        let shown = try json(set)
        #expect(shown["client_auth_methods"] as? [String] == ["client_secret_basic"])
        #expect(shown["client_secret_required"] as? Bool == true)
        #expect(shown["client_id"] as? String == "app-1")
        #expect(!SandboxClient.text(set).contains("xyz"))
        #expect(try discovery(sandbox)["token_endpoint_auth_methods_supported"] as? [String] == ["client_secret_basic"])
        #expect(sandbox.provider.configuration.clientSecret == "xyz")

        for bad in ["", "client_secret_magic", "client_secret_basic,self_signed_tls_client_auth"] {
            let refused = sandbox.post("/_sandbox/config", [("client_auth_methods", bad), ("client_secret", "")])
            #expect(refused.status == 400)
        }
        // Nothing changed by the refused requests.
        #expect(sandbox.provider.configuration.clientAuthMethods == [.clientSecretBasic])
        #expect(sandbox.provider.configuration.clientSecret == "xyz")

        let both = try json(
            sandbox.post(
                "/_sandbox/config",
                [
                    ("client_auth_methods", "client_secret_post client_secret_basic"), ("client_secret", ""),
                    ("client_id", "")
                ]))
        #expect(both["client_auth_methods"] as? [String] == ["client_secret_post", "client_secret_basic"])
        #expect(both["client_secret_required"] as? Bool == false)
        #expect(both["client_id"] is NSNull)
        #expect(
            try discovery(sandbox)["token_endpoint_auth_methods_supported"] as? [String] == [
                "client_secret_basic", "client_secret_post", "none"
            ])
    }
}

/// RFC 4514 names as `tls_client_auth_subject_dn` is compared (RFC 8705 §2.1.2).
@Suite struct SandboxDistinguishedNameTests {
    @Test func spacesAndTheCaseOfTypesDoNotMatterValuesAndOrderDo() {
        let registered = SandboxDistinguishedName("CN=build agent,O=Example")
        #expect(registered != nil)
        #expect(SandboxDistinguishedName("cn = build agent , o=Example") == registered)
        #expect(SandboxDistinguishedName("CN=build agent,O=Other") != registered)
        #expect(SandboxDistinguishedName("O=Example,CN=build agent") != registered, "order is part of the name")
        #expect(SandboxDistinguishedName("CN=Build Agent,O=Example") != registered)
        // An escaped comma is part of the value, not a separator.
        #expect(SandboxDistinguishedName(#"CN=agent\, one,O=Example"#)?.parts.count == 2)
        for bad in ["", "not a dn", "CN=a,", "=a", #"CN=a\"#] {
            #expect(SandboxDistinguishedName(bad) == nil, "\(bad)")
        }
    }
}
