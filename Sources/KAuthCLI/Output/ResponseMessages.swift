import KAuthCore
import KakaoAPI

/// The words for what went wrong with a provider's answer, or with getting one: the core's facts
/// (`Unavailability`, `InvalidResponse`) as the sentences `ErrorMessages` completes. Text from
/// the network is made visible by the caller, with the rest of the sentence.
extension ErrorMessages {
    /// What was tried and what came back, before "; check your network or try again later".
    static func unavailable(_ fact: Unavailability) -> String {
        switch fact {
        case .unreachable(let url, let detail): return "cannot reach \(url): \(detail)"
        case .noAnswer(let url): return "no answer from \(url) in time"
        case .serverError(.jwks(let url), let status): return "the provider's JWK set at \(url) answered HTTP \(status)"
        case .serverError(let endpoint, let status): return "\(name(endpoint)) answered HTTP \(status)"
        case .temporaryError(let endpoint, let status, let error):
            return "\(name(endpoint)) is unavailable (HTTP \(status), \(error))"
        case .serviceError(let endpoint, let code, let message):
            return "\(name(endpoint)) failed with \(code): \(message)"
        }
    }

    /// What was wrong with an answer, after "unexpected response from the provider: ".
    static func invalid(_ fact: InvalidResponse) -> String {
        switch fact {
        case .noOAuthError(let endpoint, let status):
            return "\(name(endpoint)) answered HTTP \(status) without an OAuth error"
        case .tokenCharacters(let field):
            return
                "the token endpoint's \(field) has characters no token has (RFC 6749 allows printable ASCII only); it is not shown, and nothing was stored"
        case .noAccessToken(let status): return "the token endpoint answered \(status) without a usable access token"
        case .noDeviceCode(let status): return "device authorization answered HTTP \(status) without a device code"
        case .insecureVerificationURI: return "device authorization named a verification URI that is not https"
        case .unexpectedBody(let method, let path, let status):
            return "\(method) \(path) answered \(status) with a body that is not the expected JSON"
        case .jwksStatus(let url, let status): return "the JWK set at \(url) answered HTTP \(status)"
        case .notAKeySet(let url):
            return "the JWK set\(url.map { " at \($0)" } ?? "") is not a JSON object with a 'keys' array"
        }
    }

    /// What the picker's requests got that they cannot use, after "unexpected response from the
    /// provider: "; nil for the picker's other failures.
    static func invalid(_ picker: AddressPickerError) -> String? {
        switch picker {
        case .noAgentToken(let path, let status): return "\(path) answered \(status) without an agt"
        case .agentTokenUnreadable(let path, let status):
            return "\(path) answered HTTP \(status) without an error kauth can read"
        case .addressNotReturned(let id):
            return "the picker chose address \(id), but /v1/user/shipping_address did not return it"
        case .ended, .failed: return nil
        }
    }

    /// An endpoint as the subject of a sentence.
    private static func name(_ endpoint: ProviderEndpoint) -> String {
        switch endpoint {
        case .token: "the token endpoint"
        case .deviceAuthorization: "device authorization"
        case .revocation(let url): "revocation at \(url)"
        case .introspection(let url): "introspection at \(url)"
        case .discovery(let url): "discovery at \(url)"
        case .jwks(let url): "the JWK set at \(url)"
        case .ciTokenService(let url): "the CI's token service at \(url)"
        case .api(let path): path
        }
    }

    /// What the provider said when it refused a refresh token, or only its status.
    static func words(_ detail: RefusalDetail) -> String {
        switch detail {
        case .said(let text): return text
        case .status(let status): return "HTTP \(status)"
        }
    }

    /// Why a login's redirect was refused for its `iss` (RFC 9207), as a provider's
    /// `error_description` would say it: the terminal and the browser page show it so.
    static func wrongIssuer(expected: String, got: String?) -> String {
        "the authorization response's iss is \(got.map { "'\($0)'" } ?? "none"), not '\(expected)' (RFC 9207); nothing was exchanged"
    }
}
