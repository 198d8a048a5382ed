import KAuthBasics
import KAuthCore
import KakaoAPI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The engine's one door: every request comes in through `handle`, which sends it to the control
/// endpoints, to an answer a test set, to an injected failure, or to the route folder of the
/// product it belongs to. It lives at the top because it is the one place that knows them all.
extension SandboxEngine {
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
        case Self.githubTokenPath:
            guard method == "GET" else { return .text(405, "use GET for \(request.path)\n") }
            return githubToken(request, &entry)
        case Self.ciJWKSPath:
            return ciJWKS()
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
