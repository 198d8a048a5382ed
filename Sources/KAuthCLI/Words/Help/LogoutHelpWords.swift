/// The help of `kauth logout` (summaries, discussions, arguments, flags, example notes).
enum LogoutHelpWords {
    static let summary = Localized(
        en: "log out at the provider and delete the stored tokens", ko: "제공자에서 로그아웃하고 저장된 토큰을 삭제합니다")
    static let discussion = Localized(
        en:
            "Ends the session at the provider (Kakao: /v1/user/logout; OpenID Connect and Snapchat: RFC 7009 revocation of the refresh token) and then deletes the profile's tokens from the keystore, whether that succeeded or not. When the provider could not revoke the refresh token, kauth says so: it stays valid there until it expires. Other profiles are left alone. With KAUTH_ACCESS_TOKEN set, that token's session is ended and the keystore is not touched.",
        ko:
            "제공자에서 세션을 끝낸 뒤 (카카오: /v1/user/logout, OpenID Connect와 Snapchat: RFC 7009 리프레시 토큰 폐기), 성공 여부와 관계없이 키 저장소에서 프로필의 토큰을 삭제합니다. 제공자가 리프레시 토큰을 폐기하지 못하면 kauth가 알려 줍니다: 그 토큰은 만료될 때까지 제공자에서 유효합니다. 다른 프로필은 건드리지 않습니다. KAUTH_ACCESS_TOKEN이 설정되어 있으면 그 토큰의 세션을 끝내고 키 저장소는 건드리지 않습니다."
    )
}
