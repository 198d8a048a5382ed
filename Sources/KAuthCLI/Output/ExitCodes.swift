import KAuthCore
import KakaoAPI

/// The one mapping from failures to the exit codes of the CLI contract and to the `code` of
/// `--json` error objects (Docs/exit-codes.md lists both). The core and Kakao's product APIs
/// throw facts; which number a script sees is the command line's to say.
extension CommandError {
    /// The exit code of the CLI contract.
    var exitCode: Int32 {
        switch self {
        case .usage: 2
        case .failed: 1
        case .cancelled: 6
        }
    }

    /// A stable, machine-readable name for `--json` error objects.
    var code: String {
        switch self {
        case .usage: "usage"
        case .failed: "failure"
        case .cancelled: "cancelled"
        }
    }
}

extension KAuthError {
    /// The exit code of the CLI contract.
    var exitCode: Int32 {
        if case .pagesStopped(.failed(_, _, let error)) = self { return error.exitCode }
        if case .product(let product) = self { return Self.exit(of: product).exitCode }
        if case .clientAuthentication(_, let problem) = self { return problem == .signingFailed ? 1 : 2 }
        switch self {
        case .missingSetting, .invalidSetting, .unknownProvider, .providerMismatch,
            .insecureURL, .notAURL, .plainHTTPServer, .unsupported,
            .invalidRedirectURI, .redirectPortConflict, .hostNotAllowed, .config:
            return 2
        case .notLoggedIn, .sessionExpired, .environmentTokenRejected, .subjectToken: return 3
        case .consentRequired: return 4
        case .unavailable: return 5
        case .loginCancelled: return 6
        case .keystore: return 7
        case .portInUse, .oauth, .resourceRefused, .api, .apiNotPermitted, .apiRefused, .tlsFailed, .appKeyRejected,
            .invalidResponse, .discovery,
            .idTokenRefused, .endpointsUnknown, .foreignUserinfo, .loginReplaced, .pagesStopped, .listenerFailed,
            .httpUnavailable, .unexpected, .product, .clientAuthentication:
            return 1
        }
    }

    /// A stable, machine-readable name for `--json` error objects.
    var code: String {
        if case .pagesStopped(.failed(_, _, let error)) = self { return error.code }
        if case .product(let product) = self { return Self.exit(of: product).code }
        switch self {
        case .missingSetting, .invalidSetting, .unknownProvider, .providerMismatch, .insecureURL, .notAURL,
            .plainHTTPServer, .invalidRedirectURI,
            .redirectPortConflict, .hostNotAllowed, .config, .unsupported:
            return "usage"
        case .notLoggedIn: return "not_logged_in"
        case .sessionExpired: return "session_expired"
        case .environmentTokenRejected: return "environment_token_rejected"
        case .subjectToken: return "subject_token_refused"
        case .resourceRefused: return "invalid_target"
        case .consentRequired: return "consent_required"
        case .unavailable: return "unavailable"
        case .loginCancelled: return "login_cancelled"
        case .keystore: return "keystore"
        case .portInUse: return "port_in_use"
        case .oauth: return "oauth_error"
        case .api, .apiNotPermitted, .apiRefused, .appKeyRejected: return "api_error"
        case .invalidResponse, .discovery, .endpointsUnknown: return "invalid_response"
        case .idTokenRefused: return "id_token_refused"
        case .foreignUserinfo: return "userinfo_subject_mismatch"
        case .loginReplaced: return "login_replaced"
        case .tlsFailed: return "tls_error"
        case .pagesStopped: return "pagination_stopped"
        case .listenerFailed, .httpUnavailable, .unexpected, .product: return "failure"
        case .clientAuthentication(_, let problem): return problem == .signingFailed ? "failure" : "usage"
        }
    }

    /// The exit code and JSON code of a failure of Kakao's product APIs, which the core carries
    /// without knowing its cases: an exhaustive switch, so a new kind has one before it compiles.
    private static func exit(of product: ProductError) -> (exitCode: Int32, code: String) {
        switch product.kakao {
        case .share(.invalidTemplate)?: return (2, "invalid_template")
        case .share(.userTokenCall)?: return (1, "failure")
        case .addressPicker(.ended)?: return (6, "picker_cancelled")
        case .addressPicker(.failed)?: return (1, "picker_error")
        case .addressPicker(.noAgentToken)?, .addressPicker(.agentTokenUnreadable)?,
            .addressPicker(.addressNotReturned)?:
            return (1, "invalid_response")
        case nil: return (1, "failure")
        }
    }
}
