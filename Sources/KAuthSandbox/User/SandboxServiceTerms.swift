import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Kakao Sync service terms: `GET /v2/user/service_terms` and `POST /v2/user/revoke/service_terms`.
/// The app's terms are `SandboxConfiguration.serviceTerms`; what a
/// user agreed is kept in the consent with the app, so unlink forgets it.
extension SandboxEngine {
    /// `GET /v2/user/service_terms[?result=agreed_service_terms|app_service_terms][&tags=a,b]`.
    /// `agreed_service_terms` (the default) lists the terms the user agreed to,
    /// `app_service_terms` every term of the app; `tags` keeps only those named. App order.
    mutating func serviceTerms(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        let caller: Caller
        switch self.caller(request, &entry) {
        case .success(let value): caller = value
        case .failure(let refusal): return refusal.response
        }
        let parameters = Self.parameters(request)
        let onlyAgreed: Bool
        switch parameters.first(named: "result") {
        case nil, "", "agreed_service_terms": onlyAgreed = true
        case "app_service_terms": onlyAgreed = false
        case let other?:
            return Self.apiError(
                400, -2, "invalid result: \(other) (use agreed_service_terms or app_service_terms)", &entry)
        }
        var filter: Set<String>?
        if let text = parameters.first(named: "tags") {
            entry.serviceTerms = text
            let tags = Self.serviceTermTags(text)
            guard !tags.isEmpty else {
                return Self.apiError(
                    400, -2, "invalid tags: a comma-separated list of service term tags is expected", &entry)
            }
            if let unknown = tags.first(where: { serviceTerm($0) == nil }) {
                return Self.apiError(400, -2, "invalid tags: \(unknown) is not a service term of this app", &entry)
            }
            filter = Set(tags)
        }
        let agreed = state.consents[caller.consentIndex].serviceTerms
        var listed: [OrderedJSON] = []
        for term in configuration.serviceTerms where filter?.contains(term.tag) ?? true {
            let agreement = agreed.first { $0.tag == term.tag }
            if onlyAgreed && agreement == nil { continue }
            var members: [(String, OrderedJSON)] = [
                ("tag", .string(term.tag)),
                ("required", .bool(term.required)),
                ("agreed", .bool(agreement != nil)),
                ("revocable", .bool(term.revocable))
            ]
            if let agreement {
                members.append(("agreed_at", .string(SandboxTime.text(agreement.agreedAt))))
                members.append(("agreed_by", .string(agreement.agreedBy)))
            }
            listed.append(.object(members))
        }
        return .json(
            200,
            OrderedJSON.object([
                ("id", .int(Int(caller.user.id))),
                ("service_terms", .array(listed))
            ]).data)
    }

    /// `POST /v2/user/revoke/service_terms` with form `tags=a,b`: withdraws the agreement to
    /// each. All or nothing: a tag that is unknown, not agreed or not revocable refuses the whole
    /// request with -2 naming it.
    mutating func revokeServiceTerms(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse
    {
        let caller: Caller
        switch self.caller(request, &entry) {
        case .success(let value): caller = value
        case .failure(let refusal): return refusal.response
        }
        let text = Self.parameters(request).first(named: "tags")
        entry.serviceTerms = text
        let tags = text.map(Self.serviceTermTags) ?? []
        guard !tags.isEmpty else {
            return Self.apiError(400, -2, "tags is required: a comma-separated list of service term tags", &entry)
        }
        let agreed = state.consents[caller.consentIndex].serviceTerms
        for tag in tags {
            guard let term = serviceTerm(tag) else {
                return Self.apiError(400, -2, "invalid tags: \(tag) is not a service term of this app", &entry)
            }
            guard agreed.contains(where: { $0.tag == tag }) else {
                return Self.apiError(400, -2, "cannot revoke \(tag): the user has not agreed to it", &entry)
            }
            guard term.revocable else {
                return Self.apiError(400, -2, "cannot revoke \(tag): it is not revocable", &entry)
            }
        }
        state.consents[caller.consentIndex].serviceTerms.removeAll { tags.contains($0.tag) }
        return .json(
            200,
            OrderedJSON.object([
                ("id", .int(Int(caller.user.id))),
                (
                    "revoked_service_terms",
                    .array(
                        tags.map { tag in
                            .object([("tag", .string(tag)), ("agreed", .bool(false))])
                        })
                )
            ]).data)
    }

    func serviceTerm(_ tag: String) -> SandboxServiceTerm? {
        configuration.serviceTerms.first { $0.tag == tag }
    }

    /// A comma-separated tag list (`service_terms=` at authorize, `tags=` of the APIs): blanks
    /// around tags and empty items ignored, duplicates dropped, order kept.
    static func serviceTermTags(_ text: String) -> [String] {
        var seen = Set<String>()
        return text.split(separator: ",")
            .map { String($0).trimmingWhitespace() }
            .filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// Adds each of `tags` the user has not agreed to yet, as agreed now by `agreedBy`. Earlier
    /// agreements keep their time.
    func agreeing(_ tags: [String], to agreed: [AgreedServiceTerm], by agreedBy: String) -> [AgreedServiceTerm] {
        var result = agreed
        for tag in tags where !result.contains(where: { $0.tag == tag }) {
            result.append(AgreedServiceTerm(tag: tag, agreedAt: now, agreedBy: agreedBy))
        }
        return result
    }
}
