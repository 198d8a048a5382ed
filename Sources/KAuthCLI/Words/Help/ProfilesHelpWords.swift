/// The help of `kauth profiles` (summaries, discussions, arguments, flags, example notes).
enum ProfilesHelpWords {
    static let summary = Localized(
        en: "list the stored profiles: provider, user, session, the default marked",
        ko: "저장된 프로필 목록: 제공자, 사용자, 세션, 기본 프로필 표시")
    static let discussion = Localized(
        en:
            "Reads the keystore only (no network). Each profile holds one login (any provider); the default one, used when neither --profile nor KAUTH_PROFILE says, is marked '*' and changed with `kauth switch NAME`. Session is valid, refreshable or expired, as in `kauth status`.",
        ko:
            "키 저장소만 읽습니다(네트워크 없음). 프로필마다 로그인 하나(어느 제공자든)를 담습니다. --profile도 KAUTH_PROFILE도 없을 때 쓰는 기본 프로필은 '*'로 표시되며 `kauth switch NAME`으로 바꿉니다. 세션은 `kauth status`와 같이 valid, refreshable 또는 expired입니다."
    )
    static let exampleDefaultProfileAndEachProfile = Localized(
        en: "default_profile, and per profile what `kauth status --json` says",
        ko: "default_profile과 프로필마다 `kauth status --json`이 알려 주는 내용")
}
