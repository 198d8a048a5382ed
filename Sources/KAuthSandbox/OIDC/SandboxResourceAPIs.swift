import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The sandbox's own resource APIs, on any access token it issued: not Kakao's or Snap's, but what
/// a client of a generic resource server meets. `GET /api/items` is a list paged with RFC 8288
/// `Link` headers, as many resource servers behind an OpenID Connect provider page theirs;
/// `/api/echo` answers with the request it got, so tests see what a client sent.
extension SandboxEngine {
    /// The base of next-page links: the sandbox itself, or the origin `page_link_base` names.
    var pageLinkBase: String { configuration.pageLinkBase ?? baseURL }

    /// Query `page` (from 1) and `per_page` (1 to 100, default 10). The answer is a JSON array of
    /// `{"id","name"}` and, while more remain, `Link: <…?page=N+1&per_page=M>; rel="next"`
    /// beside `rel="first"` (a client must pick `next` out of several).
    mutating func items(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        guard request.method == "GET" else { return Self.methodNotAllowed(&entry) }
        if case .failure(let refusal) = caller(request, &entry) { return refusal.response }
        let query = request.query
        guard let page = Int(query.first(named: "page") ?? "1"), page >= 1 else {
            return Self.apiError(400, -2, "page must be a number, 1 or more", &entry)
        }
        guard let perPage = Int(query.first(named: "per_page") ?? "10"), (1...100).contains(perPage) else {
            return Self.apiError(400, -2, "per_page must be a number from 1 to 100", &entry)
        }
        if page == configuration.itemFailurePage {
            return .json(
                503,
                OrderedJSON.object([
                    ("error", .string("temporarily_unavailable")),
                    ("error_description", .string("sandbox: page \(page) fails, as item_failure_page asked"))
                ]).data)
        }
        let start = (page - 1) * perPage
        let items = (start..<min(start + perPage, max(start, configuration.itemCount))).map { index in
            OrderedJSON.object([("id", .int(index + 1)), ("name", .string("item \(index + 1)"))])
        }
        func link(_ page: Int, _ relation: String) -> String {
            "<\(pageLinkBase)/api/items?page=\(page)&per_page=\(perPage)>; rel=\"\(relation)\""
        }
        var links = [link(1, "first")]
        if start + perPage < configuration.itemCount {
            links.append(link(configuration.pageLinksLoop ? 1 : page + 1, "next"))
        }
        var response = HTTPServerResponse.json(200, OrderedJSON.array(items).data)
        response.headers.append(HTTPHeader("Link", links.joined(separator: ", ")))
        return response
    }

    /// Any method: `{"method","query","content_type","body","headers"}`, the query as
    /// `[[name, value]]`, the body as text, and the headers other than `Authorization` (whose
    /// scheme alone is shown, never the credential).
    mutating func echo(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        if case .failure(let refusal) = caller(request, &entry) { return refusal.response }
        let headers = request.headers.map { header -> OrderedJSON in
            let value =
                header.name.lowercased() == "authorization" ? String(header.value.prefix { $0 != " " }) : header.value
            return .array([.string(header.name), .string(value)])
        }
        return .json(
            200,
            OrderedJSON.object([
                ("method", .string(request.method)),
                ("query", .array(request.query.map { .array([.string($0.0), .string($0.1)]) })),
                ("content_type", request.headers.value(for: "Content-Type").map(OrderedJSON.string) ?? .null),
                ("body", .string(String(decoding: request.body, as: UTF8.self))),
                ("headers", .array(headers))
            ]).data)
    }
}
