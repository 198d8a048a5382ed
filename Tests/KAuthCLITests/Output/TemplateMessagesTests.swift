import Foundation
import KAuthBasics
import KAuthCore
import KAuthTestSupport
import KakaoAPI
import Testing

@testable import KAuthCLI

/// Kakao's template rules (`TemplateValidator`, which finds facts) read through the words the
/// command line prints for them (`TemplateWords`), so each rule and its sentence are pinned.
@Suite struct TemplateMessagesTests {
    func problems(_ json: JSONValue) -> [String] {
        TemplateValidator.violations(in: json).map { TemplateWords.describe($0).english }
    }

    @Test(arguments: TemplateType.allCases)
    func theShareGuideExamplesAreValid(type: TemplateType) throws {
        #expect(problems(ShareGuideTemplates.of(type)) == [])
        let template = try TemplateValidator.validate(ShareGuideTemplates.of(type)).get()
        #expect(template.type == type)
        // The wire object is what was read: nothing dropped, nothing added.
        #expect(template.json == ShareGuideTemplates.of(type))
    }

    @Test(arguments: TemplateType.allCases)
    func theStartersReadBackWithAndWithoutComments(type: TemplateType) throws {
        let commented = try LenientJSON.parse(TemplateStarters.text(for: type))
        #expect(problems(commented) == [])
        #expect(commented["object_type"] == .string(type.rawValue))
        // Without the comment lines it is plain JSON that any parser reads, and the same value.
        let plain = try JSONDecoder().decode(JSONValue.self, from: Data(TemplateStarters.plain(for: type).utf8))
        #expect(plain == commented)
        #expect(
            !TemplateStarters.plain(for: type).split(separator: "\n").contains {
                $0.trimmingWhitespace().hasPrefix("//")
            })
        #expect(TemplateStarters.text(for: type).hasPrefix("// "))
    }

    /// A valid template is kept as given: what travels is the object the user wrote, which the
    /// validator's rules (the one description of the templates) accepted.
    @Test func aValidFeedIsKeptAsGiven() throws {
        let feed = try TemplateValidator.validate(ShareGuideTemplates.feed).get()
        #expect(feed.type == .feed)
        #expect(feed.json == ShareGuideTemplates.feed)
        #expect(feed.json.value(at: "content.title") == .string("Strawberry Cheese Cake"))
        #expect(feed.json.value(at: "content.link.web_url") == .string("https://developers.kakao.com"))
        guard case .array(let items)? = feed.json.value(at: "item_content.items") else {
            Issue.record("no items")
            return
        }
        #expect(items.count == 5)
        #expect(items.first == .object(["item": .string("cake1"), "item_op": .string("1000 won")]))
        #expect(
            feed.json["social"]
                == .object(["like_count": .number(286), "comment_count": .number(45), "shared_count": .number(845)]))
        #expect(feed.buttons.count == 2)
        #expect(feed.json.value(at: "buttons.1.link.ios_execution_params") == .string("key1=value1&key2=value2"))
    }

    @Test func theRulesUseTheWireNames() throws {
        let commerce: JSONValue = .object([
            "object_type": .string("commerce"),
            "content": .object([
                "title": .string("Dress"), "image_url": .string("https://x/y.png"), "image_width": .number(640),
                "link": .object(["web_url": .string("https://a")])
            ]),
            "commerce": .object([
                "regular_price": .number(1000), "discount_rate": .number(10), "currency_unit_position": .number(1)
            ])
        ])
        #expect(problems(commerce) == [])
        #expect(try TemplateValidator.validate(commerce).get().json == commerce)
        guard case .object(var swiftNames) = commerce else { return }
        swiftNames["commerce"] = .object(["regularPrice": .number(1000)])
        #expect(!problems(.object(swiftNames)).isEmpty, "camel-case names are not the wire's")
    }

    // MARK: - The template as a whole

    @Test func theTemplateMustBeAnObjectWithAKnownType() {
        #expect(problems(.array([])) == ["(template): expected a JSON object, found an array"])
        #expect(
            problems(.object([:])) == ["object_type: required: one of feed, list, location, commerce, text, calendar"])
        #expect(
            problems(.object(["object_type": .string("carousel")])) == [
                "object_type: 'carousel' is not a default template type; use one of feed, list, location, commerce, text, calendar"
            ])
        #expect(
            problems(.object(["object_type": .number(1)])) == [
                "object_type: '1' is not a default template type; use one of feed, list, location, commerce, text, calendar"
            ])
    }

    @Test func everyProblemIsReportedAtOnceInDocumentOrder() {
        let json = ShareGuideTemplates.feed
            .setting("content.link", nil)
            .setting("content.title", .number(5))
            .setting("social.like_count", .string("286"))
            .setting(
                "buttons",
                .array(Array(repeating: .object(["title": .string("x"), "link": ShareGuideTemplates.link]), count: 3))
            )
            .setting("header_title", .string("not a feed member"))
        #expect(
            problems(json) == [
                "content.title: expected a string, found a number",
                "content.link: required",
                "social.like_count: expected a whole number, found a string",
                "buttons: a feed template has at most 2 buttons, found 3",
                "header_title: unknown key; a feed template has: content, item_content, social, button_title, buttons"
            ])
    }

    // MARK: - Each type's rules

    @Test(
        arguments: [
            // feed
            (ShareGuideTemplates.feed.setting("content", nil), "content: required"),
            (ShareGuideTemplates.feed.setting("content", .string("x")), "content: expected an object, found a string"),
            (ShareGuideTemplates.feed.setting("content.link", nil), "content.link: required"),
            (ShareGuideTemplates.feed.setting("content.link", .null), "content.link: required"),
            (
                ShareGuideTemplates.feed.setting("content.link.web_url", .number(1)),
                "content.link.web_url: expected a string, found a number"
            ),
            (
                ShareGuideTemplates.feed.setting("content.image_width", .number(640.5)),
                "content.image_width: expected a whole number, found 640.5"
            ),
            (
                ShareGuideTemplates.feed.setting("content.image_height", .string("640")),
                "content.image_height: expected a whole number, found a string"
            ),
            (
                ShareGuideTemplates.feed.setting("content.image_ur", .string("x")),
                "content.image_ur: unknown key; a content has: title, image_url, image_width, image_height, description, link"
            ),
            (
                ShareGuideTemplates.feed.setting(
                    "item_content.items.5", .object(["item": .string("cake6"), "item_op": .string("6000 won")])),
                "item_content.items: an item content has at most 5 items, found 6"
            ),
            (
                ShareGuideTemplates.feed.setting("item_content.items.0.item_op", nil),
                "item_content.items[0].item_op: required"
            ),
            (
                ShareGuideTemplates.feed.setting("item_content.items", .object([:])),
                "item_content.items: expected an array, found an object"
            ),
            (
                ShareGuideTemplates.feed.setting("social.shared_count", .number(-1)),
                "social.shared_count: must be 0 or more, found -1"
            ),
            (
                ShareGuideTemplates.feed.setting("social.view_count", .bool(true)),
                "social.view_count: expected a whole number, found true"
            ),
            (ShareGuideTemplates.feed.setting("buttons.0.title", .string(" ")), "buttons[0].title: must not be empty"),
            (ShareGuideTemplates.feed.setting("buttons.1.link", nil), "buttons[1].link: required"),
            (
                ShareGuideTemplates.feed.setting(
                    "buttons.2", .object(["title": .string("x"), "link": ShareGuideTemplates.link])),
                "buttons: a feed template has at most 2 buttons, found 3"
            ),
            (
                ShareGuideTemplates.feed.setting("button_title", .number(1)),
                "button_title: expected a string, found a number"
            ),
            // list
            (
                ShareGuideTemplates.list.setting("contents.2", nil).setting("contents.1", nil),
                "contents: a list template has 2 or 3 contents, found 1"
            ),
            (
                ShareGuideTemplates.list.setting("contents.3", ShareGuideTemplates.content("four")),
                "contents: a list template has 2 or 3 contents, found 4"
            ),
            (ShareGuideTemplates.list.setting("contents.1.link", nil), "contents[1].link: required"),
            (
                ShareGuideTemplates.list.setting("header_title", .string(String(repeating: "가", count: 201))),
                "header_title: 201 characters; at most 200"
            ),
            (ShareGuideTemplates.list.setting("header_title", nil), "header_title: required"),
            (ShareGuideTemplates.list.setting("header_link", nil), "header_link: required"),
            (
                ShareGuideTemplates.list.setting("header_image_url", .string("https://x")),
                "header_image_url: unknown key; a list template has: header_title, header_link, contents, button_title, buttons"
            ),
            (
                ShareGuideTemplates.list.setting(
                    "buttons.2", .object(["title": .string("x"), "link": ShareGuideTemplates.link])),
                "buttons: a list template has at most 2 buttons, found 3"
            ),
            // location
            (ShareGuideTemplates.location.setting("address", nil), "address: required"),
            (ShareGuideTemplates.location.setting("address", .string("")), "address: must not be empty"),
            (ShareGuideTemplates.location.setting("content", nil), "content: required"),
            (
                ShareGuideTemplates.location.setting("buttons", ShareGuideTemplates.buttons),
                "buttons: a location template has at most 1 button, found 2"
            ),
            // commerce
            (ShareGuideTemplates.commerce.setting("commerce", nil), "commerce: required"),
            (ShareGuideTemplates.commerce.setting("commerce.regular_price", nil), "commerce.regular_price: required"),
            (
                ShareGuideTemplates.commerce.setting("commerce.regular_price", .string("208800")),
                "commerce.regular_price: expected a whole number, found a string"
            ),
            (
                ShareGuideTemplates.commerce.setting("commerce.discount_rate", .number(101)),
                "commerce.discount_rate: must be from 0 to 100, found 101"
            ),
            (
                ShareGuideTemplates.commerce.setting("commerce.currency_unit_position", .number(2)),
                "commerce.currency_unit_position: must be from 0 to 1, found 2"
            ),
            (ShareGuideTemplates.commerce.setting("content", nil), "content: required"),
            // text
            (
                ShareGuideTemplates.text.setting("text", .string(String(repeating: "a", count: 201))),
                "text: 201 characters; at most 200"
            ),
            (ShareGuideTemplates.text.setting("text", .number(200)), "text: expected a string, found a number"),
            (ShareGuideTemplates.text.setting("link", nil), "link: required"),
            (
                ShareGuideTemplates.text.setting(
                    "buttons",
                    .array(
                        Array(repeating: .object(["title": .string("x"), "link": ShareGuideTemplates.link]), count: 3))),
                "buttons: a text template has at most 2 buttons, found 3"
            ),
            (
                ShareGuideTemplates.text.setting("content", ShareGuideTemplates.content("x")),
                "content: unknown key; a text template has: text, link, button_title, buttons"
            ),
            // calendar
            (ShareGuideTemplates.calendar.setting("id", nil), "id: required"),
            (ShareGuideTemplates.calendar.setting("id", .number(7)), "id: expected a string, found a number"),
            (
                ShareGuideTemplates.calendar.setting("id_type", .string("meeting")),
                "id_type: 'meeting' is not one of event, calendar"
            ),
            (ShareGuideTemplates.calendar.setting("id_type", nil), "id_type: required"),
            (ShareGuideTemplates.calendar.setting("content", nil), "content: required"),
            (
                ShareGuideTemplates.calendar.setting("buttons", ShareGuideTemplates.buttons),
                "buttons: a calendar template has at most 1 button, found 2"
            ),
            (
                ShareGuideTemplates.calendar.setting("button_title", .string("x")),
                "button_title: unknown key; a calendar template has: id, id_type, content, buttons"
            )
        ] as [(JSONValue, String)])
    func eachRuleReportsItsPath(json: JSONValue, problem: String) {
        #expect(problems(json) == [problem])
        if case .success = TemplateValidator.validate(json) { Issue.record("\(problem) validated") }
    }

    @Test func textOfExactlyTwoHundredCharactersIsAllowed() {
        #expect(problems(ShareGuideTemplates.text.setting("text", .string(String(repeating: "😀", count: 200)))) == [])
        #expect(problems(ShareGuideTemplates.list.setting("contents.2", nil)) == [])
        #expect(problems(ShareGuideTemplates.feed.setting("item_content.items", .array([]))) == [])
    }

    @Test func theShareGuidesOwnTextExampleIsTooLong() {
        // The guide's text example is longer than the text template allows.
        let guideText =
            "The Text template provided as a default template can contain text up to 200 characters. The Text template has a text area and a default button. You can also add an additional button. If you use Kakao Link, you can send a message with a more extended form of templates, such as sending multiple images and profile information."
        #expect(
            problems(ShareGuideTemplates.text.setting("text", .string(guideText))) == [
                "text: \(guideText.count) characters; at most 200"
            ])
    }
}
