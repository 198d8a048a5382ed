import Foundation
import Testing

@testable import KAuthBasics
@testable import KAuthCore

@Suite struct APIFieldsTests {
    func json(_ fields: [(String, APIFieldValue)]) throws -> String {
        String(decoding: try APIFields(fields).body(.json), as: UTF8.self)
    }

    @Test func typedValuesAreGhs() {
        #expect(APIFieldValue.typed("true") == .literal("true"))
        #expect(APIFieldValue.typed("null") == .literal("null"))
        #expect(APIFieldValue.typed("-12.5e3") == .literal("-12.5e3"))
        for text in ["01", "1.", ".5", "1e", "+1", "0x10", "True", "", "12 "] {
            #expect(APIFieldValue.typed(text) == .string(text), "\(text)")
        }
    }

    @Test func jsonKeysNestAndAppendAsGhs() throws {
        #expect(
            try json([("q", .string("{me{id}}")), ("n", .literal("12345678901234567890"))])
                == #"{"q":"{me{id}}","n":12345678901234567890}"#)
        #expect(
            try json([
                ("a[b][c]", .literal("1")), ("a[b][d]", .string("x")), ("l[]", .string("1")), ("l[]", .literal("null"))
            ])
                == #"{"a":{"b":{"c":1,"d":"x"}},"l":["1",null]}"#)
        #expect(try json([("plain[", .string("v"))]) == #"{"plain[":"v"}"#, "not bracket syntax: the key as written")
    }

    @Test func keysThatCannotShareAnObjectAreRefused() {
        func problem(_ key: String, _ reason: APIFields.Reason) -> APIFields.Problem { .init(key: key, reason: reason) }
        #expect(throws: problem("a", .givenTwice)) { try json([("a", .string("1")), ("a", .string("2"))]) }
        #expect(throws: problem("a[b]", .memberInsideValue)) { try json([("a", .string("1")), ("a[b]", .string("2"))]) }
        #expect(throws: problem("a[b]", .memberInsideValue)) {
            try json([("a[]", .string("1")), ("a[b]", .string("2"))])
        }
        #expect(throws: problem("a[]", .notAnArray)) { try json([("a", .string("1")), ("a[]", .string("2"))]) }
        #expect(throws: problem("a[][b]", .appendNotLast)) { try json([("a[][b]", .string("1"))]) }
        #expect(throws: problem("a[b]x[c]", .unpairedBrackets)) { try json([("a[b]x[c]", .string("1"))]) }
    }

    @Test func formAndQueryKeepKeysAsWrittenAndNullIsEmpty() throws {
        let fields = APIFields([("a[b]", .string("x y")), ("n", .literal("null")), ("t", .literal("true"))])
        let pairs = FormURLEncoding.decode(String(decoding: try fields.body(.form), as: UTF8.self))
        #expect(pairs.map { "\($0.0)=\($0.1)" } == ["a[b]=x y", "n=", "t=true"])
    }

    @Test func contentTypesNameAnEncoding() {
        #expect(APIBodyEncoding(contentType: "application/json; charset=utf-8") == .json)
        #expect(APIBodyEncoding(contentType: "application/merge-patch+json") == .json)
        #expect(APIBodyEncoding(contentType: "Application/X-WWW-Form-Urlencoded") == .form)
        #expect(APIBodyEncoding(contentType: "text/csv") == nil)
    }
}
