import KAuthBasics
import KakaoAPI

/// How the sandbox answers a template the checker refuses: as a server does, a field and a terse
/// constraint (`buttons: size must be between 0 and 2`), in the style of the bean-validation
/// messages of Kakao's Java servers. The advice a person reads (what to change, the names a part
/// has) is the command line's; a client of the sandbox reads the path and the constraint.
extension SandboxEngine {
    /// `content.link: must not be null; buttons: size must be between 0 and 2`.
    static func serverMessage(_ violations: [TemplateViolation]) -> String {
        violations.map { "\($0.path): \(serverMessage($0.problem))" }.joined(separator: "; ")
    }

    static func serverMessage(_ problem: TemplateProblem) -> String {
        switch problem {
        case .templateNotAnObject: return "must be an object"
        case .missingTemplateType, .required: return "must not be null"
        case .unknownTemplateType, .notOneOf: return "unsupported value"
        case .wrongType(.string, _): return "must be a string"
        case .wrongType(.wholeNumber, _), .notWholeNumber: return "must be an integer"
        case .wrongType(.object, _): return "must be an object"
        case .wrongType(.array, _): return "must be an array"
        case .empty: return "must not be blank"
        case .tooLong(_, let maximum): return "length must be at most \(maximum)"
        case .outOfRange(_, let allowed): return "must be between \(allowed.lowerBound) and \(allowed.upperBound)"
        case .unknownKey: return "unknown field"
        case .count(_, let allowed, _, _):
            return "size must be between \(allowed.lowerBound) and \(allowed.upperBound)"
        case .messageTooLarge(_, let limit): return "size must be less than \(limit) bytes"
        }
    }
}
