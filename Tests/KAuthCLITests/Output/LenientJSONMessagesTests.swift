import Foundation
import KAuthCore
import KakaoAPI
import Testing

@testable import KAuthCLI

/// The lenient JSON reader of templates, and where and why it refuses a text in the command
/// line's words (`TemplateWords`).
@Suite struct LenientJSONMessagesTests {
    @Test func commentsAndTrailingCommasAreAccepted() throws {
        let text = """
            // a starter
            {
              /* block
                 comment */
              "a": [1, 2,], // end of line
              "b": {"c": "d",},
            }
            """
        #expect(
            try LenientJSON.parse(text)
                == .object(["a": .array([.number(1), .number(2)]), "b": .object(["c": .string("d")])]))
    }

    @Test func stringsAndNumbersFollowRFC8259() throws {
        #expect(try LenientJSON.parse(#""a\"b\\c\/d\n\u00e9\ud83d\ude00""#) == .string("a\"b\\c/d\né😀"))
        #expect(
            try LenientJSON.parse("[-0, 1.5e3, 20, true, false, null]")
                == .array([.number(0), .number(1500), .number(20), .bool(true), .bool(false), .null]))
        #expect(try LenientJSON.parse("\"// not a comment\"") == .string("// not a comment"))
    }

    @Test(arguments: [
        ("{\"a\": 1\n \"b\": 2}", "line 2, column 2: expected ',' or '}' after the value of \"a\""),
        ("{'a': 1}", "line 1, column 2: expected a quoted key or '}'"),
        ("{\"a\": 'x'}", "line 1, column 7: strings need double quotes"),
        ("{\"a\": 1, \"a\": 2}", "line 1, column 10: the key \"a\" is given twice in this object"),
        ("[01]", "line 1, column 3: numbers do not start with 0"),
        ("{\"a\": \"x\n\"}", "line 1, column 9: a string is not closed on its line (write a line break as \\n)"),
        ("{} {}", "line 1, column 4: unexpected text after the JSON value"),
        ("/* open", "line 1, column 1: a /* comment is not closed"),
        ("", "line 1, column 1: expected a value, found the end of the text"),
        ("{\"é\": tru}", "line 1, column 7: expected a value (object, array, string, number, true, false or null)")
    ])
    func syntaxErrorsSayWhere(text: String, expected: String) {
        do {
            _ = try LenientJSON.parse(text)
            Issue.record("\(text) parsed")
        } catch {
            #expect(TemplateWords.describe(error).english == expected)
        }
    }
}
