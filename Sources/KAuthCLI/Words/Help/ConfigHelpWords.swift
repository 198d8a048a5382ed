/// The help of `kauth config` and its get, set, unset and list (summaries, discussions, arguments, flags, example
/// notes).
enum ConfigHelpWords: Message {
    /// The discussion of `kauth config`: the keys and the languages are the core's lists.
    case discussion(keys: String, languages: String)

    var localized: Localized {
        switch self {
        case .discussion(let keys, let languages):
            Localized(
                en:
                    "Keys are provider.NAME.KEY, with KEY one of: \(keys); and language (\(languages)), the language kauth speaks in whatever the locale (KAUTH_LANG wins over it). Flags win over environment variables, which win over the config file. The file is kept 0600 since it may hold a client secret.",
                ko:
                    "키는 provider.NAME.KEY이며 KEY는 다음 중 하나입니다: \(keys). 그리고 language (\(languages))는 로캘과 관계없이 kauth가 말할 언어입니다 (KAUTH_LANG이 우선합니다). 플래그가 환경 변수보다, 환경 변수가 설정 파일보다 우선합니다. 클라이언트 시크릿을 담을 수 있으므로 파일은 0600으로 유지합니다."
            )
        }
    }

    static let summary = Localized(
        en: "read and change settings in $KAUTH_HOME/config", ko: "$KAUTH_HOME/config의 설정을 읽고 바꿉니다")
    static let exampleTheRedirectURIYouRegistered = Localized(
        en: "the redirect URI you registered", ko: "등록한 리다이렉트 URI")
    static let exampleSpeakKoreanWhateverTheLocale = Localized(
        en: "speak Korean whatever the locale", ko: "로캘과 관계없이 한국어로 말합니다")
    static let getSummary = Localized(en: "print a setting", ko: "설정 하나를 출력합니다")
    static let keyArgument = Localized(en: "e.g. provider.kakao.client_id", ko: "예: provider.kakao.client_id")
    static let setSummary = Localized(en: "change a setting", ko: "설정을 바꿉니다")
    static let setValueArgument = Localized(en: "the new value", ko: "새 값")
    static let unsetSummary = Localized(en: "remove a setting", ko: "설정을 지웁니다")
    static let unsetKeyArgument = Localized(en: "the setting to remove", ko: "지울 설정")
    static let listSummary = Localized(en: "print every setting (secrets masked)", ko: "모든 설정을 출력합니다 (시크릿은 가려짐)")
}
