import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Who is calling a resource API: the bearer token, and the user and consent behind it. Every
/// product's routes (user, OpenID Connect's userinfo, share, Talk, the apps host) start here, so
/// it sits with the engine rather than in any one of them.
extension SandboxEngine {
    /// The live access token of the request's `Authorization: Bearer` header, if any.
    func bearerToken(_ request: HTTPServerRequest) -> AccessTokenRecord? {
        let header = request.headers.value(for: "Authorization") ?? ""
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer",
            let record = state.accessTokens[parts[1].trimmingWhitespace()], record.expiresAt > now
        else { return nil }
        return record
    }

    /// The access token behind the request's `Authorization: Bearer` header, or the -401 Kakao
    /// answers for a missing, unknown, expired or ended one: the answer that makes clients
    /// refresh and retry.
    func authenticate(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> Result<
        AccessTokenRecord, Unauthorized
    > {
        if let record = bearerToken(request) { return .success(record) }
        return .failure(Unauthorized(response: Self.apiError(401, -401, "this access token does not exist", &entry)))
    }

    /// The answer that ends a request early: -401 from `authenticate`, or any other error a
    /// shared check (`caller`) gives.
    struct Unauthorized: Error {
        var response: HTTPServerResponse
    }

    /// Who is calling: the access token, its user, and the index in `state.consents` of what the
    /// user agreed with the token's app (scopes, service terms, properties, signup).
    struct Caller {
        var token: AccessTokenRecord
        var user: SandboxUserRecord
        var consentIndex: Int
    }

    /// `authenticate`, then the user and consent behind the token: -101 ("not registered user")
    /// when either is gone, as for `/v2/user/me`.
    func caller(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> Result<Caller, Unauthorized> {
        let token: AccessTokenRecord
        switch authenticate(request, &entry) {
        case .success(let record): token = record
        case .failure(let unauthorized): return .failure(unauthorized)
        }
        guard let user = state.users.first(where: { $0.id == token.userId }),
            let index = state.consents.firstIndex(where: { $0.userId == token.userId && $0.clientId == token.clientId })
        else {
            return .failure(Unauthorized(response: Self.apiError(400, -101, "not registered user", &entry)))
        }
        return .success(Caller(token: token, user: user, consentIndex: index))
    }

    /// A request's parameters: the query of a GET; the form body, then the query, of a POST
    /// (Kakao's REST APIs take either).
    static func parameters(_ request: HTTPServerRequest) -> [(String, String)] {
        request.method == "POST" ? request.form + request.query : request.query
    }
}
