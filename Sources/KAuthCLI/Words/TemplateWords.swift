import KAuthBasics
import KakaoAPI

/// The words for what the template checker of `kauth link` and `kauth talk` finds: each problem
/// at its JSON path (`buttons: a feed template has at most 2 buttons, found 3`), and where and
/// why a template file is not JSON (`line 2, column 1: expected ',' or '}' after …`). The JSON
/// paths, keys and template types stay as they are in Korean too.
enum TemplateWords {
    /// `content.link: required`.
    static func describe(_ violation: TemplateViolation) -> Localized {
        .verbatim("\(violation.path): ") + message(for: violation.problem)
    }

    /// `line 2, column 1: expected a value, found the end of the text`.
    static func describe(_ error: LenientJSON.SyntaxError) -> Localized {
        Localized(en: "line \(error.line), column \(error.column): ", ko: "\(error.line)행 \(error.column)열: ")
            + reason(error.reason)
    }

    /// The problem without its path, as the `message` of a violation in `--json` errors.
    static func message(for problem: TemplateProblem) -> Localized {
        switch problem {
        case .templateNotAnObject(let found):
            return Localized(
                en: "expected a JSON object, found \(kind(of: found).english)",
                ko: "JSON 객체여야 하는데 \(kind(of: found).korean)입니다")
        case .missingTemplateType:
            return Localized(en: "required: one of \(templateTypes)", ko: "필수 항목입니다: \(templateTypes) 중 하나")
        case .unknownTemplateType(let found):
            return Localized(
                en: "\(shown(found).english) is not a default template type; use one of \(templateTypes)",
                ko: "\(shown(found).korean)은(는) 기본 템플릿 유형이 아닙니다. \(templateTypes) 중 하나를 쓰십시오")
        case .required:
            return Localized(en: "required", ko: "필수 항목입니다")
        case .wrongType(let expected, let found):
            return Localized(
                en: "expected \(words(expected).english), found \(kind(of: found).english)",
                ko: "\(words(expected).korean)이어야 하는데 \(kind(of: found).korean)입니다")
        case .notWholeNumber(let number):
            return Localized(
                en: "expected a whole number, found \(number)", ko: "정수여야 하는데 \(number)입니다")
        case .empty:
            return Localized(en: "must not be empty", ko: "비어 있으면 안 됩니다")
        case .tooLong(let characters, let maximum):
            return Localized(
                en: "\(characters) characters; at most \(maximum)", ko: "\(characters)자입니다. 최대 \(maximum)자입니다")
        case .notOneOf(let found, let allowed):
            let list = allowed.joined(separator: ", ")
            return Localized(
                en: "\(shown(found).english) is not one of \(list)", ko: "\(shown(found).korean)은(는) \(list) 중 하나가 아닙니다"
            )
        case .outOfRange(let found, let allowed):
            return allowed.upperBound == Int(Int32.max)
                ? Localized(
                    en: "must be \(allowed.lowerBound) or more, found \(found)",
                    ko: "\(allowed.lowerBound) 이상이어야 하는데 \(found)입니다")
                : Localized(
                    en: "must be from \(allowed.lowerBound) to \(allowed.upperBound), found \(found)",
                    ko: "\(allowed.lowerBound)에서 \(allowed.upperBound) 사이여야 하는데 \(found)입니다")
        case .unknownKey(let part, let known):
            let list = known.joined(separator: ", ")
            return Localized(
                en: "unknown key; \(withArticle(part)) has: \(list)",
                ko: "알 수 없는 키입니다. \(koreanNoun(part))의 키: \(list)")
        case .count(let found, let allowed, let element, let owner):
            let (least, most) = (allowed.lowerBound, allowed.upperBound)
            let rule =
                least == 0
                ? "at most \(most) \(noun(element, most))"
                : least + 1 == most
                    ? "\(least) or \(most) \(noun(element, most))" : "from \(least) to \(most) \(noun(element, most))"
            let koreanRule =
                least == 0
                ? "\(koreanNoun(element)) 최대 \(most)개"
                : least + 1 == most
                    ? "\(koreanNoun(element)) \(least)개 또는 \(most)개" : "\(koreanNoun(element)) \(least)~\(most)개"
            return Localized(
                en: "\(withArticle(owner)) has \(rule), found \(found)",
                ko: "\(koreanNoun(owner))에는 \(koreanRule)를 둘 수 있는데 \(found)개입니다")
        case .messageTooLarge(let bytes, let limit):
            return Localized(
                en:
                    "the message is \(bytes) bytes by the Kakao SDK's measure; Kakao Talk takes less than \(limit) (\(limit / 1024) KB): shorten texts or URLs, or use fewer items",
                ko:
                    "메시지가 Kakao SDK 기준으로 \(bytes)바이트입니다. 카카오톡은 \(limit)바이트(\(limit / 1024) KB) 미만만 받습니다. 텍스트나 URL을 줄이거나 항목 수를 줄이십시오"
            )
        }
    }

    static func reason(_ reason: LenientJSON.Reason) -> Localized {
        switch reason {
        case .notUTF8: return Localized(en: "the text is not UTF-8", ko: "텍스트가 UTF-8이 아닙니다")
        case .textAfterValue:
            return Localized(en: "unexpected text after the JSON value", ko: "JSON 값 뒤에 예상하지 못한 텍스트가 있습니다")
        case .unclosedComment: return Localized(en: "a /* comment is not closed", ko: "/* 주석이 닫히지 않았습니다")
        case .tooDeep(let maximum):
            return Localized(en: "nested more than \(maximum) levels deep", ko: "\(maximum)단계보다 깊게 중첩되었습니다")
        case .endOfText:
            return Localized(
                en: "expected a value, found the end of the text", ko: "값이 있어야 하는데 텍스트가 끝났습니다")
        case .singleQuotes: return Localized(en: "strings need double quotes", ko: "문자열에는 큰따옴표가 필요합니다")
        case .expectedValue:
            return Localized(
                en: "expected a value (object, array, string, number, true, false or null)",
                ko: "값(객체, 배열, 문자열, 숫자, true, false 또는 null)이 있어야 합니다")
        case .expectedKey(let afterComma):
            return afterComma
                ? Localized(
                    en: "expected a quoted key or '}' after ','", ko: "',' 뒤에는 따옴표로 감싼 키나 '}'가 있어야 합니다")
                : Localized(en: "expected a quoted key or '}'", ko: "따옴표로 감싼 키나 '}'가 있어야 합니다")
        case .duplicateKey(let key):
            return Localized(
                en: "the key \"\(key)\" is given twice in this object", ko: "이 객체에 키 \"\(key)\"가 두 번 있습니다")
        case .expectedColon(let key):
            return Localized(
                en: "expected ':' after the key \"\(key)\"", ko: "키 \"\(key)\" 뒤에 ':'가 있어야 합니다")
        case .expectedCommaOrBrace(let key):
            return Localized(
                en: "expected ',' or '}' after the value of \"\(key)\"",
                ko: "\"\(key)\"의 값 뒤에 ','나 '}'가 있어야 합니다")
        case .expectedCommaOrBracket:
            return Localized(en: "expected ',' or ']' in the array", ko: "배열 안에 ','나 ']'가 있어야 합니다")
        case .unclosedString: return Localized(en: "a string is not closed", ko: "문자열이 닫히지 않았습니다")
        case .halfSurrogatePair:
            return Localized(en: "a \\u escape has half a surrogate pair", ko: "\\u 이스케이프에 서로게이트 쌍의 절반만 있습니다")
        case .escapeNotACharacter:
            return Localized(en: "a \\u escape is not a character", ko: "\\u 이스케이프가 문자가 아닙니다")
        case .unknownEscape(let character):
            return Localized(en: "unknown escape \\\(character)", ko: "알 수 없는 이스케이프 \\\(character)")
        case .lineBreakInString:
            return Localized(
                en: "a string is not closed on its line (write a line break as \\n)",
                ko: "문자열이 그 줄에서 닫히지 않았습니다(줄바꿈은 \\n으로 쓰십시오)")
        case .controlCharacterInString:
            return Localized(
                en: "a control character in a string (escape it)", ko: "문자열에 제어 문자가 있습니다(이스케이프하십시오)")
        case .expectedFourHexDigits:
            return Localized(en: "a \\u escape needs four hex digits", ko: "\\u 이스케이프에는 16진수 네 자리가 필요합니다")
        case .leadingZero: return Localized(en: "numbers do not start with 0", ko: "숫자는 0으로 시작하지 않습니다")
        case .expectedDigits: return Localized(en: "expected digits", ko: "숫자가 있어야 합니다")
        case .expectedFractionDigits:
            return Localized(en: "expected digits after '.'", ko: "'.' 뒤에 숫자가 있어야 합니다")
        case .expectedExponentDigits:
            return Localized(en: "expected digits in the exponent", ko: "지수에 숫자가 있어야 합니다")
        case .numberOutOfRange(let text):
            return Localized(en: "the number \(text) is out of range", ko: "숫자 \(text)이(가) 범위를 벗어났습니다")
        }
    }

    private static let templateTypes = TemplateType.allCases.map(\.rawValue).joined(separator: ", ")

    /// "a string", "a number", "null", "true", …: what was found, by its kind.
    private static func kind(of value: JSONValue) -> Localized {
        switch value {
        case .null: return .verbatim("null")
        case .bool(let flag): return .verbatim(String(flag))
        case .number: return Localized(en: "a number", ko: "숫자")
        case .string: return Localized(en: "a string", ko: "문자열")
        case .array: return Localized(en: "an array", ko: "배열")
        case .object: return Localized(en: "an object", ko: "객체")
        }
    }

    /// A scalar quoted as it was written ('carousel', '1'), anything else by its kind.
    private static func shown(_ value: JSONValue) -> Localized {
        value.stringValue.map { .verbatim("'\($0)'") } ?? kind(of: value)
    }

    private static func words(_ type: TemplateValueType) -> Localized {
        switch type {
        case .string: return Localized(en: "a string", ko: "문자열")
        case .wholeNumber: return Localized(en: "a whole number", ko: "정수")
        case .object: return Localized(en: "an object", ko: "객체")
        case .array: return Localized(en: "an array", ko: "배열")
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

    /// "feed 템플릿", "button": the Korean name of a part, its key kept as in the template.
    private static func koreanNoun(_ part: TemplatePart) -> String {
        switch part {
        case .template(let type): "\(type.rawValue) 템플릿"
        case .link: "link"
        case .button: "button"
        case .content: "content"
        case .item: "item"
        case .itemContent: "item content"
        case .social: "social"
        case .commerce: "commerce"
        }
    }
}
