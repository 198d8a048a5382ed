import Foundation
import Testing

@testable import KAuthBasics
@testable import KAuthCore

/// A login's judge, as the generic listener sees it.
@Suite struct CallbackJudgeTests {
    /// The login's judge is the same function as before: the listener's generalisation changed
    /// nothing a login sees.
    @Test func theAuthorizationJudgeIsTheLoginsCheck() {
        let judge = CallbackJudge.authorization(
            expectedState: "s1", expectedIssuer: "https://kauth.test", requireIssuer: true)
        for target in [
            "/callback?code=c&state=s1&iss=https%3A%2F%2Fkauth.test", "/callback?code=c&state=s1",
            "/callback?code=c&state=s2", "/x"
        ] {
            let request = HTTPServerRequest(method: "GET", target: target)
            #expect(
                judge.evaluate(method: "GET", path: request.path, query: request.query, expectedPath: "/callback")
                    == RedirectCallback.evaluate(
                        path: request.path, query: request.query, expectedPath: "/callback", expectedState: "s1",
                        expectedIssuer: "https://kauth.test", requireIssuer: true))
        }
        let config = CallbackListenerConfig(
            port: 0, path: "/callback", expectedState: "s1", expectedIssuer: "https://i.test", requireIssuer: true,
            pages: .unshown)
        #expect(
            config.judge == .authorization(expectedState: "s1", expectedIssuer: "https://i.test", requireIssuer: true))
        #expect(
            config.expectedState == "s1" && config.expectedIssuer == "https://i.test" && config.requireIssuer == true)
    }
}
