import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// kapi's user APIs, each behind `Authorization: Bearer`.
extension SandboxEngine {
    /// `GET /v1/user/access_token_info` → `{"id","expires_in","app_id"}`.
    mutating func accessTokenInfo(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        let token: AccessTokenRecord
        switch authenticate(request, &entry) {
        case .success(let record): token = record
        case .failure(let unauthorized): return unauthorized.response
        }
        let remaining = Int(token.expiresAt.timeIntervalSince(now).rounded(.down))
        return .json(
            200,
            OrderedJSON.object([
                ("id", .int(Int(token.userId))),
                ("expires_in", .int(remaining)),
                ("app_id", .int(Int(configuration.appID)))
            ]).data)
    }

    /// `GET|POST /v2/user/me`: parameters from the query, or the form body on POST.
    mutating func me(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        let token: AccessTokenRecord
        switch authenticate(request, &entry) {
        case .success(let record): token = record
        case .failure(let unauthorized): return unauthorized.response
        }
        let parameters = Self.parameters(request)
        var keys: [String]?
        if let text = parameters.first(named: "property_keys") {
            do {
                keys = try SandboxPropertyKeys.parse(text, customProperties: configuration.customPropertyKeys)
            } catch SandboxPropertyKeys.ParseError.unknownKey(let key) {
                return Self.apiError(400, -2, "invalid property_keys: unknown key \(key)", &entry)
            } catch {
                return Self.apiError(
                    400, -2,
                    "invalid property_keys: a JSON array of strings is expected, e.g. [\"kakao_account.email\"]", &entry
                )
            }
            entry.propertyKeys = keys
        }
        guard let user = state.users.first(where: { $0.id == token.userId }),
            let consent = state.consents.first(where: { $0.userId == token.userId && $0.clientId == token.clientId })
        else {
            return Self.apiError(400, -101, "not registered user", &entry)
        }
        let secure = parameters.first(named: "secure_resource")?.lowercased() == "true"
        var body = SandboxMeRenderer(
            user: user,
            consent: consent,
            secureResource: secure,
            propertyKeys: SandboxProperties.registered(configuration),
            showsSignup: !configuration.autoLink
        ).render()
        if let keys { body = SandboxPropertyKeys.filter(body, keys: keys) }
        return .json(200, body.data)
    }

    /// `POST /v1/user/logout`: ends this login, its refresh token included, and answers the user
    /// id. Other logins of the same user stay.
    mutating func logout(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        let token: AccessTokenRecord
        switch authenticate(request, &entry) {
        case .success(let record): token = record
        case .failure(let unauthorized): return unauthorized.response
        }
        revoke(grant: token.grantId)
        return .json(200, OrderedJSON.object([("id", .int(Int(token.userId)))]).data)
    }

    /// `POST /v1/user/unlink`: disconnects the user from the app: every token of the pair ends
    /// at once, outstanding codes too, and the consent is forgotten, so the next login starts
    /// from the app's default scopes and a later refresh gets KOE322 (DT-322).
    mutating func unlink(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        let token: AccessTokenRecord
        switch authenticate(request, &entry) {
        case .success(let record): token = record
        case .failure(let unauthorized): return unauthorized.response
        }
        let user = token.userId
        let client = token.clientId
        disconnect(user: user, client: client)
        state.consents.removeAll { $0.userId == user && $0.clientId == client }
        return .json(200, OrderedJSON.object([("id", .int(Int(user)))]).data)
    }
}
