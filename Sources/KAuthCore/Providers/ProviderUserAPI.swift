#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The user-facing calls whose endpoint differs by provider: the profile, logging out, unlinking.
/// Kakao has its own REST APIs; an OpenID Connect provider has userinfo and RFC 7009 revocation;
/// Snapchat has a GraphQL profile and its revoke endpoints (spec/snap-oidc.md §A).
package struct ProviderUserAPI: Sendable {
    package var client: APIClient
    package var http: HTTPClient

    package init(client: APIClient, http: HTTPClient) {
        self.client = client
        self.http = http
    }

    var provider: ResolvedProvider { client.provider }

    /// The profile as the provider sent it, and what the keystore caches of it.
    package func profile(propertyKeys: [String] = []) async throws -> APIResult<JSONValue> {
        switch provider.kind {
        case .kakao:
            return try await client.send(UserMeRequest(propertyKeys: propertyKeys))
        case .oidc:
            return try await userinfo()
        case .snapchat:
            let endpoint = try provider.requireEndpoints().userinfo ?? (provider.apiBaseURL + "/v1/me")
            let result = try await client.send(SnapchatMeRequest(url: endpoint))
            if let message = result.value.value(at: "errors.0.message")?.stringValue {
                throw KAuthError.api(status: 200, code: nil, message: "Snapchat: \(message)")
            }
            return result
        }
    }

    /// OIDC Core §5.3 userinfo (Kakao: `/v1/oidc/userinfo`).
    package func userinfo() async throws -> APIResult<JSONValue> {
        guard let endpoint = try provider.requireEndpoints().userinfo else {
            throw KAuthError.usage("provider '\(provider.name)' has no userinfo endpoint")
        }
        return try await client.send(AbsoluteURLRequest(url: endpoint))
    }

    /// What the keystore keeps of a profile object.
    package func cachedUser(from profile: JSONValue) -> CachedUser {
        switch provider.kind {
        case .kakao:
            return CachedUser(kakaoUser: profile)
        case .oidc:
            return CachedUser(
                id: profile["sub"]?.stringValue, nickname: profile["nickname"]?.stringValue ?? profile["preferred_username"]?.stringValue,
                email: profile["email"]?.stringValue, phoneNumber: profile["phone_number"]?.stringValue,
                displayName: profile["name"]?.stringValue ?? profile["nickname"]?.stringValue, country: nil
            )
        case .snapchat:
            let me = profile.value(at: "data.me")
            // externalId is standard Base64 (+, /, =): kept as data, never used in a file name.
            return CachedUser(id: me?["externalId"]?.stringValue, nickname: me?["displayName"]?.stringValue, displayName: me?["displayName"]?.stringValue)
        }
    }

    /// Ends the session at the provider: Kakao's logout, or RFC 7009 revocation of the refresh
    /// token (which should end its access tokens too). Returns a note when there was nothing to call.
    package func logout(refreshToken: String?, accessToken: String?) async throws -> String? {
        switch provider.kind {
        case .kakao:
            _ = try await client.send(LogoutRequest())
            return nil
        case .oidc, .snapchat:
            guard let endpoint = try provider.requireEndpoints().revocation else {
                return "provider '\(provider.name)' has no revocation endpoint (set provider.\(provider.name).revocation_endpoint if it has one); the tokens were only deleted here"
            }
            guard let token = refreshToken ?? accessToken else { return nil }
            try await revoke(token: token, hint: refreshToken != nil ? "refresh_token" : "access_token", endpoint: endpoint)
            return nil
        }
    }

    /// RFC 7009 §2.1: `token`, `token_type_hint`, and the client's authentication.
    func revoke(token: String, hint: String, endpoint: String) async throws {
        var pairs = [("token", token), ("token_type_hint", hint), ("client_id", try provider.requireClientID())]
        if let secret = provider.clientSecret { pairs.append(("client_secret", secret)) }
        let response = try await http.perform(.form(endpoint, pairs))
        // §2.2: 200 for success and for unknown tokens alike; 503 may carry Retry-After.
        if response.status == 200 { return }
        if response.status >= 500 { throw KAuthError.unavailable("revocation at \(endpoint) answered HTTP \(response.status)") }
        let body = try? JSONDecoder().decode(OAuthErrorResponse.self, from: response.body)
        throw KAuthError.oauth(error: body?.error ?? "HTTP \(response.status)", description: body?.errorDescription, providerCode: body?.errorCode)
    }

    /// Disconnects the user from the app: Kakao's unlink; Snapchat's "revoke all sessions"
    /// (`/v1/oauth2/revoke_client`, whose REST contract Snap does not document).
    package func unlink() async throws {
        switch provider.kind {
        case .kakao:
            _ = try await client.send(UnlinkRequest())
        case .snapchat:
            _ = try await client.send(AbsoluteURLRequest(url: provider.apiBaseURL + "/v1/oauth2/revoke_client", method: "POST"))
        case .oidc:
            throw KAuthError.usage("OpenID Connect defines no unlink; use `kauth logout` to revoke this login's tokens")
        }
    }
}

/// A call to a full URL taken from discovery or a provider's fixed address.
package struct AbsoluteURLRequest: APIRequest {
    package typealias Response = JSONValue
    package var url: String
    package var method: String

    package init(url: String, method: String = "GET") {
        self.url = url
        self.method = method
    }

    package var path: String { url }
    package var isAbsolute: Bool { true }
}

/// Snap's profile: GraphQL `{me{…}}` in the query string with a Bearer token (§A.1, §A.5).
package struct SnapchatMeRequest: APIRequest {
    package typealias Response = JSONValue
    package var url: String
    package var method: String { "GET" }
    package var path: String { url }
    package var isAbsolute: Bool { true }
    package var parameters: [(String, String)] { [("query", Snapchat.meQuery)] }
}
