#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension StoredSession {
    /// A new session from a token response (a code exchange, a device grant, a bootstrap refresh,
    /// a token exchange). An answer without `scope` granted `asked` (RFC 6749 §5.1), which is
    /// kept, marked as not confirmed by the server.
    package static func from(
        _ response: TokenResponse, provider: Provider, openID: Bool, now: Date, asked: [String]? = nil
    ) throws -> StoredSession {
        let now = now.wholeSeconds
        let discovery = provider.type.usesDiscovery
        return StoredSession(
            provider: provider.name,
            providerType: provider.type.id,
            clientID: try provider.requireClientID(),
            clientSecret: provider.clientSecret,
            tokenType: response.tokenType,
            accessToken: response.accessToken,
            accessTokenExpiresAt: now.addingTimeInterval(TimeInterval(response.expiresIn ?? defaultLifetime)),
            accessTokenIssuedAt: now,
            refreshToken: response.refreshToken,
            refreshTokenExpiresAt: response.refreshTokenExpiresIn.map { now.addingTimeInterval(TimeInterval($0)) },
            scopes: response.scopes ?? asked ?? [],
            idToken: response.idToken,
            openID: openID,
            authBaseURL: provider.urls[.auth],
            apiBaseURL: provider.urls[.api],
            issuer: discovery ? provider.issuer : nil,
            endpoints: discovery ? provider.endpoints : nil,
            createdAt: now,
            updatedAt: now,
            scopesConfirmed: response.scopes == nil ? false : nil,
            scopesAsked: asked.flatMap { $0.isEmpty ? nil : $0 }
        )
    }

    /// The scopes the login asked for when the provider granted others (other names, fewer, or
    /// more), so that both can be said; nil when it granted just those, or none were named.
    package var scopesAskedOtherwise: [String]? {
        guard let asked = scopesAsked, Set(asked) != Set(scopes) else { return nil }
        return asked
    }

    /// The session after a refresh (RFC 6749 §6). A response with `refresh_token` rotated it: the
    /// old one is dead and is replaced; without one it is kept, with its expiry (Kakao sends a new
    /// one only when less than a month of the old remains). A response without `scope` keeps the
    /// granted scopes. The ID token changes only to `verifiedIDToken`: one the caller checked as
    /// OIDC Core §12.2 asks; the response's own is never taken unchecked.
    func applying(_ response: TokenResponse, now: Date, verifiedIDToken: String? = nil) -> StoredSession {
        let now = now.wholeSeconds
        var session = self
        session.accessToken = response.accessToken
        session.tokenType = response.tokenType
        session.accessTokenExpiresAt = now.addingTimeInterval(TimeInterval(response.expiresIn ?? Self.defaultLifetime))
        session.accessTokenIssuedAt = now
        if let refreshToken = response.refreshToken {
            session.refreshToken = refreshToken
            session.refreshTokenExpiresAt = response.refreshTokenExpiresIn.map {
                now.addingTimeInterval(TimeInterval($0))
            }
        }
        if let scopes = response.scopes {
            session.scopes = scopes
            session.scopesConfirmed = nil
        }
        if let verifiedIDToken { session.idToken = verifiedIDToken }
        session.updatedAt = now
        return session
    }

    /// The session after a refresh that asked for one resource's token (RFC 8707 §2.2): that
    /// token is kept apart, the login's own is left alone, a rotated refresh token replaces the
    /// old one.
    func applying(_ response: TokenResponse, now: Date, resource: String) -> StoredSession {
        let now = now.wholeSeconds
        var session = self
        if let refreshToken = response.refreshToken {
            session.refreshToken = refreshToken
            session.refreshTokenExpiresAt = response.refreshTokenExpiresIn.map {
                now.addingTimeInterval(TimeInterval($0))
            }
        }
        var tokens = resourceTokens ?? [:]
        tokens[resource] = ResourceToken(
            accessToken: response.accessToken, tokenType: response.tokenType,
            expiresAt: now.addingTimeInterval(TimeInterval(response.expiresIn ?? Self.defaultLifetime)), issuedAt: now)
        session.resourceTokens = tokens
        session.updatedAt = now
        return session
    }

    /// Whether the access token is valid for at least `seconds` more.
    package func accessTokenValid(for seconds: Int, at now: Date) -> Bool {
        accessTokenExpiresAt.timeIntervalSince(now) >= TimeInterval(seconds)
    }

    /// Seconds the access token was issued for, when known.
    package var accessTokenLifetime: Int? {
        guard let issued = accessTokenIssuedAt else { return nil }
        let lifetime = Int(accessTokenExpiresAt.timeIntervalSince(issued))
        return lifetime > 0 ? lifetime : nil
    }

    /// Whether a token that must stay valid for `minValid` seconds (nil: the default window) is
    /// used as it is or refreshed first.
    ///
    /// The default window is 60 s, or half the token's lifetime when that is shorter. A token
    /// younger than half its lifetime is never refreshed just because a longer `minValid` cannot
    /// be met: with short-lived tokens every call would otherwise refresh (and rotate a one-use
    /// refresh token); it is used, and the shortfall reported.
    func tokenDecision(minValid: Int?, now: Date) -> TokenDecision {
        Self.tokenDecision(expiresAt: accessTokenExpiresAt, issuedAt: accessTokenIssuedAt, minValid: minValid, now: now)
    }

    /// The decision for any access token by its expiry and issue time (a resource's token too).
    static func tokenDecision(expiresAt: Date, issuedAt: Date?, minValid: Int?, now: Date) -> TokenDecision {
        let remaining = Int(expiresAt.timeIntervalSince(now).rounded(.down))
        let accessTokenLifetime = issuedAt.flatMap { issued -> Int? in
            let lifetime = Int(expiresAt.timeIntervalSince(issued))
            return lifetime > 0 ? lifetime : nil
        }
        guard let lifetime = accessTokenLifetime else {
            return remaining >= (minValid ?? Self.defaultWindow) ? .use : .refresh
        }
        let window = minValid ?? min(Self.defaultWindow, lifetime / 2)
        if remaining >= window { return .use }
        let age = lifetime - remaining
        if remaining > 0, age < lifetime / 2 { return .useShort(lifetime: lifetime) }
        return .refresh
    }

    /// Assumed when a token response has no `expires_in` (RFC 6749 §5.1 makes it optional).
    static let defaultLifetime = 3600
    /// How long a token must stay valid by default before it is handed out.
    static let defaultWindow = 60
}

extension StoredSession {
    /// Whether the login can give a token without a new login, as far as can be told offline.
    package func state(at now: Date) -> SessionState {
        if rejection != nil { return .expired }
        if accessTokenValid(for: 1, at: now) { return .valid }
        // A machine's login asks its grant again, and a token exchange exchanges again from its
        // source, which only the exchange itself can judge: neither expires offline.
        if grant != nil || tokenExchange != nil { return .refreshable }
        guard refreshToken != nil else { return .expired }
        if let expiry = refreshTokenExpiresAt, expiry <= now { return .expired }
        return .refreshable
    }
}

/// A stored login's state, offline (`kauth status`).
package enum SessionState: String, Sendable, Equatable {
    /// The access token is still valid.
    case valid
    /// The access token expired, and a refresh token that has not is stored: the next command
    /// refreshes it.
    case refreshable
    /// Neither token can be used, the provider rejected the login, or nothing is stored: only a
    /// new login helps.
    case expired
}

/// What `tokenDecision` decided.
enum TokenDecision: Sendable, Equatable {
    /// Valid for long enough.
    case use
    /// Valid, but for less than asked; too young to be worth refreshing.
    case useShort(lifetime: Int)
    /// Refresh first.
    case refresh
}

extension Date {
    /// Truncated to the second, as the keystore stores instants: a stored expiry is never later
    /// than the real one.
    var wholeSeconds: Date {
        Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down))
    }
}

extension StoredSession {
    /// Why this session, which has no refresh token, cannot be refreshed: its access token has
    /// expired, or (still valid) the provider never issued a refresh token with it.
    package func withoutRefreshToken(at now: Date) -> SessionEnd {
        guard accessTokenValid(for: 0, at: now) else { return .noRefreshToken }
        return .noRefreshTokenIssued(accessTokenExpiresAt: accessTokenExpiresAt, providerType: providerType ?? provider)
    }
}

extension ResourceToken {
    /// The access token of `session` (a token exchange asked for one resource).
    init(session: StoredSession) {
        self.init(
            accessToken: session.accessToken, tokenType: session.tokenType, expiresAt: session.accessTokenExpiresAt,
            issuedAt: session.accessTokenIssuedAt)
    }
}
