/// The help of flags that several commands take alike: `--json`, and `--all` of the listings that page.
enum FlagHelpWords {
    static let jsonFlag = Localized(en: "print JSON on stdout", ko: "stdout에 JSON을 출력합니다")
    static let allPagesFlag = Localized(en: "follow every page", ko: "모든 페이지를 따라갑니다")
}
