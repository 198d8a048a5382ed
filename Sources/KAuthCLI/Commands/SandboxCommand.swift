import KAuthBasics
import KAuthCore
import KAuthSandbox

/// `kauth sandbox`: a Kakao-compatible provider on 127.0.0.1 for trying and testing kauth offline.
enum SandboxCommand {
    static let spec = CommandSpec(
        name: "sandbox",
        summary: Localized(
            en: "serve a local Kakao-compatible provider for offline use and tests",
            ko: "오프라인 테스트용 카카오 호환 제공자를 로컬에서 실행합니다"),
        discussion:
            Localized(
                en:
                    "Serves Kakao's OAuth, user, consent, share and Talk memo APIs on 127.0.0.1 with an auto-consent authorize page and one sandbox user; with --oidc also ID tokens, discovery, JWKS, userinfo, RFC 7009 revocation and the RFC 8628 device grant; with --snapchat Snap Login Kit's endpoints instead. It prints the environment that points kauth at it on stdout (see `kauth help environment`), and one line per request on stderr. Stop it with Ctrl-C. Control endpoints for tests live under /_sandbox/ (log, config, respond, fail, expire-access-tokens, rotate-key, memos, sharer-visits, picker, friend-messages); the flags below set the same switches from the start.",
                ko:
                    "카카오의 OAuth, 사용자, 동의, 공유, 나에게 보내기 API를 자동 동의 인가 페이지와 샌드박스 사용자 한 명과 함께 127.0.0.1에서 제공합니다. --oidc를 주면 ID 토큰, discovery, JWKS, userinfo, RFC 7009 폐기, RFC 8628 기기 그랜트도 제공하고, --snapchat을 주면 대신 Snap Login Kit의 엔드포인트를 제공합니다. kauth가 이 서버를 쓰게 하는 환경 변수를 stdout에 출력하고 (`kauth help environment` 참고), 요청마다 한 줄을 stderr에 씁니다. Ctrl-C로 멈춥니다. 테스트용 제어 엔드포인트는 /_sandbox/ 아래에 있습니다 (log, config, respond, fail, expire-access-tokens, rotate-key, memos, sharer-visits, picker, friend-messages). 아래 플래그는 같은 스위치를 처음부터 켭니다."
            ),
        options: Options.self,
        globals: [.noColor],
        examples: [
            (
                "kauth sandbox --port 8900",
                Localized(
                    en: "serve on a fixed port; it prints the environment to use", ko: "고정 포트로 실행합니다. 사용할 환경 변수를 출력합니다")
            ),
            (
                "kauth sandbox --port 8900 > sandbox.env & sleep 1; . ./sandbox.env; kauth login",
                Localized(en: "point kauth at it from the same shell", ko: "같은 셸에서 kauth가 이 서버를 쓰게 합니다")
            ),
            (
                "kauth sandbox --oidc --client-secret s3cret --client-auth-methods client_secret_basic --bare-refresh-errors --one-use-refresh-tokens",
                Localized(en: "play a strict OpenID Connect server", ko: "엄격한 OpenID Connect 서버 역할을 합니다")
            )
        ],
        run: run
    )

    static func run(_ context: CommandContext, _ options: Options) async throws -> Int32 {
        var configuration = SandboxConfiguration()
        configuration.clientID = options.clientID
        configuration.clientSecret = options.clientSecret
        configuration.stateFile = options.stateFile
        configuration.deny = options.deny
        configuration.oidc = options.oidc
        if options.snapchat { configuration.mode = .snapchat }
        if let value = options.accessTokenTTL {
            configuration.accessTokenLifetime = value
        }
        if let value = options.idTokenTTL {
            configuration.idTokenLifetime = value
        }
        if let value = options.refreshTokenTTL {
            configuration.refreshTokenLifetime = value
        }
        if let value = options.rotationThreshold {
            configuration.rotationThreshold = value
        }
        if options.scopes != nil {
            configuration.defaultScopes = ScopeList.parse((options.scopes ?? []))
        }
        try applyProviderBehaviour(options, to: &configuration)
        let terminal = context.terminal
        let quiet = options.quiet
        var log: (@Sendable (SandboxLogEntry) -> Void)?
        if !quiet {
            log = { (entry: SandboxLogEntry) in terminal.writeErr("sandbox: " + entry.summary + "\n") }
        }
        let server: SandboxServer
        do {
            server = try SandboxServer(
                configuration: configuration,
                port: options.port ?? 0,
                clock: context.world.clock,
                random: context.world.random,
                onRequest: log
            )
        } catch LoopbackServerError.addressInUse(_, let port) {
            throw CommandError.failed(
                .untranslated(
                    "port \(port) is already in use; pick another with --port N, or --port 0 for any free port"))
        } catch let error as SandboxStateError {
            throw CommandError.failed(.untranslated("\(error)"))
        }
        server.start()
        context.out(exports(base: server.baseURL, configuration: configuration))
        let mode =
            configuration.mode == .snapchat ? "a Snap Login Kit-compatible provider" : "a Kakao-compatible provider"
        let oidc = configuration.oidc ? " with OpenID Connect (issuer \(server.baseURL))" : ""
        context.err("kauth sandbox: \(mode) is serving at \(server.baseURL)\(oidc) (Ctrl-C to stop).\n")
        let urls = exports(base: server.baseURL, configuration: configuration).split(separator: "\n").filter {
            $0.hasPrefix("# unset ")
        }
        if let line = urls.first {
            context.err("kauth sandbox: when done, undo its exports with: \(line.dropFirst(2))\n")
        }
        while true {
            try await context.world.clock.sleep(.seconds(3600))
        }
    }

    /// The client id the sandbox exports when `--client-id` names none.
    static let defaultClientID = "sandbox-app"

    /// The line that removes every variable the sandbox exports: left in a shell, they would
    /// point a later login at a real provider with the sandbox's client id and a free port.
    static func undo(_ urls: [String]) -> String {
        "unset " + (urls + ["KAUTH_CLIENT_ID", ProviderResolver.redirectPortVariable]).joined(separator: " ")
    }

    /// The switches that make the sandbox behave like a stricter or odder provider than Kakao,
    /// so that a user can try kauth against one (and tests ask for it the way a user would).
    static func applyProviderBehaviour(_ options: Options, to configuration: inout SandboxConfiguration) throws {
        if let list = options.clientAuthMethods {
            var methods: [SandboxClientAuthMethod] = []
            for name in ScopeList.parse([list]) {
                guard let method = SandboxClientAuthMethod(rawValue: name) else {
                    let known = SandboxClientAuthMethod.allCases.map(\.rawValue).joined(separator: ", ")
                    throw CommandError.usage(
                        .untranslated(
                            "--client-auth-methods: unknown method '\(name)'; use one or more of \(known), separated by commas"
                        ))
                }
                if !methods.contains(method) { methods.append(method) }
            }
            guard !methods.isEmpty else {
                throw CommandError.usage(
                    .untranslated("--client-auth-methods needs at least one method, such as client_secret_basic"))
            }
            configuration.clientAuthMethods = methods
        }
        if let mode = options.authorizationResponseIss {
            guard let value = SandboxIssParameter(rawValue: mode) else {
                let known = SandboxIssParameter.allCases.map(\.rawValue).joined(separator: ", ")
                throw CommandError.usage(
                    .untranslated("--authorization-response-iss: unknown mode '\(mode)'; use one of \(known)"))
            }
            configuration.authorizationResponseIss = value
        }
        if let count = options.friends {
            configuration.friendCount = count
        }
        configuration.bareRefreshErrors = options.bareRefreshErrors
        configuration.oneUseRefreshTokens = options.oneUseRefreshTokens
        configuration.revocationRequiresBearer = options.revocationRequiresBearer
        configuration.requireNonce = options.requireNonce
        configuration.friendsAPIEnabled = !options.noFriendsApi
        if let name = options.idTokenAlg {
            guard let algorithm = JWSAlgorithm(rawValue: name) else {
                throw CommandError.usage(
                    .untranslated(
                        "--id-token-alg: unknown algorithm '\(name.visible)'; use one of \(JWSAlgorithm.allCases.map(\.rawValue).joined(separator: ", "))"
                    ))
            }
            if algorithm.family == .hmac, configuration.clientSecret == nil {
                throw CommandError.usage(
                    .untranslated(
                        "--id-token-alg \(name) signs with the client secret: give --client-secret too"))
            }
            configuration.idTokenAlgorithm = algorithm
        }
        configuration.userinfoSubject = options.userinfoSub
        configuration.issueRefreshTokens = !options.noRefreshTokens
        configuration.advertiseStandardScopes = options.advertiseStandardScopes
    }

    /// The environment that points kauth at this sandbox, and only what its mode needs: the
    /// provider's base URLs, a client id, and a redirect port of 0 — the sandbox registers no
    /// redirect URIs, so any free port will do, where a real provider needs the one registered.
    static func exports(base: String, configuration: SandboxConfiguration) -> String {
        var lines: [String] = []
        let urls =
            configuration.mode == .snapchat
            ? ["KAUTH_SNAPCHAT_AUTH_URL", "KAUTH_SNAPCHAT_API_URL"]
            : ["KAUTH_KAKAO_AUTH_URL", "KAUTH_KAKAO_API_URL", "KAUTH_KAKAO_SHARER_URL", "KAUTH_KAKAO_APPS_URL"]
        lines += urls.map { "export \($0)=\(base)" }
        lines.append("export KAUTH_CLIENT_ID=\(configuration.clientID ?? defaultClientID)")
        lines.append("# Before using a real provider in this shell again, undo these exports with:")
        lines.append("# " + undo(urls))
        lines.append("# The sandbox accepts any redirect port; a real provider needs the registered one.")
        lines.append("export \(ProviderResolver.redirectPortVariable)=0")
        if configuration.mode == .snapchat { lines.append("# Then: kauth login --provider snapchat") }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension SandboxCommand {
    struct Options: CommandOptions {
        var port: UInt16?
        var stateFile: String?
        var clientID: String?
        var clientSecret: String?
        var accessTokenTTL: Int?
        var idTokenTTL: Int?
        var refreshTokenTTL: Int?
        var rotationThreshold: Int?
        var scopes: [String]?
        var deny = false
        var oidc = false
        var snapchat = false
        var clientAuthMethods: String?
        var bareRefreshErrors = false
        var oneUseRefreshTokens = false
        var revocationRequiresBearer = false
        var authorizationResponseIss: String?
        var requireNonce = false
        var idTokenAlg: String?
        var userinfoSub: String?
        var noRefreshTokens = false
        var advertiseStandardScopes = false
        var friends: Int?
        var noFriendsApi = false
        var quiet = false

        static let flags: [OptionFlag<Self>] = [
            .port(
                \.port,
                IntegerOption(
                    "port", "N",
                    Localized(en: "port to listen on (default: any free port)", ko: "대기할 포트 (기본값: 비어 있는 아무 포트)"),
                    range: 0...65535)),
            .option(
                \.stateFile, "state-file", "FILE",
                Localized(
                    en: "keep users, tokens and consents in FILE across restarts",
                    ko: "사용자, 토큰, 동의를 FILE에 보관해 다시 시작해도 유지합니다"),
                values: .file),
            .option(
                \.clientID, "client-id", "ID",
                Localized(en: "accept only this client id (default: any)", ko: "이 클라이언트 ID만 받습니다 (기본값: 모두)")),
            .option(
                \.clientSecret, "client-secret", "SECRET",
                Localized(en: "require this client secret on token calls", ko: "토큰 요청에 이 클라이언트 시크릿을 요구합니다")),
            .integer(
                \.accessTokenTTL, "access-token-ttl", "SECONDS",
                Localized(en: "access token lifetime (default 21599)", ko: "액세스 토큰 수명 (기본값 21599)"),
                range: 1...31_536_000),
            .integer(
                \.idTokenTTL, "id-token-ttl", "SECONDS",
                Localized(en: "ID token lifetime with --oidc (default 3600)", ko: "--oidc의 ID 토큰 수명 (기본값 3600)"),
                range: 1...31_536_000),
            .integer(
                \.refreshTokenTTL, "refresh-token-ttl", "SECONDS",
                Localized(en: "refresh token lifetime (default 5183999)", ko: "리프레시 토큰 수명 (기본값 5183999)"),
                range: 1...315_360_000),
            .integer(
                \.rotationThreshold, "rotation-threshold", "SECONDS",
                Localized(
                    en: "rotate the refresh token when less than this remains (default 2592000)",
                    ko: "남은 수명이 이보다 짧으면 리프레시 토큰을 새로 발급합니다 (기본값 2592000)"), range: 0...315_360_000),
            .list(
                \.scopes, "scopes", "LIST",
                Localized(
                    en: "scopes agreed at first login (default profile_nickname,profile_image,account_email)",
                    ko: "첫 로그인에서 동의하는 동의항목 (기본값 profile_nickname,profile_image,account_email)")),
            .toggle(
                \.deny, "deny",
                Localized(en: "answer every authorization with access_denied", ko: "모든 인가 요청에 access_denied로 응답합니다")),
            .toggle(
                \.oidc, "oidc",
                Localized(
                    en: "OpenID Connect: ID tokens, discovery, JWKS, userinfo, RFC 9207 iss",
                    ko: "OpenID Connect: ID 토큰, discovery, JWKS, userinfo, RFC 9207 iss")),
            .toggle(
                \.snapchat, "snapchat",
                Localized(
                    en: "serve Snap Login Kit's endpoints instead of Kakao's", ko: "카카오 대신 Snap Login Kit의 엔드포인트를 제공합니다"
                )),
            .option(
                \.clientAuthMethods, "client-auth-methods", "LIST",
                Localized(
                    en:
                        "how confidential clients authenticate: client_secret_post, client_secret_basic or both (default client_secret_post)",
                    ko: "기밀 클라이언트의 인증 방식: client_secret_post, client_secret_basic 또는 둘 다 (기본값 client_secret_post)")
            ),
            .toggle(
                \.bareRefreshErrors, "bare-refresh-errors",
                Localized(
                    en: "refuse a bad refresh token with a bare HTTP 400 and no body",
                    ko: "잘못된 리프레시 토큰을 본문 없는 HTTP 400으로 거부합니다")),
            .toggle(
                \.oneUseRefreshTokens, "one-use-refresh-tokens",
                Localized(
                    en: "every refresh returns a new refresh token and ends the old one",
                    ko: "갱신할 때마다 새 리프레시 토큰을 주고 이전 것은 무효로 합니다")),
            .toggle(
                \.revocationRequiresBearer, "revocation-requires-bearer",
                Localized(
                    en: "a public client must send the grant's access token to revoke (401 otherwise)",
                    ko: "공개 클라이언트가 폐기하려면 그 그랜트의 액세스 토큰을 보내야 합니다 (아니면 401)")),
            .option(
                \.authorizationResponseIss, "authorization-response-iss", "MODE",
                Localized(
                    en: "iss on authorization responses: standard, unadvertised (sent, not advertised) or wrong",
                    ko: "인가 응답의 iss: standard, unadvertised (보내지만 알리지 않음) 또는 wrong"),
                values: .choices(SandboxIssParameter.allCases.map(\.rawValue))),
            .toggle(
                \.requireNonce, "require-nonce",
                Localized(
                    en: "refuse an OpenID Connect authorize request without a nonce",
                    ko: "nonce 없는 OpenID Connect 인가 요청을 거부합니다")),
            .option(
                \.idTokenAlg, "id-token-alg", "ALG",
                Localized(
                    en: "sign ID tokens with ALG (default RS256; HS256/384/512 need --client-secret)",
                    ko: "ID 토큰을 ALG로 서명합니다 (기본값 RS256, HS256/384/512는 --client-secret 필요)"),
                values: .choices(JWSAlgorithm.allCases.map(\.rawValue))),
            .option(
                \.userinfoSub, "userinfo-sub", "SUB",
                Localized(
                    en: "userinfo answers for this subject instead of the user (a provider a client must not believe)",
                    ko: "userinfo가 사용자 대신 이 subject로 응답합니다 (클라이언트가 믿으면 안 되는 제공자)")),
            .toggle(
                \.noRefreshTokens, "no-refresh-tokens",
                Localized(
                    en: "logins get no refresh token: the session ends with the access token",
                    ko: "로그인에 리프레시 토큰을 주지 않습니다: 세션은 액세스 토큰과 함께 끝납니다")),
            .toggle(
                \.advertiseStandardScopes, "advertise-standard-scopes",
                Localized(
                    en: "discovery lists the scopes profile and email as well",
                    ko: "discovery에 profile과 email 동의항목도 나열합니다")),
            .integer(
                \.friends, "friends", "N",
                Localized(en: "Kakao Talk friends every user has (default 25)", ko: "사용자마다 가진 카카오톡 친구 수 (기본값 25)"),
                range: 0...10_000),
            .toggle(
                \.noFriendsApi, "no-friends-api",
                Localized(
                    en: "the app lacks the Talk friends permission: the friends API answers -3",
                    ko: "앱에 카카오톡 친구 권한이 없습니다: 친구 API가 -3으로 응답합니다")),
            .toggle(\.quiet, "quiet", Localized(en: "do not log requests", ko: "요청을 기록하지 않습니다"))
        ]
    }
}
