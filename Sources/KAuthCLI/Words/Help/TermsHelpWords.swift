/// The help of `kauth terms` and its list and revoke (summaries, discussions, arguments, flags, example notes).
enum TermsHelpWords {
    static let summary = Localized(en: "show and revoke Kakao Sync service terms", ko: "카카오싱크 서비스 약관을 보여 주고 철회합니다")
    static let discussion = Localized(
        en:
            "Lists the service terms the user agreed to (Kakao: /v2/user/service_terms); --app lists every term of the app with the user's answer.",
        ko: "사용자가 동의한 서비스 약관을 나열합니다 (카카오: /v2/user/service_terms). --app은 앱의 모든 약관을 사용자의 동의 여부와 함께 나열합니다.")
    static let listSummary = Localized(en: "list service terms", ko: "서비스 약관을 나열합니다")
    static let revokeSummary = Localized(
        en: "revoke agreed, revocable service terms", ko: "동의했고 철회할 수 있는 서비스 약관을 철회합니다")
    static let revokeTagArgument = Localized(en: "term tags (comma- or space-separated)", ko: "약관 태그 (쉼표나 공백으로 구분)")
    static let appFlag = Localized(en: "every term of the app, not only the agreed ones", ko: "동의한 것만이 아니라 앱의 모든 약관")
    static let tagsFlag = Localized(en: "only these tags", ko: "이 태그만")
}
