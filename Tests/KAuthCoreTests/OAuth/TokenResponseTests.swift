import Foundation
import Testing

@testable import KAuthCore

@Suite struct TokenResponseTests {
    @Test func decodesACodeExchangeResponse() throws {
        let json =
            #"{"token_type":"bearer","access_token":"AT","expires_in":21599,"refresh_token":"RT","refresh_token_expires_in":5183999,"scope":"account_email profile_nickname","extra":1}"#
        let response = try JSONDecoder().decode(TokenResponse.self, from: Data(json.utf8))
        #expect(
            response
                == TokenResponse(
                    accessToken: "AT", expiresIn: 21599, refreshToken: "RT", refreshTokenExpiresIn: 5_183_999,
                    scope: "account_email profile_nickname"))
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
        let json =
            #"{"error":"invalid_grant","error_description":"authorization code not found for code=xyz","error_code":"KOE320"}"#
        let error = try JSONDecoder().decode(OAuthErrorResponse.self, from: Data(json.utf8))
        #expect(
            error
                == OAuthErrorResponse(
                    error: "invalid_grant", errorDescription: "authorization code not found for code=xyz",
                    errorCode: "KOE320"))
    }

    /// RFC 6749 A.12/A.17: tokens are printable ASCII. Anything else (an escape, a line break,
    /// non-ASCII) is refused whichever token carries it; a space inside is VSCHAR and allowed.
    @Test(arguments: [
        ("access_token", "AT\\u001b]52;c;x\\u0007"), ("access_token", "AT\\nline"), ("refresh_token", "R\\u00e9T"),
        ("id_token", "a.b.\\u0000")
    ])
    func tokensThatAreNotPrintableASCIIAreRefused(field: String, value: String) {
        var members = ["\"access_token\":\"AT\"", "\"expires_in\":60"]
        members.removeAll { $0.hasPrefix("\"\(field)\"") }
        members.append("\"\(field)\":\"\(value)\"")
        let json = "{" + members.joined(separator: ",") + "}"
        #expect(throws: TokenForm.Malformed(field: field)) {
            _ = try JSONDecoder().decode(TokenResponse.self, from: Data(json.utf8))
        }
        #expect(TokenForm.isWellFormed("a b~!") && !TokenForm.isWellFormed(""))
    }
}
