import Foundation
import Testing

@testable import KAuthBasics
@testable import KAuthCore

@Suite struct RedirectCallbackTests {
    func verdict(_ target: String, method: String = "GET") -> RedirectCallback.Verdict {
        let request = HTTPServerRequest(method: method, target: target)
        return RedirectCallback.evaluate(
            method: method, path: request.path, query: request.query, expectedPath: "/callback",
            expectedState: "good-state")
    }

    @Test func aMatchingCodeEndsTheWait() {
        #expect(verdict("/callback?code=abc&state=good-state") == .outcome(.code("abc")))
    }

    @Test func providerErrorsEndTheWaitWithTheirDescription() {
        #expect(
            verdict("/callback?error=access_denied&error_description=User%20denied%20access&state=good-state")
                == .outcome(.providerError(error: "access_denied", description: "User denied access")))
    }

    @Test(arguments: [
        ("/callback?code=abc&state=bad-state", RedirectCallback.Verdict.stateMismatch),
        ("/callback?code=abc", .stateMismatch),
        ("/callback?error=access_denied", .stateMismatch),
        ("/callback?state=good-state", .incomplete),
        ("/callback?code=&state=good-state", .incomplete),
        ("/favicon.ico", .notFound),
        ("/callback/extra?code=abc&state=good-state", .notFound),
        ("/", .notFound)
    ])
    func requestsThatDoNotEndTheWait(target: String, expected: RedirectCallback.Verdict) {
        #expect(verdict(target) == expected)
    }

    @Test func onlyGETIsAccepted() {
        #expect(verdict("/callback?code=abc&state=good-state", method: "POST") == .methodNotAllowed)
    }

    @Test func pastedURLsAreJudgedByPathAndQueryOnly() {
        #expect(
            RedirectCallback.evaluate(
                pastedURL: "http://127.0.0.1:52884/callback?code=c1&state=good-state", expectedPath: "/callback",
                expectedState: "good-state") == .outcome(.code("c1")))
        #expect(
            RedirectCallback.evaluate(
                pastedURL: "  http://localhost:1/callback?code=c1&state=other ", expectedPath: "/callback",
                expectedState: "good-state") == .stateMismatch)
        #expect(
            RedirectCallback.evaluate(pastedURL: "not a url", expectedPath: "/callback", expectedState: "good-state")
                == .notFound)
    }

    /// A paste made twice and an address cut short are told apart from another login's address.
    @Test(arguments: [
        (
            "http://127.0.0.1:52884/callback?code=c1&state=good-statehttp://127.0.0.1:52884/callback?code=c1&state=good-state",
            PastedURLProblem.pastedTwice
        ),
        (
            "http://127.0.0.1:52884/callback?code=c1&state=good-state http://127.0.0.1:52884/callback?code=c1&state=good-state",
            .pastedTwice
        ),
        ("http://127.0.0.1:52884/callback?code=c1", .cutOff(missing: "state")),
        ("http://127.0.0.1:52884/callback?code=c1&sta", .cutOff(missing: "state")),
        ("http://127.0.0.1:52884/callback?code=c1&state=good-st", .cutOff(missing: "whole state")),
        ("http://127.0.0.1:52884/callback", .cutOff(missing: "code and state")),
        ("http://127.0.0.1:52884/callb", .cutOff(missing: "code and state")),
        ("http://127.0.0.1:52884/callback?code=c1&state=other-login", .wrongState),
        ("https://example.com/not-it", .notTheRedirect(expectedPath: "/callback")),
        ("not a url", .notTheRedirect(expectedPath: "/callback"))
    ])
    func aRefusedPasteIsDiagnosed(pasted: String, problem: PastedURLProblem) {
        #expect(
            RedirectCallback.problem(pastedURL: pasted, expectedPath: "/callback", expectedState: "good-state")
                == problem)
    }
}
