import Foundation
import KAuthCore
import KAuthTestSupport
import Testing

@Suite struct TemplateValidatorTests {
    func problems(_ json: JSONValue) -> [String] {
        TemplateValidator.violations(in: json).map(\.description)
    }

    @Test(arguments: TemplateType.allCases)
    func theSeedExamplesAreValid(type: TemplateType) throws {
        #expect(problems(SeedTemplates.of(type)) == [])
        let template = try TemplateValidator.validate(SeedTemplates.of(type)).get()
        #expect(template.type == type)
        // The wire object is what was read: nothing dropped, nothing added.
        #expect(template.json == SeedTemplates.of(type))
    }

    @Test(arguments: TemplateType.allCases)
    func theStartersReadBackWithAndWithoutComments(type: TemplateType) throws {
        let commented = try LenientJSON.parse(TemplateStarters.text(for: type))
        #expect(problems(commented) == [])
        #expect(commented["object_type"] == .string(type.rawValue))
        // Without the comment lines it is plain JSON that any parser reads, and the same value.
        let plain = try JSONDecoder().decode(JSONValue.self, from: Data(TemplateStarters.plain(for: type).utf8))
        #expect(plain == commented)
        #expect(!TemplateStarters.plain(for: type).split(separator: "\n").contains { $0.trimmingWhitespace().hasPrefix("//") })
        #expect(TemplateStarters.text(for: type).hasPrefix("// "))
    }

    @Test func theFeedDecodesIntoItsTypedModel() throws {
        guard case .feed(let feed) = try TemplateValidator.validate(SeedTemplates.feed).get() else {
            Issue.record("not a feed")
            return
        }
        #expect(feed.content.title == "Strawberry Cheese Cake")
        #expect(feed.content.link.webURL == "https://developers.kakao.com")
        #expect(feed.itemContent?.items?.count == 5)
        #expect(feed.itemContent?.items?.first == TemplateItem(item: "cake1", itemOp: "1000 won"))
        #expect(feed.social == TemplateSocial(likeCount: 286, commentCount: 45, sharedCount: 845))
        #expect(feed.buttons?[1].link.iosExecutionParams == "key1=value1&key2=value2")
    }

    @Test func theTypedModelEncodesWithWireNames() {
        let template = DefaultTemplate.commerce(CommerceTemplate(
            content: TemplateContent(title: "Dress", imageURL: "https://x/y.png", imageWidth: 640, link: TemplateLink(webURL: "https://a")),
            commerce: TemplateCommerce(regularPrice: 1000, discountRate: 10, currencyUnitPosition: 1)
        ))
        let expected: JSONValue = .object([
            "object_type": .string("commerce"),
            "content": .object(["title": .string("Dress"), "image_url": .string("https://x/y.png"), "image_width": .number(640), "link": .object(["web_url": .string("https://a")])]),
            "commerce": .object(["regular_price": .number(1000), "discount_rate": .number(10), "currency_unit_position": .number(1)]),
        ])
        #expect(template.json == expected)
        #expect(problems(template.json) == [])
    }

    // MARK: - The template as a whole

    @Test func theTemplateMustBeAnObjectWithAKnownType() {
        #expect(problems(.array([])) == ["(template): expected a JSON object, found an array"])
        #expect(problems(.object([:])) == ["object_type: required: one of feed, list, location, commerce, text, calendar"])
        #expect(problems(.object(["object_type": .string("carousel")])) == ["object_type: 'carousel' is not a default template type; use one of feed, list, location, commerce, text, calendar"])
        #expect(problems(.object(["object_type": .number(1)])) == ["object_type: '1' is not a default template type; use one of feed, list, location, commerce, text, calendar"])
    }

    @Test func everyProblemIsReportedAtOnceInDocumentOrder() {
        let json = SeedTemplates.feed
            .setting("content.link", nil)
            .setting("content.title", .number(5))
            .setting("social.like_count", .string("286"))
            .setting("buttons", .array(Array(repeating: .object(["title": .string("x"), "link": SeedTemplates.link]), count: 3)))
            .setting("header_title", .string("not a feed member"))
        #expect(problems(json) == [
            "content.title: expected a string, found a number",
            "content.link: required",
            "social.like_count: expected a whole number, found a string",
            "buttons: a feed template has at most 2 buttons, found 3",
            "header_title: unknown key; a feed template has: content, item_content, social, button_title, buttons",
        ])
    }

    // MARK: - Each type's rules

    @Test(arguments: [
        // feed
        (SeedTemplates.feed.setting("content", nil), "content: required"),
        (SeedTemplates.feed.setting("content", .string("x")), "content: expected an object, found a string"),
        (SeedTemplates.feed.setting("content.link", nil), "content.link: required"),
        (SeedTemplates.feed.setting("content.link", .null), "content.link: required"),
        (SeedTemplates.feed.setting("content.link.web_url", .number(1)), "content.link.web_url: expected a string, found a number"),
        (SeedTemplates.feed.setting("content.image_width", .number(640.5)), "content.image_width: expected a whole number, found 640.5"),
        (SeedTemplates.feed.setting("content.image_height", .string("640")), "content.image_height: expected a whole number, found a string"),
        (SeedTemplates.feed.setting("content.image_ur", .string("x")), "content.image_ur: unknown key; a content has: title, image_url, image_width, image_height, description, link"),
        (SeedTemplates.feed.setting("item_content.items.5", .object(["item": .string("cake6"), "item_op": .string("6000 won")])), "item_content.items: an item content has at most 5 items, found 6"),
        (SeedTemplates.feed.setting("item_content.items.0.item_op", nil), "item_content.items[0].item_op: required"),
        (SeedTemplates.feed.setting("item_content.items", .object([:])), "item_content.items: expected an array, found an object"),
        (SeedTemplates.feed.setting("social.shared_count", .number(-1)), "social.shared_count: must be 0 or more, found -1"),
        (SeedTemplates.feed.setting("social.view_count", .bool(true)), "social.view_count: expected a whole number, found true"),
        (SeedTemplates.feed.setting("buttons.0.title", .string(" ")), "buttons[0].title: must not be empty"),
        (SeedTemplates.feed.setting("buttons.1.link", nil), "buttons[1].link: required"),
        (SeedTemplates.feed.setting("buttons.2", .object(["title": .string("x"), "link": SeedTemplates.link])), "buttons: a feed template has at most 2 buttons, found 3"),
        (SeedTemplates.feed.setting("button_title", .number(1)), "button_title: expected a string, found a number"),
        // list
        (SeedTemplates.list.setting("contents.2", nil).setting("contents.1", nil), "contents: a list template has 2 or 3 contents, found 1"),
        (SeedTemplates.list.setting("contents.3", SeedTemplates.content("four")), "contents: a list template has 2 or 3 contents, found 4"),
        (SeedTemplates.list.setting("contents.1.link", nil), "contents[1].link: required"),
        (SeedTemplates.list.setting("header_title", .string(String(repeating: "가", count: 201))), "header_title: 201 characters; at most 200"),
        (SeedTemplates.list.setting("header_title", nil), "header_title: required"),
        (SeedTemplates.list.setting("header_link", nil), "header_link: required"),
        (SeedTemplates.list.setting("header_image_url", .string("https://x")), "header_image_url: unknown key; a list template has: header_title, header_link, contents, button_title, buttons"),
        (SeedTemplates.list.setting("buttons.2", .object(["title": .string("x"), "link": SeedTemplates.link])), "buttons: a list template has at most 2 buttons, found 3"),
        // location
        (SeedTemplates.location.setting("address", nil), "address: required"),
        (SeedTemplates.location.setting("address", .string("")), "address: must not be empty"),
        (SeedTemplates.location.setting("content", nil), "content: required"),
        (SeedTemplates.location.setting("buttons", SeedTemplates.buttons), "buttons: a location template has at most 1 button, found 2"),
        // commerce
        (SeedTemplates.commerce.setting("commerce", nil), "commerce: required"),
        (SeedTemplates.commerce.setting("commerce.regular_price", nil), "commerce.regular_price: required"),
        (SeedTemplates.commerce.setting("commerce.regular_price", .string("208800")), "commerce.regular_price: expected a whole number, found a string"),
        (SeedTemplates.commerce.setting("commerce.discount_rate", .number(101)), "commerce.discount_rate: must be from 0 to 100, found 101"),
        (SeedTemplates.commerce.setting("commerce.currency_unit_position", .number(2)), "commerce.currency_unit_position: must be from 0 to 1, found 2"),
        (SeedTemplates.commerce.setting("content", nil), "content: required"),
        // text
        (SeedTemplates.text.setting("text", .string(String(repeating: "a", count: 201))), "text: 201 characters; at most 200"),
        (SeedTemplates.text.setting("text", .number(200)), "text: expected a string, found a number"),
        (SeedTemplates.text.setting("link", nil), "link: required"),
        (SeedTemplates.text.setting("buttons", .array(Array(repeating: .object(["title": .string("x"), "link": SeedTemplates.link]), count: 3))), "buttons: a text template has at most 2 buttons, found 3"),
        (SeedTemplates.text.setting("content", SeedTemplates.content("x")), "content: unknown key; a text template has: text, link, button_title, buttons"),
        // calendar
        (SeedTemplates.calendar.setting("id", nil), "id: required"),
        (SeedTemplates.calendar.setting("id", .number(7)), "id: expected a string, found a number"),
        (SeedTemplates.calendar.setting("id_type", .string("meeting")), "id_type: 'meeting' is not one of event, calendar"),
        (SeedTemplates.calendar.setting("id_type", nil), "id_type: required"),
        (SeedTemplates.calendar.setting("content", nil), "content: required"),
        (SeedTemplates.calendar.setting("buttons", SeedTemplates.buttons), "buttons: a calendar template has at most 1 button, found 2"),
        (SeedTemplates.calendar.setting("button_title", .string("x")), "button_title: unknown key; a calendar template has: id, id_type, content, buttons"),
    ] as [(JSONValue, String)])
    func eachRuleReportsItsPath(json: JSONValue, problem: String) {
        #expect(problems(json) == [problem])
        if case .success = TemplateValidator.validate(json) { Issue.record("\(problem) validated") }
    }

    @Test func textOfExactlyTwoHundredCharactersIsAllowed() {
        #expect(problems(SeedTemplates.text.setting("text", .string(String(repeating: "😀", count: 200)))) == [])
        #expect(problems(SeedTemplates.list.setting("contents.2", nil)) == [])
        #expect(problems(SeedTemplates.feed.setting("item_content.items", .array([]))) == [])
    }

    @Test func theSeedsOwnTextExampleIsTooLong() {
        // The guide's text example is longer than the text template allows.
        let seedText = "The Text template provided as a default template can contain text up to 200 characters. The Text template has a text area and a default button. You can also add an additional button. If you use Kakao Link, you can send a message with a more extended form of templates, such as sending multiple images and profile information."
        #expect(problems(SeedTemplates.text.setting("text", .string(seedText))) == ["text: \(seedText.count) characters; at most 200"])
    }
}

@Suite struct LenientJSONTests {
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
        #expect(try LenientJSON.parse(text) == .object(["a": .array([.number(1), .number(2)]), "b": .object(["c": .string("d")])]))
    }

    @Test func stringsAndNumbersFollowRFC8259() throws {
        #expect(try LenientJSON.parse(#""a\"b\\c\/d\n\u00e9\ud83d\ude00""#) == .string("a\"b\\c/d\né😀"))
        #expect(try LenientJSON.parse("[-0, 1.5e3, 20, true, false, null]") == .array([.number(0), .number(1500), .number(20), .bool(true), .bool(false), .null]))
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
        ("{\"é\": tru}", "line 1, column 7: expected a value (object, array, string, number, true, false or null)"),
    ])
    func syntaxErrorsSayWhere(text: String, expected: String) {
        do {
            _ = try LenientJSON.parse(text)
            Issue.record("\(text) parsed")
        } catch {
            #expect(error.description == expected)
        }
    }
}
