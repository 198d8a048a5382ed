import Foundation
import KAuthBasics
import KAuthCore
import KAuthTestSupport
import KakaoAPI
import Testing

@Suite struct ShareMessageSizeTests {
    let message: JSONValue = .object(["P": .object(["TP": .string("text")]), "C": .object(["T": .string("a/b")])])

    @Test func theSDKsObjectIsMeasuredAsJSONSerializationWritesIt() {
        let size = ShareMessageSize.measure(
            templateMessage: message, templateID: 100, templateArgs: [:], appKey: "k", appVersion: "0.1.0",
            extras: ["KA": "x"])
        // Compact, `/` escaped as JSONSerialization does, `ta` left out when there are no arguments.
        #expect(
            size
                == #"{"ak":"k","av":"0.1.0","c":{"T":"a\/b"},"extras":{"KA":"x"},"lv":"4.0","p":{"TP":"text"},"ti":"100"}"#
                .utf8.count)
        let withArgs = ShareMessageSize.measure(
            templateMessage: message, templateID: 100, templateArgs: ["é": "1"], appKey: "k", appVersion: "0.1.0",
            extras: ["KA": "x"])
        #expect(withArgs == size + #","ta":{"é":"1"}"#.utf8.count)
    }

    @Test func tenKilobytesOrMoreIsRefusedWithTheMeasuredSize() {
        func size(_ padding: Int) -> Int {
            let padded: JSONValue = .object([
                "P": .object([:]), "C": .object(["D": .string(String(repeating: "a", count: padding))])
            ])
            return ShareMessageSize.measure(
                templateMessage: padded, templateID: 1, templateArgs: [:], appKey: "key", appVersion: "0.1.0",
                extras: [:])
        }
        let fits = size(10239 - size(0))
        #expect(fits == 10239)
        #expect(ShareMessageSize.violation(size: fits) == nil)
        let over = size(10240 - size(0))
        #expect(over == 10240)
        let violation = ShareMessageSize.violation(size: over)
        #expect(violation?.path == "template_msg")
        #expect(violation?.problem == .messageTooLarge(bytes: 10240, limit: 10240))
    }
}
