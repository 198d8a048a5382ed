/// The help of `kauth token introspect` (summaries, discussions, arguments, flags, example notes).
enum TokenIntrospectHelpWords {
    static let summary = Localized(
        en: "ask the provider whether the access token is active (RFC 7662)",
        ko: "액세스 토큰이 활성인지 제공자에 묻습니다 (RFC 7662)")
    static let discussion = Localized(
        en:
            "Sends the stored access token (or KAUTH_ACCESS_TOKEN) as it is, without refreshing it, to the provider's introspection_endpoint from discovery, authenticated as the client (token_endpoint_auth_method), and prints what the provider says: active, scope, client_id, sub, exp. Exits 0 whether or not the token is active; --json prints the provider's answer under `response`.",
        ko:
            "저장된 액세스 토큰(또는 KAUTH_ACCESS_TOKEN)을 갱신하지 않고 그대로, 클라이언트로 인증하여(token_endpoint_auth_method) 디스커버리의 introspection_endpoint로 보내고 제공자의 답을 출력합니다: active, scope, client_id, sub, exp. 토큰이 활성 상태이든 아니든 0으로 끝납니다. --json은 제공자의 답을 `response` 아래에 출력합니다."
    )
}
