#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `GET /v2/user/scopes` (spec §5.3): the app's consent items and the user's answers.
public struct ScopesRequest: APIRequest {
    public typealias Response = ScopeInfo
    /// Only these scope IDs (`scopes` = JSON array string); all when empty.
    public var scopes: [String]

    public init(scopes: [String] = []) {
        self.scopes = scopes
    }

    public var method: String { "GET" }
    public var path: String { "/v2/user/scopes" }
    public var parameters: [(String, String)] {
        scopes.isEmpty ? [] : [("scopes", JSONValue.stringArray(scopes))]
    }
}

/// `POST /v2/user/revoke/scopes`: withdraws consent for revocable, agreed scopes.
public struct RevokeScopesRequest: APIRequest {
    public typealias Response = ScopeInfo
    public var scopes: [String]

    public init(scopes: [String]) {
        self.scopes = scopes
    }

    public var method: String { "POST" }
    public var path: String { "/v2/user/revoke/scopes" }
    public var parameters: [(String, String)] { [("scopes", JSONValue.stringArray(scopes))] }
}

/// `{"id", "scopes": [...]}`.
public struct ScopeInfo: Decodable, Sendable, Equatable {
    public var id: Int64?
    public var scopes: [Scope]

    public init(id: Int64?, scopes: [Scope]) {
        self.id = id
        self.scopes = scopes
    }
}

/// One consent item. `revocable` is sent only for agreed scopes.
public struct Scope: Decodable, Sendable, Equatable {
    public var id: String
    public var displayName: String?
    /// `PRIVACY` (personal information) or `SERVICE` (permission to act for the user).
    public var type: String?
    public var using: Bool?
    public var delegated: Bool?
    public var agreed: Bool
    public var revocable: Bool?

    enum CodingKeys: String, CodingKey {
        case id, type, using, delegated, agreed, revocable
        case displayName = "display_name"
    }

    public init(id: String, displayName: String? = nil, type: String? = nil, using: Bool? = nil, delegated: Bool? = nil, agreed: Bool, revocable: Bool? = nil) {
        self.id = id
        self.displayName = displayName
        self.type = type
        self.using = using
        self.delegated = delegated
        self.agreed = agreed
        self.revocable = revocable
    }
}

/// `GET /v2/user/service_terms` (spec §5.4): Kakao Sync service terms.
public struct ServiceTermsRequest: APIRequest {
    public typealias Response = UserServiceTerms
    /// `app_service_terms` (every term of the app) instead of `agreed_service_terms`.
    public var allOfTheApp: Bool
    public var tags: [String]

    public init(allOfTheApp: Bool = false, tags: [String] = []) {
        self.allOfTheApp = allOfTheApp
        self.tags = tags
    }

    public var method: String { "GET" }
    public var path: String { "/v2/user/service_terms" }
    public var parameters: [(String, String)] {
        var pairs = [("result", allOfTheApp ? "app_service_terms" : "agreed_service_terms")]
        if !tags.isEmpty { pairs.append(("tags", tags.joined(separator: ","))) }
        return pairs
    }
}

/// `POST /v2/user/revoke/service_terms`: `tags` is a comma list.
public struct RevokeServiceTermsRequest: APIRequest {
    public typealias Response = RevokedServiceTerms
    public var tags: [String]

    public init(tags: [String]) {
        self.tags = tags
    }

    public var method: String { "POST" }
    public var path: String { "/v2/user/revoke/service_terms" }
    public var parameters: [(String, String)] { [("tags", tags.joined(separator: ","))] }
}

public struct UserServiceTerms: Decodable, Sendable, Equatable {
    public var id: Int64?
    public var serviceTerms: [ServiceTerms]?

    enum CodingKeys: String, CodingKey {
        case id
        case serviceTerms = "service_terms"
    }
}

public struct ServiceTerms: Decodable, Sendable, Equatable {
    public var tag: String
    public var required: Bool?
    public var agreed: Bool?
    public var revocable: Bool?
    /// ISO 8601, as sent.
    public var agreedAt: String?
    /// `KAUTH` (at login) or `KAPI` (through the API).
    public var agreedBy: String?

    enum CodingKeys: String, CodingKey {
        case tag, required, agreed, revocable
        case agreedAt = "agreed_at"
        case agreedBy = "agreed_by"
    }
}

public struct RevokedServiceTerms: Decodable, Sendable, Equatable {
    public var id: Int64?
    public var revokedServiceTerms: [Revoked]?

    public struct Revoked: Decodable, Sendable, Equatable {
        public var tag: String
        public var agreed: Bool?
    }

    enum CodingKeys: String, CodingKey {
        case id
        case revokedServiceTerms = "revoked_service_terms"
    }
}

extension JSONValue {
    /// `["a","b"]`: how Kakao takes lists of scope IDs and property keys in a parameter.
    static func stringArray(_ items: [String]) -> String {
        JSONValue.array(items.map(JSONValue.string)).jsonText()
    }
}
