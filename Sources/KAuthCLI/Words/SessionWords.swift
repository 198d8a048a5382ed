import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How a stored login is shown to a person, wherever it is shown: `status`, `login`'s result,
/// `logout`, `switch`, `profiles`, `token refresh`. One place, so that a login reads the same in
/// every command and in both languages.
enum SessionWords: Message {
    /// Who a login is: `Nickname <email> (id N)` with what is known; the bare id (an OpenID
    /// Connect `sub`) when the profile gave no name.
    case user(StoredSession)
    /// A session's state as `status` names it.
    case state(SessionState)
    /// Why the keystore could not keep its key in the keyring.
    case noKeyring(NoKeyringReason)
    /// Where the keystore's key is, or why it is not encrypted.
    case protection(KeystoreProtection)
    /// A server that is not the provider's own, and whether it is on this machine.
    case server(String, of: StoredSession)
    /// Why a login was marked rejected, and when.
    case rejection(SessionRejection)

    var localized: Localized {
        switch self {
        case .user(let session):
            let user = session.user ?? CachedUser()
            let id = user.id ?? session.userID
            guard let name = user.nickname ?? user.displayName ?? user.email else {
                return id.map { .verbatim($0.visible) } ?? Localized(en: "an unknown user", ko: "알 수 없는 사용자")
            }
            var text = name.visible
            if let email = user.email, email != name { text += " <\(email.visible)>" }
            return Localized(
                en: text + (id.map { " (id \($0.visible))" } ?? ""), ko: text + (id.map { " (ID \($0.visible))" } ?? "")
            )
        case .state(.valid):
            return Localized(en: "valid", ko: "유효")
        case .state(.refreshable):
            return Localized(
                en: "refreshable (the access token expired; the next command refreshes it)",
                ko: "갱신 가능 (액세스 토큰이 만료되어 다음 명령이 갱신합니다)")
        case .state(.expired):
            return Localized(en: "expired (log in again)", ko: "만료됨 (다시 로그인해야 합니다)")
        case .noKeyring(let reason):
            switch reason {
            case .noSessionBus:
                return Localized(
                    en: "no session bus for the Secret Service", ko: "Secret Service에 쓸 세션 버스가 없습니다")
            case .locked: return Localized(en: "the keyring was locked", ko: "키링이 잠겨 있었습니다")
            case .timedOut:
                return Localized(en: "the keyring did not answer within 3 s", ko: "키링이 3초 안에 응답하지 않았습니다")
            case .turnedOff: return .verbatim("KAUTH_KEYRING=off")
            case .unavailable: return Localized(en: "the keyring could not be used", ko: "키링을 사용할 수 없었습니다")
            }
        case .protection(.keyring(let kind, _)):
            return Localized(
                en: "encrypted, key in the \(kind.displayName)", ko: "암호화됨, 키는 \(kind.displayName)에 있음")
        case .protection(.passphrase):
            return Localized(en: "encrypted with KAUTH_PASSPHRASE", ko: "KAUTH_PASSPHRASE로 암호화됨")
        case .protection(.none(let reason?)):
            let why = SessionWords.noKeyring(reason).localized
            return Localized(en: "not encrypted (\(why.english))", ko: "암호화되지 않음 (\(why.korean))")
        case .protection(.none(nil)):
            return Localized(
                en: "not encrypted (written before kauth used the keyring; the next `kauth login` moves its key there)",
                ko: "암호화되지 않음 (kauth가 키링을 쓰기 전에 저장되었습니다. 다음 `kauth login`이 키를 키링으로 옮깁니다)")
        case .server(let server, let session):
            let type = ProviderType.named(session.providerType ?? session.provider)
            let name = type.flatMap { $0.usesDiscovery ? nil : $0.displayName }
            if LoopbackAddress.contains(server) {
                return Localized(
                    en:
                        "\(server.visible) (on this machine: a sandbox or test server\(name.map { ", not \($0)'s own" } ?? ""))",
                    ko:
                        "\(server.visible) (이 컴퓨터의 샌드박스 또는 테스트 서버\(name.map { ", \($0.koreanName) 공식 서버가 아님" } ?? ""))")
            }
            return Localized(
                en: "\(server.visible) (\(name.map { "not \($0)'s own" } ?? "not the provider's own") server)",
                ko: "\(server.visible) (\(name.map { "\($0.koreanName) 공식 서버가 아님" } ?? "제공자의 공식 서버가 아님"))")
        case .rejection(let rejection):
            let when = Moment(date: rejection.at).localized
            switch rejection.cause {
            case .refreshToken:
                let said = [rejection.error, rejection.detail, rejection.providerCode].compactMap { $0?.visible }
                    .joined(separator: ": ")
                let detail = said.isEmpty ? rejection.status.map { "HTTP \($0)" } ?? "" : said
                let shown = detail.isEmpty ? "" : " (\(detail))"
                return Localized(
                    en: "the provider rejected its refresh token at \(when.english)\(shown)",
                    ko: "\(when.korean)에 제공자가 리프레시 토큰을 거부했습니다\(shown)")
            case .accessToken:
                let shown = rejection.detail.map { " (\($0.visible))" } ?? ""
                return Localized(
                    en: "the provider rejected its access token right after a refresh, at \(when.english)\(shown)",
                    ko: "\(when.korean)에 제공자가 갱신 직후의 액세스 토큰을 거부했습니다\(shown)")
            case .unlinked:
                let by = rejection.byProfile
                return Localized(
                    en:
                        "the account was unlinked from the app at \(when.english)\(by.map { " (`kauth unlink` of profile '\($0)')" } ?? ""), which ended every token of it",
                    ko:
                        "\(when.korean)에 계정과 앱의 연결이 끊겨\(by.map { "(프로필 '\($0)'의 `kauth unlink`)" } ?? "") 모든 토큰이 끝났습니다")
            }
        }
    }
}

/// The words of `kauth status`: its heading, the names of its rows, and what it says around them.
enum StatusWords: Message {
    /// The first line: `Logged in to Kakao as …`, or that the login expired or was rejected.
    case heading(provider: String, user: Localized, state: SessionState, rejected: Bool)
    /// `kauth me` fetches who the login is, when the keystore does not know.
    case unknownUser
    /// Who a machine's login (client credentials) is: its client.
    case client(id: String)
    case rowProfile, rowSession, rowScopes, rowAccessToken, rowRefreshToken, rowIDToken, rowServer
    case rowGrant, rowResources, rowACR
    /// After the granted scopes, when the provider granted others than the login asked for.
    case scopesAsked([String], provider: String)
    case rowKeystore, rowProtection, rowChecked
    /// The session row of a login the provider rejected.
    case rejectedSession(SessionWords)
    case noScopes
    case noRefreshToken
    case refreshTokenWithoutExpiry
    case idTokenStored
    /// `--check` found the provider accepts the login.
    case accepted
    case noLongerAccepted(reason: SessionWords, login: Invocation)
    case expired(login: Invocation)
    case notLoggedIn(profile: String, login: Invocation)
    case environmentToken
    case bootstrap(profile: String)
    case otherProfiles
    /// One line of the other profiles: `work (default): Kakao, Ryan (id 1), valid`.
    case otherProfile(
        name: String, isDefault: Bool, provider: String, server: String?, user: SessionWords, state: SessionState,
        rejected: Bool)
    /// An error that `--check` met, after the view.
    case checkError(String)

    var localized: Localized {
        switch self {
        case .heading(let provider, let user, let state, let rejected):
            let provider = provider.visible
            if rejected {
                return Localized(
                    en: "The login to \(provider) as \(user.english) was rejected by the provider\n",
                    ko: "\(provider) 로그인(\(user.korean))을 제공자가 거부했습니다\n")
            }
            if state == .expired {
                return Localized(
                    en: "The login to \(provider) as \(user.english) has expired\n",
                    ko: "\(provider) 로그인(\(user.korean))이 만료되었습니다\n")
            }
            return Localized(
                en: "Logged in to \(provider) as \(user.english)\n",
                ko: "\(provider.koreanName)에 로그인되어 있습니다: \(user.korean)\n")
        case .unknownUser:
            return Localized(
                en: "an unknown user (run `kauth me` to fetch the profile)",
                ko: "알 수 없는 사용자 (`kauth me`로 사용자 정보를 가져올 수 있습니다)")
        case .client(let id):
            return Localized(en: "the client \(id.visible)", ko: "클라이언트 \(id.visible)")
        case .scopesAsked(let asked, let provider):
            let list = asked.map(\.visible).joined(separator: " ")
            let name = ProviderNames.localized(provider.visible)
            return Localized(
                en: "(as \(name.english) granted them; the login asked for: \(list))",
                ko: "(\(name.korean)에서 허용한 항목입니다. 로그인 때 요청한 항목: \(list))")
        case .rowProfile: return Localized(en: "profile", ko: "프로필")
        case .rowSession: return Localized(en: "session", ko: "세션")
        case .rowScopes: return Localized(en: "scopes", ko: "동의항목")
        case .rowAccessToken: return Localized(en: "access token", ko: "액세스 토큰")
        case .rowRefreshToken: return Localized(en: "refresh token", ko: "리프레시 토큰")
        case .rowIDToken: return Localized(en: "ID token", ko: "ID 토큰")
        case .rowServer: return Localized(en: "server", ko: "서버")
        case .rowGrant: return Localized(en: "grant", ko: "그랜트")
        case .rowResources: return Localized(en: "resources", ko: "리소스")
        case .rowACR: return .verbatim("acr")
        case .rowKeystore: return Localized(en: "keystore", ko: "토큰 저장소")
        case .rowProtection: return Localized(en: "protection", ko: "보호")
        case .rowChecked: return Localized(en: "checked", ko: "확인")
        case .rejectedSession(let reason):
            let reason = reason.localized
            return Localized(
                en: "expired: \(reason.english) (log in again)", ko: "만료됨: \(reason.korean) (다시 로그인해야 합니다)")
        case .noScopes: return Localized(en: "(none reported)", ko: "(알려 준 항목 없음)")
        case .noRefreshToken: return Localized(en: "none", ko: "없음")
        case .refreshTokenWithoutExpiry: return Localized(en: "stored (no expiry given)", ko: "저장됨 (만료 시각 없음)")
        case .idTokenStored: return Localized(en: "stored", ko: "저장됨")
        case .accepted:
            return Localized(
                en: "the provider accepts this login (asked just now)", ko: "제공자가 이 로그인을 받아들입니다 (방금 확인함)")
        case .noLongerAccepted(let reason, let login):
            let reason = reason.localized
            return Localized(
                en: "The provider no longer accepts this login: \(reason.english); run \(login) again.",
                ko: "제공자가 더 이상 이 로그인을 받아들이지 않습니다: \(reason.korean). \(login)을(를) 다시 실행하십시오.")
        case .expired(let login):
            return Localized(
                en: "The stored login has expired and cannot be refreshed; run \(login) again.",
                ko: "저장된 로그인이 만료되어 갱신할 수 없습니다. \(login)을(를) 다시 실행하십시오.")
        case .notLoggedIn(let profile, let login):
            return Localized(
                en: "Not logged in (profile '\(profile)'). Run \(login).",
                ko: "로그인되어 있지 않습니다 (프로필 '\(profile)'). \(login)을(를) 실행하십시오.")
        case .environmentToken:
            return Localized(
                en: "Using the access token in KAUTH_ACCESS_TOKEN (the keystore is not read).",
                ko: "KAUTH_ACCESS_TOKEN의 액세스 토큰을 사용합니다 (토큰 저장소는 읽지 않습니다).")
        case .bootstrap(let profile):
            return Localized(
                en:
                    "No login is stored for profile '\(profile)' yet: the session starts from KAUTH_REFRESH_TOKEN on the first command that needs a token.",
                ko:
                    "프로필 '\(profile)'에 저장된 로그인이 아직 없습니다. 토큰이 필요한 첫 명령에서 KAUTH_REFRESH_TOKEN으로 세션을 시작합니다.")
        case .otherProfiles:
            return Localized(en: "Other profiles:", ko: "다른 프로필:")
        case .otherProfile(let name, let isDefault, let provider, let server, let user, let state, let rejected):
            let user = user.localized
            let server = server?.visible
            return Localized(
                en:
                    "  \(name)\(isDefault ? " (default)" : ""): \(provider.visible)\(server.map { " at \($0)" } ?? ""), \(user.english), \(state.rawValue)\(rejected ? " (rejected by the provider)" : "")",
                ko:
                    "  \(name)\(isDefault ? " (기본)" : ""): \(provider.visible)\(server.map { " (\($0))" } ?? ""), \(user.korean), \(state.rawValue)\(rejected ? " (제공자가 거부함)" : "")"
            )
        case .checkError(let message):
            return Localized(en: "error: \(message)", ko: "오류: \(message)")
        }
    }
}
