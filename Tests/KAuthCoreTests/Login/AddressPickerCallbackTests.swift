import Foundation
import Testing

@testable import KAuthBasics
@testable import KAuthCore

/// The picker's return to `return_url`, judged without sockets.
@Suite struct AddressPickerCallbackTests {
    static let path = "/address/Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5"

    func verdict(_ target: String, method: String = "GET") -> CallbackVerdict {
        let request = HTTPServerRequest(method: method, target: target)
        return CallbackJudge.addressPicker.evaluate(
            method: method, path: request.path, query: request.query, expectedPath: Self.path)
    }

    @Test func anOKWithANumericIDEndsTheWaitWithTheAddress() {
        #expect(verdict(Self.path + "?status=ok&address_id=7100003") == .outcome(.addressChosen(id: 7_100_003)))
    }

    @Test func anErrorEndsTheWaitWithKakaosCodeAndMessage() {
        #expect(
            verdict(Self.path + "?status=error&error_code=KAE206&error_msg=no%20such%20address")
                == .outcome(.pickerFailed(code: "KAE206", message: "no such address")))
        #expect(
            verdict(Self.path + "?status=error&error_code=KAE201&error_message=bad%20agt")
                == .outcome(.pickerFailed(code: "KAE201", message: "bad agt")), "the SDK's name for the message")
        #expect(
            verdict(Self.path + "?status=error") == .outcome(.pickerFailed(code: "", message: nil)),
            "an error without a code still ends it")
    }

    @Test(arguments: [
        ("?status=ok", CallbackVerdict.incomplete),
        ("?status=ok&address_id=", .incomplete),
        ("?status=ok&address_id=abc", .incomplete),
        ("?status=ok&address_id=12x", .incomplete),
        ("?status=ok&address_id=-5", .incomplete),
        ("?status=ok&address_id=%2B5", .incomplete),
        ("?status=ok&address_id=0", .incomplete),
        ("?status=ok&address_id=99999999999999999999", .incomplete),
        ("?address_id=5", .incomplete),
        ("?status=fine&address_id=5", .incomplete),
        ("", .incomplete)
    ])
    func answersWithoutAUsableStatusOrIDKeepWaiting(query: String, expected: CallbackVerdict) {
        #expect(verdict(Self.path + query) == expected)
    }

    @Test(arguments: [
        "/address/other?status=ok&address_id=5",
        "/address?status=ok&address_id=5",
        "/callback?status=ok&address_id=5",
        "/favicon.ico",
        "/"
    ])
    func otherPathsAreSomeoneElsesAndGet404(target: String) {
        #expect(verdict(target) == .notFound)
    }

    @Test func onlyGETIsAnswered() {
        #expect(verdict(Self.path + "?status=ok&address_id=5", method: "POST") == .methodNotAllowed)
    }

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
            port: 0, path: "/callback", expectedState: "s1", expectedIssuer: "https://i.test", requireIssuer: true)
        #expect(
            config.judge == .authorization(expectedState: "s1", expectedIssuer: "https://i.test", requireIssuer: true))
        #expect(
            config.expectedState == "s1" && config.expectedIssuer == "https://i.test" && config.requireIssuer == true)
        let picker = CallbackListenerConfig(port: 0, path: Self.path, judge: .addressPicker)
        #expect(picker.expectedState == nil && picker.expectedIssuer == nil && picker.requireIssuer == nil)
    }
}
