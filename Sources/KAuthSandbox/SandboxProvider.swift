#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import KAuthCore

/// A Kakao-compatible OAuth provider and user API, as a pure function from request to response.
///
/// One instance serves both hosts' paths: `kauth.kakao.com`'s `/oauth/*` and `kapi.kakao.com`'s
/// `/v1/*` and `/v2/*`, plus control endpoints under `/_sandbox/` for tests. It answers with the
/// statuses, bodies and KOE codes of `spec/kakao-rest.md`, so that a client tested here behaves
/// the same against Kakao. Kakao's OpenID Connect (`SandboxOIDC.swift`) is a configuration
/// switch; RFC 7009 revocation and the RFC 8628 device grant are sandbox additions. In Snap mode
/// it serves Snap Login Kit's paths instead (`SandboxSnap.swift`). Time comes from the injected `Clock` and every code and token from the
/// injected `RandomSource`, so tests can move time and get repeatable runs.
///
/// Thread-safe: `LoopbackServer` calls `handle` from one thread per connection, and one lock
/// around each request makes every request see and leave a consistent state.
package final class SandboxProvider: @unchecked Sendable {
    private let lock = Lock()
    private var engine: SandboxEngine
    private let store: SandboxStateStore?

    /// Loads the state file when the configuration names one (and writes it once, so an unusable
    /// path fails here rather than on the first login).
    ///
    /// - Throws: `SandboxStateError` when the state file cannot be read, is not a sandbox state
    ///   file (it is then left untouched), or cannot be written.
    package init(
        configuration: SandboxConfiguration = SandboxConfiguration(),
        clock: Clock = .live,
        random: RandomSource = .live
    ) throws {
        var state = SandboxState()
        if let path = configuration.stateFile {
            let store = SandboxStateStore(path: path)
            if let loaded = try store.load() { state = loaded }
            state.purge(now: clock.now())
            try store.save(state)
            self.store = store
        } else {
            self.store = nil
        }
        engine = SandboxEngine(configuration: configuration, state: state, clock: clock, random: random)
    }

    /// Answers one request.
    package func handle(_ request: HTTPServerRequest) -> HTTPServerResponse {
        handleAndLog(request).response
    }

    /// Every logged request so far, oldest first (control requests under `/_sandbox/` excluded).
    package var requestLog: [SandboxLogEntry] {
        lock.lock()
        defer { lock.unlock() }
        return engine.log
    }

    /// The configuration in force, including changes made through `POST /_sandbox/config`.
    package var configuration: SandboxConfiguration {
        lock.lock()
        defer { lock.unlock() }
        return engine.configuration
    }

    /// Sets the issuer when the configuration names none: `SandboxServer` passes its own base
    /// URL once the port is bound, so that ID tokens, discovery and `iss` name the address the
    /// sandbox is reached at.
    func adoptIssuer(_ issuer: String) {
        lock.lock()
        defer { lock.unlock() }
        if engine.configuration.issuer == nil { engine.configuration.issuer = issuer }
    }

    /// Answers one request and returns its log entry (nil for control requests), for
    /// `SandboxServer`'s `onRequest`.
    func handleAndLog(_ request: HTTPServerRequest) -> (response: HTTPServerResponse, entry: SandboxLogEntry?) {
        lock.lock()
        defer { lock.unlock() }
        let before = engine.state
        var (response, entry) = engine.handle(request)
        if let store, engine.state != before {
            do {
                try store.save(engine.state)
            } catch {
                // The answer would claim a change that a restart would lose: say so instead.
                response = .text(500, "sandbox: \(error)\n")
                entry?.status = 500
            }
        }
        if let entry { engine.appendLog(entry) }
        return (response, entry)
    }
}

/// A failure that `POST /_sandbox/fail` asked for.
struct InjectedFailure: Sendable, Equatable {
    var remaining: Int
    var status: Int
    /// A kapi code (`-9798`) or a KOE code (`KOE003`), choosing the body's shape.
    var code: String?
    /// The OAuth `error` for a KOE body.
    var error: String?
    /// With code -402: the `required_scopes` of the body (`insufficientScopes`).
    var requiredScopes: [String] = []
}

/// The provider's state and behaviour as a value: every request is one `mutating` call, made
/// under the provider's lock.
struct SandboxEngine {
    var configuration: SandboxConfiguration
    var state: SandboxState
    var log: [SandboxLogEntry] = []
    var failures: [String: InjectedFailure] = [:]
    /// Sharer visits, memos and images, for tests to read back (`SandboxShare.swift`).
    var share = SandboxShareRecords()
    /// The parsed form of `state.signingKey`, so that the key is not rebuilt for every token.
    var signingKeyCache: SandboxSigningKey?
    let clock: Clock
    let random: RandomSource
    /// The current request's time, read once so that one request never sees two instants.
    var now = Date(timeIntervalSince1970: 0)

    /// Oldest entries are dropped past this, so a long-running sandbox does not grow forever.
    static let logCapacity = 10_000

    init(configuration: SandboxConfiguration, state: SandboxState, clock: Clock, random: RandomSource) {
        self.configuration = configuration
        self.state = state
        self.clock = clock
        self.random = random
    }

    mutating func appendLog(_ entry: SandboxLogEntry) {
        log.append(entry)
        if log.count > Self.logCapacity { log.removeFirst(log.count - Self.logCapacity) }
    }

    mutating func handle(_ request: HTTPServerRequest) -> (HTTPServerResponse, SandboxLogEntry?) {
        now = clock.now()
        state.purge(now: now)
        let path = request.path
        if path == "/_sandbox" || path.hasPrefix("/_sandbox/") {
            return (control(request), nil)
        }
        var entry = SandboxLogEntry(time: now, method: request.method, path: path, status: 0)
        let response = injectedFailure(for: path, &entry) ?? route(request, &entry)
        entry.status = response.status
        return (response, entry)
    }

    private mutating func route(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        if configuration.mode == .snapchat { return snapRoute(request, &entry) }
        let method = request.method
        switch request.path {
        case "/oauth/authorize":
            guard method == "GET" else { return Self.errorPage(405, "KOE001", "invalid_request", "use GET for /oauth/authorize", &entry) }
            return authorize(request, &entry)
        case "/oauth/token":
            guard method == "POST" else { return Self.oauthError(405, "invalid_request", "use POST for /oauth/token", "KOE001", &entry) }
            return token(request, &entry)
        case "/oauth/revoke":
            guard method == "POST" else { return Self.oauthError(405, "invalid_request", "use POST for /oauth/revoke", "KOE001", &entry) }
            return revokeToken(request, &entry)
        case "/oauth/device/code":
            guard method == "POST" else { return Self.oauthError(405, "invalid_request", "use POST for /oauth/device/code", "KOE001", &entry) }
            return deviceAuthorization(request, &entry)
        case "/device":
            guard method == "GET" else { return .text(405, "use GET for /device\n") }
            return devicePage(request, &entry)
        case "/.well-known/openid-configuration":
            guard method == "GET" else { return .text(405, "use GET for \(request.path)\n") }
            return discovery(&entry)
        case "/.well-known/jwks.json":
            guard method == "GET" else { return .text(405, "use GET for \(request.path)\n") }
            return jwks(&entry)
        case "/v1/oidc/userinfo":
            guard method == "GET" || method == "POST" else { return Self.methodNotAllowed(&entry) }
            return userInfo(request, &entry)
        case "/v1/user/access_token_info":
            guard method == "GET" else { return Self.methodNotAllowed(&entry) }
            return accessTokenInfo(request, &entry)
        case "/v2/user/me":
            guard method == "GET" || method == "POST" else { return Self.methodNotAllowed(&entry) }
            return me(request, &entry)
        case "/v1/user/logout":
            guard method == "POST" else { return Self.methodNotAllowed(&entry) }
            return logout(request, &entry)
        case "/v1/user/unlink":
            guard method == "POST" else { return Self.methodNotAllowed(&entry) }
            return unlink(request, &entry)
        case "/v2/user/scopes":
            guard method == "GET" else { return Self.methodNotAllowed(&entry) }
            return scopes(request, &entry)
        case "/v2/user/revoke/scopes":
            guard method == "POST" else { return Self.methodNotAllowed(&entry) }
            return revokeScopes(request, &entry)
        case "/v2/user/service_terms":
            guard method == "GET" else { return Self.methodNotAllowed(&entry) }
            return serviceTerms(request, &entry)
        case "/v2/user/revoke/service_terms":
            guard method == "POST" else { return Self.methodNotAllowed(&entry) }
            return revokeServiceTerms(request, &entry)
        case "/v1/user/shipping_address":
            guard method == "GET" else { return Self.methodNotAllowed(&entry) }
            return shippingAddresses(request, &entry)
        case "/v1/user/update_profile":
            guard method == "POST" else { return Self.methodNotAllowed(&entry) }
            return updateProfile(request, &entry)
        case "/v1/user/signup":
            guard method == "POST" else { return Self.methodNotAllowed(&entry) }
            return signup(request, &entry)
        case _ where Self.shareValidationPaths[request.path] != nil:
            return shareValidation(request, &entry)
        case SharerURL.path:
            return sharerPage(request, &entry)
        case "/v2/api/talk/message/image/upload":
            return imageUpload(request, &entry)
        case "/v2/api/talk/message/image/scrap":
            return imageScrap(request, &entry)
        case _ where Self.memoPaths[request.path] != nil:
            return talkMemo(request, &entry)
        default:
            let path = request.path
            if path.hasPrefix("/v1/") || path.hasPrefix("/v2/") {
                return Self.apiError(404, -2, "not found: \(path) is not an API the sandbox serves", &entry)
            }
            return .text(404, "not found\n")
        }
    }

    /// Takes one from the failures injected for `path`, if any.
    private mutating func injectedFailure(for path: String, _ entry: inout SandboxLogEntry) -> HTTPServerResponse? {
        guard var failure = failures[path] else { return nil }
        failure.remaining -= 1
        failures[path] = failure.remaining > 0 ? failure : nil
        entry.injected = true
        let description = "sandbox: injected failure"
        guard let code = failure.code else {
            return .text(failure.status, description + "\n")
        }
        if code.hasPrefix("KOE") {
            return Self.oauthError(failure.status, failure.error ?? "server_error", description, code, &entry)
        }
        if code == "-402" {
            return Self.insufficientScopes(failure.status, apiType: "KAPI", required: failure.requiredScopes, allowed: [], &entry)
        }
        return Self.apiError(failure.status, Int(code) ?? -1, description, &entry)
    }

    // MARK: - Response shapes

    /// kauth's error body, `spec/kakao-rest.md` §3.4: `{"error","error_description","error_code"}`.
    static func oauthError(_ status: Int, _ error: String, _ description: String, _ code: String, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        entry.error = error
        entry.kakaoCode = code
        return .json(status, OrderedJSON.object([
            ("error", .string(error)),
            ("error_description", .string(description)),
            ("error_code", .string(code)),
        ]).data)
    }

    /// kapi's error body, `spec/kakao-rest.md` §6: `{"msg","code"}` (-402 adds the scopes:
    /// `insufficientScopes`).
    static func apiError(_ status: Int, _ code: Int, _ message: String, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        entry.kakaoCode = String(code)
        return .json(status, OrderedJSON.object([("msg", .string(message)), ("code", .int(code))]).data)
    }

    /// kapi's -402 (§6): the API needs consent the user has not given. `required_scopes` names
    /// what to ask for with `/oauth/authorize?scope=…`; `allowed_scopes` is what the user agreed.
    static func insufficientScopes(_ status: Int = 403, apiType: String, required: [String], allowed: [String], _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        entry.kakaoCode = "-402"
        return .json(status, OrderedJSON.object([
            ("msg", .string("insufficient scopes.")),
            ("code", .int(-402)),
            ("api_type", .string(apiType)),
            ("required_scopes", .array(required.map(OrderedJSON.string))),
            ("allowed_scopes", .array(allowed.map(OrderedJSON.string))),
        ]).data)
    }

    static func methodNotAllowed(_ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        apiError(405, -2, "method not allowed", &entry)
    }

    /// The page Kakao shows instead of redirecting when the request itself is unusable (wrong
    /// key, unregistered redirect URI): a redirect there could hand a code to an attacker.
    static func errorPage(_ status: Int, _ code: String, _ error: String, _ description: String, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        entry.error = error
        entry.kakaoCode = code
        let page = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>kauth sandbox: \(code)</title></head>
        <body><h1>Kakao Login error (\(code))</h1>
        <p>\(HTML.escape(error)): \(HTML.escape(description))</p>
        <p>This is the kauth sandbox, a local stand-in for kauth.kakao.com.</p></body></html>

        """
        return .html(status, page)
    }

    /// The name of a parameter sent more than once: RFC 6749 §3.1 and §3.2 forbid it, and
    /// answering it with an error keeps two parsers from reading different values.
    static func repeatedName(_ pairs: [(String, String)]) -> String? {
        var seen = Set<String>()
        return pairs.first { !seen.insert($0.0).inserted }?.0
    }
}
