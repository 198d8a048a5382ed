import KAuthBasics

/// What is wrong at one place of a message template, with the data a reader needs: the limit,
/// what was found, the names allowed. The command line and the sandbox each put it in words of
/// their own (a client's advice, a server's terse answer).
package enum TemplateProblem: Sendable, Equatable {
    /// The template is not a JSON object (`found` is what it is instead).
    case templateNotAnObject(found: JSONValue)
    /// `object_type` is missing; it is one of `TemplateType.allCases`.
    case missingTemplateType
    /// `object_type` names no default template type.
    case unknownTemplateType(found: JSONValue)
    /// A required member is missing or null.
    case required
    /// A member of the wrong JSON type.
    case wrongType(expected: TemplateValueType, found: JSONValue)
    /// A number where a whole number belongs.
    case notWholeNumber(Double)
    /// A required text that is empty or only blanks.
    case empty
    /// A text longer than Kakao takes, counted in characters.
    case tooLong(characters: Int, maximum: Int)
    /// A value outside a fixed set (`id_type`).
    case notOneOf(found: JSONValue, allowed: [String])
    /// A whole number outside its range; counts have `Int32.max` as their upper bound.
    case outOfRange(found: Int, allowed: ClosedRange<Int>)
    /// A key that `part` does not have; `known` are the keys it has, in schema order.
    case unknownKey(in: TemplatePart, known: [String])
    /// An array of `element`s in `owner` with a count outside `allowed`.
    case count(found: Int, allowed: ClosedRange<Int>, of: TemplatePart, in: TemplatePart)
    /// The validated message is too big for Kakao Talk by the Kakao SDK's measure (`ShareMessageSize`).
    case messageTooLarge(bytes: Int, limit: Int)

    /// `value` as a problem keeps it: a scalar as it is, an array or object emptied, since only its
    /// kind is told and a whole subtree would not belong in an error.
    static func found(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array: return .array([])
        case .object: return .object([:])
        default: return value
        }
    }
}

/// The JSON types the template rules ask for.
package enum TemplateValueType: Sendable, Equatable {
    case string, wholeNumber, object, array
}

/// The parts of a default template that have members of their own, for problems that name them.
package enum TemplatePart: Sendable, Equatable {
    case template(TemplateType)
    case link, button, content, item, itemContent, social, commerce
}
