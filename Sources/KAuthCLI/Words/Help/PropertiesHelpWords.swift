/// The help of `kauth properties` and its set (summaries, discussions, arguments, flags, example notes).
enum PropertiesHelpWords {
    static let summary = Localized(en: "set Kakao user properties", ko: "카카오 사용자 프로퍼티를 설정합니다")
    static let discussion = Localized(
        en:
            "User properties are app-defined fields stored with the user at Kakao (Kakao: /v1/user/update_profile); each key must be registered in the Kakao console.",
        ko:
            "사용자 프로퍼티는 앱이 정의해 카카오에 사용자와 함께 저장하는 필드입니다 (카카오: /v1/user/update_profile). 각 키는 카카오 콘솔에 등록되어 있어야 합니다."
    )
    static let setSummary = Localized(en: "store properties for the user", ko: "사용자의 프로퍼티를 저장합니다")
    static let setKeyValueArgument = Localized(en: "properties to set", ko: "설정할 프로퍼티")
}
