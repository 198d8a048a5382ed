import Foundation
import KAuthBasics
import KAuthCore
import KAuthTestSupport
import KakaoAPI
import Testing

/// The checker's findings are facts with their data; the words are the command line's and the
/// sandbox's (their tests read the sentences).
@Suite struct TemplateProblemTests {
    @Test func violationsCarryTheRuleAndWhatWasFound() {
        let json = ShareGuideTemplates.feed
            .setting("content.link", .array([.string("a long subtree")]))
            .setting(
                "buttons",
                .array(Array(repeating: .object(["title": .string("x"), "link": ShareGuideTemplates.link]), count: 3))
            )
            .setting("header_title", .string("x"))
        let found = TemplateValidator.violations(in: json)
        #expect(found.map(\.path) == ["content.link", "buttons", "header_title"])
        #expect(
            found.map(\.problem) == [
                .wrongType(expected: .object, found: .array([])),
                .count(found: 3, allowed: 0...2, of: .button, in: .template(.feed)),
                .unknownKey(
                    in: .template(.feed), known: ["content", "item_content", "social", "button_title", "buttons"])
            ])
        #expect(
            TemplateValidator.violations(in: .object(["object_type": .string("carousel")])).map(\.problem) == [
                .unknownTemplateType(found: .string("carousel"))
            ])
    }

    @Test func syntaxErrorsAreAPlaceAndAReason() {
        do {
            _ = try LenientJSON.parse("{\"a\": 1\n \"b\": 2}")
            Issue.record("parsed")
        } catch {
            #expect(error.line == 2 && error.column == 2)
            #expect(error.reason == .expectedCommaOrBrace(afterValueOf: "a"))
        }
    }
}
