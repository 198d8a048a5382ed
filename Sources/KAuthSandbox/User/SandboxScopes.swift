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
        SandboxScope(id: "profile_nickname", displayName: "Nickname", type: .privacy, revocable: false),
        SandboxScope(id: "profile_image", displayName: "Profile image", type: .privacy, revocable: true),
        SandboxScope(id: "account_email", displayName: "Email", type: .privacy, revocable: true),
        SandboxScope(id: "phone_number", displayName: "Phone number", type: .privacy, revocable: true),
        SandboxScope(id: "age_range", displayName: "Age range", type: .privacy, revocable: true),
        SandboxScope(id: "birthday", displayName: "Birthday", type: .privacy, revocable: true),
        SandboxScope(id: "birthyear", displayName: "Birth year", type: .privacy, revocable: true),
        SandboxScope(id: "gender", displayName: "Gender", type: .privacy, revocable: true),
        SandboxScope(id: "name", displayName: "Name", type: .privacy, revocable: true),
        SandboxScope(id: "shipping_address", displayName: "Shipping address", type: .privacy, revocable: true),
        SandboxScope(id: "account_ci", displayName: "CI (connecting information)", type: .privacy, revocable: true),
        SandboxScope(
            id: "plusfriends", displayName: "Kakao Talk Channel addition status", type: .privacy, revocable: true),
        SandboxScope(id: "talk_message", displayName: "Send messages in Kakao Talk", type: .service, revocable: true),
        SandboxScope(id: "talk_calendar", displayName: "Kakao Talk calendar", type: .service, revocable: true),
        SandboxScope(id: "friends", displayName: "Friends list in Kakao services", type: .service, revocable: true)
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

/// `GET /v2/user/scopes` and `POST /v2/user/revoke/scopes`.
extension SandboxEngine {
    /// `GET /v2/user/scopes[?scopes=["id",…]]` → ScopeInfo: every consent item, or those in the
    /// filter, in catalogue order.
    mutating func scopes(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        let caller: Caller
        switch self.caller(request, &entry) {
        case .success(let value): caller = value
        case .failure(let refusal): return refusal.response
        }
        var filter: Set<String>?
        if let text = Self.parameters(request).first(named: "scopes") {
            guard let ids = SandboxScopes.jsonArray(text) else {
                return Self.apiError(
                    400, -2, "invalid scopes: a JSON array of scope IDs is expected, e.g. [\"account_email\"]", &entry)
            }
            entry.scope = ids.joined(separator: " ")
            if let unknown = ids.first(where: { SandboxScopes.item($0) == nil }) {
                return Self.apiError(400, -2, "invalid scopes: \(unknown) is not a consent item of this app", &entry)
            }
            filter = Set(ids)
        }
        return .json(200, scopeInfo(caller, only: filter).data)
    }

    /// `POST /v2/user/revoke/scopes` with form `scopes=["id",…]`: withdraws the consent to each.
    /// All or nothing: one scope that is unknown, not agreed or not revocable refuses the whole
    /// request with -2 naming it. Tokens already issued stay valid; what they may reach is
    /// always decided by the consent at the time of use, so they lose the scopes at once.
    mutating func revokeScopes(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        let caller: Caller
        switch self.caller(request, &entry) {
        case .success(let value): caller = value
        case .failure(let refusal): return refusal.response
        }
        guard let text = Self.parameters(request).first(named: "scopes") else {
            return Self.apiError(
                400, -2, "scopes is required: a JSON array of scope IDs, e.g. [\"account_email\"]", &entry)
        }
        guard let ids = SandboxScopes.jsonArray(text), !ids.isEmpty else {
            return Self.apiError(
                400, -2, "invalid scopes: a non-empty JSON array of scope IDs is expected, e.g. [\"account_email\"]",
                &entry)
        }
        entry.scope = ids.joined(separator: " ")
        let agreed = SandboxScopes.normalize(state.consents[caller.consentIndex].scopes)
        for id in ids {
            guard let item = SandboxScopes.item(id) else {
                return Self.apiError(400, -2, "invalid scopes: \(id) is not a consent item of this app", &entry)
            }
            guard agreed.contains(id) else {
                return Self.apiError(400, -2, "cannot revoke \(id): the user has not agreed to it", &entry)
            }
            guard item.revocable else {
                return Self.apiError(
                    400, -2, "cannot revoke \(id): it is a required consent item and not revocable", &entry)
            }
        }
        let revoked = Set(ids)
        let remaining = agreed.filter { !revoked.contains($0) }
        state.consents[caller.consentIndex].scopes = remaining
        // Kept in step so that the state file never shows a token with scopes the user withdrew.
        let user = caller.token.userId
        let client = caller.token.clientId
        state.accessTokens = state.accessTokens.mapValues { record in
            guard record.userId == user && record.clientId == client else { return record }
            var record = record
            record.scopes = SandboxScopes.normalize(record.scopes).filter { !revoked.contains($0) }
            return record
        }
        return .json(200, scopeInfo(caller, only: nil).data)
    }

    /// ScopeInfo: `{"id","scopes":[{"id","display_name","type","using","delegated",
    /// "agreed","revocable"?}]}`; `revocable` only for an agreed item, as Kakao sends it.
    private func scopeInfo(_ caller: Caller, only filter: Set<String>?) -> OrderedJSON {
        let agreed = Set(SandboxScopes.normalize(state.consents[caller.consentIndex].scopes))
        let items = SandboxScopes.catalogue.filter { filter?.contains($0.id) ?? true }
        return .object([
            ("id", .int(Int(caller.user.id))),
            (
                "scopes",
                .array(
                    items.map { item in
                        var members: [(String, OrderedJSON)] = [
                            ("id", .string(item.id)),
                            ("display_name", .string(item.displayName)),
                            ("type", .string(item.type.rawValue)),
                            ("using", .bool(true)),
                            ("delegated", .bool(false)),
                            ("agreed", .bool(agreed.contains(item.id)))
                        ]
                        if agreed.contains(item.id) { members.append(("revocable", .bool(item.revocable))) }
                        return .object(members)
                    })
            )
        ])
    }
}
