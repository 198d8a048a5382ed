import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Words of `kauth login --token-exchange` (RFC 8693), of a login's shaping flags
/// (`--auth-param`, `--acr-values`, `--max-age`, `--resource`) and of `kauth token --resource`.
/// A subject token is a secret: no sentence here ever holds one, only where it came from.
enum TokenExchangeWords: Message {
    /// Where a subject token came from, as the subject of a sentence.
    case source(SubjectTokenSource)
    /// The subject token could not be had, had expired, or was refused; nothing was stored.
    case refused(SubjectTokenSource, SubjectTokenProblem)
    /// After a token-exchange login: how it renews.
    case renews(SubjectTokenSource)
    /// `--token-exchange` needs exactly one source.
    case oneSource(given: Int)
    /// A flag of the token exchange given without `--token-exchange`.
    case needsTokenExchange(flag: String)
    /// A flag of a browser login given with `--token-exchange`.
    case notWithTokenExchange(flag: String)
    /// `--subject-audience` without `--github-actions`.
    case audienceOnlyForGitHub
    /// `--auth-param` for a parameter kauth writes itself.
    case reservedParameter(name: String)
    /// `--auth-param` (or `auth_params`) that is not `K=V`.
    case malformedParameter(text: String, origin: String)
    /// A resource indicator that is not an absolute URI without a fragment (RFC 8707 §2).
    case badResource(String, origin: String)
    /// `max_age` in the config is not a number of seconds.
    case badMaxAge(String, origin: String)
    /// The provider refused a token for `resource` (`invalid_target`).
    /// `login`: the login that names the resource; nil when the stored login already did.
    case resourceRefused(resource: String, said: String, login: Invocation?)
    /// The provider's answer named no granted scopes: those asked are shown as unconfirmed.
    case scopesNotConfirmed
    /// `status`: the grant of a token-exchange login.
    case grantLine(SubjectTokenSource)
    /// A flag given an empty value.
    case needsValue(flag: String)
    /// `--issuer` for a provider whose endpoints are built in.
    case issuerOnlyForOIDC(provider: String)
    /// `token --resource` with `--id-token` or `--refresh-token`.
    case resourceAlone

    var localized: Localized {
        switch self {
        case .source(.file(let path)):
            Localized(en: "the file \(path.visible)", ko: "파일 \(path.visible)")
        case .source(.environment(let variable)):
            Localized(en: "the variable \(variable.visible)", ko: "환경 변수 \(variable.visible)")
        case .source(.githubActions(let audience)):
            Localized(
                en: "GitHub Actions (ACTIONS_ID_TOKEN_REQUEST_URL, audience \(audience.visible))",
                ko: "GitHub Actions(ACTIONS_ID_TOKEN_REQUEST_URL, audience \(audience.visible))")
        case .refused(let source, let problem):
            Self.refusal(Self.source(source).localized, problem)
                + Localized(en: "; nothing was stored", ko: ". 아무것도 저장하지 않았습니다")
        case .renews(let source):
            Localized(
                en:
                    "This login has no refresh token: when its access token expires, kauth exchanges the token from \(Self.source(source).localized.english) again.",
                ko:
                    "이 로그인에는 리프레시 토큰이 없습니다. 액세스 토큰이 만료되면 kauth가 \(Self.source(source).localized.korean)의 토큰을 다시 교환합니다."
            )
        case .oneSource(let given):
            given == 0
                ? Localized(
                    en:
                        "--token-exchange needs the token to trade: --subject-token-file FILE, --subject-token-env VARIABLE or --github-actions",
                    ko:
                        "--token-exchange에는 교환할 토큰이 필요합니다: --subject-token-file FILE, --subject-token-env VARIABLE 또는 --github-actions"
                )
                : Localized(
                    en:
                        "--token-exchange trades one token: give only one of --subject-token-file, --subject-token-env and --github-actions",
                    ko:
                        "--token-exchange는 토큰 하나를 교환합니다: --subject-token-file, --subject-token-env, --github-actions 중 하나만 지정하십시오"
                )
        case .needsTokenExchange(let flag):
            Localized(
                en: "--\(flag) is for a token-exchange login; add --token-exchange",
                ko: "--\(flag)는 토큰 교환 로그인에 쓰입니다. --token-exchange를 함께 지정하십시오")
        case .notWithTokenExchange(let flag):
            Localized(
                en: "--token-exchange logs in without a browser; --\(flag) does not apply",
                ko: "--token-exchange는 브라우저 없이 로그인합니다. --\(flag)는 적용되지 않습니다")
        case .audienceOnlyForGitHub:
            Localized(
                en:
                    "--subject-audience is the audience GitHub Actions' token is asked for; it goes with --github-actions (for the provider's own audience parameter use --audience)",
                ko:
                    "--subject-audience는 GitHub Actions 토큰을 요청할 audience입니다. --github-actions와 함께 쓰십시오(제공자의 audience 파라미터는 --audience)"
            )
        case .reservedParameter(let name):
            Localized(
                en:
                    "--auth-param \(name.visible) is a parameter kauth writes itself (state, nonce, code_challenge, code_challenge_method, redirect_uri, client_id, response_type, scope); use the flag for it (--scopes, --nonce, --redirect-uri, --client-id) or leave it out",
                ko:
                    "--auth-param \(name.visible)은(는) kauth가 직접 쓰는 파라미터입니다(state, nonce, code_challenge, code_challenge_method, redirect_uri, client_id, response_type, scope). 해당 플래그(--scopes, --nonce, --redirect-uri, --client-id)를 쓰거나 빼십시오"
            )
        case .malformedParameter(let text, let origin):
            Localized(
                en: "\(origin) '\(text.visible)' is not NAME=VALUE",
                ko: "\(origin) '\(text.visible)'은(는) NAME=VALUE 형식이 아닙니다")
        case .badResource(let value, let origin):
            Localized(
                en:
                    "\(origin) '\(value.visible)' is not a resource indicator: RFC 8707 wants an absolute URI without a fragment, e.g. https://api.example.com",
                ko:
                    "\(origin) '\(value.visible)'은(는) 리소스 지시자가 아닙니다. RFC 8707은 프래그먼트 없는 절대 URI를 요구합니다(예: https://api.example.com)"
            )
        case .badMaxAge(let value, let origin):
            Localized(
                en: "\(origin) is '\(value.visible)'; it must be a number of seconds (0 or more)",
                ko: "\(origin) 값 '\(value.visible)'은(는) 초 단위 숫자(0 이상)여야 합니다")
        case .resourceRefused(let resource, let said, nil):
            Localized(
                en:
                    "the provider gives no token for the resource \(resource.visible) although this login named it (\(said.visible)); it does not serve that resource to this client: check the URI, or have the resource registered for the client",
                ko:
                    "이 로그인이 지정한 리소스인데도 제공자가 리소스 \(resource.visible)의 토큰을 주지 않습니다(\(said.visible)). 이 클라이언트에는 그 리소스를 제공하지 않습니다. URI를 확인하거나 클라이언트에 그 리소스를 등록하십시오"
            )
        case .resourceRefused(let resource, let said, let login?):
            Localized(
                en:
                    "the provider gives no token for the resource \(resource.visible) with this login (\(said.visible)); a login must name it first: run \(login)",
                ko:
                    "제공자가 이 로그인으로는 리소스 \(resource.visible)의 토큰을 주지 않습니다(\(said.visible)). 먼저 그 리소스를 지정해 로그인하십시오: \(login)"
            )
        case .scopesNotConfirmed:
            Localized(
                en: "(as asked; the server did not confirm them)",
                ko: "(요청한 그대로이며 서버가 확인해 주지 않았습니다)")
        case .needsValue(let flag):
            Localized(en: "--\(flag) needs a non-empty value", ko: "--\(flag)에는 비어 있지 않은 값이 필요합니다")
        case .issuerOnlyForOIDC(let provider):
            Localized(
                en:
                    "--issuer is for OpenID Connect providers (--provider oidc); \(provider.visible)'s endpoints are built in",
                ko: "--issuer는 OpenID Connect 제공자(--provider oidc)에 쓰입니다. \(provider.visible)의 엔드포인트는 내장되어 있습니다")
        case .resourceAlone:
            Localized(
                en: "--resource asks for an access token for one resource; leave out --id-token and --refresh-token",
                ko: "--resource는 리소스 하나의 액세스 토큰을 요청합니다. --id-token과 --refresh-token은 빼십시오")
        case .grantLine(let source):
            Localized(
                en: "token exchange, subject token from \(Self.source(source).localized.english)",
                ko: "토큰 교환, 주체 토큰 출처: \(Self.source(source).localized.korean)")
        }
    }

    /// What went wrong with the token from `source`, and what to do, in both languages.
    private static func refusal(_ source: Localized, _ problem: SubjectTokenProblem) -> Localized {
        let en = source.english
        let ko = source.korean
        switch problem {
        case .fileUnreadable(let reason):
            return Localized(
                en:
                    "cannot read the subject token from \(en) (\(reason.visible)): check the path and that the job mounts it",
                ko: "\(ko)에서 주체 토큰을 읽을 수 없습니다(\(reason.visible)). 경로와 작업에 마운트되었는지 확인하십시오")
        case .fileMissing:
            return Localized(
                en:
                    "\(en) does not exist, so there is no subject token to exchange: check the path and that the job mounts it",
                ko: "\(ko)이(가) 없어 교환할 주체 토큰이 없습니다. 경로와 작업에 마운트되었는지 확인하십시오")
        case .variableUnset:
            return Localized(
                en: "\(en) is not set, so there is no subject token to exchange: set it in the job (GitLab: id_tokens)",
                ko: "\(ko)가 설정되지 않아 교환할 주체 토큰이 없습니다. 작업에서 설정하십시오(GitLab: id_tokens)")
        case .empty:
            return Localized(
                en: "\(en) is empty: the subject token is missing where this job runs",
                ko: "\(ko)가 비어 있습니다. 이 작업이 실행되는 곳에 주체 토큰이 없습니다")
        case .notAToken:
            return Localized(
                en:
                    "what \(en) holds is not one token (several lines, spaces, or characters no token has); it is not shown here",
                ko: "\(ko)의 내용은 토큰 하나가 아닙니다(여러 줄, 공백, 토큰에 없는 문자). 여기에 보여 주지 않습니다")
        case .githubVariablesMissing(let names):
            return Localized(
                en:
                    "\(names.joined(separator: " and ")) is not set: GitHub Actions gives a job its OIDC token only with `permissions: id-token: write`",
                ko:
                    "\(names.joined(separator: ", "))가 설정되지 않았습니다. GitHub Actions는 `permissions: id-token: write`가 있는 작업에만 OIDC 토큰을 줍니다"
            )
        case .githubRefused(let status):
            return Localized(
                en:
                    "\(en) refused the request token with HTTP \(status): ACTIONS_ID_TOKEN_REQUEST_TOKEN is stale or not this job's",
                ko: "\(ko)가 요청 토큰을 HTTP \(status)로 거절했습니다. ACTIONS_ID_TOKEN_REQUEST_TOKEN이 오래되었거나 이 작업의 것이 아닙니다")
        case .githubAnswerUnreadable(let status):
            return Localized(
                en: "\(en) answered HTTP \(status) without a token (no \"value\")",
                ko: "\(ko)가 HTTP \(status)로 답했지만 토큰(\"value\")이 없습니다")
        case .expired(let date):
            let when = RFC3339.string(from: date)
            return Localized(
                en:
                    "the subject token from \(en) expired at \(when) and was not sent: the CI gives a fresh one to each job; rerun the job, or make sure the file or variable is renewed",
                ko:
                    "\(ko)의 주체 토큰이 \(when)에 만료되어 보내지 않았습니다. CI는 작업마다 새 토큰을 줍니다. 작업을 다시 실행하거나 파일·변수가 갱신되는지 확인하십시오"
            )
        case .providerRefused(let failure):
            let said =
                failure.error + (failure.description.map { ": " + Redaction.text($0) } ?? "")
            return Localized(
                en:
                    "the provider refused the subject token from \(en) (\(said.visible)): it has expired, is for another audience or issuer, or the provider does not trust its issuer",
                ko:
                    "제공자가 \(ko)의 주체 토큰을 거절했습니다(\(said.visible)). 만료되었거나, audience나 발급자가 다르거나, 제공자가 그 발급자를 신뢰하지 않습니다"
            )
        case .providerRefusedStatus(let status):
            return Localized(
                en: "the provider refused the subject token from \(en) with HTTP \(status) and no reason",
                ko: "제공자가 \(ko)의 주체 토큰을 이유 없이 HTTP \(status)로 거절했습니다")
        }
    }
}
