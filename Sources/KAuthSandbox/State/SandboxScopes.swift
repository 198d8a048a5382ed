import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One consent item of the sandbox app, as the Kakao console lists
/// them under "Consent items".
struct SandboxScope: Sendable {
    enum Kind: String, Sendable {
        /// Personal information (`kakao_account` fields, shipping addresses).
        case privacy = "PRIVACY"
        /// Access to a Kakao service on the user's behalf (Talk messages, friends).
        case service = "SERVICE"
    }

    var id: String
    var displayName: String
    /// The name Kakao shows Korean users for it (`SandboxConfiguration.koreanNames`).
    var koreanName: String
    var type: Kind
    /// Whether the user may withdraw it with `/v2/user/revoke/scopes`. A "required" consent item
    /// is not: the app cannot work without it.
    var revocable: Bool
}

/// The sandbox app's consent items and the scope IDs `/oauth/authorize` accepts.
enum SandboxScopes {
    /// The consent items, in the order `/v2/user/scopes` lists them. `profile_nickname` is the
    /// app's required item; every other one is optional and so revocable.
    static let catalogue: [SandboxScope] = [
        SandboxScope(
            id: "profile_nickname", displayName: "Nickname", koreanName: "닉네임", type: .privacy, revocable: false),
        SandboxScope(
            id: "profile_image", displayName: "Profile image", koreanName: "프로필 사진", type: .privacy, revocable: true),
        SandboxScope(
            id: "account_email", displayName: "Email", koreanName: "카카오계정(이메일)", type: .privacy, revocable: true),
        SandboxScope(
            id: "phone_number", displayName: "Phone number", koreanName: "카카오계정(전화번호)", type: .privacy, revocable: true),
        SandboxScope(id: "age_range", displayName: "Age range", koreanName: "연령대", type: .privacy, revocable: true),
        SandboxScope(id: "birthday", displayName: "Birthday", koreanName: "생일", type: .privacy, revocable: true),
        SandboxScope(id: "birthyear", displayName: "Birth year", koreanName: "출생 연도", type: .privacy, revocable: true),
        SandboxScope(id: "gender", displayName: "Gender", koreanName: "성별", type: .privacy, revocable: true),
        SandboxScope(id: "name", displayName: "Name", koreanName: "이름", type: .privacy, revocable: true),
        SandboxScope(
            id: "shipping_address", displayName: "Shipping address", koreanName: "배송지정보(수령인명, 배송지 주소, 전화번호)",
            type: .privacy, revocable: true),
        SandboxScope(
            id: "account_ci", displayName: "CI (connecting information)", koreanName: "CI(연계정보)", type: .privacy,
            revocable: true),
        SandboxScope(
            id: "plusfriends", displayName: "Kakao Talk Channel addition status", koreanName: "카카오톡 채널 추가 상태 및 내역",
            type: .privacy, revocable: true),
        SandboxScope(
            id: "talk_message", displayName: "Send messages in Kakao Talk", koreanName: "카카오톡 메시지 전송", type: .service,
            revocable: true),
        SandboxScope(
            id: "talk_calendar", displayName: "Kakao Talk calendar", koreanName: "카카오톡 캘린더", type: .service,
            revocable: true),
        SandboxScope(
            id: "friends", displayName: "Friends list in Kakao services",
            koreanName: "카카오 서비스 내 친구목록(프로필사진, 닉네임, 즐겨찾기 포함)", type: .service, revocable: true)
    ]

    static func item(_ id: String) -> SandboxScope? {
        catalogue.first { $0.id == id }
    }

    /// Scope IDs that are not consent items but that `/oauth/authorize` accepts: `openid` (an ID
    /// token, recorded in the consent as before) and the legacy `profile`, recorded as the two
    /// items it was split into in 2021 (DT-PROF).
    /// `email` is the OpenID Connect standard scope (OIDC Core §5.4), taken as `account_email` so
    /// that a generic OIDC client's default `openid profile email` works against the sandbox.
    static let nonItems: Set<String> = ["openid", "profile", "email"]

    /// OpenID Connect's request for a refresh token (OIDC Core §11), taken with OpenID Connect on.
    static let offlineAccess = "offline_access"

    /// Every scope ID `/oauth/authorize` accepts. An unknown one is refused, as Kakao refuses
    /// consent items the app has not set up, so that a typo in a client's scope list shows up in
    /// tests rather than in production.
    static let known: Set<String> = Set(catalogue.map(\.id)).union(nonItems)

    /// Splits a `scope` value: Kakao's REST documents commas, the SDKs send spaces, so both are
    /// read. Duplicates are dropped, order kept.
    static func parse(_ text: String) -> [String] {
        var seen = Set<String>()
        return text.split(whereSeparator: { $0 == " " || $0 == "," })
            .map(String.init)
            .filter { seen.insert($0).inserted }
    }

    /// `existing` followed by whatever of `added` it lacks.
    static func union(_ existing: [String], _ added: [String]) -> [String] {
        var result = existing
        for scope in added where !result.contains(scope) { result.append(scope) }
        return result
    }

    /// `scopes` with the legacy `profile` replaced by `profile_nickname` and `profile_image`, so
    /// that each consent item can be listed and revoked on its own.
    static func normalize(_ scopes: [String]) -> [String] {
        var result: [String] = []
        for scope in scopes {
            let parts =
                scope == "profile"
                ? ["profile_nickname", "profile_image"] : scope == "email" ? ["account_email"] : [scope]
            for part in parts where !result.contains(part) { result.append(part) }
        }
        return result
    }

    /// A JSON array of strings, as `scopes` is sent to the scope APIs (`["account_email"]`).
    static func jsonArray(_ text: String) -> [String]? {
        try? JSONDecoder().decode([String].self, from: Data(text.utf8))
    }
}
