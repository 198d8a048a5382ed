#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension StoredSession {
    /// A new session from a code exchange.
    package static func from(
        _ response: TokenResponse, provider: ResolvedProvider, clientID: String, openID: Bool, now: Date
    ) -> StoredSession {
        let now = now.wholeSeconds
        return StoredSession(
            provider: provider.name,
            clientID: clientID,
            tokenType: response.tokenType,
            accessToken: response.accessToken,
            accessTokenExpiresAt: now.addingTimeInterval(TimeInterval(response.expiresIn ?? defaultLifetime)),
            refreshToken: response.refreshToken,
            refreshTokenExpiresAt: response.refreshTokenExpiresIn.map { now.addingTimeInterval(TimeInterval($0)) },
            scopes: response.scopes ?? [],
            idToken: response.idToken,
            openID: openID,
            authBaseURL: provider.authBaseURL,
            apiBaseURL: provider.apiBaseURL,
            issuer: provider.kind == .oidc ? provider.issuer : nil,
            endpoints: provider.kind == .oidc ? provider.endpoints : nil,
            createdAt: now,
            updatedAt: now
        )
    }

    /// The session after a refresh (spec §3.3, RFC 6749 §6). Kakao returns `refresh_token` only
    /// when it rotates it: then the old one is dead and is replaced; otherwise it is kept, with
    /// its expiry. A response without `scope` keeps the granted scopes. The ID token stays the
    /// one verified at login.
    package func applying(_ response: TokenResponse, now: Date) -> StoredSession {
        let now = now.wholeSeconds
        var session = self
        session.accessToken = response.accessToken
        session.tokenType = response.tokenType
        session.accessTokenExpiresAt = now.addingTimeInterval(TimeInterval(response.expiresIn ?? Self.defaultLifetime))
        if let refreshToken = response.refreshToken {
            session.refreshToken = refreshToken
            session.refreshTokenExpiresAt = response.refreshTokenExpiresIn.map { now.addingTimeInterval(TimeInterval($0)) }
        }
        if let scopes = response.scopes { session.scopes = scopes }
        // An ID token in a refresh response is not kept: the stored one is the one kauth verified
        // at login (signature, nonce), and a refresh carries no nonce to bind a new one to.
        session.updatedAt = now
        return session
    }

    /// Whether the access token is valid for at least `seconds` more.
    package func accessTokenValid(for seconds: Int, at now: Date) -> Bool {
        accessTokenExpiresAt.timeIntervalSince(now) >= TimeInterval(seconds)
    }

    /// Assumed when a token response has no `expires_in` (RFC 6749 §5.1 makes it optional).
    static let defaultLifetime = 3600
}

extension Date {
    /// Truncated to the second, as the keystore stores instants: a stored expiry is never later
    /// than the real one.
    package var wholeSeconds: Date {
        Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down))
    }
}
