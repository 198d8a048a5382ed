/// The help of `kauth signup` (summaries, discussions, arguments, flags, example notes).
enum SignupHelpWords {
    static let summary = Localized(
        en: "link the user to the app (apps with automatic linking off)", ko: "사용자를 앱에 연결합니다 (자동 연결을 끈 앱)")
    static let discussion = Localized(
        en:
            "Completes the link for apps that do not link users automatically (Kakao: /v1/user/signup), optionally storing user properties. `kauth me` shows whether the user has signed up.",
        ko:
            "사용자를 자동으로 연결하지 않는 앱의 수동 연결을 마칩니다 (카카오: /v1/user/signup). 사용자 프로퍼티도 함께 저장할 수 있습니다. 사용자가 가입했는지는 `kauth me`가 보여 줍니다."
    )
    static let keyValueArgument = Localized(en: "user properties to store", ko: "저장할 사용자 프로퍼티")
}
