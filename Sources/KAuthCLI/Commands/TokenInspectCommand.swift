import KAuthBasics
import KAuthCore

/// `kauth token inspect`: the header and claims of the stored access or ID token, offline.
enum TokenInspectCommand {
    static let spec = CommandSpec(
        name: "inspect",
        summary: Localized(
            en: "show the header and claims of the stored token, never the token itself",
            ko: "저장된 토큰의 헤더와 클레임을 봅니다 (토큰 자체는 숨김)"),
        discussion:
            Localized(
                en:
                    "Shows the header and claims of the stored access token (or, with --id-token, the ID token) when it is a JWT, without the network; an opaque token is said to be opaque. The ID token is verified as at login (signature with the provider's JWK set, which may be fetched when the cached copy is stale, issuer, audience, expiry); an access token's signature only with --verify. The token string itself is never printed. --json prints header, claims, verified, key_id and opaque.",
                ko:
                    "저장된 액세스 토큰(--id-token이면 ID 토큰)이 JWT이면 네트워크 없이 그 헤더와 클레임을 보여 줍니다. 불투명한 토큰은 불투명하다고 알려 줍니다. ID 토큰은 로그인 때처럼 검증합니다 (캐시가 오래되었으면 가져올 수 있는 제공자의 JWK 세트로 서명, issuer, audience, 만료). 액세스 토큰의 서명은 --verify일 때만 검증합니다. 토큰 문자열 자체는 출력하지 않습니다. --json은 header, claims, verified, key_id, opaque를 출력합니다."
            ),
        options: Options.self,
        environment: EnvironmentVariables.session,
        examples: [
            (
                "kauth token inspect",
                Localized(en: "the access token's claims, when it is a JWT", ko: "액세스 토큰이 JWT이면 그 클레임")
            ),
            (
                "kauth token inspect --id-token --json | jq .claims.auth_time",
                Localized(en: "when the user last authenticated", ko: "사용자가 마지막으로 인증한 시각")
            )
        ],
        run: run
    )

    struct Options: CommandOptions {
        var idToken = false
        var verify = false

        static let flags: [OptionFlag<Self>] = [
            .json,
            .toggle(\.idToken, SharedFlags.idToken),
            .toggle(
                \.verify, "verify",
                Localized(
                    en: "also verify an access token's signature with the provider's JWK set",
                    ko: "액세스 토큰의 서명도 제공자의 JWK 세트로 검증합니다"))
        ]
    }

    static func run(_ context: CommandContext, _ options: Options) async throws -> Int32 {
        let token: String
        var provider: Provider?
        if let environmentToken = context.environmentToken {
            if options.idToken { throw CommandError.usage(TokenInspectWords.environmentTokenOnly.localized) }
            token = environmentToken
        } else {
            let login = try context.storedLogin()
            guard let session = login.session else { throw KAuthError.notLoggedIn(profile: login.profile) }
            if options.idToken {
                guard let idToken = session.idToken else {
                    throw KAuthError.sessionExpired(profile: login.profile, reason: .noIDToken)
                }
                token = idToken
            } else {
                token = session.accessToken
            }
            if options.idToken || options.verify {
                provider = try context.providers().provider(for: session, of: login.profile)
            }
        }
        let inspection = await TokenInspector(world: context.world, keystoreDirectory: context.keystore.directory)
            .inspect(token, isIDToken: options.idToken, verify: options.verify, provider: provider)
        let messages = context.json ? context.messages(in: .english) : context.messages
        let reason = inspection.failure.map { failure -> String in
            if case .idTokenRefused(_, let refusal) = failure { return refusal.text(messages.language) }
            return messages.message(for: failure)
        }
        if context.json {
            context.printJSON(
                .object([
                    "token": .string(options.idToken ? "id_token" : "access_token"),
                    "opaque": .bool(inspection.opaque),
                    "header": inspection.header ?? .null,
                    "claims": inspection.claims ?? .null,
                    "verified": .bool(inspection.verified),
                    "key_id": inspection.keyID.map(JSONValue.string) ?? .null,
                    "verification_error": reason.map(JSONValue.string) ?? .null
                ]))
            return 0
        }
        if inspection.opaque {
            context.out(context.words(TokenInspectWords.opaque(idToken: options.idToken)) + "\n")
            return 0
        }
        context.out(context.words(TokenInspectWords.header) + "\n")
        context.printJSON(inspection.header ?? .null)
        context.out(context.words(TokenInspectWords.claims) + "\n")
        context.printJSON(inspection.claims ?? .null)
        let verdict: TokenInspectWords =
            inspection.verified
            ? .verified(keyID: inspection.keyID)
            : reason.map { .notVerified(reason: $0) } ?? .notChecked
        context.out(context.words(verdict) + "\n")
        return 0
    }
}
