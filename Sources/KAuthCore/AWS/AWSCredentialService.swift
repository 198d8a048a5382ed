import KAuthBasics

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A role's AWS credentials for a login (`kauth aws credential-process`): the ones kept in the
/// keystore while they stay valid for 15 minutes more, else new ones from STS for the login's
/// ID token (or access token), refreshed first when it has expired.
///
/// The AWS CLI and SDKs run `credential_process` before each command and again from 15 minutes
/// before the credentials expire, so a kept set answers almost every run without a request, and
/// a shorter margin would not: every run in the SDKs' window would ask STS. New credentials are
/// asked for under the keystore lock, after a re-read, as a refresh is: parallel runs make one
/// STS request between them.
package struct AWSCredentialService: Sendable {
    package var tokens: TokenService
    /// How long before their expiry kept credentials stop being handed out.
    package static let reuseMargin: TimeInterval = 15 * 60

    package init(tokens: TokenService) {
        self.tokens = tokens
    }

    /// What was asked for: the role, the token kind, and a session name when the user gave one.
    package struct Role: Sendable, Equatable {
        package var arn: String
        package var tokenKind: WebIdentityTokenKind
        /// A valid `RoleSessionName`; nil: `kauth-` and the user's id.
        package var sessionName: String?
        package var durationSeconds: Int?

        package init(arn: String, tokenKind: WebIdentityTokenKind, sessionName: String?, durationSeconds: Int?) {
            self.arn = arn
            self.tokenKind = tokenKind
            self.sessionName = sessionName
            self.durationSeconds = durationSeconds
        }
    }

    /// Credentials, whether STS was asked for them by this call, and, when they could not be
    /// kept because the keystore cannot be written, where and why.
    package struct Grant: Sendable {
        package var credentials: StoredAWSCredentials
        package var requested: Bool
        package var notKept: (path: String, reason: WriteRefusal)?
    }

    private var world: World { tokens.world }
    private var profile: String { tokens.profile }

    package func credentials(for role: Role) async throws -> Grant {
        let endpoint = try STSEndpoint.resolve(world.environment)
        let read = tokens.login.session
        if let read {
            try TokenService.checkNotRejected(read, profile: profile)
            if let kept = usable(in: read, role: role, endpoint: endpoint, now: world.clock.now()) {
                return Grant(credentials: kept, requested: false)
            }
        } else if try TokenService.bootstrapToken(world.environment) == nil {
            throw KAuthError.notLoggedIn(profile: profile)
        }
        // The token first: its refresh takes the lock itself, which is not reentrant.
        let token =
            switch role.tokenKind {
            case .idToken: try await tokens.validIDToken().token
            case .accessToken: try await tokens.validToken().session.accessToken
            }
        // A read-only keystore: the credentials are handed out, and asked for again next time.
        if let (path, reason) = tokens.keystore.writeRefusal() {
            guard let read else { throw KAuthError.notLoggedIn(profile: profile) }
            let asked = try await ask(role, token: token, sessionName: defaultSessionName(read), endpoint: endpoint)
            return Grant(credentials: asked, requested: true, notKept: (path, reason))
        }
        return try await KeystoreErrors.mapping {
            try await tokens.keystore.update(basedOn: tokens.login.snapshot, lockTimeout: tokens.lockTimeout) {
                contents in
                guard var session = contents.profiles[profile] else { throw KAuthError.notLoggedIn(profile: profile) }
                // A login made meanwhile under this profile is another user's, or another
                // provider's: neither gets credentials traded for this one's token.
                if let read, !session.isSameLogin(as: read) {
                    throw KAuthError.loginReplaced(profile: profile, provider: session.provider)
                }
                try TokenService.checkNotRejected(session, profile: profile)
                let now = world.clock.now()
                // Another run may have asked STS while this one waited for the lock.
                if let kept = usable(in: session, role: role, endpoint: endpoint, now: now) {
                    return Grant(credentials: kept, requested: false)
                }
                let stored = try await ask(
                    role, token: token, sessionName: defaultSessionName(session), endpoint: endpoint)
                // Expired credentials of other roles go, so the keystore does not grow with them.
                var kept = (session.awsCredentials ?? [:]).filter { $0.value.expiration > now }
                kept[StoredAWSCredentials.key(roleARN: role.arn, tokenKind: role.tokenKind)] = stored
                session.awsCredentials = kept
                contents.profiles[profile] = session
                return Grant(credentials: stored, requested: true)
            }
        }
    }

    /// One `AssumeRoleWithWebIdentity` call for `role`: the session name the user gave, else
    /// `defaultName`.
    private func ask(_ role: Role, token: String, sessionName defaultName: String, endpoint: STSEndpoint)
        async throws -> StoredAWSCredentials
    {
        try await Self.ask(
            role, token: token, sessionName: role.sessionName ?? defaultName, endpoint: endpoint, world: world)
    }

    private static func ask(_ role: Role, token: String, sessionName: String, endpoint: STSEndpoint, world: World)
        async throws -> StoredAWSCredentials
    {
        let call = AssumeRoleWithWebIdentity(
            roleARN: role.arn, sessionName: sessionName, durationSeconds: role.durationSeconds)
        let answer = try await call.send(token: token, endpoint: endpoint, world: world)
        return StoredAWSCredentials(
            roleARN: role.arn, tokenKind: role.tokenKind, endpoint: endpoint.url, sessionName: sessionName,
            accessKeyID: answer.accessKeyID, secretAccessKey: answer.secretAccessKey,
            sessionToken: answer.sessionToken, expiration: answer.expiration,
            obtainedAt: world.clock.now().wholeSeconds)
    }

    /// Credentials kept in `session` for this role, endpoint and session name that stay valid
    /// for `reuseMargin` more.
    private func usable(in session: StoredSession, role: Role, endpoint: STSEndpoint, now: Date)
        -> StoredAWSCredentials?
    {
        guard
            let kept = session.awsCredentials?[StoredAWSCredentials.key(roleARN: role.arn, tokenKind: role.tokenKind)],
            kept.endpoint == endpoint.url, kept.sessionName == (role.sessionName ?? defaultSessionName(session)),
            kept.expiration.timeIntervalSince(now) > Self.reuseMargin
        else { return nil }
        return kept
    }

    /// `kauth-` and the provider's user id (the profile's name when the login has none).
    private func defaultSessionName(_ session: StoredSession) -> String {
        RoleSessionName.derived(userID: session.userID ?? session.user?.id ?? profile)
    }

    /// New credentials for a token handed over in `KAUTH_ACCESS_TOKEN`: nothing is read from the
    /// keystore or kept in it.
    package static func credentials(
        for role: Role, environmentToken token: String, profile: String, world: World
    ) async throws -> StoredAWSCredentials {
        try await ask(
            role, token: token, sessionName: role.sessionName ?? RoleSessionName.derived(userID: profile),
            endpoint: STSEndpoint.resolve(world.environment), world: world)
    }
}
