/// The help of `kauth token info` (summaries, discussions, arguments, flags, example notes).
enum TokenInfoHelpWords {
    static let summary = Localized(en: "ask the provider about the access token", ko: "제공자에게 액세스 토큰 정보를 묻습니다")
    static let discussion = Localized(
        en:
            "Asks the provider about the current access token (Kakao: /v1/user/access_token_info). --json prints its answer under `response`.",
        ko: "제공자에게 현재 액세스 토큰에 대해 묻습니다 (카카오: /v1/user/access_token_info). --json은 응답을 `response` 아래에 출력합니다.")
}
