import KAuthCore

/// What went wrong with a provider's answer, or with getting one: the core's facts
/// (`Unavailability`, `InvalidResponse`) as the part `ProviderErrorWords` completes. Text from the
/// network is made visible with the rest of the sentence.
extension Unavailability: Message {
    /// What was tried and what came back, before "; check your network or try again later".
    var localized: Localized {
        switch self {
        case .unreachable(let url, let detail):
            Localized(en: "cannot reach \(url): \(detail)", ko: "\(url)에 연결할 수 없습니다: \(detail)")
        case .noAnswer(let url):
            Localized(en: "no answer from \(url) in time", ko: "\(url)에서 제시간에 응답이 없습니다")
        case .serverError(.jwks(let url), let status):
            Localized(
                en: "the provider's JWK set at \(url) answered HTTP \(status)",
                ko: "\(url)의 제공자 JWK set이 HTTP \(status)(으)로 응답했습니다")
        case .serverError(let endpoint, let status):
            Localized(
                en: "\(endpoint.localized.english) answered HTTP \(status)",
                ko: "\(endpoint.localized.korean)이(가) HTTP \(status)(으)로 응답했습니다")
        case .temporaryError(let endpoint, let status, let error):
            Localized(
                en: "\(endpoint.localized.english) is unavailable (HTTP \(status), \(error))",
                ko: "\(endpoint.localized.korean)을(를) 지금 쓸 수 없습니다(HTTP \(status), \(error))")
        case .serviceError(let endpoint, let code, let message):
            Localized(
                en: "\(endpoint.localized.english) failed with \(code): \(message)",
                ko: "\(endpoint.localized.korean)이(가) \(code)(으)로 실패했습니다: \(message)")
        }
    }

    /// The URL the failure was met at, when the fact names one.
    var url: String? {
        switch self {
        case .unreachable(let url, _), .noAnswer(let url): url
        case .serverError(.jwks(let url), _), .serverError(.revocation(let url), _),
            .serverError(.discovery(let url), _):
            url
        default: nil
        }
    }
}

/// What was wrong with an answer, after "unexpected response from the provider: ".
extension InvalidResponse: Message {
    var localized: Localized {
        switch self {
        case .noOAuthError(let endpoint, let status):
            Localized(
                en: "\(endpoint.localized.english) answered HTTP \(status) without an OAuth error",
                ko: "\(endpoint.localized.korean)이(가) OAuth 오류 없이 HTTP \(status)(으)로 응답했습니다")
        case .tokenCharacters(let field):
            Localized(
                en:
                    "the token endpoint's \(field) has characters no token has (RFC 6749 allows printable ASCII only); it is not shown, and nothing was stored",
                ko:
                    "토큰 엔드포인트의 \(field)에 토큰에 있을 수 없는 문자가 있습니다(RFC 6749는 출력 가능한 ASCII만 허용). 값은 보여주지 않으며 아무것도 저장하지 않았습니다")
        case .noAccessToken(let status):
            Localized(
                en: "the token endpoint answered \(status) without a usable access token",
                ko: "토큰 엔드포인트가 쓸 수 있는 액세스 토큰 없이 \(status)(으)로 응답했습니다")
        case .noDeviceCode(let status):
            Localized(
                en: "device authorization answered HTTP \(status) without a device code",
                ko: "기기 인증이 기기 코드 없이 HTTP \(status)(으)로 응답했습니다")
        case .insecureVerificationURI:
            Localized(
                en: "device authorization named a verification URI that is not https",
                ko: "기기 인증이 https가 아닌 인증 URI를 알려주었습니다")
        case .unexpectedBody(let method, let path, let status):
            Localized(
                en: "\(method) \(path) answered \(status) with a body that is not the expected JSON",
                ko: "\(method) \(path)이(가) 예상한 JSON이 아닌 본문으로 \(status) 응답했습니다")
        case .jwksStatus(let url, let status):
            Localized(
                en: "the JWK set at \(url) answered HTTP \(status)", ko: "\(url)의 JWK set이 HTTP \(status)(으)로 응답했습니다")
        case .notAKeySet(let url):
            Localized(
                en: "the JWK set\(url.map { " at \($0)" } ?? "") is not a JSON object with a 'keys' array",
                ko: "\(url.map { "\($0)의 " } ?? "")JWK set이 'keys' 배열을 가진 JSON 객체가 아닙니다")
        }
    }
}

/// An endpoint as the subject of a sentence.
extension ProviderEndpoint: Message {
    var localized: Localized {
        switch self {
        case .token: Localized(en: "the token endpoint", ko: "토큰 엔드포인트")
        case .deviceAuthorization: Localized(en: "device authorization", ko: "기기 인증")
        case .revocation(let url): Localized(en: "revocation at \(url)", ko: "\(url)의 토큰 폐기")
        case .introspection(let url): Localized(en: "introspection at \(url)", ko: "\(url)의 토큰 조회(introspection)")
        case .discovery(let url): Localized(en: "discovery at \(url)", ko: "\(url)의 디스커버리")
        case .jwks(let url): Localized(en: "the JWK set at \(url)", ko: "\(url)의 JWK set")
        case .ciTokenService(let url): Localized(en: "the CI's token service at \(url)", ko: "\(url)의 CI 토큰 서비스")
        case .api(let path): .verbatim(path)
        }
    }
}

/// What the provider said when it refused a refresh token, or only its status.
extension RefusalDetail {
    var words: String {
        switch self {
        case .said(let text): text
        case .status(let status): "HTTP \(status)"
        }
    }
}
