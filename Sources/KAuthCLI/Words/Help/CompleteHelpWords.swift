/// The help of `kauth __complete`, the names shell completion asks for (summaries, discussions, arguments, flags,
/// example notes).
enum CompleteHelpWords {
    static let summary = Localized(
        en: "print names for shell completion, one a line", ko: "셸 자동 완성용 이름을 한 줄에 하나씩 출력합니다")
    static let wordsArgument = Localized(
        en: "after --: the words of the command line typed so far", ko: "-- 뒤: 지금까지 입력한 명령줄의 단어")
    static let exampleWhatSwitchTabOffers = Localized(
        en: "what `kauth switch <TAB>` offers", ko: "`kauth switch <TAB>`이 제안하는 것")
}
