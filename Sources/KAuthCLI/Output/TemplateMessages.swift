import KAuthBasics
import KakaoAPI

/// The words for what the template checker of `kauth link` and `kauth talk` finds: each problem
/// at its JSON path (`buttons: a feed template has at most 2 buttons, found 3`), and where and
/// why a template file is not JSON (`line 2, column 1: expected ',' or '}' after …`).
enum TemplateMessages {
    /// `content.link: required`.
    static func describe(_ violation: TemplateViolation) -> String {
        "\(violation.path): \(message(for: violation.problem))"
    }

    /// `line 2, column 1: expected a value, found the end of the text`.
    static func describe(_ error: LenientJSON.SyntaxError) -> String {
        "line \(error.line), column \(error.column): \(reason(error.reason))"
    }

    /// The problem without its path, as the `message` of a violation in `--json` errors.
    static func message(for problem: TemplateProblem) -> String {
        switch problem {
        case .templateNotAnObject(let found):
            return "expected a JSON object, found \(kind(of: found))"
        case .missingTemplateType:
            return "required: one of \(templateTypes)"
        case .unknownTemplateType(let found):
            return "\(shown(found)) is not a default template type; use one of \(templateTypes)"
        case .required:
            return "required"
        case .wrongType(let expected, let found):
            return "expected \(words(expected)), found \(kind(of: found))"
        case .notWholeNumber(let number):
            return "expected a whole number, found \(number)"
        case .empty:
            return "must not be empty"
        case .tooLong(let characters, let maximum):
            return "\(characters) characters; at most \(maximum)"
        case .notOneOf(let found, let allowed):
            return "\(shown(found)) is not one of \(allowed.joined(separator: ", "))"
        case .outOfRange(let found, let allowed):
            return allowed.upperBound == Int(Int32.max)
                ? "must be \(allowed.lowerBound) or more, found \(found)"
                : "must be from \(allowed.lowerBound) to \(allowed.upperBound), found \(found)"
        case .unknownKey(let part, let known):
            return "unknown key; \(withArticle(part)) has: \(known.joined(separator: ", "))"
        case .count(let found, let allowed, let element, let owner):
            let (least, most) = (allowed.lowerBound, allowed.upperBound)
            let rule =
                least == 0
                ? "at most \(most) \(noun(element, most))"
                : least + 1 == most
                    ? "\(least) or \(most) \(noun(element, most))" : "from \(least) to \(most) \(noun(element, most))"
            return "\(withArticle(owner)) has \(rule), found \(found)"
        case .messageTooLarge(let bytes, let limit):
            return
                "the message is \(bytes) bytes by the Kakao SDK's measure; Kakao Talk takes less than \(limit) (\(limit / 1024) KB): shorten texts or URLs, or use fewer items"
        }
    }

    static func reason(_ reason: LenientJSON.Reason) -> String {
        switch reason {
        case .notUTF8: return "the text is not UTF-8"
        case .textAfterValue: return "unexpected text after the JSON value"
        case .unclosedComment: return "a /* comment is not closed"
        case .tooDeep(let maximum): return "nested more than \(maximum) levels deep"
        case .endOfText: return "expected a value, found the end of the text"
        case .singleQuotes: return "strings need double quotes"
        case .expectedValue: return "expected a value (object, array, string, number, true, false or null)"
        case .expectedKey(let afterComma):
            return afterComma ? "expected a quoted key or '}' after ','" : "expected a quoted key or '}'"
        case .duplicateKey(let key): return "the key \"\(key)\" is given twice in this object"
        case .expectedColon(let key): return "expected ':' after the key \"\(key)\""
        case .expectedCommaOrBrace(let key): return "expected ',' or '}' after the value of \"\(key)\""
        case .expectedCommaOrBracket: return "expected ',' or ']' in the array"
        case .unclosedString: return "a string is not closed"
        case .halfSurrogatePair: return "a \\u escape has half a surrogate pair"
        case .escapeNotACharacter: return "a \\u escape is not a character"
        case .unknownEscape(let character): return "unknown escape \\\(character)"
        case .lineBreakInString: return "a string is not closed on its line (write a line break as \\n)"
        case .controlCharacterInString: return "a control character in a string (escape it)"
        case .expectedFourHexDigits: return "a \\u escape needs four hex digits"
        case .leadingZero: return "numbers do not start with 0"
        case .expectedDigits: return "expected digits"
        case .expectedFractionDigits: return "expected digits after '.'"
        case .expectedExponentDigits: return "expected digits in the exponent"
        case .numberOutOfRange(let text): return "the number \(text) is out of range"
        }
    }

    private static let templateTypes = TemplateType.allCases.map(\.rawValue).joined(separator: ", ")

    /// "a string", "a number", "null", "true", …: what was found, by its kind.
    private static func kind(of value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return String(flag)
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// A scalar quoted as it was written ('carousel', '1'), anything else by its kind.
    private static func shown(_ value: JSONValue) -> String {
        value.stringValue.map { "'\($0)'" } ?? kind(of: value)
    }

    private static func words(_ type: TemplateValueType) -> String {
        switch type {
        case .string: return "a string"
        case .wholeNumber: return "a whole number"
        case .object: return "an object"
        case .array: return "an array"
        }
    }

    /// "a feed template", "an item content".
    private static func withArticle(_ part: TemplatePart) -> String {
        let name = noun(part, 1)
        return (name.first.map { "aeiou".contains($0) } == true ? "an " : "a ") + name
    }

    /// "feed template", "buttons", "item content".
    private static func noun(_ part: TemplatePart, _ count: Int) -> String {
        let name: String
        switch part {
        case .template(let type): name = "\(type.rawValue) template"
        case .link: name = "link"
        case .button: name = "button"
        case .content: name = "content"
        case .item: name = "item"
        case .itemContent: name = "item content"
        case .social: name = "social"
        case .commerce: name = "commerce"
        }
        return count == 1 ? name : name + "s"
    }
}
