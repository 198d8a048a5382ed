import KAuthBasics

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension ProviderType {
    /// Kakao Login, and the profile and API errors of Kakao's APIs (its products are KakaoAPI's).
    ///
    /// Its differences: two hosts (kauth for OAuth, kapi for APIs; the sharer and the apps host are
    /// KakaoAPI's); a fixed redirect URI, since Kakao matches registered redirect
    /// URIs exactly, port included (KOE006 otherwise); prompts joined with commas as its SDK does;
    /// the client secret in the form body; API errors as `{"msg","code"}` with -401 (refresh and
    /// retry), -402 (consent) and transient codes; the profile at `/v2/user/me`.
    package static let kakao = ProviderType(
        id: "kakao",
        displayName: "Kakao",
        baseURLs: [.auth: "https://kauth.kakao.com", .api: "https://kapi.kakao.com"],
        environmentPrefix: "KAUTH_KAKAO_",
        endpoints: .fixed { urls in
            // The issuer is the auth host, as in Kakao's discovery document.
            let auth = urls[.auth] ?? ""
            let api = urls[.api] ?? ""
            return ProviderEndpoints(
                issuer: auth,
                authorization: auth + "/oauth/authorize",
                token: auth + "/oauth/token",
                userinfo: api + "/v1/oidc/userinfo",
                jwks: auth + "/.well-known/jwks.json",
                codeChallengeMethods: ["S256"]
            )
        },
        redirectPort: Kakao.redirectPort,
        redirectPath: "/callback",
        defaultScopes: [],
        // `none` works only inside Kakao Talk's in-app browser.
        prompts: ["login", "create", "select_account"],
        authorizeParameters: { request in
            var pairs: [(String, String)] = []
            if !request.scopes.isEmpty { pairs.append(("scope", request.scopes.joined(separator: " "))) }
            if !request.prompts.isEmpty { pairs.append(("prompt", request.prompts.joined(separator: ","))) }
            if let hint = request.loginHint { pairs.append(("login_hint", hint)) }
            return pairs
        },
        clientAuthentication: .whenSecret(.clientSecretPost),
        temporaryErrorCodes: ["KOE003"],
        errorMeanings: [
            "KOE010": .wrongClientSecret,
            "KOE006": .redirectURINotRegistered,
            "KOE303": .redirectURINotRegistered,
            "KOE101": .wrongClientID
        ],
        apiError: Kakao.apiError,
        // Kakao's APIs read form fields, JSON only inside a field's value (`properties={…}`).
        apiBody: .form,
        appKeyScheme: "KakaoAK",
        profile: ProfileAPI(
            // `GET /v2/user/me`. `secure_resource=true` asks for https image URLs, as the iOS SDK does
            // by default; `property_keys` (a JSON array string) asks for those fields alone.
            request: { _, propertyKeys in
                var parameters = [("secure_resource", "true")]
                if !propertyKeys.isEmpty {
                    parameters.append(("property_keys", JSONValue.array(propertyKeys.map(JSONValue.string)).jsonText()))
                }
                return APICall(method: "GET", host: .api, path: "/v2/user/me", parameters: parameters)
            },
            check: { _ in },
            cachedUser: Kakao.cachedUser
        ),
        logout: .call { _ in APICall(method: "POST", host: .api, path: "/v1/user/logout") },
        unlink: { _ in APICall(method: "POST", host: .api, path: "/v1/user/unlink") },
        features: [.loginHint, .idToken],
        help: ProviderHelp(
            clientIDName: "REST API key",
            redirectRegistration:
                "Kakao Developers console → your app → Kakao Login → Redirect URI; Kakao shows KOE006 for a URI that is not registered",
            idTokenSetup: "enable OpenID Connect in the Kakao Developers console: Kakao Login → OpenID Connect"
        )
    )
}

/// Kakao's wire formats that the provider value uses.
package enum Kakao {
    /// The fixed redirect port users register in the Kakao console.
    package static let redirectPort: UInt16 = 52884
    package static var defaultRedirectURI: String { "http://127.0.0.1:\(redirectPort)/callback" }

    /// Maps a non-2xx API answer (`{"msg","code"}`) to the error a user can act on: -401 to a
    /// refresh and retry, -402 to consent, -3/-5 to the app's missing permission (which one, for
    /// which path, is the product's to say: KakaoAPI's `KakaoPermission`),
    /// -10/-12/-4 to what was refused, -1/-7/-603/-9798/5xx to "unavailable".
    static func apiError(response: HTTPResponse, path: String) -> any Error {
        let info = try? JSONDecoder().decode(KakaoAPIErrorBody.self, from: response.body)
        let message = info?.msg ?? response.bodyExcerpt
        switch (response.status, info?.code) {
        case (_, -401), (401, nil):
            return TokenRejected(message: message)
        case (_, -402):
            return KAuthError.consentRequired(scopes: info?.requiredScopes ?? [], message: message)
        case (_, -3), (_, -5):
            // -3: the API or feature is off for the app ("App disabled [friends] scopes for
            // [FRIENDS] API"); -5: the app lacks permission for it. Neither is the user's to fix.
            return KAuthError.apiNotPermitted(code: info?.code ?? 0, message: message, path: path)
        case (_, let code?) where refusal(code) != nil:
            return KAuthError.apiRefused(refusal(code)!, provider: "Kakao", code: code, message: message)
        case (_, let code?) where [-1, -9798, -7, -603].contains(code):
            return KAuthError.unavailable(.serviceError(.api(path: path), code: code, message: message))
        case (500..., _):
            return KAuthError.unavailable(.serverError(.api(path: path), status: response.status))
        default:
            return KAuthError.api(status: response.status, code: info?.code, message: message)
        }
    }

    /// The refusals that neither a retry nor a new login fixes. The token endpoint answers with
    /// the same body when a user's daily token issues or refreshes are used up (-10).
    static func refusal(_ code: Int) -> APIRefusal? {
        switch code {
        case -10: return .quotaExceeded
        case -12: return .appSuspended
        case -4: return .accountRestricted
        default: return nil
        }
    }

    /// The profile fields kauth keeps offline, from a `/v2/user/me` object. Only the fields the
    /// user agreed to share are there; the rest stay nil.
    static func cachedUser(_ user: JSONValue) -> CachedUser {
        let account = user["kakao_account"]
        let nickname =
            account?.value(at: "profile.nickname")?.stringValue ?? user.value(at: "properties.nickname")?.stringValue
        return CachedUser(
            id: user["id"]?.stringValue,
            nickname: nickname,
            email: account?["email"]?.stringValue,
            phoneNumber: account?["phone_number"]?.stringValue,
            displayName: account?["name"]?.stringValue ?? nickname,
            country: nil
        )
    }
}

/// Kakao's API error body: `{"msg","code"}` plus `required_scopes` on -402.
struct KakaoAPIErrorBody: Decodable, Sendable, Equatable {
    var msg: String?
    var code: Int?
    var requiredScopes: [String]?
    var allowedScopes: [String]?

    enum CodingKeys: String, CodingKey {
        case msg, code
        case requiredScopes = "required_scopes"
        case allowedScopes = "allowed_scopes"
    }
}
