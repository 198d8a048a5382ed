import KAuthBasics

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Every failure the core and the APIs built on it can end a command with. Each case carries the
/// facts a user needs to act on it, never a sentence; the words, with the flags and commands that
/// fix it, and the exit codes are the command line's (`KAuthCLI`), whose own refusals are a type
/// of its own.
package enum KAuthError: Error, Sendable, Equatable {
    // MARK: exit 2: the request cannot be done as asked

    /// A setting the provider needs is not set anywhere.
    case missingSetting(ProviderSetting, provider: String)
    /// A setting (config key or environment variable) has a value kauth cannot use.
    case invalidSetting(name: String, value: String, expected: [String])
    /// No built-in or configured provider has this name.
    case unknownProvider(name: String, known: [String])
    /// `--provider` names another provider than the one the profile is logged in to.
    case providerMismatch(profile: String, stored: String, selected: String)
    /// A provider URL that is neither https nor on this machine.
    case insecureURL(label: String, url: String)
    /// A URL setting without a scheme, or with one that is not http or https (a typo).
    case notAURL(label: String, value: String)
    /// An https URL whose server answered in plain HTTP: the scheme (or the port) is wrong.
    case plainHTTPServer(url: String)
    /// The provider cannot do what was asked.
    case unsupported(provider: String, Unsupported)
    /// A redirect URI kauth cannot listen on.
    case invalidRedirectURI(uri: String, problem: RedirectURIProblem)
    /// A redirect port that disagrees with the redirect URI's.
    case redirectPortConflict(port: UInt16, uri: String)
    /// A URL a bearer token must not be sent to: not a host of the provider that issued it.
    case hostNotAllowed(url: String, provider: String, allowed: [String])
    /// The config file or a config change is unusable.
    case config(ConfigProblem)

    // MARK: exit 3: log in again

    /// No stored login for the profile.
    case notLoggedIn(profile: String)
    /// The stored login can no longer be refreshed, or was rejected after a refresh.
    case sessionExpired(profile: String, reason: SessionEnd)
    /// The token provided through `KAUTH_ACCESS_TOKEN` was rejected.
    case environmentTokenRejected(reason: String)
    /// A token-exchange login's subject token could not be had from `source`, had expired, or
    /// the provider refused it (RFC 8693); nothing was stored.
    case subjectToken(source: SubjectTokenSource, SubjectTokenProblem)

    // MARK: exit 4

    /// The provider wants consent for more scopes (Kakao -402, RFC 6750 `insufficient_scope`).
    case consentRequired(scopes: [String], message: String)

    // MARK: exit 5

    /// The provider could not be reached or answered with a temporary failure: what was tried.
    case unavailable(Unavailability)

    // MARK: exit 6

    /// The user denied or cancelled the login, or it timed out.
    case loginCancelled(LoginEnd)

    // MARK: exit 7

    /// The keystore, its folder or the config file cannot be used safely.
    case keystore(KeystoreError)

    // MARK: exit 1

    /// The redirect listener's port is taken; `listening`: a program accepts connections on it
    /// (another login waiting for its browser), so it is not an outgoing connection's port.
    case portInUse(port: UInt16, redirectURI: String, listening: Bool = false)
    /// An OAuth error from the token, device or revocation endpoint (RFC 6749 §5.2).
    case oauth(OAuthFailure)
    /// The provider refused a token for `resource` (RFC 8707 §2: `invalid_target`): the login
    /// did not name it, or (`named`: the login did) the provider does not serve it.
    case resourceRefused(profile: String, resource: String, named: Bool, OAuthFailure)
    /// An API error that has no more specific meaning.
    case api(status: Int, code: Int?, message: String)
    /// The app may not call the API: a setting or a permission review in the provider's console
    /// (Kakao -3 and -5), not something the user can agree to. `path` is the API refused, from
    /// which the product that knows it tells which permission it needs (KakaoAPI's
    /// `KakaoPermission`).
    case apiNotPermitted(code: Int, message: String, path: String)
    /// The app key was refused by an app-key API.
    case appKeyRejected(provider: String, message: String)
    /// A response kauth could not understand.
    case invalidResponse(InvalidResponse)
    /// OpenID Connect discovery gave no usable document.
    case discovery(url: String, DiscoveryProblem)
    /// The login's ID token failed verification; nothing was stored.
    case idTokenRefused(provider: String, IDTokenRefusal)
    /// A discovery provider's endpoints are not known for the stored login.
    case endpointsUnknown(provider: String)
    /// Userinfo answered for another subject than the ID token's (or for none): the answer was
    /// not used (OIDC Core §5.3.2).
    case foreignUserinfo(subject: String?, expected: String)
    /// Another kauth logged the profile in to another provider while this command ran.
    case loginReplaced(profile: String, provider: String)
    /// The provider refused the call for a reason neither a retry nor a new login fixes (Kakao
    /// -10, -12, -4): `code` and `message` are the provider's.
    case apiRefused(APIRefusal, provider: String, code: Int, message: String)
    /// A TLS connection failed for a reason of certificates (`detail`, libcurl's words), with
    /// the trust settings it was made with: a configuration to fix, not a network to wait for.
    case tlsFailed(url: String, detail: String, trust: TLSTrust)
    /// `kauth api --paginate` stopped before the last page, after a failing page or for a
    /// reason of the walk itself.
    indirect case pagesStopped(PageWalkStop)
    /// The redirect listener could not start.
    case listenerFailed(LoopbackServerError)
    /// HTTP cannot be used on this machine: libcurl cannot be loaded, for the loader's reason.
    case httpUnavailable(libcurlMissing: String)
    /// An error kauth has no case for, as Swift describes it.
    case unexpected(description: String)
    /// kauth cannot authenticate as the client as configured or as the server asks (a key that
    /// cannot be read, a method without what it needs, no algorithm in common).
    case clientAuthentication(provider: String, ClientAuthProblem)
    /// A failure of an API built on the core (Kakao's product APIs), whose cases are its own:
    /// the core carries it, and the command line, which knows those cases, gives it words and
    /// an exit code.
    case product(ProductError)

    /// Scope IDs to return as `required_scopes` in `--json` errors.
    package var requiredScopes: [String]? {
        if case .consentRequired(let scopes, _) = self { return scopes }
        return nil
    }
}

/// The facts of a failure that a target built on the core defines (`KakaoAPIError`): the core
/// cannot name its cases, only carry it to the command line.
package protocol ProductFailure: Error, Sendable {
    func isEqual(to other: any ProductFailure) -> Bool
}

extension ProductFailure where Self: Equatable {
    package func isEqual(to other: any ProductFailure) -> Bool { (other as? Self) == self }
}

/// A `ProductFailure` inside `KAuthError`, equal when the failures are.
package struct ProductError: Sendable, Equatable {
    package let failure: any ProductFailure

    package init(_ failure: any ProductFailure) { self.failure = failure }

    package static func == (lhs: ProductError, rhs: ProductError) -> Bool { lhs.failure.isEqual(to: rhs.failure) }
}

/// A setting a provider can lack.
package enum ProviderSetting: Sendable, Equatable {
    case clientID
    case issuer
    case appKey
    case url(ProviderURLRole)
}

/// Why a provider refused a call that was well formed and authorized.
package enum APIRefusal: Sendable, Equatable {
    /// A quota ran out: the app's calls, or the tokens one user may be issued or refreshed (-10).
    case quotaExceeded
    /// The app or its developer is suspended (-12).
    case appSuspended
    /// The user's account is blocked or restricted (-4).
    case accountRestricted
}

/// What a provider cannot do.
package enum Unsupported: Sendable, Equatable {
    case feature(ProviderFeature)
    /// It does not list PKCE S256 (and `--allow-no-pkce` was not given).
    case pkce
    /// It has no device authorization endpoint: `discovered` when its discovery document was
    /// read and lists none, false for a provider whose endpoints are fixed (Kakao, Snapchat).
    case deviceGrant(discovered: Bool)
    /// A `prompt` value it does not document.
    case prompt(String, allowed: [String])
    /// It has no userinfo endpoint.
    case userinfo
    /// It has no notion of unlinking a user from an app.
    case unlink
}

/// Why a redirect URI cannot be used.
package enum RedirectURIProblem: Sendable, Equatable {
    case notHTTP
    case notLoopback
    case hasQueryOrFragment
    case noPort
}

/// Why a discovery document was not used.
package enum DiscoveryProblem: Sendable, Equatable {
    case notFound(status: Int)
    case incomplete
    case wrongIssuer(named: String, expected: String)
}

/// What is wrong with the config file or a change to it.
package enum ConfigProblem: Sendable, Equatable {
    case malformedLine(path: String, line: Int, text: String)
    case missingKey(path: String, line: Int)
    case unknownKey(String, known: [String])
    /// A key or value with a line break or other control character, which would write a second
    /// config line (or hide one).
    case controlCharacters(key: String)
    /// An entry of a hosts list (`git_hosts`, `docker_hosts`) that is not `host` or `host:port`.
    case notAHost(key: String, entry: String)
    case unreadable(path: String, reason: String)
    case unwritable(path: String, reason: String)
}

/// An OAuth error response (RFC 6749 §5.2) with the provider's own code and what it means.
package struct OAuthFailure: Sendable, Equatable {
    package var error: String
    package var description: String?
    /// Kakao's `error_code` (`KOE…`).
    package var providerCode: String?
    package var meaning: OAuthErrorMeaning?
    package var provider: String

    package init(
        error: String, description: String? = nil, providerCode: String? = nil, meaning: OAuthErrorMeaning? = nil,
        provider: String
    ) {
        self.error = error
        self.description = description
        self.providerCode = providerCode
        self.meaning = meaning
        self.provider = provider
    }
}

/// Why a stored login can no longer give tokens.
package enum SessionEnd: Sendable, Equatable {
    /// The access token expired and no refresh token is stored.
    case noRefreshToken
    /// The provider issued no refresh token with this login: it cannot be refreshed, and ends
    /// when its access token expires (still valid until `accessTokenExpiresAt`). `providerType`
    /// says how to ask for one (`ProviderHelp.refreshTokenRequest`).
    case noRefreshTokenIssued(accessTokenExpiresAt: Date, providerType: String)
    /// The refresh token's own expiry has passed.
    case refreshTokenExpired(at: Date)
    /// The provider refused the refresh token with an OAuth error (`invalid_grant`).
    case refreshRejected(OAuthFailure)
    /// The provider refused the refresh with HTTP 400 or 401 and no OAuth error: a revoked,
    /// expired or replayed refresh token on servers that say no more.
    case refreshRefused(status: Int)
    /// The API still rejected the token after a refresh.
    case rejectedAfterRefresh(message: String)
    /// `KAUTH_REFRESH_TOKEN` was refused; `padded`: it had spaces or line breaks around it.
    case bootstrapRejected(detail: RefusalDetail, padded: Bool)
    /// `KAUTH_REFRESH_TOKEN` is set but cannot be a refresh token.
    case bootstrapUnusable(BootstrapProblem)
    /// The refresh token given to `kauth login --with-token` was refused.
    case givenTokenRejected(detail: RefusalDetail)
    /// The stored ID token expired and refreshing brought no new one.
    case idTokenNotRenewed
    /// The login never had an ID token.
    case noIDToken
    /// The provider rejected the login earlier (or an unlink ended it), as the keystore records.
    case rejected(SessionRejection)

    package var isNoRefreshTokenIssued: Bool {
        if case .noRefreshTokenIssued = self { return true }
        return false
    }
}

/// Why `KAUTH_REFRESH_TOKEN` cannot be used as it is.
package enum BootstrapProblem: Sendable, Equatable {
    /// Set, but empty (or only spaces): a CI secret that is missing where the job runs.
    case empty
    /// Spaces inside: not one token.
    case spacesInside
}

/// How a login ended without tokens.
package enum LoginEnd: Sendable, Equatable {
    /// The provider redirected with `error=` (`access_denied` when the user said no).
    case denied(provider: String, error: String, description: String?)
    /// The redirect came with another server's `iss`, or none where one was due (RFC 9207).
    case wrongIssuer(provider: String, expected: String, got: String?)
    /// Ctrl-C while waiting.
    case interrupted
    /// No redirect arrived in time.
    case timedOut(seconds: Int, hint: NoRedirectHint)
    /// No browser was started and standard input is not a terminal and ended: nothing could
    /// bring the redirect. `deviceGrant`: the provider offers `--device`.
    case noBrowserNoTerminal(deviceGrant: Bool)
    /// The start link the browser was given was used twice: someone else may have tried to take
    /// over the login.
    case takeover
    case deviceDenied(provider: String)
    case deviceExpired
    case deviceTimedOut(seconds: Int)
}

/// What usually keeps a redirect from arriving: facts for the message that says so.
package struct NoRedirectHint: Sendable, Equatable {
    package var provider: String
    /// The exact redirect URI that must be registered.
    package var redirectURI: String
    /// Where the provider registers redirect URIs, if known.
    package var registration: String?
    /// What the provider calls the client id.
    package var clientIDName: String
    /// The listener took any free port: a URI that changes on every run, which no provider that
    /// matches registered URIs exactly can accept.
    package var freePort: Bool
    /// Requests with a missing or wrong `state` the listener ignored (each was warned about): the
    /// redirect URI reached it, so its registration is not what kept the login away.
    package var wrongStateRequests = 0
    /// Where the client id and the redirect URI (or port) came from.
    package var sources: SettingSources

    package init(
        provider: String, redirectURI: String, registration: String?, clientIDName: String, freePort: Bool = false,
        sources: SettingSources = SettingSources()
    ) {
        self.provider = provider
        self.redirectURI = redirectURI
        self.registration = registration
        self.clientIDName = clientIDName
        self.freePort = freePort
        self.sources = sources
    }
}

/// What a provider said when it refused a refresh token: its OAuth error's description (or the
/// error code when it gave none), or only an HTTP status when it said nothing more.
package enum RefusalDetail: Sendable, Equatable {
    case said(String)
    case status(Int)
}
