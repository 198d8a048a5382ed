/// The help of `kauth link template` and its new (summaries, discussions, arguments, flags, example notes).
enum LinkTemplateHelpWords {
    static let summary = Localized(en: "starter templates", ko: "시작 템플릿")
    static let newSummary = Localized(en: "print a commented starter template", ko: "주석이 달린 시작 템플릿을 출력합니다")
    static let newDiscussion = Localized(
        en:
            "Prints a starter for TYPE (feed, list, location, commerce, text or calendar) from Kakao's examples, with comments on each member and its limits. kauth reads the comments as they are; --no-comments prints plain JSON for other tools.",
        ko:
            "카카오의 예제로 만든 TYPE(feed, list, location, commerce, text 또는 calendar) 시작 템플릿을, 각 항목과 그 한도에 대한 주석과 함께 출력합니다. kauth는 주석이 있는 그대로 읽습니다. --no-comments는 다른 도구를 위해 주석 없는 JSON을 출력합니다."
    )
    static let newTypeArgument = Localized(
        en: "feed, list, location, commerce, text or calendar",
        ko: "feed, list, location, commerce, text 또는 calendar")
    static let noCommentsFlag = Localized(
        en: "leave the comment lines out (plain JSON)", ko: "주석 줄을 빼고 출력합니다 (순수 JSON)")
}
