import KAuthBasics
import KAuthCore
import KakaoAPI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// "Send to me" (Kakao Talk memo): `POST /v2/api/talk/memo/default/send`, `/v2/api/talk/memo/send`
/// and `/v2/api/talk/memo/scrap/send` with the user's token. The user must have agreed to
/// `talk_message`, else 403 -402 with `required_scopes`, as Kakao answers. Sent messages are
/// kept for `GET /_sandbox/memos`.
extension SandboxEngine {
    static let memoPaths = [
        "/v2/api/talk/memo/default/send": ShareAction.default,
        "/v2/api/talk/memo/send": .custom,
        "/v2/api/talk/memo/scrap/send": .scrap
    ]

    mutating func talkMemo(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        guard request.method == "POST" else { return Self.methodNotAllowed(&entry) }
        let token: AccessTokenRecord
        switch authenticate(request, &entry) {
        case .success(let record): token = record
        case .failure(let unauthorized): return unauthorized.response
        }
        guard let action = Self.memoPaths[request.path] else { return Self.apiError(404, -2, "not found", &entry) }
        let agreed = state.consents.first { $0.userId == token.userId && $0.clientId == token.clientId }?.scopes ?? []
        guard agreed.contains(TalkScopes.message) else {
            entry.kakaoCode = "-402"
            return .json(
                403,
                OrderedJSON.object([
                    ("msg", .string("insufficient scopes.")),
                    ("code", .int(-402)),
                    (
                        "api_type",
                        .string("TALK_MEMO_\(action == .custom ? "" : action.rawValue.uppercased() + "_")SEND")
                    ),
                    ("required_scopes", .array([.string(TalkScopes.message)])),
                    ("allowed_scopes", .array(agreed.map(OrderedJSON.string)))
                ]).data)
        }
        let parameters = request.form + request.query
        if let name = Self.repeatedName(parameters) {
            return Self.apiError(400, -2, "\(name) is sent more than once", &entry)
        }
        let message: ShareMessage
        switch shareMessage(action, parameters) {
        case .failure(let problem): return Self.apiError(400, -2, problem.message, &entry)
        case .success(let value): message = value
        }
        var memo: [String: JSONValue] = [
            "time": .string(RFC3339.string(from: now)),
            "user_id": .number(Double(token.userId)),
            "action": .string(action.rawValue)
        ]
        Self.describe(message, into: &memo)
        share.addMemo(.object(memo))
        return .json(200, OrderedJSON.object([("result_code", .int(0))]).data)
    }
}
