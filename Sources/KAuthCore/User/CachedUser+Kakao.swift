extension CachedUser {
    /// The profile fields kauth keeps offline, from a `/v2/user/me` object (spec §5.1). Only the
    /// fields the user agreed to share are there; the rest stay nil.
    package init(kakaoUser user: JSONValue) {
        let account = user["kakao_account"]
        let nickname = account?.value(at: "profile.nickname")?.stringValue ?? user.value(at: "properties.nickname")?.stringValue
        self.init(
            id: user["id"]?.stringValue,
            nickname: nickname,
            email: account?["email"]?.stringValue,
            phoneNumber: account?["phone_number"]?.stringValue,
            displayName: account?["name"]?.stringValue ?? nickname,
            country: nil
        )
    }
}
