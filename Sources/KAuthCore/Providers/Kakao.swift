#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Kakao's endpoints and quirks (spec/kakao-rest.md §1–§3).
package enum Kakao {
    package static let authURL = "https://kauth.kakao.com"
    package static let apiURL = "https://kapi.kakao.com"
    package static let sharerURL = "https://sharer.kakao.com"

    /// Kakao matches registered redirect URIs exactly, port included (KOE006 otherwise), so the
    /// default is one fixed URI that users register once in the Kakao console.
    package static let defaultRedirectPort: UInt16 = 52884
    package static let defaultRedirectPath = "/callback"
    package static var defaultRedirectURI: String { "http://127.0.0.1:\(defaultRedirectPort)\(defaultRedirectPath)" }

    /// Kakao's endpoints under its two hosts (spec §1, §7). The issuer is the auth host, as in
    /// Kakao's discovery document.
    package static func endpoints(auth: String, api: String) -> ProviderEndpoints {
        ProviderEndpoints(
            issuer: auth,
            authorization: auth + "/oauth/authorize",
            token: auth + "/oauth/token",
            userinfo: api + "/v1/oidc/userinfo",
            jwks: auth + "/.well-known/jwks.json",
            codeChallengeMethods: ["S256"]
        )
    }

    /// The prompts Kakao documents for the browser flow (`none` works only inside Kakao Talk).
    package static let prompts = ["login", "create", "select_account"]

    /// Maps a non-2xx API answer (spec §6: `{"msg","code"}`) to the error a user can act on:
    /// -401 to a refresh and retry, -402 to consent, -1/-9798/5xx to "unavailable".
    static func apiError(status: Int, body: Data, path: String) -> any Error {
        let info = try? JSONDecoder().decode(KakaoAPIErrorBody.self, from: body)
        let message = info?.msg ?? String(decoding: body.prefix(200), as: UTF8.self)
        switch (status, info?.code) {
        case (_, -401), (401, nil):
            return TokenRejected(message: message)
        case (_, -402):
            return KAuthError.consentRequired(scopes: info?.requiredScopes ?? [], message: message)
        case (_, -1), (_, -9798), (_, -7), (_, -603):
            return KAuthError.unavailable("\(path) failed with \(info?.code ?? 0): \(message)")
        case (500..., _):
            return KAuthError.unavailable("\(path) answered HTTP \(status)")
        default:
            return KAuthError.api(status: status, code: info?.code, message: message)
        }
    }
}

/// Kakao's API error body (spec §6): `{"msg","code"}` plus `required_scopes` on -402.
package struct KakaoAPIErrorBody: Decodable, Sendable, Equatable {
    package var msg: String?
    package var code: Int?
    package var requiredScopes: [String]?
    package var allowedScopes: [String]?

    enum CodingKeys: String, CodingKey {
        case msg, code
        case requiredScopes = "required_scopes"
        case allowedScopes = "allowed_scopes"
    }
}
