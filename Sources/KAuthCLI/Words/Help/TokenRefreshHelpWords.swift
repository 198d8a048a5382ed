/// The help of `kauth token refresh` (summaries, discussions, arguments, flags, example notes).
enum TokenRefreshHelpWords {
    static let summary = Localized(en: "refresh the access token now", ko: "액세스 토큰을 지금 갱신합니다")
    static let discussion = Localized(
        en:
            "Refreshes whatever the expiry. Kakao rotates the refresh token only when less than a month of it remains; kauth keeps the old one otherwise.",
        ko: "만료 시각과 관계없이 갱신합니다. 카카오는 리프레시 토큰의 남은 수명이 한 달 미만일 때만 새로 발급하며, 그 밖에는 kauth가 기존 것을 유지합니다.")
}
