import KAuthBasics

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The user calls every provider answers in its own way — the profile, OpenID Connect userinfo,
/// logout and unlink — through the provider value's description of them.
package struct UserAPI: Sendable {
    package var client: APIClient

    package init(client: APIClient) {
        self.client = client
    }

    package var provider: Provider { client.provider }

    /// The profile as the provider sent it. `propertyKeys` narrows it for providers whose profile
    /// request takes them (Kakao's user properties: the caller checks KakaoAPI's `.userProperties`).
    ///
    /// - Parameter idTokenSubject: the `sub` of the login's ID token, if it has one: a profile
    ///   that is the provider's userinfo must be about that subject (`checkSubject`).
    package func profile(propertyKeys: [String] = [], idTokenSubject: String? = nil) async throws -> APIResult<
        JSONValue
    > {
        let result = try await client.send(try provider.type.profile.request(provider, propertyKeys))
        try provider.type.profile.check(result.value)
        if provider.type.profile.isUserinfo, let idTokenSubject {
            try Self.checkSubject(of: result.value, idTokenSubject: idTokenSubject)
        }
        return result
    }

    /// OIDC Core §5.3.2: "The sub Claim in the UserInfo Response MUST be verified to exactly
    /// match the sub Claim in the ID Token; if they do not match, the UserInfo Response values
    /// MUST NOT be used." Throws `foreignUserinfo` so that no caller can use it by mistake.
    static func checkSubject(of userinfo: JSONValue, idTokenSubject: String) throws(KAuthError) {
        let subject = userinfo["sub"]?.stringValue
        guard subject == idTokenSubject else { throw .foreignUserinfo(subject: subject, expected: idTokenSubject) }
    }

    /// What the keystore keeps of a profile object.
    package func cachedUser(from profile: JSONValue) -> CachedUser {
        provider.type.profile.cachedUser(profile)
    }

    /// OIDC Core §5.3 userinfo, about the ID token's subject when one is given (`checkSubject`).
    package func userinfo(idTokenSubject: String? = nil) async throws -> APIResult<JSONValue> {
        guard let endpoint = try provider.requireEndpoints().userinfo else {
            throw KAuthError.unsupported(provider: provider.name, .userinfo)
        }
        let result = try await client.send(APICall(method: "GET", url: endpoint))
        if let idTokenSubject { try Self.checkSubject(of: result.value, idTokenSubject: idTokenSubject) }
        return result
    }

    /// How a logout went at the provider.
    package enum LogoutOutcome: Sendable, Equatable {
        /// The provider's logout call succeeded.
        case loggedOut
        /// The refresh token (or, without one, the access token) was revoked.
        case revoked
        /// Nothing could be revoked: the refresh token stays valid at the provider until it expires.
        case notRevoked(NotRevoked)
    }

    package enum NotRevoked: Sendable, Equatable {
        case noEndpoint
        case refused(status: Int, error: String?)
        case noToken
    }

    /// Ends the session at the provider: its logout call, or RFC 7009 revocation of the refresh
    /// token (which should end its access tokens too).
    ///
    /// - Parameter validAccessToken: the access token when it is still valid, for servers that
    ///   take it as the credential of a public client's revocation request.
    /// - Parameter world: the clock, randomness and files a signed client assertion needs.
    package func logout(refreshToken: String?, validAccessToken: String?, world: World) async throws -> LogoutOutcome {
        switch provider.type.logout {
        case .call(let call):
            _ = try await client.send(try call(provider))
            return .loggedOut
        case .revocation:
            guard let token = refreshToken ?? validAccessToken else { return .notRevoked(.noToken) }
            var world = world
            world.http = client.http
            let revocation = TokenRevocation(world: world, provider: provider)
            switch try await revocation.revoke(
                token: token, hint: refreshToken != nil ? "refresh_token" : "access_token", bearer: validAccessToken)
            {
            case .revoked: return .revoked
            case .noEndpoint: return .notRevoked(.noEndpoint)
            case .refused(let status, let error): return .notRevoked(.refused(status: status, error: error))
            }
        }
    }

    /// Disconnects the user from the app, where the provider has such a thing.
    package func unlink() async throws {
        guard let unlink = provider.type.unlink else { throw KAuthError.unsupported(provider: provider.name, .unlink) }
        _ = try await client.send(try unlink(provider))
    }
}
