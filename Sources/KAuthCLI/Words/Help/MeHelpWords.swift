/// The help of `kauth me` (summaries, discussions, arguments, flags, example notes).
enum MeHelpWords {
    static let summary = Localized(en: "show the logged-in user's profile", ko: "로그인한 사용자의 정보를 보여 줍니다")
    static let discussion = Localized(
        en:
            "Calls the provider's user API (Kakao: /v2/user/me; OpenID Connect: userinfo; Snapchat: its GraphQL profile) and updates the profile cached in the keystore. --json prints the provider's object unchanged; --field prints one value from it. --oidc asks the OpenID Connect userinfo endpoint instead and checks that its sub is the stored ID token's.",
        ko:
            "제공자의 사용자 API(카카오: /v2/user/me, OpenID Connect: userinfo, Snapchat: GraphQL 프로필)를 호출하고 키 저장소에 캐시한 사용자 정보를 갱신합니다. --json은 제공자의 객체를 그대로 출력하고, --field는 그 안의 값 하나를 출력합니다. --oidc는 대신 OpenID Connect userinfo 엔드포인트에 묻고, 그 sub가 저장된 ID 토큰의 것과 같은지 확인합니다."
    )
    static let exampleOneValueForScripts = Localized(en: "one value, for scripts", ko: "스크립트용 값 하나")
    static let propertyKeysFlag = Localized(
        en: "only these properties, e.g. kakao_account.email,properties.nickname",
        ko: "이 항목만 가져옵니다. 예: kakao_account.email,properties.nickname")
    static let fieldFlag = Localized(
        en: "print one field, e.g. kakao_account.email", ko: "필드 하나를 출력합니다. 예: kakao_account.email")
    static let oidcFlag = Localized(
        en: "the OpenID Connect userinfo instead (its sub must match the ID token's)",
        ko: "대신 OpenID Connect userinfo를 가져옵니다 (sub가 ID 토큰의 것과 같아야 합니다)")
}
