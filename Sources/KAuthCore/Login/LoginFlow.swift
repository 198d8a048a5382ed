#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `kauth login` was asked for.
package struct LoginOptions: Sendable, Equatable {
    package var scopes: [String]
    package var prompts: [String]
    package var loginHint: String?
    package var serviceTerms: [String]
    /// Ask for `openid` (and send a nonce).
    package var openID: Bool
    package var nonce: String?
    /// Start the browser (`--no-browser` turns this off and accepts a pasted redirect URL).
    package var openBrowser: Bool
    package var timeout: Duration
    /// RFC 8628 device grant instead of the browser redirect.
    package var device: Bool
    /// Go on with a provider that does not list PKCE S256 (never the default: RFC 9700 §2.1.1).
    package var allowNoPKCE: Bool

    package init(
        scopes: [String] = [], prompts: [String] = [], loginHint: String? = nil, serviceTerms: [String] = [],
        openID: Bool = false, nonce: String? = nil, openBrowser: Bool = true, timeout: Duration = .seconds(300),
        device: Bool = false, allowNoPKCE: Bool = false
    ) {
        self.device = device
        self.allowNoPKCE = allowNoPKCE
        self.scopes = scopes
        self.prompts = prompts
        self.loginHint = loginHint
        self.serviceTerms = serviceTerms
        self.openID = openID
        self.nonce = nonce
        self.openBrowser = openBrowser
        self.timeout = timeout
    }
}

/// The authorization-code flow with PKCE through a loopback listener:
/// listen → build URL → open browser → await callback → check state → exchange → fetch profile → store.
package struct LoginFlow: Sendable {
    package var world: World
    package var keystore: FileKeystore
    package var provider: ResolvedProvider
    package var profile: String

    package init(world: World, keystore: FileKeystore, provider: ResolvedProvider, profile: String) {
        self.world = world
        self.keystore = keystore
        self.provider = provider
        self.profile = profile
    }

    package func run(_ options: LoginOptions) async throws -> StoredSession {
        let clientID = try provider.requireClientID()
        // Fail before the browser opens if the keystore is unusable: the login would be lost.
        _ = try KeystoreErrors.mapping { try keystore.load() }
        let provider = try await self.provider.discovered(http: world.http)
        let endpoints = try provider.requireEndpoints()

        var scopes = options.scopes
        var nonce = options.nonce
        if options.openID || nonce != nil {
            if !scopes.contains("openid") { scopes.append("openid") }
            if nonce == nil { nonce = Base64URL.encode(world.random.bytes(32)) }
        }
        let usePKCE = endpoints.supportsS256
        if !usePKCE && !options.allowNoPKCE {
            throw KAuthError.usage("provider '\(provider.name)' does not list PKCE S256 (code_challenge_methods_supported); kauth will not log in without it unless you pass --allow-no-pkce")
        }

        let response: TokenResponse
        if options.device {
            response = try await runDeviceGrant(provider: provider, endpoints: endpoints, scopes: scopes, options: options)
        } else {
            response = try await runCodeFlow(provider: provider, endpoints: endpoints, clientID: clientID, scopes: scopes, nonce: nonce, usePKCE: usePKCE, options: options)
        }

        let now = world.clock.now()
        var session = StoredSession.from(response, provider: provider, clientID: clientID, openID: scopes.contains("openid"), now: now)
        var claims: VerifiedIDToken?
        if let idToken = response.idToken {
            claims = try await IDTokenVerification(world: world, keystoreDirectory: keystore.directory)
                .verify(idToken, provider: provider, endpoints: endpoints, clientID: clientID, nonce: options.device ? nil : nonce)
        } else if scopes.contains("openid") {
            world.terminal.writeErr("warning: openid was asked for but the provider returned no ID token\(provider.idTokenSetupHint)\n")
        }
        if let user = await fetchProfile(provider: provider, accessToken: response.accessToken) {
            session.user = user
            session.userID = user.id
        } else if let claims {
            session.userID = claims.subject
        }
        let stored = session
        try await KeystoreErrors.mapping {
            try await keystore.update { contents in
                contents.profiles[profile] = stored
            }
        }
        return stored
    }

    /// Listen → build URL → open browser → await callback (state, RFC 9207 iss) → exchange.
    private func runCodeFlow(
        provider: ResolvedProvider, endpoints: ProviderEndpoints, clientID: String, scopes: [String], nonce: String?,
        usePKCE: Bool, options: LoginOptions
    ) async throws -> TokenResponse {
        let plan = try RedirectPlan.resolve(provider: provider)
        let state = Base64URL.encode(world.random.bytes(32))
        let pkce = usePKCE ? PKCE.generate(random: world.random) : nil
        let expectedIssuer = endpoints.issParameterSupported ? endpoints.issuer : nil

        let terminal = world.terminal
        let listener: RunningCallbackListener
        do {
            listener = try world.listener.start(
                CallbackListenerConfig(port: plan.port, path: plan.path, expectedState: state, providerName: provider.name, expectedIssuer: expectedIssuer),
                { notice in terminal.writeErr("warning: \(notice)\n") }
            )
        } catch LoopbackServerError.addressInUse(_, let port) {
            throw KAuthError.portInUse(port: port, redirectURI: plan.uri(port: port))
        } catch let error as LoopbackServerError {
            throw KAuthError.failure("cannot start the redirect listener: \(error)")
        }
        defer { listener.close() }

        let redirectURI = plan.uri(port: listener.port)
        let request = AuthorizationRequest(
            clientID: clientID, redirectURI: redirectURI, scopes: scopes, state: state,
            codeChallenge: pkce?.challenge, prompts: options.prompts, loginHint: options.loginHint,
            serviceTerms: options.serviceTerms, nonce: nonce
        )
        let url = AuthorizationURL.build(provider: provider, endpoint: endpoints.authorization, request: request)

        if options.openBrowser {
            terminal.writeErr("Opening the browser to log in to \(provider.name). If it does not open, visit:\n\n  \(url)\n\n")
            do {
                try world.browser.open(url)
            } catch {
                terminal.writeErr("warning: could not start a browser (\(error)); open the URL above yourself.\n")
            }
        } else {
            terminal.writeErr("Open this URL in a browser to log in to \(provider.name):\n\n  \(url)\n\n")
            terminal.writeErr("Waiting for the redirect to \(redirectURI). On another machine, paste the URL the browser was sent to (it starts with \(plan.uri(port: listener.port))) and press Enter:\n")
            acceptPastedRedirects(into: listener, path: plan.path, state: state, issuer: expectedIssuer)
        }
        terminal.writeErr("Waiting up to \(Int(options.timeout.components.seconds)) s for the login to finish…\n")

        let code: String
        switch await listener.wait(options.timeout) {
        case .code(let value):
            code = value
        case .providerError(let error, let description):
            let detail = description.map { ": \($0)" } ?? ""
            let verb = error == "access_denied" ? "was denied" : "failed"
            throw KAuthError.loginCancelled("the login \(verb) at \(provider.name) (\(error)\(detail)); run `kauth login` to try again")
        case .interrupted:
            throw KAuthError.loginCancelled("the login was interrupted; nothing was stored")
        case .timedOut:
            throw KAuthError.loginCancelled("no login arrived within \(Int(options.timeout.components.seconds)) s; run `kauth login` again (use --timeout SECONDS for more time, or --no-browser to paste the redirect URL)")
        }
        listener.close()
        return try await TokenEndpoint(http: world.http, provider: provider)
            .exchange(code: code, redirectURI: redirectURI, codeVerifier: pkce?.verifier)
    }

    /// RFC 8628: ask for a user code, show it, poll the token endpoint at the interval.
    private func runDeviceGrant(provider: ResolvedProvider, endpoints: ProviderEndpoints, scopes: [String], options: LoginOptions) async throws -> TokenResponse {
        guard let endpoint = endpoints.deviceAuthorization else {
            throw KAuthError.usage("provider '\(provider.name)' offers no device authorization (its discovery lists no device_authorization_endpoint); use --no-browser to log in from a machine without a browser")
        }
        let authorization = try await DeviceAuthorization.start(endpoint: endpoint, provider: provider, scopes: scopes, http: world.http)
        let terminal = world.terminal
        terminal.writeErr("To log in to \(provider.name), visit \(authorization.verificationURI) and enter the code:\n\n  \(authorization.userCode)\n\n")
        if let complete = authorization.verificationURIComplete {
            terminal.writeErr("Or open: \(complete)\n")
            if options.openBrowser { try? world.browser.open(complete) }
        }
        let lifetime = min(Duration.seconds(authorization.expiresIn), options.timeout)
        terminal.writeErr("Waiting up to \(Int(lifetime.components.seconds)) s for the login to finish…\n")
        return try await DeviceAuthorization.poll(
            authorization, provider: provider, http: world.http, clock: world.clock, lifetime: lifetime
        )
    }

    /// One profile call to cache who logged in; a failure only costs the cache.
    private func fetchProfile(provider: ResolvedProvider, accessToken: String) async -> CachedUser? {
        if provider.kind == .oidc && provider.endpoints?.userinfo == nil { return nil }
        let client = APIClient(
            http: world.http, clock: world.clock, provider: provider,
            credentials: BearerCredentials(
                profile: profile,
                current: { accessToken },
                recover: { _, message in throw KAuthError.sessionExpired(profile: profile, reason: message) }
            )
        )
        let api = ProviderUserAPI(client: client, http: world.http)
        do {
            return api.cachedUser(from: try await api.profile().value)
        } catch {
            world.terminal.writeErr("warning: logged in, but the profile could not be fetched (\(KAuthError.describe(error))); `kauth me` fetches it later\n")
            return nil
        }
    }

    /// Reads lines from standard input on a thread of their own (a blocking read cannot be
    /// cancelled) and hands the first pasted redirect URL with the right state to the listener.
    private func acceptPastedRedirects(into listener: RunningCallbackListener, path: String, state: String, issuer: String?) {
        let terminal = world.terminal
        // Without a thread (a process limit) no pasted URL is read; the listener still works.
        try? startThread {
            while let line = terminal.readLine() {
                let text = line.trimmingWhitespace()
                if text.isEmpty { continue }
                switch RedirectCallback.evaluate(pastedURL: text, expectedPath: path, expectedState: state, expectedIssuer: issuer) {
                case .outcome(let outcome):
                    listener.deliver(outcome)
                    return
                case .stateMismatch:
                    terminal.writeErr("That URL is not from this login (its state does not match); paste the URL from this login's browser tab.\n")
                case .notFound, .methodNotAllowed, .incomplete:
                    terminal.writeErr("That is not the redirect URL (expected a URL with the path \(path) and a code); try again.\n")
                }
            }
        }
    }
}
