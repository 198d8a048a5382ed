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

    /// `/oauth/authorize` query (§2): scopes space-joined, prompts and service terms comma-joined
    /// as the iOS SDK sends them.
    public static func authorizeURL(base: String, request: AuthorizationRequest) -> String {
        var pairs: [(String, String)] = [
            ("client_id", request.clientID),
            ("redirect_uri", request.redirectURI),
            ("response_type", "code"),
            ("state", request.state),
            ("code_challenge", request.codeChallenge),
            ("code_challenge_method", "S256"),
        ]
        if !request.scopes.isEmpty { pairs.append(("scope", request.scopes.joined(separator: " "))) }
        if !request.prompts.isEmpty { pairs.append(("prompt", request.prompts.joined(separator: ","))) }
        if let hint = request.loginHint { pairs.append(("login_hint", hint)) }
        if !request.serviceTerms.isEmpty { pairs.append(("service_terms", request.serviceTerms.joined(separator: ","))) }
        if let nonce = request.nonce { pairs.append(("nonce", nonce)) }
        return base + "/oauth/authorize?" + FormURLEncoding.encode(pairs)
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
