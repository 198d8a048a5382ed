/// Words of `kauth profiles` (and of `kauth switch` without a name, which lists the same).
enum ProfilesListWords: Message {
    case profileHeader, providerHeader, userHeader, sessionHeader
    /// The keystore holds no login.
    case noneStored(login: Invocation, loginAs: Invocation)
    /// After the list: how to change the default.
    case switchWith(Invocation)

    var localized: Localized {
        switch self {
        case .profileHeader: Localized(en: "PROFILE", ko: "프로필")
        case .providerHeader: Localized(en: "PROVIDER", ko: "제공자")
        case .userHeader: Localized(en: "USER", ko: "사용자")
        case .sessionHeader: Localized(en: "SESSION", ko: "세션")
        case .noneStored(let login, let loginAs):
            Localized(
                en: "No profiles are stored; log in with \(login) (or \(loginAs)).",
                ko: "저장된 프로필이 없습니다. \(login)(또는 \(loginAs))으로 로그인하십시오.")
        case .switchWith(let command):
            Localized(
                en: "* marks the default; change it with \(command).",
                ko: "*는 기본 프로필입니다. \(command)으로 바꿉니다.")
        }
    }
}
