import KAuthCore

/// The words for a `kauth api` field whose key cannot go into a JSON body. The command prints
/// `\(problem.reason)` after the key, so the reason reads as the sentence's end.
extension APIFields.Reason: CustomStringConvertible {
    package var description: String {
        switch self {
        case .unpairedBrackets: return "brackets must pair up, as in a[b][c] or a[]"
        case .appendNotLast: return "[] may only end a key (for arrays of objects, send the body with --input)"
        case .memberInsideValue: return "it puts a member inside a value another field already set"
        case .givenTwice: return "the key is given twice"
        case .notAnArray: return "it is not an array in another field"
        }
    }
}
