import Foundation
import Testing
@testable import KAuthCore

@Suite struct TokenResponseTests {
    @Test func decodesACodeExchangeResponse() throws {
        let json = #"{"token_type":"bearer","access_token":"AT","expires_in":21599,"refresh_token":"RT","refresh_token_expires_in":5183999,"scope":"account_email profile_nickname","extra":1}"#
        let response = try JSONDecoder().decode(TokenResponse.self, from: Data(json.utf8))
        #expect(response == TokenResponse(accessToken: "AT", expiresIn: 21599, refreshToken: "RT", refreshTokenExpiresIn: 5183999, scope: "account_email profile_nickname"))
        #expect(response.scopes == ["account_email", "profile_nickname"])
    }

    @Test func decodesARefreshResponseWithoutARefreshToken() throws {
        let json = #"{"token_type":"bearer","access_token":"AT2","expires_in":"43199"}"#
        let response = try JSONDecoder().decode(TokenResponse.self, from: Data(json.utf8))
        #expect(response.refreshToken == nil)
        #expect(response.refreshTokenExpiresIn == nil)
        #expect(response.expiresIn == 43199)
        #expect(response.scopes == nil)
    }

    @Test func decodesKakaoTokenErrors() throws {
        let json = #"{"error":"invalid_grant","error_description":"authorization code not found for code=xyz","error_code":"KOE320"}"#
        let error = try JSONDecoder().decode(OAuthErrorResponse.self, from: Data(json.utf8))
        #expect(error == OAuthErrorResponse(error: "invalid_grant", errorDescription: "authorization code not found for code=xyz", errorCode: "KOE320"))
    }
}

@Suite struct RefreshMergeTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    var session: StoredSession {
        StoredSession(
            provider: "kakao", clientID: "id", accessToken: "old-at", accessTokenExpiresAt: now,
            refreshToken: "old-rt", refreshTokenExpiresAt: now.addingTimeInterval(40 * 86_400),
            scopes: ["profile_nickname", "account_email"], idToken: "old-id", createdAt: now, updatedAt: now
        )
    }

    @Test func withoutARotatedRefreshTokenTheOldOneAndItsExpiryAreKept() {
        let later = now.addingTimeInterval(100.7)
        let merged = session.applying(TokenResponse(accessToken: "new-at", expiresIn: 21599), now: later)
        #expect(merged.accessToken == "new-at")
        #expect(merged.accessTokenExpiresAt == Date(timeIntervalSince1970: 1_800_000_100 + 21599))
        #expect(merged.refreshToken == "old-rt")
        #expect(merged.refreshTokenExpiresAt == session.refreshTokenExpiresAt)
        #expect(merged.scopes == session.scopes)
        #expect(merged.idToken == "old-id")
        #expect(merged.updatedAt == Date(timeIntervalSince1970: 1_800_000_100))
    }

    @Test func aRotatedRefreshTokenReplacesTheOldOne() {
        let merged = session.applying(
            TokenResponse(accessToken: "new-at", expiresIn: 100, refreshToken: "new-rt", refreshTokenExpiresIn: 5_183_999, scope: "profile_nickname"),
            now: now
        )
        #expect(merged.refreshToken == "new-rt")
        #expect(merged.refreshTokenExpiresAt == now.addingTimeInterval(5_183_999))
        #expect(merged.scopes == ["profile_nickname"])
    }

    @Test func validityIsJudgedAgainstAMinimumLifetime() {
        var session = session
        session.accessTokenExpiresAt = now.addingTimeInterval(61)
        #expect(session.accessTokenValid(for: 60, at: now))
        #expect(!session.accessTokenValid(for: 62, at: now))
        #expect(!session.accessTokenValid(for: 0, at: now.addingTimeInterval(62)))
    }
}

@Suite struct RedactionTests {
    @Test func masksSecretFormAndQueryValues() {
        #expect(Redaction.form("grant_type=refresh_token&refresh_token=RT&client_secret=S&client_id=id")
            == "grant_type=refresh_token&refresh_token=[redacted]&client_secret=[redacted]&client_id=id")
        #expect(Redaction.url("http://h/cb?code=C&state=s") == "http://h/cb?code=[redacted]&state=s")
    }

    @Test func masksSecretsInProviderMessages() {
        #expect(Redaction.text("authorization code not found for code=abc123") == "authorization code not found for code=[redacted]")
        #expect(Redaction.text("bad refresh_token=xyz, try again") == "bad refresh_token=[redacted], try again")
        #expect(Redaction.text("a=1 b=2") == "a=1 b=2")
        #expect(KAuthError.oauth(error: "invalid_grant", description: "not found for code=abc", providerCode: "KOE320").message.contains("code=[redacted]"))
    }

    @Test func masksCredentialsInHeaders() {
        #expect(Redaction.header(HTTPHeader("Authorization", "Bearer AT")) == "Authorization: Bearer [redacted]")
        #expect(Redaction.header(HTTPHeader("Accept", "application/json")) == "Accept: application/json")
    }

    @Test func masksSecretsAtAnyDepthOfJSON() {
        let body = Data(#"{"access_token":"AT","nested":{"refresh_token":"RT","keep":"ok"},"list":[{"id_token":"X"}]}"#.utf8)
        let text = Redaction.body(body, contentType: "application/json")
        #expect(!text.contains("AT\"") && !text.contains("RT") && !text.contains("\"X\""))
        #expect(text.contains("\"keep\":\"ok\""))
    }
}

@Suite struct ConfigFileTests {
    @Test func keepsCommentsAndOrderWhenSettingAndUnsetting() throws {
        var file = try ConfigFile(parsing: "# my settings\nprovider.kakao.client_id = abc\n\nprovider.kakao.scopes = a, b\n", path: "config")
        #expect(file.value("provider.kakao.client_id") == "abc")
        file.set("provider.kakao.client_id", "xyz")
        file.set("provider.work.type", "oidc")
        let removed = file.unset("provider.kakao.scopes")
        let removedAgain = file.unset("provider.kakao.scopes")
        #expect(removed)
        #expect(!removedAgain)
        #expect(file.serialized() == "# my settings\nprovider.kakao.client_id = xyz\n\nprovider.work.type = oidc\n")
    }

    @Test func aLineWithoutEqualsIsAnErrorWithItsLineNumber() {
        #expect(throws: KAuthError.usage("config:2: expected `key = value`, found 'oops'; fix or remove that line")) {
            try ConfigFile(parsing: "a = 1\noops\n", path: "config")
        }
    }

    @Test func validatesKeys() throws {
        try ConfigStore.validate(key: "provider.kakao.client_id")
        #expect(throws: KAuthError.self) { try ConfigStore.validate(key: "provider.kakao.clientid") }
        #expect(throws: KAuthError.self) { try ConfigStore.validate(key: "client_id") }
    }

    @Test func settingsResolveFlagThenEnvironmentThenConfig() throws {
        let config = try ConfigFile(parsing: "provider.kakao.client_id = from-config\nprovider.kakao.scopes = a b,c\n", path: "c")
        let env = Environment(["KAUTH_CLIENT_ID": "from-env", "KAUTH_KAKAO_AUTH_URL": "http://127.0.0.1:1/"])
        let resolved = try ResolvedProvider.resolve(name: "kakao", overrides: ProviderOverrides(clientID: "from-flag"), environment: env, config: config)
        #expect(resolved.clientID == "from-flag")
        #expect(resolved.authBaseURL == "http://127.0.0.1:1")
        #expect(resolved.apiBaseURL == Kakao.apiURL)
        #expect(resolved.scopes == ["a", "b", "c"])
        #expect(try ResolvedProvider.resolve(name: "kakao", environment: env, config: config).clientID == "from-env")
        #expect(try ResolvedProvider.resolve(name: "kakao", environment: Environment([:]), config: config).clientID == "from-config")
        #expect(throws: KAuthError.self) { try ResolvedProvider.resolve(name: "nope", environment: env, config: config) }
    }
}
