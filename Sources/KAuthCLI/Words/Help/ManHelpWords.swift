/// The help of `kauth __man` (summaries, discussions, arguments, flags, example notes).
enum ManHelpWords {
    static let summary = Localized(en: "print the kauth(1) man page (roff)", ko: "kauth(1) 매뉴얼 페이지를 출력합니다 (roff)")
    static let exampleReadWithoutInstalling = Localized(en: "read it without installing", ko: "설치하지 않고 읽습니다")
}
