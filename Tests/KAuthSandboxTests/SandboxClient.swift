import Foundation
import KAuthBasics
import KAuthCore
import KAuthSandbox
import KAuthTestSupport
import Testing

/// A sandbox provider on a test clock with seeded randomness, and helpers that speak to it as a
/// client would: everything goes through `handle`, as it would through the socket.
package struct SandboxClient: Sendable {
    /// RFC 7636 Appendix B.
    package static let verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
    package static let challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
    package static let clientID = "sandbox-rest-key"
    package static let redirectURI = "http://127.0.0.1:53682/callback"

    package let clock: TestClock
    package let provider: SandboxProvider

    package init(_ configuration: SandboxConfiguration = SandboxConfiguration(), seed: UInt64 = 42) throws {
        let clock = TestClock()
        self.clock = clock
        provider = try SandboxProvider(configuration: configuration, clock: clock.clock, random: .seeded(seed))
    }

    package init(provider: SandboxProvider, clock: TestClock = TestClock()) {
        self.provider = provider
        self.clock = clock
    }

    package func get(_ path: String, _ query: [(String, String)] = [], bearer: String? = nil) -> HTTPServerResponse {
        let target = query.isEmpty ? path : path + "?" + FormURLEncoding.encode(query)
        var headers: [HTTPHeader] = []
        if let bearer { headers.append(HTTPHeader("Authorization", "Bearer \(bearer)")) }
        return provider.handle(HTTPServerRequest(method: "GET", target: target, headers: headers))
    }

    package func post(
        _ path: String, _ form: [(String, String)] = [], bearer: String? = nil, headers extra: [HTTPHeader] = []
    ) -> HTTPServerResponse {
        var headers = [HTTPHeader("Content-Type", "application/x-www-form-urlencoded;charset=utf-8")] + extra
        if let bearer { headers.append(HTTPHeader("Authorization", "Bearer \(bearer)")) }
        return provider.handle(
            HTTPServerRequest(
                method: "POST", target: path, headers: headers, body: Data(FormURLEncoding.encode(form).utf8)))
    }

    /// `GET /oauth/authorize` with the usual parameters, `extra` appended or replacing.
    package func authorize(_ extra: [(String, String)] = [], omit: Set<String> = []) -> HTTPServerResponse {
        var query: [(String, String)] = [
            ("client_id", Self.clientID), ("redirect_uri", Self.redirectURI), ("response_type", "code"),
            ("state", "st-123"), ("code_challenge", Self.challenge), ("code_challenge_method", "S256")
        ]
        for (name, value) in extra {
            if let index = query.firstIndex(where: { $0.0 == name }) {
                query[index].1 = value
            } else {
                query.append((name, value))
            }
        }
        return get("/oauth/authorize", query.filter { !omit.contains($0.0) })
    }

    /// The `code` of a successful authorize.
    package func code(
        _ extra: [(String, String)] = [], omit: Set<String> = [], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let response = authorize(extra, omit: omit)
        #expect(response.status == 302, sourceLocation: sourceLocation)
        return try #require(Self.redirectParameters(response).first(named: "code"), sourceLocation: sourceLocation)
    }

    package func exchange(
        _ code: String, verifier: String? = SandboxClient.verifier, redirectURI: String = SandboxClient.redirectURI,
        extra: [(String, String)] = []
    ) -> HTTPServerResponse {
        var form = [
            ("grant_type", "authorization_code"), ("client_id", Self.clientID), ("redirect_uri", redirectURI),
            ("code", code)
        ]
        if let verifier { form.append(("code_verifier", verifier)) }
        return post("/oauth/token", form + extra)
    }

    package func refresh(_ token: String?, extra: [(String, String)] = []) -> HTTPServerResponse {
        var form = [("grant_type", "refresh_token"), ("client_id", Self.clientID)]
        if let token { form.append(("refresh_token", token)) }
        return post("/oauth/token", form + extra)
    }

    /// A whole login: authorize with PKCE, exchange; the access and refresh tokens.
    package func login(_ extra: [(String, String)] = [], sourceLocation: SourceLocation = #_sourceLocation) throws -> (
        access: String, refresh: String
    ) {
        let response = exchange(try code(extra, sourceLocation: sourceLocation))
        #expect(response.status == 200, sourceLocation: sourceLocation)
        let body = try Self.json(response, sourceLocation: sourceLocation)
        return (
            try #require(body["access_token"] as? String, sourceLocation: sourceLocation),
            try #require(body["refresh_token"] as? String, sourceLocation: sourceLocation)
        )
    }

    /// A response body that is a JSON object.
    package static func json(_ response: HTTPServerResponse, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> [String: Any]
    {
        try #require(
            try JSONSerialization.jsonObject(with: response.body) as? [String: Any], sourceLocation: sourceLocation)
    }

    package static func text(_ response: HTTPServerResponse) -> String {
        String(decoding: response.body, as: UTF8.self)
    }

    /// The query parameters of a redirect's `Location`.
    package static func redirectParameters(_ response: HTTPServerResponse) -> [(String, String)] {
        guard let location = response.headers.value(for: "Location"), let mark = location.firstIndex(of: "?") else {
            return []
        }
        return FormURLEncoding.decode(String(location[location.index(after: mark)...]))
    }
}
