/// Every failure a command can end with. Each case carries what the user needs to act on it;
/// `exitCode` is the one mapping to the exit codes of the CLI contract.
package enum KAuthError: Error, Sendable, Equatable {
    /// Bad command-line value, missing setting, or an operation the provider cannot do (exit 2).
    case usage(String)
    /// A message template with problems, each with its JSON path; nothing was sent (exit 2).
    case invalidTemplate(violations: [TemplateViolation])
    /// No stored login for the profile (exit 3).
    case notLoggedIn(profile: String)
    /// The stored login can no longer be refreshed or was rejected after a refresh (exit 3).
    case sessionExpired(profile: String, reason: String)
    /// The token provided through `KAUTH_ACCESS_TOKEN` was rejected (exit 3).
    case environmentTokenRejected(reason: String)
    /// The provider wants consent for more scopes (Kakao -402) (exit 4).
    case consentRequired(scopes: [String], message: String)
    /// The provider could not be reached or answered with a temporary failure (exit 5).
    case unavailable(String)
    /// The user denied or cancelled the login, or the listener timed out (exit 6).
    case loginCancelled(String)
    /// The keystore could not be read, is corrupt, locked too long, or the passphrase is wrong (exit 7).
    case keystore(String)
    /// The redirect listener's port is taken.
    case portInUse(port: UInt16, redirectURI: String)
    /// An OAuth error from the token endpoint (RFC 6749 §5.2, Kakao `error_code` KOE…).
    case oauth(error: String, description: String?, providerCode: String?)
    /// A Kakao API error (`{"msg","code"}`) that has no more specific meaning.
    case api(status: Int, code: Int?, message: String)
    /// A response kauth could not understand.
    case invalidResponse(String)
    /// Anything else, with its message.
    case failure(String)

    /// The exit code of `spec/cli.md`.
    package var exitCode: Int32 {
        switch self {
        case .usage, .invalidTemplate: return 2
        case .notLoggedIn, .sessionExpired, .environmentTokenRejected: return 3
        case .consentRequired: return 4
        case .unavailable: return 5
        case .loginCancelled: return 6
        case .keystore: return 7
        case .portInUse, .oauth, .api, .invalidResponse, .failure: return 1
        }
    }

    /// A stable, machine-readable name for `--json` error objects.
    package var code: String {
        switch self {
        case .usage: return "usage"
        case .invalidTemplate: return "invalid_template"
        case .notLoggedIn: return "not_logged_in"
        case .sessionExpired: return "session_expired"
        case .environmentTokenRejected: return "environment_token_rejected"
        case .consentRequired: return "consent_required"
        case .unavailable: return "unavailable"
        case .loginCancelled: return "login_cancelled"
        case .keystore: return "keystore"
        case .portInUse: return "port_in_use"
        case .oauth: return "oauth_error"
        case .api: return "api_error"
        case .invalidResponse: return "invalid_response"
        case .failure: return "failure"
        }
    }

    /// What happened and what to do, in one or two sentences.
    package var message: String {
        switch self {
        case .usage(let text):
            return text
        case .invalidTemplate(let violations):
            let count = violations.count == 1 ? "a problem" : "\(violations.count) problems"
            return "the template has \(count); nothing was sent:\n" + violations.map { "  \($0)" }.joined(separator: "\n")
        case .notLoggedIn(let profile):
            return "not logged in (profile '\(profile)'); run `kauth login\(profileFlag(profile))`"
        case .sessionExpired(let profile, let reason):
            return "the stored login can no longer be used: \(reason); run `kauth login\(profileFlag(profile))` again"
        case .environmentTokenRejected(let reason):
            return "the token in KAUTH_ACCESS_TOKEN was rejected: \(reason); set a fresh token or unset KAUTH_ACCESS_TOKEN to use the stored login"
        case .consentRequired(let scopes, let message):
            let list = scopes.joined(separator: " ")
            return scopes.isEmpty
                ? "consent required: \(message)"
                : "consent required for: \(list) (\(message)); run `kauth scopes request \(list)`"
        case .unavailable(let text):
            return "\(text); check your network or try again later"
        case .loginCancelled(let text):
            return text
        case .keystore(let text):
            return text
        case .portInUse(let port, let redirectURI):
            return "port \(port) for the redirect URI \(redirectURI) is already in use; stop the program using it, or pick another with --port N or --redirect-uri URI (and register that URI with the provider)"
        case .oauth(let error, let description, let providerCode):
            var text = "the provider refused the request: \(error)"
            if let description, !description.isEmpty { text += " (\(Redaction.text(description)))" }
            if let providerCode { text += " [\(providerCode)]" }
            return text + Self.oauthHint(error: error, providerCode: providerCode)
        case .api(let status, let code, let message):
            let codeText = code.map { " \($0)" } ?? ""
            return "the API answered HTTP \(status) with error\(codeText): \(message)"
        case .invalidResponse(let text):
            return "unexpected response from the provider: \(text)"
        case .failure(let text):
            return text
        }
    }

    /// Scope IDs to return as `required_scopes` in `--json` errors.
    package var requiredScopes: [String]? {
        if case .consentRequired(let scopes, _) = self { return scopes }
        return nil
    }

    private func profileFlag(_ profile: String) -> String {
        profile == "default" ? "" : " --profile \(profile)"
    }

    private static func oauthHint(error: String, providerCode: String?) -> String {
        switch (error, providerCode) {
        case (_, "KOE010"):
            return "; set the client secret (KAUTH_CLIENT_SECRET or `kauth config set provider.kakao.client_secret S`) to the one in the Kakao console"
        case (_, "KOE006"), (_, "KOE303"):
            return "; register the exact redirect URI in the Kakao console, or pass the registered one with --redirect-uri"
        case ("invalid_client", _):
            return "; check the client id (KAUTH_CLIENT_ID, --client-id, or `kauth config set provider.kakao.client_id KEY`)"
        default:
            return ""
        }
    }
}

extension KAuthError {
    /// The user-facing text of any error: a `KAuthError`'s message, else its description.
    package static func describe(_ error: any Error) -> String {
        (error as? KAuthError)?.message ?? "\(error)"
    }
}
