import KAuthBasics

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `kauth api --paginate`: follows the provider's own next-page links and joins the pages into
/// the shape of one answer. A next link is only followed to an origin the token may go to (a
/// hostile or careless provider cannot send the token elsewhere), never twice, and at most
/// `maximumPages` pages are fetched, so a provider cannot keep kauth looping.
package enum APIPages {
    package static let maximumPages = 1000

    /// Every page fetched, and the pages joined.
    package struct Walk: Sendable {
        package var pages: [APIExchange]
        package var joined: JSONValue
    }

    /// Why a walk ended before the last page; `pages` holds what was fetched, the failing page last.
    package struct Stopped: Error, Sendable {
        package var pages: [APIExchange]
        package var reason: PageWalkStop
    }

    /// Fetches the next pages after `first` with `fetch` (a GET with the token) while the answer
    /// names one.
    package static func walk(
        first: APIExchange, allowedOrigins: [String], maximumPages: Int = maximumPages,
        fetch: (String) async throws -> APIExchange
    ) async throws -> Walk {
        var pages = [first]
        var bodies: [JSONValue] = []
        var seen: Set<String> = [first.url]
        var current = first
        var followedKey: String?
        while true {
            let page = pages.count
            if let failure = current.failure {
                throw Stopped(pages: pages, reason: .failed(page: page, url: current.url, failure))
            }
            guard let body = try? JSONDecoder().decode(JSONValue.self, from: current.response.body) else {
                throw Stopped(pages: pages, reason: .notJSON(page: page, url: current.url))
            }
            bodies.append(body)
            guard let next = nextPage(of: current, body: body) else { break }
            followedKey = followedKey ?? next.key
            guard let origin = Provider.origin(of: next.url), allowedOrigins.contains(origin) else {
                throw Stopped(pages: pages, reason: .foreignLink(page: page, url: next.url))
            }
            guard seen.insert(next.url).inserted else {
                throw Stopped(pages: pages, reason: .repeatedLink(page: page, url: next.url))
            }
            guard pages.count < maximumPages else {
                throw Stopped(pages: pages, reason: .tooManyPages(maximumPages))
            }
            current = try await fetch(next.url)
            pages.append(current)
        }
        return Walk(pages: pages, joined: join(bodies, droppingKey: followedKey))
    }

    /// The pages `pages` fetched before a stop, joined (the failing page left out).
    package static func joinedSoFar(_ pages: [APIExchange]) -> JSONValue? {
        let bodies = pages.filter { $0.failure == nil }.compactMap {
            try? JSONDecoder().decode(JSONValue.self, from: $0.response.body)
        }
        return bodies.isEmpty ? nil : join(bodies, droppingKey: "after_url")
    }

    /// The page after `exchange`: RFC 8288 `Link: <…>; rel="next"` (resolved against the page's
    /// URL), else Kakao's `after_url` member. `key` is the member it came from, if any.
    static func nextPage(of exchange: APIExchange, body: JSONValue) -> (url: String, key: String?)? {
        for line in exchange.response.headers where line.name.lowercased() == "link" {
            if let target = nextLink(in: line.value) {
                return (resolve(target, against: exchange.url), nil)
            }
        }
        if let after = body["after_url"]?.stringValue, !after.isEmpty {
            return (resolve(after, against: exchange.url), "after_url")
        }
        return nil
    }

    /// The target of the `rel="next"` link in a `Link` header value (RFC 8288 §3: links separated
    /// by commas, `rel` a space-separated list compared case-insensitively).
    static func nextLink(in value: String) -> String? {
        var rest = Substring(value)
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            let target = String(rest[rest.index(after: open)..<close])
            let afterTarget = rest[rest.index(after: close)...]
            let end = afterTarget.firstIndex(of: "<") ?? afterTarget.endIndex
            let parameters = afterTarget[..<end]
            for parameter in parameters.split(whereSeparator: { $0 == ";" || $0 == "," }) {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                guard pair.count == 2, String(pair[0]).trimmingWhitespace().lowercased() == "rel" else { continue }
                let relations = String(pair[1]).trimmingWhitespace().trimmingQuotes.lowercased().split(separator: " ")
                if relations.contains("next") { return target }
            }
            rest = afterTarget[end...]
        }
        return nil
    }

    /// `reference` resolved against `base` (RFC 3986 §5): an absolute URL stays as it is.
    static func resolve(_ reference: String, against base: String) -> String {
        if let scheme = reference.firstIndex(of: ":"),
            reference[..<scheme].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }),
            reference[..<scheme].first?.isLetter == true
        {
            return reference
        }
        guard let baseURL = URL(string: base), let resolved = URL(string: reference, relativeTo: baseURL) else {
            return reference
        }
        return resolved.absoluteString
    }

    /// Pages joined in the shape of one: arrays end to end; objects as the first page with every
    /// list member joined across pages, and without the member that linked to the next page.
    static func join(_ bodies: [JSONValue], droppingKey: String?) -> JSONValue {
        guard let first = bodies.first else { return .null }
        if bodies.allSatisfy({ if case .array = $0 { return true } else { return false } }) {
            return .array(bodies.flatMap { if case .array(let items) = $0 { return items } else { return [] } })
        }
        guard case .object(var members) = first else { return first }
        for (key, value) in members {
            guard case .array = value else { continue }
            members[key] = .array(
                bodies.flatMap { body -> [JSONValue] in
                    if case .array(let items)? = body[key] { return items }
                    return []
                })
        }
        if let droppingKey { members[droppingKey] = nil }
        return .object(members)
    }
}

extension String {
    /// Without one pair of surrounding double quotes.
    fileprivate var trimmingQuotes: String {
        count >= 2 && hasPrefix("\"") && hasSuffix("\"") ? String(dropFirst().dropLast()) : self
    }
}
