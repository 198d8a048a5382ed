import Foundation
import Testing

@testable import KAuthBasics
@testable import KAuthCore

@Suite struct APIPagesTests {
    func page(_ url: String, _ body: String, link: String? = nil, status: Int = 200) -> APIExchange {
        let failure: KAuthError? = status == 200 ? nil : .unavailable(.serverError(.api(path: "/p"), status: status))
        return APIExchange(
            url: url,
            response: HTTPResponse(
                status: status, headers: link.map { [HTTPHeader("Link", $0)] } ?? [], body: Data(body.utf8)),
            failure: failure)
    }

    @Test func theNextLinkIsPickedOutOfSeveral() {
        #expect(
            APIPages.nextLink(in: #"<https://a.test/p?page=1>; rel="first", <https://a.test/p?page=3>; rel="next""#)
                == "https://a.test/p?page=3")
        #expect(APIPages.nextLink(in: #"<https://a.test/x,y>; title="a, b"; rel="prev NEXT""#) == "https://a.test/x,y")
        #expect(APIPages.nextLink(in: "<https://a.test/2>; rel=next") == "https://a.test/2")
        #expect(APIPages.nextLink(in: #"<https://a.test/1>; rel="prev""#) == nil)
        #expect(APIPages.nextLink(in: "") == nil)
    }

    @Test func relativeLinksResolveAgainstThePage() {
        #expect(
            APIPages.resolve("/items?page=2", against: "https://a.test/api/items?page=1")
                == "https://a.test/items?page=2")
        #expect(
            APIPages.resolve("?page=2", against: "https://a.test/api/items?page=1") == "https://a.test/api/items?page=2"
        )
        #expect(APIPages.resolve("https://b.test/x", against: "https://a.test/") == "https://b.test/x")
        #expect(APIPages.resolve("//b.test/x", against: "https://a.test/") == "https://b.test/x")
    }

    @Test func pagesJoinAsOne() throws {
        let arrays = try APIPages.join([JSONValue(encoding: [1, 2]), JSONValue(encoding: [3])], droppingKey: nil)
        #expect(arrays == .array([.number(1), .number(2), .number(3)]))
        let first = try parseJSON(#"{"elements":[1],"total_count":2,"after_url":"u"}"#)
        let second = try parseJSON(#"{"elements":[2],"total_count":2}"#)
        #expect(
            APIPages.join([first, second], droppingKey: "after_url")
                == .object(["elements": .array([.number(1), .number(2)]), "total_count": .number(2)]))
    }

    @Test func aWalkNeverLeavesTheAllowedOrigins() async throws {
        let first = page("https://a.test/items", "[1]", link: "<https://evil.test/items?page=2>; rel=next")
        await #expect {
            _ = try await APIPages.walk(first: first, allowedOrigins: ["https://a.test"]) { _ in
                Issue.record("nothing may be fetched")
                return first
            }
        } throws: { error in
            (error as? APIPages.Stopped)?.reason == .foreignLink(page: 1, url: "https://evil.test/items?page=2")
        }
        let downgrade = page("https://a.test/items", "[1]", link: "<http://a.test/items?page=2>; rel=next")
        await #expect(throws: APIPages.Stopped.self) {
            _ = try await APIPages.walk(first: downgrade, allowedOrigins: ["https://a.test"]) { _ in downgrade }
        }
    }

    @Test func aWalkStopsAtAFailingPageAndAtTheBound() async throws {
        let first = page("https://a.test/i", "[1]", link: "</i?page=2>; rel=next")
        await #expect {
            _ = try await APIPages.walk(first: first, allowedOrigins: ["https://a.test"]) { url in
                self.page(url, "{}", status: 503)
            }
        } throws: { error in
            guard let stopped = error as? APIPages.Stopped, case .failed(let number, let url, _) = stopped.reason else {
                return false
            }
            return number == 2 && url == "https://a.test/i?page=2" && stopped.pages.count == 2
        }
        var fetched = 0
        await #expect {
            _ = try await APIPages.walk(
                first: page("https://a.test/i?page=1", "[0]", link: "</i?page=2>; rel=next"),
                allowedOrigins: ["https://a.test"], maximumPages: 5
            ) { url in
                fetched += 1
                let number = Int(url.split(separator: "=").last!)!
                return self.page(url, "[\(number)]", link: "</i?page=\(number + 1)>; rel=next")
            }
        } throws: { error in
            (error as? APIPages.Stopped)?.reason == .tooManyPages(5)
        }
        #expect(fetched == 4)
    }

    func parseJSON(_ text: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }
}
