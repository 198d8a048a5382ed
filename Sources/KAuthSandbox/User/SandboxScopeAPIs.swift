import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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
                            ("display_name", .string(configuration.koreanNames ? item.koreanName : item.displayName)),
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
