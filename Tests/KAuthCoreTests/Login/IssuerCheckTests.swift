import Foundation
import KAuthTestSupport
import Testing

@testable import KAuthBasics
@testable import KAuthCore

@Suite struct IssuerCheckTests {
    @Test func aProviderThatSendsIssMustSendItsOwn() {
        func verdict(_ query: String, announced: Bool = true) -> RedirectCallback.Verdict {
            let request = HTTPServerRequest(method: "GET", target: "/callback?" + query)
            return RedirectCallback.evaluate(
                path: request.path, query: request.query, expectedPath: "/callback", expectedState: "s",
                expectedIssuer: "https://id.example.com", requireIssuer: announced)
        }
        #expect(verdict("code=c&state=s&iss=https%3A%2F%2Fid.example.com") == .outcome(.code("c")))
        #expect(
            verdict("code=c&state=s&iss=https%3A%2F%2Fevil.example")
                == .outcome(.wrongIssuer(expected: "https://id.example.com", got: "https://evil.example")),
            "a foreign iss must end the login")
        #expect(
            verdict("code=c&state=s") == .outcome(.wrongIssuer(expected: "https://id.example.com", got: nil)),
            "a missing iss must end the login")
        #expect(verdict("code=c&state=other&iss=https%3A%2F%2Fid.example.com") == .stateMismatch)
    }

    /// RFC 9207 protects whenever `iss` is there, announced in discovery or not.
    @Test func anIssIsCheckedWhenPresentEvenUnannounced() {
        func verdict(_ query: String) -> RedirectCallback.Verdict {
            let request = HTTPServerRequest(method: "GET", target: "/callback?" + query)
            return RedirectCallback.evaluate(
                path: request.path, query: request.query, expectedPath: "/callback", expectedState: "s",
                expectedIssuer: "https://id.example.com", requireIssuer: false)
        }
        #expect(verdict("code=c&state=s") == .outcome(.code("c")), "unannounced and absent: nothing to check")
        #expect(verdict("code=c&state=s&iss=https%3A%2F%2Fid.example.com") == .outcome(.code("c")))
        #expect(
            verdict("code=c&state=s&iss=https%3A%2F%2Fevil.example")
                == .outcome(.wrongIssuer(expected: "https://id.example.com", got: "https://evil.example")),
            "a foreign iss must end the login even when discovery does not announce iss")
    }
}
