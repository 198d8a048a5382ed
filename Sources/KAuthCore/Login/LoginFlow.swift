import KAuthBasics

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What `kauth login` was asked for.
package struct LoginOptions: Sendable, Equatable {
    /// Scopes to ask for; nil: the provider's (config, else its defaults).
    package var scopes: [String]?
    package var prompts: [String]
    package var loginHint: String?
    /// Parameters a target built on the core adds to the authorization request (KakaoAPI's
    /// `service_terms`).
    package var extraParameters: [AuthorizationParameter]
    /// Add `openid` to the scopes.
    package var openID: Bool
    /// The nonce to send instead of a random one (it implies `openid`).
    package var nonce: String?
    /// Start the browser (`--no-browser` turns this off and accepts a pasted redirect URL).
    package var openBrowser: Bool
    package var timeout: Duration
    /// RFC 8628 device grant instead of the browser redirect.
    package var device: Bool
    /// Go on with a provider that does not list PKCE S256 (never the default: RFC 9700 §2.1.1).
    package var allowNoPKCE: Bool
    /// Features of targets built on the core that the request needs (KakaoAPI's `.serviceTerms`
    /// for its `service_terms`), refused like the login's own before anything is sent.
    package var requiredFeatures: [ProviderFeature]
    /// OIDC `max_age` (Core §3.1.2.1): sent, and the ID token's `auth_time` then required and
    /// checked (§3.1.3.7 step 11); it implies `openid`.
    package var maxAge: Int?
    /// RFC 8707 resource indicators, sent to the authorization and token endpoints.
    package var resources: [String]

    package init(
        scopes: [String]? = nil, prompts: [String] = [], loginHint: String? = nil,
        extraParameters: [AuthorizationParameter] = [],
        openID: Bool = false, nonce: String? = nil, openBrowser: Bool = true, timeout: Duration = .seconds(300),
        device: Bool = false, allowNoPKCE: Bool = false, requiredFeatures: [ProviderFeature] = [],
        maxAge: Int? = nil, resources: [String] = []
    ) {
        self.maxAge = maxAge
        self.resources = resources
        self.scopes = scopes
        self.prompts = prompts
        self.loginHint = loginHint
        self.extraParameters = extraParameters
        self.openID = openID
        self.nonce = nonce
        self.openBrowser = openBrowser
        self.timeout = timeout
        self.device = device
        self.allowNoPKCE = allowNoPKCE
        self.requiredFeatures = requiredFeatures
    }
}

/// What happens during a login, for the command line to show. The flow itself never prints.
package enum LoginEvent: Sendable, Equatable {
    /// The browser is being opened on a single-use start link; the authorization URL is there for
    /// people to open by hand.
    case openingBrowser(authorizationURL: String)
    /// No browser could be opened; the paste path is open.
    case browserFailed(BrowserError)
    /// Open `authorizationURL` in any browser, then paste the URL it was sent to (which starts
    /// with `redirectURI`).
    case pasteExpected(authorizationURL: String, redirectURI: String)
    case waiting(timeout: Duration)
    /// Nothing arrived after a while: what usually causes that.
    case stillWaiting(NoRedirectHint)
    /// A request reached the listener without ending the wait.
    case ignoredRequest(ListenerNotice)
    /// A pasted line was not this login's redirect.
    case pastedURLRejected(PastedURLProblem)
    /// The device grant's code to enter (and the URIs, only when they are https).
    case deviceCode(userCode: String, verificationURI: String?, verificationURIComplete: String?)
    /// `openid` was asked for and no ID token came back.
    case noIDToken(setup: String?)
    /// Logged in, but the profile could not be fetched (the cache stays empty).
    case profileUnavailable(KAuthError)
}

/// Why a pasted line was not taken.
package enum PastedURLProblem: Sendable, Equatable {
    case wrongState
    case notTheRedirect(expectedPath: String)
    /// Two addresses run together: the same paste made twice.
    case pastedTwice
    /// The redirect, cut short before `missing` (`state`, `code and state`).
    case cutOff(missing: String)
}

/// A finished login.
package struct LoginResult: Sendable {
    package var session: StoredSession
    /// The provider, with its endpoints known.
    package var provider: Provider
}

/// The authorization-code flow with PKCE through a loopback listener, or the device grant:
/// check → listen → build URL → open browser → await callback → check state and `iss` →
/// exchange → verify the ID token → fetch the profile → store → answer the browser.
package struct LoginFlow: Sendable {
    package var world: World
    package var keystore: FileKeystore
    package var provider: Provider
    package var profile: String
    /// The command's read of the keystore: a keystore that cannot be read fails the login before
    /// the browser opens, and the final write starts from it.
    package var snapshot: KeystoreSnapshot?
    /// What the redirect listener shows the browser.
    package var pages: LoginPages

    package init(
        world: World, keystore: FileKeystore, provider: Provider, profile: String, snapshot: KeystoreSnapshot? = nil,
        pages: @escaping LoginPages
    ) {
        self.world = world
        self.keystore = keystore
        self.provider = provider
        self.profile = profile
        self.snapshot = snapshot
        self.pages = pages
    }

    /// How long a login waits in silence before saying what usually keeps the redirect away.
    package static let silence: Duration = .seconds(30)

    package func run(_ options: LoginOptions, events: @escaping @Sendable (LoginEvent) -> Void = { _ in }) async throws
        -> LoginResult
    {
        try check(options)
        _ = try provider.requireClientID()
        let snapshot = try self.snapshot ?? KeystoreErrors.mapping { try keystore.read() }
        // Before the browser and every request: tokens issued into a read-only home are lost.
        try KeystoreErrors.mapping { try keystore.requireWritable(before: .login) }
        let provider = try await self.provider.discovered(http: world.http)
        let endpoints = try provider.requireEndpoints()

        var scopes = options.scopes ?? provider.scopes
        if (options.openID || options.nonce != nil || options.maxAge != nil) && !scopes.contains("openid") {
            scopes.append("openid")
        }
        // OIDC Core §3.1.2.1, §3.1.3.7 step 11: whenever an ID token may come back, it is bound
        // to this login by a fresh nonce.
        let nonce = scopes.contains("openid") ? options.nonce ?? Base64URL.encode(world.random.bytes(32)) : nil
        let usePKCE = endpoints.supportsS256
        if !usePKCE && !options.allowNoPKCE {
            throw KAuthError.unsupported(provider: provider.name, .pkce)
        }

        if options.device {
            let response = try await runDeviceGrant(
                provider: provider, endpoints: endpoints, scopes: scopes, options: options, events: events)
            return try await complete(
                response, provider: provider, endpoints: endpoints, scopes: scopes, nonce: nil, options: options,
                snapshot: snapshot, events: events)
        }
        return try await runCodeFlow(
            provider: provider, endpoints: endpoints, scopes: scopes, nonce: nonce, usePKCE: usePKCE, options: options,
            events: events
        ) { response in
            try await complete(
                response, provider: provider, endpoints: endpoints, scopes: scopes, nonce: nonce, options: options,
                snapshot: snapshot, events: events)
        }
    }

    /// What the provider cannot do is refused before anything is sent.
    private func check(_ options: LoginOptions) throws {
        if let unknown = options.prompts.first(where: { !provider.type.prompts.contains($0) }) {
            throw KAuthError.unsupported(provider: provider.name, .prompt(unknown, allowed: provider.type.prompts))
        }
        if options.loginHint != nil { try provider.require(.loginHint) }
        if options.openID || options.nonce != nil || options.maxAge != nil { try provider.require(.idToken) }
        for feature in options.requiredFeatures { try provider.require(feature) }
    }

    // MARK: - Authorization code

    /// Listen → build URL → open browser → await callback (state, RFC 9207 iss) → exchange and
    /// the rest (`complete`) → answer the browser with how it went.
    private func runCodeFlow(
        provider: Provider, endpoints: ProviderEndpoints, scopes: [String], nonce: String?, usePKCE: Bool,
        options: LoginOptions, events: @escaping @Sendable (LoginEvent) -> Void,
        complete: (TokenResponse) async throws -> LoginResult
    ) async throws -> LoginResult {
        let clientID = try provider.requireClientID()
        let plan = try RedirectPlan.resolve(provider: provider)
        let state = Base64URL.encode(world.random.bytes(32))
        let pkce = usePKCE ? PKCE.generate(random: world.random) : nil
        // The browser's command line is readable by every user of the machine: it gets the path of
        // a page only this user can read, which forwards to a random, single-use link to the
        // listener, which redirects to the provider. The state and challenge are in none of them.
        let startPath = options.openBrowser ? "/start/" + Base64URL.encode(world.random.bytes(16)) : nil
        let config = CallbackListenerConfig(
            port: plan.port, path: plan.path, expectedState: state,
            expectedIssuer: endpoints.issuer, requireIssuer: endpoints.issParameterSupported,
            startPath: startPath, pages: pages(provider.displayName)
        )
        let paste = PasteReader(
            terminal: world.terminal, judge: config.judge, path: plan.path, state: state, inputEnded: .inputEnded
        ) {
            problem in events(.pastedURLRejected(problem))
        }
        let listener: RunningCallbackListener
        let wrongState = WrongStateCount()
        do {
            listener = try world.listener.start(config) { notice in
                if case .wrongState = notice { wrongState.add() }
                events(.ignoredRequest(notice))
                // A connection refused for not being the user's may have been the user's own
                // browser (an owner that could not be found): the paste path is the way on.
                if case .refusedPeer = notice { paste.offer() }
            }
        } catch LoopbackServerError.addressInUse(_, let port, let listening) {
            throw KAuthError.portInUse(port: port, redirectURI: plan.uri(port: port), listening: listening)
        } catch let error as LoopbackServerError {
            throw KAuthError.listenerFailed(error)
        }
        defer { listener.close() }

        let redirectURI = plan.uri(port: listener.port)
        let request = AuthorizationRequest(
            clientID: clientID, redirectURI: redirectURI, scopes: scopes, state: state,
            codeChallenge: pkce?.challenge, prompts: options.prompts, loginHint: options.loginHint,
            extraParameters: options.extraParameters + options.resources.map { AuthorizationParameter("resource", $0) }
                + (options.maxAge.map { [AuthorizationParameter("max_age", String($0))] } ?? []),
            nonce: nonce
        )
        let url = AuthorizationURL.build(provider: provider.type, endpoint: endpoints.authorization, request: request)
        paste.connect(listener) { events(.pasteExpected(authorizationURL: url, redirectURI: redirectURI)) }

        let browser = world.browser
        defer { browser.removePages() }
        let startURL = startPath.map { "http://127.0.0.1:\(listener.port)\($0)" }
        let opening = browser.start(
            startURL,
            willOpen: { _ in
                listener.arm(url)
                events(.openingBrowser(authorizationURL: url))
            },
            failed: { events(.browserFailed($0)) },
            // No browser: an input that ends (CI, cron) ends the wait too.
            offerPaste: { paste.offer(endsWithInput: true) })
        events(.waiting(timeout: options.timeout))
        let hint = NoRedirectHint(
            provider: provider.displayName, redirectURI: redirectURI,
            registration: provider.type.help.redirectRegistration, clientIDName: provider.type.help.clientIDName,
            freePort: plan.port == 0, sources: provider.sources)
        let clock = world.clock
        let silence = Task {
            try? await clock.sleep(Self.silence)
            if !Task.isCancelled { events(.stillWaiting(hint)) }
        }
        let outcome = await listener.wait(options.timeout)
        silence.cancel()
        opening?.cancel()
        // Stop listening before the exchange: under a descriptor limit, the connections a flood
        // left behind are freed for the token request. The browser that brought the code keeps its
        // connection until `conclude`.
        listener.close()

        let code: String
        switch outcome {
        case .code(let value):
            code = value
        case .providerError(let error, let description):
            throw KAuthError.loginCancelled(
                .denied(provider: provider.displayName, error: error, description: description))
        case .wrongIssuer(let expected, let got):
            throw KAuthError.loginCancelled(.wrongIssuer(provider: provider.displayName, expected: expected, got: got))
        case .interrupted:
            throw KAuthError.loginCancelled(.interrupted)
        case .takeover:
            throw KAuthError.loginCancelled(.takeover)
        case .timedOut:
            var seen = hint
            seen.wrongStateRequests = wrongState.count
            throw KAuthError.loginCancelled(.timedOut(seconds: Int(options.timeout.components.seconds), hint: seen))
        case .inputEnded:
            throw KAuthError.loginCancelled(.noBrowserNoTerminal(deviceGrant: endpoints.deviceAuthorization != nil))
        }
        do {
            let response = try await TokenEndpoint(world: world, provider: provider)
                .exchange(
                    code: code, redirectURI: redirectURI, codeVerifier: pkce?.verifier, resources: options.resources)
            let result = try await complete(response)
            listener.conclude(.loggedIn)
            return result
        } catch {
            listener.conclude(.failed)
            throw error
        }
    }

    // MARK: - Device grant

    /// RFC 8628: ask for a user code, show it, poll the token endpoint at the interval.
    private func runDeviceGrant(
        provider: Provider, endpoints: ProviderEndpoints, scopes: [String], options: LoginOptions,
        events: @escaping @Sendable (LoginEvent) -> Void
    ) async throws -> TokenResponse {
        guard let endpoint = endpoints.deviceAuthorization else {
            throw KAuthError.unsupported(provider: provider.name, .deviceGrant(discovered: provider.type.usesDiscovery))
        }
        let authorization = try await DeviceAuthorization.start(
            endpoint: endpoint, provider: provider, scopes: scopes, world: world)
        let complete = authorization.safeVerificationURIComplete
        events(
            .deviceCode(
                userCode: authorization.userCode, verificationURI: authorization.safeVerificationURI,
                verificationURIComplete: complete))
        // The complete URI carries the user code: like a start link, it never reaches a command
        // line. A browser that cannot be started, or cannot read the page, costs nothing: the code
        // and the URI are on the terminal already.
        var opening: Task<Void, Never>?
        let browser = world.browser
        if options.openBrowser, let complete, browser.cannotOpenPrivately() == nil {
            opening = Task { try? await browser.openPrivately(complete) }
        }
        defer {
            opening?.cancel()
            browser.removePages()
        }
        let lifetime = min(Duration.seconds(authorization.expiresIn), options.timeout)
        events(.waiting(timeout: lifetime))
        return try await DeviceAuthorization.poll(
            authorization, provider: provider, world: world, lifetime: lifetime)
    }

    // MARK: - After the tokens

    /// Verifies the ID token, caches the profile and stores the login.
    private func complete(
        _ response: TokenResponse, provider: Provider, endpoints: ProviderEndpoints, scopes: [String], nonce: String?,
        options: LoginOptions, snapshot: KeystoreSnapshot, events: @Sendable (LoginEvent) -> Void
    ) async throws -> LoginResult {
        var session = try StoredSession.from(
            response, provider: provider, openID: scopes.contains("openid"), now: world.clock.now(), asked: scopes)
        session.resources = options.resources.isEmpty ? nil : options.resources
        var claims: VerifiedIDToken?
        if let idToken = response.idToken {
            claims = try await IDTokenVerification(world: world, keystoreDirectory: keystore.directory)
                .verify(idToken, provider: provider, endpoints: endpoints, nonce: nonce, maxAge: options.maxAge)
        } else if options.maxAge != nil {
            // max_age asked: without an ID token, when the user authenticated cannot be checked.
            throw KAuthError.idTokenRefused(provider: provider.displayName, .invalid(.missingClaim("auth_time")))
        } else if scopes.contains("openid") {
            events(.noIDToken(setup: provider.type.help.idTokenSetup))
        }
        if let user = await fetchProfile(
            provider: provider, accessToken: response.accessToken, idTokenSubject: claims?.subject, events: events)
        {
            session.user = user
            session.userID = user.id
        }
        if session.userID == nil, let claims { session.userID = claims.subject }
        let stored = session
        try await KeystoreErrors.mapping {
            try await keystore.update(basedOn: snapshot, before: .login) { contents in
                contents.profiles[profile] = stored
            }
        }
        return LoginResult(session: stored, provider: provider)
    }

    /// One profile call to cache who logged in; a failure only costs the cache.
    private func fetchProfile(
        provider: Provider, accessToken: String, idTokenSubject: String?, events: @Sendable (LoginEvent) -> Void
    ) async -> CachedUser? {
        do {
            return try await ProfileLookup.cachedUser(
                world: world, provider: provider, accessToken: accessToken, profile: profile,
                idTokenSubject: idTokenSubject)
        } catch {
            events(.profileUnavailable(error))
            return nil
        }
    }
}

/// How many requests with a wrong `state` the listener ignored, counted on its threads.
private final class WrongStateCount: @unchecked Sendable {
    private let lock = Lock()
    private var value = 0

    func add() { lock.withLock { value += 1 } }

    var count: Int { lock.withLock { value } }
}
