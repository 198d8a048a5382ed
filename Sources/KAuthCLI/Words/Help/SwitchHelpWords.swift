/// The help of `kauth switch` (summaries, discussions, arguments, flags, example notes).
enum SwitchHelpWords {
    static let summary = Localized(en: "make a stored profile the default", ko: "저장된 프로필을 기본 프로필로 정합니다")
    static let discussion = Localized(
        en:
            "Each profile holds one login (any provider). Commands use --profile, else KAUTH_PROFILE, else the profile chosen here, else 'default'. Without NAME, lists the stored profiles as `kauth profiles` does.",
        ko:
            "프로필마다 로그인 하나를 담습니다 (제공자는 무엇이든). 명령은 --profile, 없으면 KAUTH_PROFILE, 없으면 여기서 고른 프로필, 없으면 'default'를 씁니다. NAME 없이 실행하면 `kauth profiles`처럼 저장된 프로필을 나열합니다."
    )
    static let nameArgument = Localized(
        en: "a profile with a stored login (see `kauth status`)", ko: "로그인이 저장된 프로필 (`kauth status` 참고)")
    static let exampleNowShowsWork = Localized(en: "now shows 'work'", ko: "이제 'work'를 보여 줍니다")
}
