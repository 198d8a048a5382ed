/// The help of `--json`, which many commands take.
enum FlagHelpWords {
    static let jsonFlag = Localized(en: "print JSON on stdout", ko: "stdout에 JSON을 출력합니다")
}
