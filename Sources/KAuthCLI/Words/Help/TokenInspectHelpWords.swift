/// The help of `kauth token inspect` (summaries, discussions, arguments, flags, example notes).
enum TokenInspectHelpWords {
    static let summary = Localized(
        en: "show the header and claims of the stored token, never the token itself",
        ko: "저장된 토큰의 헤더와 클레임을 봅니다 (토큰 자체는 숨김)")
    static let discussion = Localized(
        en:
            "Shows the header and claims of the stored access token (or, with --id-token, the ID token) when it is a JWT, without the network; an opaque token is said to be opaque. The ID token is verified as at login (signature with the provider's JWK set, which may be fetched when the cached copy is stale, issuer, audience, expiry); an access token's signature only with --verify. The token string itself is never printed. --json prints header, claims, verified, key_id and opaque.",
        ko:
            "저장된 액세스 토큰(--id-token이면 ID 토큰)이 JWT이면 네트워크 없이 그 헤더와 클레임을 보여 줍니다. 불투명한 토큰은 불투명하다고 알려 줍니다. ID 토큰은 로그인 때처럼 검증합니다 (캐시가 오래되었으면 가져올 수 있는 제공자의 JWK 세트로 서명, issuer, audience, 만료). 액세스 토큰의 서명은 --verify일 때만 검증합니다. 토큰 문자열 자체는 출력하지 않습니다. --json은 header, claims, verified, key_id, opaque를 출력합니다."
    )
    static let exampleTheAccessTokensClaims = Localized(
        en: "the access token's claims, when it is a JWT", ko: "액세스 토큰이 JWT이면 그 클레임")
    static let exampleWhenTheUserLastAuthenticated = Localized(
        en: "when the user last authenticated", ko: "사용자가 마지막으로 인증한 시각")
    static let verifyFlag = Localized(
        en: "also verify an access token's signature with the provider's JWK set",
        ko: "액세스 토큰의 서명도 제공자의 JWK 세트로 검증합니다")
}
