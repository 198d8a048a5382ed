#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where a token-exchange login's subject token comes from (RFC 8693 §2.1 `subject_token`). It is
/// kept with the login, so that an expired access token is exchanged again from the same place;
/// the subject token itself is a secret and is never stored, logged or printed.
package enum SubjectTokenSource: Codable, Sendable, Equatable {
    /// A file read afresh each time (a Kubernetes projected service-account token, which the
    /// kubelet rotates; a token a CI step wrote).
    case file(path: String)
    /// An environment variable (GitLab's `id_tokens`, any CI's own variable).
    case environment(variable: String)
    /// GitHub Actions' OIDC token: `ACTIONS_ID_TOKEN_REQUEST_URL` asked with
    /// `ACTIONS_ID_TOKEN_REQUEST_TOKEN` for `audience`.
    case githubActions(audience: String)

    enum CodingKeys: String, CodingKey {
        case file, environment
        case githubActions = "github_actions"
    }
}

/// Why no subject token could be had, or why the one sent was refused: facts for the message,
/// which names the source instead of `kauth login` (a CI job cannot log in).
package enum SubjectTokenProblem: Sendable, Equatable {
    /// The file cannot be read (the system's reason), or does not exist.
    case fileUnreadable(reason: String)
    /// The variable is not set.
    case variableUnset
    /// The file or variable holds nothing.
    case empty
    /// What it holds is not one token (several lines, spaces inside, characters no token has).
    case notAToken
    /// `ACTIONS_ID_TOKEN_REQUEST_URL` or `_TOKEN` is missing: the job lacks `id-token: write`.
    case githubVariablesMissing([String])
    /// GitHub Actions' token service refused the request token with this HTTP status.
    case githubRefused(status: Int)
    /// GitHub Actions' token service answered without a `value`.
    case githubAnswerUnreadable(status: Int)
    /// The subject token is a JWT whose `exp` has passed: it was not sent.
    case expired(at: Date)
    /// The provider refused it with an OAuth error (RFC 8693 §2.2.2 says `invalid_request`;
    /// providers also say `invalid_grant` or `invalid_token`).
    case providerRefused(OAuthFailure)
    /// The provider refused it with HTTP 400 or 401 and no OAuth error.
    case providerRefusedStatus(Int)
}
