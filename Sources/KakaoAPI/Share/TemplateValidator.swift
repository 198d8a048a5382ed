import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One problem in a template: where, as a JSON path (`contents[1].link`), and what.
package struct TemplateViolation: Sendable, Equatable, CustomStringConvertible {
    package var path: String
    package var message: String

    init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `content.link: required`.
    package var description: String { "\(path): \(message)" }
}

/// Checks a default template (a JSON object as on the wire) before anything is sent: required
/// members, `object_type`, types, the 200-character texts, button limits per type, 2–3 list
/// contents, at most 5 items, and keys that no template has. Every problem is collected, so one
/// run shows them all. The rules follow Kakao's template reference and SDK models; the sandbox
/// applies the same ones.
package enum TemplateValidator {
    /// The path of problems with the template as a whole.
    static let rootPath = "(template)"

    /// Every problem in `json`, in document order; empty when it is a valid default template.
    package static func violations(in json: JSONValue) -> [TemplateViolation] {
        var found: [TemplateViolation] = []
        guard case .object(let members) = json else {
            found.append(TemplateViolation(path: rootPath, message: "expected a JSON object, found \(describe(json))"))
            return found
        }
        let names = TemplateType.allCases.map(\.rawValue).joined(separator: ", ")
        guard let typeValue = members["object_type"], typeValue != .null else {
            found.append(TemplateViolation(path: "object_type", message: "required: one of \(names)"))
            return found
        }
        guard case .string(let typeName) = typeValue, let type = TemplateType(rawValue: typeName) else {
            let shown = typeValue.stringValue.map { "'\($0)'" } ?? describe(typeValue)
            found.append(
                TemplateViolation(
                    path: "object_type", message: "\(shown) is not a default template type; use one of \(names)"))
            return found
        }
        check(
            json, .object(schema(for: type), name: "a \(type.rawValue) template", extra: ["object_type"]), path: "",
            into: &found)
        return found
    }

    /// The template, or every problem in it.
    package static func validate(_ json: JSONValue) -> Result<DefaultTemplate, TemplateViolations> {
        let found = violations(in: json)
        guard found.isEmpty, let name = json["object_type"]?.stringValue, let type = TemplateType(rawValue: name) else {
            return .failure(TemplateViolations(violations: found))
        }
        return .success(DefaultTemplate(type: type, json: json))
    }

    // MARK: - Schema

    /// What a member may hold.
    indirect enum Shape: Sendable {
        case string(maxLength: Int?, required: Bool)
        case oneOf([String])
        case integer(ClosedRange<Int>)
        /// `name` is used in messages ("a feed template has: …"); `extra` keys are allowed
        /// without being checked here.
        case object([Field], name: String, extra: [String])
        /// `limit` says the rule in words for messages: "a feed template has at most 2 buttons".
        case array(Shape, count: ClosedRange<Int>, limit: String)
    }

    struct Field: Sendable {
        var name: String
        var shape: Shape
        var required: Bool

        static func required(_ name: String, _ shape: Shape) -> Field {
            Field(name: name, shape: shape, required: true)
        }
        static func optional(_ name: String, _ shape: Shape) -> Field {
            Field(name: name, shape: shape, required: false)
        }
    }

    package static let maximumText = 200
    static let maximumItems = 5
    static let optionalString = Shape.string(maxLength: nil, required: false)
    static let requiredString = Shape.string(maxLength: nil, required: true)
    static let count = Shape.integer(0...Int(Int32.max))

    static let link = Shape.object(
        [
            .optional("web_url", optionalString),
            .optional("mobile_web_url", optionalString),
            .optional("android_execution_params", optionalString),
            .optional("ios_execution_params", optionalString)
        ], name: "a link", extra: [])

    static let button = Shape.object(
        [
            .required("title", requiredString),
            .required("link", link)
        ], name: "a button", extra: [])

    static let content = Shape.object(
        [
            .optional("title", optionalString),
            .optional("image_url", optionalString),
            .optional("image_width", .integer(1...100_000)),
            .optional("image_height", .integer(1...100_000)),
            .optional("description", optionalString),
            .required("link", link)
        ], name: "a content", extra: [])

    static let itemContent = Shape.object(
        [
            .optional("profile_text", optionalString),
            .optional("profile_image_url", optionalString),
            .optional("title_image_text", optionalString),
            .optional("title_image_url", optionalString),
            .optional("title_image_category", optionalString),
            .optional(
                "items",
                .array(
                    .object(
                        [
                            .required("item", requiredString),
                            .required("item_op", requiredString)
                        ], name: "an item", extra: []), count: 0...maximumItems,
                    limit: "an item content has at most \(maximumItems) items")),
            .optional("sum", optionalString),
            .optional("sum_op", optionalString)
        ], name: "an item content", extra: [])

    static let social = Shape.object(
        [
            .optional("like_count", count),
            .optional("comment_count", count),
            .optional("shared_count", count),
            .optional("view_count", count),
            .optional("subscriber_count", count)
        ], name: "a social", extra: [])

    static let commerce = Shape.object(
        [
            .required("regular_price", .integer(0...Int(Int32.max))),
            .optional("discount_price", .integer(0...Int(Int32.max))),
            .optional("discount_rate", .integer(0...100)),
            .optional("fixed_discount_price", .integer(0...Int(Int32.max))),
            .optional("product_name", optionalString),
            .optional("currency_unit", optionalString),
            .optional("currency_unit_position", .integer(0...1))
        ], name: "a commerce", extra: [])

    /// Buttons of one's own per type: two, or one where Kakao adds its own (location's
    /// map button, calendar's add-to-calendar button).
    static func maximumButtons(for type: TemplateType) -> Int {
        switch type {
        case .location, .calendar: return 1
        case .feed, .list, .commerce, .text: return 2
        }
    }

    static func buttons(_ type: TemplateType) -> Field {
        let maximum = maximumButtons(for: type)
        let noun = maximum == 1 ? "button" : "buttons"
        return .optional(
            "buttons",
            .array(button, count: 0...maximum, limit: "a \(type.rawValue) template has at most \(maximum) \(noun)"))
    }

    static func schema(for type: TemplateType) -> [Field] {
        switch type {
        case .feed:
            return [
                .required("content", content),
                .optional("item_content", itemContent),
                .optional("social", social),
                .optional("button_title", optionalString),
                buttons(.feed)
            ]
        case .list:
            return [
                .required("header_title", .string(maxLength: maximumText, required: true)),
                .required("header_link", link),
                .required("contents", .array(content, count: 2...3, limit: "a list template has 2 or 3 contents")),
                .optional("button_title", optionalString),
                buttons(.list)
            ]
        case .location:
            return [
                .required("address", requiredString),
                .optional("address_title", optionalString),
                .required("content", content),
                .optional("social", social),
                .optional("button_title", optionalString),
                buttons(.location)
            ]
        case .commerce:
            return [
                .required("content", content),
                .required("commerce", commerce),
                .optional("button_title", optionalString),
                buttons(.commerce)
            ]
        case .text:
            return [
                .required("text", .string(maxLength: maximumText, required: true)),
                .required("link", link),
                .optional("button_title", optionalString),
                buttons(.text)
            ]
        case .calendar:
            return [
                .required("id", requiredString),
                .required("id_type", .oneOf(["event", "calendar"])),
                .required("content", content),
                buttons(.calendar)
            ]
        }
    }

    // MARK: - Walking

    static func join(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : path + "." + key
    }

    static func check(_ value: JSONValue, _ shape: Shape, path: String, into found: inout [TemplateViolation]) {
        func report(_ message: String) {
            found.append(TemplateViolation(path: path.isEmpty ? rootPath : path, message: message))
        }
        switch shape {
        case .string(let maxLength, let required):
            guard case .string(let text) = value else {
                return report("expected a string, found \(describe(value))")
            }
            if required && text.trimmingWhitespace().isEmpty {
                report("must not be empty")
            } else if let maxLength, text.count > maxLength {
                report("\(text.count) characters; at most \(maxLength)")
            }
        case .oneOf(let allowed):
            guard case .string(let text) = value, allowed.contains(text) else {
                let shown = value.stringValue.map { "'\($0)'" } ?? describe(value)
                return report("\(shown) is not one of \(allowed.joined(separator: ", "))")
            }
        case .integer(let range):
            guard case .number(let number) = value else {
                return report("expected a whole number, found \(describe(value))")
            }
            guard number.rounded() == number, abs(number) < 1e15 else {
                return report("expected a whole number, found \(number)")
            }
            if !range.contains(Int(number)) {
                report(
                    range.upperBound == Int(Int32.max)
                        ? "must be \(range.lowerBound) or more, found \(Int(number))"
                        : "must be from \(range.lowerBound) to \(range.upperBound), found \(Int(number))")
            }
        case .object(let fields, let name, let extra):
            guard case .object(let members) = value else {
                return report("expected an object, found \(describe(value))")
            }
            for field in fields {
                let fieldPath = join(path, field.name)
                guard let member = members[field.name], member != .null else {
                    if field.required { found.append(TemplateViolation(path: fieldPath, message: "required")) }
                    continue
                }
                check(member, field.shape, path: fieldPath, into: &found)
            }
            let known = Set(fields.map(\.name) + extra)
            for key in members.keys.sorted() where !known.contains(key) {
                found.append(
                    TemplateViolation(
                        path: join(path, key),
                        message: "unknown key; \(name) has: \(fields.map(\.name).joined(separator: ", "))"
                    ))
            }
        case .array(let element, let count, let limit):
            guard case .array(let items) = value else {
                return report("expected an array, found \(describe(value))")
            }
            if !count.contains(items.count) {
                report("\(limit), found \(items.count)")
            }
            for (index, item) in items.enumerated() {
                check(item, element, path: "\(path)[\(index)]", into: &found)
            }
        }
    }

    /// "a string", "a number", "null", … for messages.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return String(flag)
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// Every problem found in a template, for `ShareFailure.invalidTemplate`.
package struct TemplateViolations: Error, Sendable, Equatable {
    package var violations: [TemplateViolation]
}
