import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One problem in a template: where, as a JSON path (`contents[1].link`), and what.
package struct TemplateViolation: Sendable, Equatable {
    package var path: String
    package var problem: TemplateProblem

    init(path: String, _ problem: TemplateProblem) {
        self.path = path
        self.problem = problem
    }
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
            found.append(TemplateViolation(path: rootPath, .templateNotAnObject(found: TemplateProblem.found(json))))
            return found
        }
        guard let typeValue = members["object_type"], typeValue != .null else {
            found.append(TemplateViolation(path: "object_type", .missingTemplateType))
            return found
        }
        guard case .string(let typeName) = typeValue, let type = TemplateType(rawValue: typeName) else {
            found.append(
                TemplateViolation(path: "object_type", .unknownTemplateType(found: TemplateProblem.found(typeValue))))
            return found
        }
        check(
            json, .object(schema(for: type), .template(type), extra: ["object_type"]), path: "",
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
        /// `part` is what problems name ("unknown key" in a feed template); `extra` keys are
        /// allowed without being checked here.
        case object([Field], TemplatePart, extra: [String])
        /// `count` of `element`s the array in `owner` may hold.
        case array(Shape, count: ClosedRange<Int>, of: TemplatePart, in: TemplatePart)
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
        ], .link, extra: [])

    static let button = Shape.object(
        [
            .required("title", requiredString),
            .required("link", link)
        ], .button, extra: [])

    static let content = Shape.object(
        [
            .optional("title", optionalString),
            .optional("image_url", optionalString),
            .optional("image_width", .integer(1...100_000)),
            .optional("image_height", .integer(1...100_000)),
            .optional("description", optionalString),
            .required("link", link)
        ], .content, extra: [])

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
                        ], .item, extra: []), count: 0...maximumItems,
                    of: .item, in: .itemContent)),
            .optional("sum", optionalString),
            .optional("sum_op", optionalString)
        ], .itemContent, extra: [])

    static let social = Shape.object(
        [
            .optional("like_count", count),
            .optional("comment_count", count),
            .optional("shared_count", count),
            .optional("view_count", count),
            .optional("subscriber_count", count)
        ], .social, extra: [])

    static let commerce = Shape.object(
        [
            .required("regular_price", .integer(0...Int(Int32.max))),
            .optional("discount_price", .integer(0...Int(Int32.max))),
            .optional("discount_rate", .integer(0...100)),
            .optional("fixed_discount_price", .integer(0...Int(Int32.max))),
            .optional("product_name", optionalString),
            .optional("currency_unit", optionalString),
            .optional("currency_unit_position", .integer(0...1))
        ], .commerce, extra: [])

    /// Buttons of one's own per type: two, or one where Kakao adds its own (location's
    /// map button, calendar's add-to-calendar button).
    static func maximumButtons(for type: TemplateType) -> Int {
        switch type {
        case .location, .calendar: return 1
        case .feed, .list, .commerce, .text: return 2
        }
    }

    static func buttons(_ type: TemplateType) -> Field {
        .optional("buttons", .array(button, count: 0...maximumButtons(for: type), of: .button, in: .template(type)))
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
                .required("contents", .array(content, count: 2...3, of: .content, in: .template(.list))),
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
        func report(_ problem: TemplateProblem) {
            found.append(TemplateViolation(path: path.isEmpty ? rootPath : path, problem))
        }
        func wrongType(_ expected: TemplateValueType) {
            report(.wrongType(expected: expected, found: TemplateProblem.found(value)))
        }
        switch shape {
        case .string(let maxLength, let required):
            guard case .string(let text) = value else {
                return wrongType(.string)
            }
            if required && text.trimmingWhitespace().isEmpty {
                report(.empty)
            } else if let maxLength, text.count > maxLength {
                report(.tooLong(characters: text.count, maximum: maxLength))
            }
        case .oneOf(let allowed):
            guard case .string(let text) = value, allowed.contains(text) else {
                return report(.notOneOf(found: TemplateProblem.found(value), allowed: allowed))
            }
        case .integer(let range):
            guard case .number(let number) = value else {
                return wrongType(.wholeNumber)
            }
            guard number.rounded() == number, abs(number) < 1e15 else {
                return report(.notWholeNumber(number))
            }
            if !range.contains(Int(number)) {
                report(.outOfRange(found: Int(number), allowed: range))
            }
        case .object(let fields, let part, let extra):
            guard case .object(let members) = value else {
                return wrongType(.object)
            }
            for field in fields {
                let fieldPath = join(path, field.name)
                guard let member = members[field.name], member != .null else {
                    if field.required { found.append(TemplateViolation(path: fieldPath, .required)) }
                    continue
                }
                check(member, field.shape, path: fieldPath, into: &found)
            }
            let known = Set(fields.map(\.name) + extra)
            for key in members.keys.sorted() where !known.contains(key) {
                found.append(TemplateViolation(path: join(path, key), .unknownKey(in: part, known: fields.map(\.name))))
            }
        case .array(let element, let count, let part, let owner):
            guard case .array(let items) = value else {
                return wrongType(.array)
            }
            if !count.contains(items.count) {
                report(.count(found: items.count, allowed: count, of: part, in: owner))
            }
            for (index, item) in items.enumerated() {
                check(item, element, path: "\(path)[\(index)]", into: &found)
            }
        }
    }
}

/// Every problem found in a template, for `ShareFailure.invalidTemplate`.
package struct TemplateViolations: Error, Sendable, Equatable {
    package var violations: [TemplateViolation]
}
