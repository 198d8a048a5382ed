import KAuthBasics
import KAuthCore
import KakaoAPI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Kakao Talk messages to friends: `POST /v1/api/talk/friends/message/default/send`
/// (`template_object`), `/v1/api/talk/friends/message/send` (`template_id`, `template_args`) and
/// `/v1/api/talk/friends/message/scrap/send` (`request_url`, `template_id`?, `template_args`?),
/// each with `receiver_uuids`, a JSON array of at most five friend uuids. The user must have
/// agreed to `talk_message` (-402). The templates are checked as for "send to me". Sent messages
/// are kept for `GET /_sandbox/friend-messages`.
extension SandboxEngine {
    static let friendMessagePaths = [
        "/v1/api/talk/friends/message/default/send": ShareAction.default,
        "/v1/api/talk/friends/message/send": .custom,
        "/v1/api/talk/friends/message/scrap/send": .scrap
    ]

    /// Receivers one request may name.
    static let maximumReceivers = 5

    /// The whole request fails with -2 for a malformed `receiver_uuids` (not a JSON array of
    /// well-formed uuids, empty, or more than five). Otherwise each receiver succeeds or is listed
    /// in `failure_info`: -502 for a uuid that is not the user's friend, -530 for a friend who does
    /// not accept the app's messages (`failure_info` is left out when empty):
    /// `{"successful_receiver_uuids":[…],"failure_info":[{"code","msg","receiver_uuids":[…]}]}`.
    mutating func talkFriendsMessage(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse
    {
        guard request.method == "POST" else { return Self.methodNotAllowed(&entry) }
        let caller: Caller
        switch self.caller(request, &entry) {
        case .success(let value): caller = value
        case .failure(let refusal): return refusal.response
        }
        guard let action = Self.friendMessagePaths[request.path] else {
            return Self.apiError(404, -2, "not found", &entry)
        }
        let agreed = SandboxScopes.normalize(state.consents[caller.consentIndex].scopes)
        guard agreed.contains(TalkScopes.message) else {
            let apiType = "TALK_FRIENDS_MESSAGE_\(action == .custom ? "" : action.rawValue.uppercased() + "_")SEND"
            return Self.insufficientScopes(apiType: apiType, required: [TalkScopes.message], allowed: agreed, &entry)
        }
        let parameters = request.form + request.query
        if let name = Self.repeatedName(parameters) {
            return Self.apiError(400, -2, "\(name) is sent more than once", &entry)
        }
        guard let text = parameters.first(named: "receiver_uuids") else {
            return Self.apiError(400, -2, "receiver_uuids is required: a JSON array of friend uuids", &entry)
        }
        guard let receivers = try? JSONDecoder().decode([String].self, from: Data(text.utf8)) else {
            return Self.apiError(
                400, -2, "invalid receiver_uuids: a JSON array of strings is expected, e.g. [\"uuid\"]", &entry)
        }
        guard !receivers.isEmpty else {
            return Self.apiError(400, -2, "invalid receiver_uuids: the list is empty", &entry)
        }
        guard receivers.count <= Self.maximumReceivers else {
            return Self.apiError(
                400, -2, "invalid receiver_uuids: at most \(Self.maximumReceivers) receivers, not \(receivers.count)",
                &entry)
        }
        if let bad = receivers.first(where: { !SandboxFriends.isWellFormedUUID($0) }) {
            return Self.apiError(400, -2, "invalid receiver_uuids: \(bad) is not a uuid", &entry)
        }
        let message: ShareMessage
        switch shareMessage(action, parameters) {
        case .failure(let problem): return Self.apiError(400, -2, problem.message, &entry)
        case .success(let value): message = value
        }

        var seen = Set<String>()
        let unique = receivers.filter { seen.insert($0).inserted }
        let byUUID = Dictionary(friends.map { ($0.uuid, $0) }, uniquingKeysWith: { first, _ in first })
        var successful: [String] = []
        var notFriends: [String] = []
        var refusing: [String] = []
        for uuid in unique {
            guard let friend = byUUID[uuid] else {
                notFriends.append(uuid)
                continue
            }
            if friend.allowedMessages { successful.append(uuid) } else { refusing.append(uuid) }
        }
        var failures: [(Int, String, [String])] = []
        if !notFriends.isEmpty { failures.append((-502, "not a friend of the user", notFriends)) }
        if !refusing.isEmpty { failures.append((-530, "the friend does not accept messages from this app", refusing)) }

        var record: [String: JSONValue] = [
            "time": .string(RFC3339.string(from: now)),
            "user_id": .number(Double(caller.user.id)),
            "action": .string(action.rawValue),
            "receiver_uuids": .array(unique.map(JSONValue.string)),
            "successful_receiver_uuids": .array(successful.map(JSONValue.string))
        ]
        if !failures.isEmpty {
            record["failed_receiver_uuids"] = .array((notFriends + refusing).map(JSONValue.string))
        }
        Self.describe(message, into: &record)
        share.addFriendMessage(.object(record))

        var body: [(String, OrderedJSON)] = [("successful_receiver_uuids", .array(successful.map(OrderedJSON.string)))]
        if !failures.isEmpty {
            body.append(
                (
                    "failure_info",
                    .array(
                        failures.map { code, message, uuids in
                            .object([
                                ("code", .int(code)), ("msg", .string(message)),
                                ("receiver_uuids", .array(uuids.map(OrderedJSON.string)))
                            ])
                        })
                ))
        }
        return .json(200, OrderedJSON.object(body).data)
    }
}
