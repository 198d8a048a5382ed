import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Snap's legacy user-data API: `GET /v1/me?query=…` or
/// `POST /v1/me` with JSON `{"query":…}`, `Authorization: Bearer`, answering
/// `{"data":{"me":{…}}}` with only the fields the token's scopes cover.
extension SandboxEngine {
    mutating func snapMe(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        guard let token = bearerToken(request) else {
            return Self.graphQLError(
                401, "The access token is missing, expired or revoked", code: "UNAUTHORIZED_USER", &entry)
        }
        entry.clientID = token.clientId
        let text: String?
        if request.method == "POST" {
            guard let body = try? JSONDecoder().decode(GraphQLRequest.self, from: request.body) else {
                return Self.graphQLError(
                    400, "The body must be JSON: {\"query\": \"{me{displayName}}\"}", code: "GRAPHQL_VALIDATION_FAILED",
                    &entry)
            }
            text = body.query
        } else {
            text = request.query.first(named: "query")
        }
        guard let text, !text.isEmpty else {
            return Self.graphQLError(
                400, "query is required, e.g. {me{displayName bitmoji{avatar id} externalId}}",
                code: "GRAPHQL_VALIDATION_FAILED", &entry)
        }
        let selection: [SnapMeField]
        do {
            selection = try SnapMeQuery.parse(text)
        } catch let error as SnapMeQuery.Failure {
            return Self.graphQLError(400, error.message, code: "GRAPHQL_VALIDATION_FAILED", &entry)
        } catch {
            return Self.graphQLError(400, "\(error)", code: "GRAPHQL_VALIDATION_FAILED", &entry)
        }
        entry.fields = selection.flatMap(\.paths)
        guard let user = state.users.first(where: { $0.id == token.userId }) else {
            return Self.graphQLError(401, "The user no longer exists", code: "UNAUTHORIZED_USER", &entry)
        }
        let me = SnapUser(user).render(selection, granted: Set(token.scopes))
        return .json(200, OrderedJSON.object([("data", .object([("me", me)]))]).data)
    }

    /// GraphQL's error body: `{"errors":[{"message","extensions":{"code"}}]}`.
    static func graphQLError(_ status: Int, _ message: String, code: String, _ entry: inout SandboxLogEntry)
        -> HTTPServerResponse
    {
        entry.error = code
        return .json(
            status,
            OrderedJSON.object([
                (
                    "errors",
                    .array([
                        .object([
                            ("message", .string(message)),
                            ("extensions", .object([("code", .string(code))]))
                        ])
                    ])
                )
            ]).data)
    }
}

private struct GraphQLRequest: Decodable {
    var query: String?
}

/// A field selected under `me`.
enum SnapMeField: Equatable {
    case displayName
    case externalId
    /// `bitmoji { … }` with its selected sub-fields, `avatar` and/or `id`.
    case bitmoji([String])

    var paths: [String] {
        switch self {
        case .displayName: return ["displayName"]
        case .externalId: return ["externalId"]
        case .bitmoji(let fields): return fields.map { "bitmoji." + $0 }
        }
    }
}

/// What the sandbox user looks like to Snap: its nickname as `displayName`, a Bitmoji, and an
/// `externalId` in **standard** Base64 that always contains `+`, `/` and `=` ("never use
/// it raw as a file name"), so that a client's file-name handling is put to the test.
struct SnapUser {
    var displayName: String
    var avatar: String
    var bitmojiID: String
    var externalId: String

    init(_ user: SandboxUserRecord) {
        displayName = user.nickname
        avatar = "https://img.example.com/kauth-sandbox/bitmoji/\(user.id).png?transparent=1&palette=1"
        bitmojiID = "sandbox-bitmoji-\(user.id)"
        // A protobuf-like prefix (Snap's ids start "CAESI…"), a digest of the user id, and two
        // final octets 0xFB 0xFF, which as the last, short group always encode as "+/8=".
        let bytes: [UInt8] = [0x08, 0x01, 0x12, 0x20] + SHA256.hash("kauth-sandbox:snap:\(user.id)") + [0xFB, 0xFF]
        externalId = Self.standardBase64(bytes)
    }

    /// RFC 4648 §4 (`+`, `/`, padding) from the base64url encoder: the alphabets differ only in
    /// those two characters.
    static func standardBase64(_ bytes: [UInt8]) -> String {
        var text = String(Base64URL.encode(bytes).map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })
        while text.utf8.count % 4 != 0 { text += "=" }
        return text
    }

    /// The selected fields, in the query's order, each only with its scope granted (every
    /// field is optional; no scope at all gives `{}`).
    func render(_ selection: [SnapMeField], granted: Set<String>) -> OrderedJSON {
        var members: [(String, OrderedJSON)] = []
        for field in selection {
            switch field {
            case .displayName where granted.contains(SnapScopes.displayName):
                members.append(("displayName", .string(displayName)))
            case .externalId where granted.contains(SnapScopes.externalID):
                members.append(("externalId", .string(externalId)))
            case .bitmoji(let fields) where granted.contains(SnapScopes.bitmojiAvatar):
                members.append(
                    (
                        "bitmoji",
                        .object(
                            fields.map { name in
                                (name, .string(name == "avatar" ? avatar : bitmojiID))
                            })
                    ))
            default:
                break
            }
        }
        return .object(members)
    }
}

/// The part of GraphQL that Snap's `me` queries use: an optional `query` keyword with an
/// optional name and variable definitions, then `{ me { … } }` with plain fields (commas and
/// `#` comments ignored). Aliases, arguments and fragments are refused, as are fields `Me` does
/// not have: notably the SDK-v2 spellings `externalID` and `bitmoji{avatarID}`.
enum SnapMeQuery {
    struct Failure: Error {
        var message: String
    }

    static func parse(_ text: String) throws -> [SnapMeField] {
        var tokens = try tokenize(text)[...]
        func next() -> String? { tokens.popFirst() }
        func expect(_ token: String) throws {
            guard let found = next() else {
                throw Failure(message: "Syntax Error: Expected \"\(token)\", found <EOF>.")
            }
            guard found == token else {
                throw Failure(message: "Syntax Error: Expected \"\(token)\", found \"\(found)\".")
            }
        }

        if tokens.first == "query" {
            _ = next()
            if let name = tokens.first, isName(name) { _ = next() }
            if tokens.first == "(" {
                // Variable definitions (the SDK sends `variables` with its queries): skipped.
                while let token = next(), token != ")" {}
            }
        }
        try expect("{")
        guard let root = next() else { throw Failure(message: "Syntax Error: Expected Name, found <EOF>.") }
        guard root == "me" else { throw unknownField(root, on: "Query") }
        try expect("{")
        var fields: [SnapMeField] = []
        while let token = next(), token != "}" {
            switch token {
            case "displayName": fields.append(.displayName)
            case "externalId": fields.append(.externalId)
            case "bitmoji":
                guard tokens.first == "{" else {
                    throw Failure(
                        message:
                            "Field \"bitmoji\" of type \"Bitmoji\" must have a selection of subfields. Did you mean \"bitmoji { ... }\"?"
                    )
                }
                _ = next()
                var subfields: [String] = []
                while let sub = next(), sub != "}" {
                    guard sub == "avatar" || sub == "id" else { throw unknownField(sub, on: "Bitmoji") }
                    if !subfields.contains(sub) { subfields.append(sub) }
                }
                fields.append(.bitmoji(subfields))
            default:
                throw unknownField(token, on: "Me")
            }
            if tokens.first == "(" || tokens.first == ":" {
                throw Failure(message: "Arguments and aliases are not supported on \"\(token)\".")
            }
        }
        try expect("}")
        if let extra = next() { throw Failure(message: "Syntax Error: Unexpected \"\(extra)\".") }
        return fields
    }

    private static func unknownField(_ name: String, on type: String) -> Failure {
        Failure(message: "Cannot query field \"\(name)\" on type \"\(type)\".")
    }

    private static func isName(_ token: String) -> Bool {
        guard let first = token.unicodeScalars.first else { return false }
        return first == "_" || (first.isASCII && first.properties.isAlphabetic)
    }

    /// Names, `$variables` and the punctuators `{ } ( ) : = ! [ ] $ @ ...`; commas, whitespace
    /// and comments dropped; strings kept whole (only variable defaults could hold one).
    private static func tokenize(_ text: String) throws -> [String] {
        var tokens: [String] = []
        var scalars = Array(text.unicodeScalars)[...]
        func isNameScalar(_ s: Unicode.Scalar) -> Bool {
            s == "_" || (s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(s)))
        }
        while let scalar = scalars.first {
            switch scalar {
            case " ", "\t", "\n", "\r", ",", "\u{FEFF}":
                scalars.removeFirst()
            case "#":
                while let s = scalars.first, s != "\n", s != "\r" { scalars.removeFirst() }
            case "{", "}", "(", ")", ":", "=", "!", "[", "]", "@", "$":
                tokens.append(String(scalar))
                scalars.removeFirst()
            case "\"":
                var literal = String(scalars.removeFirst())
                while let s = scalars.popFirst() {
                    literal.unicodeScalars.append(s)
                    if s == "\\", let escaped = scalars.popFirst() {
                        literal.unicodeScalars.append(escaped)
                        continue
                    }
                    if s == "\"" { break }
                }
                tokens.append(literal)
            case "." where scalars.starts(with: ["." as Unicode.Scalar, ".", "."]):
                throw Failure(message: "Fragments are not supported.")
            case _ where isNameScalar(scalar) || scalar == "-":
                var name = ""
                while let s = scalars.first, isNameScalar(s) || s == "-" || s == "." {
                    name.unicodeScalars.append(s)
                    scalars.removeFirst()
                }
                tokens.append(name)
            default:
                throw Failure(message: "Syntax Error: Unexpected character \"\(scalar)\".")
            }
        }
        return tokens
    }
}
