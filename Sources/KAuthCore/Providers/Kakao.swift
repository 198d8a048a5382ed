#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Kakao's endpoints and quirks (spec/kakao-rest.md §1–§3).
public enum Kakao {
    public static let authURL = "https://kauth.kakao.com"
    public static let apiURL = "https://kapi.kakao.com"
    public static let sharerURL = "https://sharer.kakao.com"

    /// Kakao matches registered redirect URIs exactly, port included (KOE006 otherwise), so the
    /// default is one fixed URI that users register once in the Kakao console.
    public static let defaultRedirectPort: UInt16 = 52884
    public static let defaultRedirectPath = "/callback"
    public static var defaultRedirectURI: String { "http://127.0.0.1:\(defaultRedirectPort)\(defaultRedirectPath)" }

    /// Kakao's endpoints under its two hosts (spec §1, §7). The issuer is the auth host, as in
    /// Kakao's discovery document.
    public static func endpoints(auth: String, api: String) -> ProviderEndpoints {
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
    public static let prompts = ["login", "create", "select_account"]

    /// Whether `url` points at this machine: a local provider such as `kauth sandbox` has no
    /// registered redirect URIs, so any loopback port will do and an ephemeral one is used.
    public static func isLoopback(_ url: String) -> Bool {
        guard let host = URLComponents(string: url)?.host?.lowercased() else { return false }
        return host == "127.0.0.1" || host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }
}
