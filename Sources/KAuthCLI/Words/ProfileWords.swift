/// Words of the commands that end or choose a stored login: `logout`, `unlink`, `switch`.
indirect enum ProfileWords: Message {
    case loggedOut(provider: String, profile: String)
    case loggedOutEnvironmentToken
    case warning(Localized)
    case noTokenLeft(provider: String)
    case notRevoked(provider: String, reason: ProfileWords, stillValid: ProfileWords)
    case logoutFailed(provider: String, message: Localized, stillValid: ProfileWords)
    /// What stays valid at the provider after a logout it did not complete.
    case refreshTokenStaysValid(provider: String, until: Moment?)
    case accessTokenStaysValid
    case newLoginMeanwhile(profile: String)
    case noRevocationEndpoint
    case revocationRefused(status: Int, error: String?)
    case noTokenToRevoke
    case nowInUse(profile: String, provider: String, user: SessionWords)
    case noneInUse(left: [String])
    case unlinkedEnvironmentToken
    case unlinked(provider: String, profile: String)
    case alsoEnded(profiles: [String], logins: [Invocation])
    case madeDefault(String)
    /// `kauth switch NAME` with no such profile but stored ones close to it (a typo): those, and
    /// the login that would create NAME.
    case noSuchProfile(name: String, login: Invocation, closest: [String])

    var localized: Localized {
        switch self {
        case .loggedOut(let provider, let profile):
            return Localized(
                en: "Logged out of \(provider) (profile '\(profile)').\n",
                ko: "\(provider.koreanName)에서 로그아웃했습니다 (프로필 '\(profile)').\n")
        case .loggedOutEnvironmentToken:
            return Localized(
                en: "Logged out the session of the token in KAUTH_ACCESS_TOKEN (the keystore was not touched).\n",
                ko: "KAUTH_ACCESS_TOKEN 토큰의 세션에서 로그아웃했습니다 (토큰 저장소는 건드리지 않았습니다).\n")
        case .warning(let text):
            return Localized(en: "warning: \(text.english)\n", ko: "경고: \(text.korean)\n")
        case .noTokenLeft(let provider):
            return Localized(
                en: "no token was left to revoke at \(provider)", ko: "\(provider.koreanName)에서 폐기할 토큰이 남아 있지 않았습니다")
        case .notRevoked(let provider, let reason, let stillValid):
            let (reason, stillValid) = (reason.localized, stillValid.localized)
            return Localized(
                en:
                    "\(provider) could not revoke this login (\(reason.english)); \(stillValid.english). The local tokens are deleted anyway.",
                ko:
                    "\(provider.koreanName)이(가) 이 로그인을 폐기하지 못했습니다 (\(reason.korean)). \(stillValid.korean). 그래도 로컬 토큰은 삭제했습니다."
            )
        case .logoutFailed(let provider, let message, let stillValid):
            let stillValid = stillValid.localized
            return Localized(
                en:
                    "the logout at \(provider) failed (\(message.english)); \(stillValid.english). The local tokens are deleted anyway.",
                ko: "\(provider) 로그아웃에 실패했습니다 (\(message.korean)). \(stillValid.korean). 그래도 로컬 토큰은 삭제했습니다.")
        case .refreshTokenStaysValid(let provider, let until):
            let until = until?.localized
            return Localized(
                en:
                    "the refresh token stays valid at \(provider) until it expires\(until.map { " (\($0.english))" } ?? "")",
                ko: "리프레시 토큰은 만료될 때까지\(until.map { "(\($0.korean))" } ?? "") \(provider.koreanName)에서 유효합니다")
        case .accessTokenStaysValid:
            return Localized(
                en: "the access token stays valid until it expires", ko: "액세스 토큰은 만료될 때까지 유효합니다")
        case .newLoginMeanwhile(let profile):
            return Localized(
                en: "A new login was stored in profile '\(profile)' meanwhile; it was left as it is.",
                ko: "그사이 프로필 '\(profile)'에 새 로그인이 저장되어 그대로 두었습니다.")
        case .noRevocationEndpoint:
            return Localized(
                en: "it advertises no revocation endpoint; if it has one, set provider.NAME.revocation_endpoint",
                ko: "토큰 폐기 엔드포인트를 알리지 않습니다. 있다면 provider.NAME.revocation_endpoint를 설정하십시오")
        case .revocationRefused(let status, let error):
            let said = error.map { " \($0.visible)" } ?? ""
            return Localized(
                en: "its revocation endpoint answered HTTP \(status)\(said)",
                ko: "토큰 폐기 엔드포인트가 HTTP \(status)\(said)(으)로 응답했습니다")
        case .noTokenToRevoke:
            return Localized(en: "no token to revoke", ko: "폐기할 토큰이 없습니다")
        case .nowInUse(let profile, let provider, let user):
            let user = user.localized
            return Localized(
                en:
                    "Commands without --profile now use profile '\(profile)': \(provider.visible) as \(user.english).\n",
                ko: "이제 --profile 없는 명령은 프로필 '\(profile)'을(를) 씁니다: \(provider.visible), \(user.korean).\n")
        case .noneInUse(let left):
            let names = left.joined(separator: ", ")
            return Localized(
                en: "No profile is in use now: commands without --profile are not logged in"
                    + (left.isEmpty ? ".\n" : "; pick one with `kauth switch NAME` (\(names)).\n"),
                ko: "이제 사용 중인 프로필이 없어 --profile 없는 명령은 로그인되어 있지 않습니다"
                    + (left.isEmpty ? ".\n" : ". `kauth switch NAME`으로 하나를 고르십시오 (\(names)).\n"))
        case .unlinkedEnvironmentToken:
            return Localized(
                en:
                    "Unlinked the user of the token in KAUTH_ACCESS_TOKEN from the app (the keystore was not touched).\n",
                ko: "KAUTH_ACCESS_TOKEN 토큰의 사용자와 앱의 연결을 끊었습니다 (토큰 저장소는 건드리지 않았습니다).\n")
        case .unlinked(let provider, let profile):
            return Localized(
                en:
                    "Unlinked the account from the app at \(provider.visible) and deleted the local tokens (profile '\(profile)').\n",
                ko: "\(provider.koreanName)에서 계정과 앱의 연결을 끊고 로컬 토큰을 삭제했습니다 (프로필 '\(profile)').\n")
        case .alsoEnded(let profiles, let logins):
            let one = profiles.count == 1
            let names = profiles.map { "'\($0)'" }.joined(separator: ", ")
            let again = logins.map(\.description).joined(separator: ", ")
            return Localized(
                en:
                    "The unlink also ended the login\(one ? "" : "s") of profile\(one ? "" : "s") \(names), which \(one ? "holds" : "hold") the same user of the same app; \(one ? "it is" : "they are") marked rejected until a new login: \(again).\n",
                ko:
                    "같은 앱의 같은 사용자를 담은 프로필 \(names)의 로그인도 연결 끊기로 끝났습니다. 새로 로그인할 때까지 거부된 것으로 표시됩니다: \(again).\n"
            )
        case .madeDefault(let name):
            return Localized(
                en: "Profile '\(name)' is now the default.\n", ko: "이제 프로필 '\(name)'이(가) 기본 프로필입니다.\n")
        case .noSuchProfile(let name, let login, let closest):
            let names = closest.map { "'\($0)'" }
            let run = Invocation("kauth switch \(closest.first ?? name)")
            return Localized(
                en:
                    "error: no login is stored in profile '\(name)'; did you mean \(names.joined(separator: " or "))? Run \(run), or \(login) to log in to '\(name)'.\n",
                ko:
                    "오류: 프로필 '\(name)'에 저장된 로그인이 없습니다. \(names.joined(separator: ", "))을(를) 말씀하신 건가요? \(run)을(를) 실행하십시오. '\(name)'(으)로 로그인하려면 \(login)을(를) 실행하십시오.\n"
            )
        }
    }
}
