import Foundation
import Testing

@testable import KAuthBasics
@testable import KAuthCore
@testable import KakaoAPI

/// The picker's return to `return_url`, judged without sockets.
@Suite struct AddressPickerCallbackTests {
    static let path = "/address/Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5"

    func verdict(_ target: String, method: String = "GET") -> LoopbackVerdict<AddressPickerOutcome> {
        let request = HTTPServerRequest(method: method, target: target)
        return AddressPickerJudge().evaluate(
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
        ("?status=ok", LoopbackVerdict<AddressPickerOutcome>.incomplete),
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
    func answersWithoutAUsableStatusOrIDKeepWaiting(query: String, expected: LoopbackVerdict<AddressPickerOutcome>) {
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
}
