import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `GET /v2/user/scopes`: the app's consent items and the user's answers.
package struct ScopesRequest: APIRequest {
    package typealias Response = ScopeInfo
    /// Only these scope IDs (`scopes` = JSON array string); all when empty.
    package var scopes: [String]

    package init(scopes: [String] = []) {
        self.scopes = scopes
    }

    package var method: String { "GET" }
    package var path: String { "/v2/user/scopes" }
    package var parameters: [(String, String)] {
        scopes.isEmpty ? [] : [("scopes", JSONValue.stringArray(scopes))]
    }
}

/// `POST /v2/user/revoke/scopes`: withdraws consent for revocable, agreed scopes.
package struct RevokeScopesRequest: APIRequest {
    package typealias Response = ScopeInfo
    package var scopes: [String]

    package init(scopes: [String]) {
        self.scopes = scopes
    }

    package var method: String { "POST" }
    package var path: String { "/v2/user/revoke/scopes" }
    package var parameters: [(String, String)] { [("scopes", JSONValue.stringArray(scopes))] }
}

/// `{"id", "scopes": [...]}`.
package struct ScopeInfo: Decodable, Sendable, Equatable {
    package var id: Int64?
    package var scopes: [Scope]

    package init(id: Int64?, scopes: [Scope]) {
        self.id = id
        self.scopes = scopes
    }
}

/// One consent item. `revocable` is sent only for agreed scopes.
package struct Scope: Decodable, Sendable, Equatable {
    package var id: String
    package var displayName: String?
    /// `PRIVACY` (personal information) or `SERVICE` (permission to act for the user).
    package var type: String?
    package var using: Bool?
    var delegated: Bool?
    package var agreed: Bool
    package var revocable: Bool?

    enum CodingKeys: String, CodingKey {
        case id, type, using, delegated, agreed, revocable
        case displayName = "display_name"
    }

    package init(
        id: String, displayName: String? = nil, type: String? = nil, using: Bool? = nil, delegated: Bool? = nil,
        agreed: Bool, revocable: Bool? = nil
    ) {
        self.id = id
        self.displayName = displayName
        self.type = type
        self.using = using
        self.delegated = delegated
        self.agreed = agreed
        self.revocable = revocable
    }
}

/// `GET /v2/user/service_terms`: Kakao Sync service terms.
package struct ServiceTermsRequest: APIRequest {
    package typealias Response = UserServiceTerms
    /// `app_service_terms` (every term of the app) instead of `agreed_service_terms`.
    package var allOfTheApp: Bool
    package var tags: [String]

    package init(allOfTheApp: Bool = false, tags: [String] = []) {
        self.allOfTheApp = allOfTheApp
        self.tags = tags
    }

    package var method: String { "GET" }
    package var path: String { "/v2/user/service_terms" }
    package var parameters: [(String, String)] {
        var pairs = [("result", allOfTheApp ? "app_service_terms" : "agreed_service_terms")]
        if !tags.isEmpty { pairs.append(("tags", tags.joined(separator: ","))) }
        return pairs
    }
}

/// `POST /v2/user/revoke/service_terms`: `tags` is a comma list.
package struct RevokeServiceTermsRequest: APIRequest {
    package typealias Response = RevokedServiceTerms
    package var tags: [String]

    package init(tags: [String]) {
        self.tags = tags
    }

    package var method: String { "POST" }
    package var path: String { "/v2/user/revoke/service_terms" }
    package var parameters: [(String, String)] { [("tags", tags.joined(separator: ","))] }
}

package struct UserServiceTerms: Decodable, Sendable, Equatable {
    package var id: Int64?
    package var serviceTerms: [ServiceTerms]?

    enum CodingKeys: String, CodingKey {
        case id
        case serviceTerms = "service_terms"
    }
}

package struct ServiceTerms: Decodable, Sendable, Equatable {
    package var tag: String
    package var required: Bool?
    package var agreed: Bool?
    package var revocable: Bool?
    /// ISO 8601, as sent.
    package var agreedAt: String?
    /// `KAUTH` (at login) or `KAPI` (through the API).
    package var agreedBy: String?

    enum CodingKeys: String, CodingKey {
        case tag, required, agreed, revocable
        case agreedAt = "agreed_at"
        case agreedBy = "agreed_by"
    }
}

package struct RevokedServiceTerms: Decodable, Sendable, Equatable {
    package var id: Int64?
    package var revokedServiceTerms: [Revoked]?

    package struct Revoked: Decodable, Sendable, Equatable {
        package var tag: String
        package var agreed: Bool?
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
