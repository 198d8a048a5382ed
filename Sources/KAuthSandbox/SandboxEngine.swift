import KAuthBasics
import KAuthCore
import KakaoAPI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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
    /// Answers `POST /_sandbox/respond` set, by endpoint.
    var rawResponses: [SandboxRawEndpoint: SandboxRawResponse] = [:]
    /// Sharer visits, memos and images, for tests to read back (`SandboxShare.swift`).
    var share = SandboxShareRecords()
    /// AGTs, kpidt sessions and picker visits (`Apps/`), in memory only.
    var apps = SandboxAppsRecords()
    /// Where the sandbox is served (`SandboxServer` sets it): the base of the URLs it hands out.
    /// A provider not on a socket uses the placeholder issuer.
    var baseURL = SandboxConfiguration.placeholderIssuer
    /// The parsed form of `state.signingKey`, so that the key is not rebuilt for every token.
    var signingKeyCache: SandboxSigningKey?
    /// Keys of the ES* and EdDSA algorithms, made on first need and kept in memory only.
    var algorithmSigners: [JWSAlgorithm: JWSSigner] = [:]
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
        apps.purge(now: now)
        let path = request.path
        if path == "/_sandbox" || path.hasPrefix("/_sandbox/") {
            return (control(request), nil)
        }
        var entry = SandboxLogEntry(time: now, method: request.method, path: path, status: 0)
        let response = rawResponse(for: path, &entry) ?? injectedFailure(for: path, &entry) ?? route(request, &entry)
        entry.status = response.status
        return (response, entry)
    }

    private mutating func route(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        if let response = oauthRoute(request, &entry) { return response }
        if configuration.mode == .snapchat { return snapRoute(request, &entry) }
        let method = request.method
        switch request.path {
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
        case "/v1/api/talk/friends":
            return talkFriends(request, &entry)
        case "/api/items":
            return items(request, &entry)
        case "/api/echo":
            return echo(request, &entry)
        case _ where Self.friendMessagePaths[request.path] != nil:
            return talkFriendsMessage(request, &entry)
        case "/api/agt":
            guard method == "POST" else {
                return Self.oauthError(405, "invalid_request", "use POST for /api/agt", "KOE001", &entry)
            }
            return agt(request, &entry)
        case "/auth/kpidt":
            guard method == "GET" else { return .text(405, "use GET for /auth/kpidt\n") }
            return kpidt(request, &entry)
        case _ where PickerPage(path: request.path) != nil:
            return addressPicker(request, &entry)
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
            return Self.insufficientScopes(
                failure.status, apiType: "KAPI", required: failure.requiredScopes, allowed: [], &entry)
        }
        return Self.apiError(failure.status, Int(code) ?? -1, description, &entry)
    }
}
