/// Words of the errors of the commands on the user's data at the provider: consent items
/// (동의항목), service terms (서비스 약관), the profile, user properties, shipping addresses (배송지),
/// logout. Scope IDs, tags and field paths stay as they are.
enum UserDataErrorWords: Message {
    /// `suggestions`: consent items close to the one given.
    case notAConsentItem(id: String, suggestions: [String])
    case scopeNotAgreed(id: String)
    case scopeRequired(id: String)
    case consentWithEnvironmentToken
    case idsAndMissing
    case noScopeIDs
    case notAServiceTerm(tag: String)
    case termNotAgreed(tag: String)
    case termRequired(tag: String)
    case noProfileField(path: String)
    case noIDTokenForUserinfo
    case idTokenUnreadable
    case notAUserProperty(message: String, checkSpelling: Bool)
    case addressID(given: String)
    case addressIDAlone
    case pickerAddressID(given: String)
    case environmentTokenNotEnded(reason: Localized)

    var localized: Localized {
        switch self {
        case .notAConsentItem(let id, let suggestions):
            Localized(
                en:
                    "'\(id.visible)' is not a consent item of this app\(suggestions.isEmpty ? "" : " (did you mean \(suggestions.joined(separator: ", "))?)"); see `kauth scopes`",
                ko:
                    "'\(id.visible)'은(는) 이 앱의 동의항목이 아닙니다\(suggestions.isEmpty ? "" : "(혹시 \(suggestions.joined(separator: ", "))을(를) 찾으셨나요?)"). `kauth scopes`에서 확인하십시오"
            )
        case .scopeNotAgreed(let id):
            Localized(
                en: "'\(id)' is not agreed, so there is nothing to revoke",
                ko: "'\(id)'에는 동의하지 않았으므로 철회할 것이 없습니다")
        case .scopeRequired(let id):
            Localized(
                en:
                    "'\(id)' cannot be revoked: the app requires it (unlink the app with `kauth unlink` to withdraw every consent)",
                ko: "'\(id)'은(는) 앱의 필수 동의항목이라 철회할 수 없습니다(모든 동의를 철회하려면 `kauth unlink`로 연결 끊기를 하십시오)")
        case .consentWithEnvironmentToken:
            Localized(
                en: "KAUTH_ACCESS_TOKEN is set: additional consent replaces the stored login's tokens; unset it first",
                ko: "KAUTH_ACCESS_TOKEN이 설정되어 있습니다. 추가 항목 동의는 저장된 로그인의 토큰을 바꾸므로 먼저 설정을 해제하십시오")
        case .idsAndMissing:
            Localized(en: "give scope IDs or --missing, not both", ko: "동의항목 ID나 --missing 중 하나만 주십시오")
        case .noScopeIDs:
            Localized(
                en: "name the scope IDs to request, or pass --missing",
                ko: "요청할 동의항목 ID를 주거나 --missing을 주십시오")
        case .notAServiceTerm(let tag):
            Localized(
                en: "'\(tag.visible)' is not a service term of this app; see `kauth terms --app`",
                ko: "'\(tag.visible)'은(는) 이 앱의 서비스 약관이 아닙니다. `kauth terms --app`에서 확인하십시오")
        case .termNotAgreed(let tag):
            Localized(
                en: "'\(tag.visible)' is not agreed, so there is nothing to revoke",
                ko: "'\(tag.visible)'에는 동의하지 않았으므로 철회할 것이 없습니다")
        case .termRequired(let tag):
            Localized(
                en:
                    "'\(tag.visible)' cannot be revoked: the app requires it (unlink the app with `kauth unlink` to withdraw every consent)",
                ko:
                    "'\(tag.visible)'은(는) 앱의 필수 서비스 약관이라 철회할 수 없습니다(모든 동의를 철회하려면 `kauth unlink`로 연결 끊기를 하십시오)")
        case .noProfileField(let path):
            Localized(
                en:
                    "the profile has no field '\(path)' (it may need consent: see `kauth me` for items that need agreement)",
                ko: "사용자 정보에 '\(path)' 필드가 없습니다(동의가 필요할 수 있습니다. `kauth me`에서 동의가 필요한 항목을 확인하십시오)")
        case .noIDTokenForUserinfo:
            Localized(
                en: "no ID token is stored to check userinfo against; log in with `kauth login --openid`",
                ko: "userinfo를 확인할 ID 토큰이 저장되어 있지 않습니다. `kauth login --openid`로 로그인하십시오")
        case .idTokenUnreadable:
            Localized(
                en: "the stored ID token cannot be read; log in again", ko: "저장된 ID 토큰을 읽을 수 없습니다. 다시 로그인하십시오")
        case .notAUserProperty(let message, let checkSpelling):
            Localized(
                en:
                    "a key is not a registered user property of the app (\(message.visible)); register it in the Kakao console under User properties\(checkSpelling ? ", or check its spelling" : "")",
                ko:
                    "앱에 등록된 사용자 프로퍼티가 아닌 키가 있습니다(\(message.visible)). 카카오디벨로퍼스 콘솔의 [사용자 프로퍼티]에서 등록하십시오\(checkSpelling ? ". 또는 철자를 확인하십시오" : "")"
            )
        case .addressID(let given):
            Localized(
                en: "--id needs a numeric address id, not '\(given)'",
                ko: "--id에는 '\(given)'이(가) 아니라 숫자로 된 배송지 ID가 필요합니다")
        case .addressIDAlone:
            Localized(
                en: "--id picks one address; it does not go with --all or --page-size",
                ko: "--id는 배송지 하나를 고릅니다. --all이나 --page-size와 함께 쓸 수 없습니다")
        case .pickerAddressID(let given):
            Localized(
                en: "'kauth shipping edit' needs an address id (a positive whole number), not '\(given.visible)'",
                ko: "'kauth shipping edit'에는 '\(given.visible)'이(가) 아니라 배송지 ID(양의 정수)가 필요합니다")
        case .environmentTokenNotEnded(let reason):
            Localized(
                en:
                    "the provider did not end the session of the token in KAUTH_ACCESS_TOKEN (\(reason.english)); it stays valid until it expires",
                ko: "제공자가 KAUTH_ACCESS_TOKEN 토큰의 세션을 끝내지 않았습니다(\(reason.korean)). 토큰은 만료될 때까지 유효합니다")
        }
    }
}
