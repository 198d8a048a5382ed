import KAuthBasics

/// How a provider's APIs take parameters in a request body: what `kauth api -f/-F` build when
/// the fields go in the body.
package enum APIBodyEncoding: Sendable, Equatable {
    /// `application/x-www-form-urlencoded` (Kakao: every API, JSON values inside fields).
    case form
    /// One JSON object (`gh api`'s choice; Snap's GraphQL and most REST APIs).
    case json

    package var contentType: String {
        switch self {
        case .form: return "application/x-www-form-urlencoded;charset=utf-8"
        case .json: return "application/json"
        }
    }

    /// The encoding a `Content-Type` header names, if it names one of these.
    package init?(contentType: String) {
        let type = (contentType.split(separator: ";").first.map(String.init) ?? "").trimmingWhitespace().lowercased()
        switch type {
        case "application/x-www-form-urlencoded": self = .form
        case "application/json": self = .json
        default:
            if type.hasPrefix("application/"), type.hasSuffix("+json") { self = .json } else { return nil }
        }
    }
}
