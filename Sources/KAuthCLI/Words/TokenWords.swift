/// Words of `kauth token`, `kauth token refresh` and `kauth token info`.
enum TokenWords: Message {
    case refreshed(profile: String, expiry: Expiry)
    case rotated
    case shortLived(lifetime: Int, minValid: Int, left: Int)
    case rowUserID, rowAppID, rowExpiresIn
    case expiresIn(seconds: Int64, at: Moment)

    var localized: Localized {
        switch self {
        case .refreshed(let profile, let expiry):
            let expiry = expiry.localized
            return Localized(
                en: "Refreshed the access token of profile '\(profile)': \(expiry.english).\n",
                ko: "프로필 '\(profile)'의 액세스 토큰을 갱신했습니다: \(expiry.korean).\n")
        case .rotated:
            return Localized(
                en: "The provider rotated the refresh token; the new one is stored.\n",
                ko: "제공자가 리프레시 토큰을 새로 발급해 새 토큰을 저장했습니다.\n")
        case .shortLived(let lifetime, let minValid, let left):
            return Localized(
                en:
                    "warning: the provider's access tokens last \(lifetime) s, less than --min-valid \(minValid); this one is valid for \(left) s more\n",
                ko: "경고: 제공자의 액세스 토큰 유효 시간은 \(lifetime)초로 --min-valid \(minValid)보다 짧습니다. 이 토큰은 앞으로 \(left)초 동안 유효합니다\n"
            )
        case .rowUserID: return Localized(en: "user id", ko: "사용자 ID")
        case .rowAppID: return Localized(en: "app id", ko: "앱 ID")
        case .rowExpiresIn: return Localized(en: "expires in", ko: "남은 시간")
        case .expiresIn(let seconds, let at):
            let at = at.localized
            return Localized(en: "\(seconds) s (\(at.english))", ko: "\(seconds)초 (\(at.korean)에 만료)")
        }
    }
}
