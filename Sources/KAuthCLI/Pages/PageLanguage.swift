/// How a browser page chooses its language: by the browser's `Accept-Language`, not the
/// terminal's locale (the browser may be on another machine, and its user chose it there).
enum PageLanguage {
    /// The language to answer a browser in, from its `Accept-Language` header (RFC 9110 §12.5.4).
    ///
    /// A range counts for a language when its primary subtag is the language's (`ko-KR` asks for
    /// Korean), since kauth has one Korean and one English text, not regional ones. Each language
    /// gets the highest weight of the ranges naming it, else the weight of `*`, else 0. Korean is
    /// chosen only when it weighs more than English, so a tie, a missing or unreadable header, or
    /// one that names neither, gives English. Entries with a malformed weight are skipped.
    static func preferred(acceptLanguage: String?) -> Language {
        guard let acceptLanguage else { return .english }
        var named: [Language: Double] = [:]
        var wildcard: Double?
        for entry in acceptLanguage.split(separator: ",") {
            guard let (range, weight) = parse(entry) else { continue }
            if range == "*" {
                wildcard = max(wildcard ?? 0, weight)
            } else if let primary = range.split(separator: "-").first,
                let language = Language(rawValue: String(primary))
            {
                named[language] = max(named[language] ?? 0, weight)
            }
        }
        func weight(_ language: Language) -> Double { named[language] ?? wildcard ?? 0 }
        return weight(.korean) > weight(.english) ? .korean : .english
    }

    /// One `language-range *( OWS ";" OWS parameter )` element, lower-cased, with its weight;
    /// nil when the range or the weight does not follow the grammar.
    private static func parse(_ entry: Substring) -> (range: String, weight: Double)? {
        let parts = entry.split(separator: ";", omittingEmptySubsequences: false).map {
            $0.trimmingWhitespace().lowercased()
        }
        guard let range = parts.first, isLanguageRange(range) else { return nil }
        var weight = 1.0
        for parameter in parts.dropFirst() {
            guard parameter.hasPrefix("q=") else { continue }
            guard let value = qValue(parameter.dropFirst(2)) else { return nil }
            weight = value
        }
        return (range, weight)
    }

    /// `"*"` or `1*8ALPHA *("-" 1*8alphanum)` (RFC 4647 §2.1).
    private static func isLanguageRange(_ range: String) -> Bool {
        if range == "*" { return true }
        let subtags = range.split(separator: "-", omittingEmptySubsequences: false)
        guard let primary = subtags.first, (1...8).contains(primary.count),
            primary.allSatisfy({ $0.isASCII && $0.isLetter })
        else {
            return false
        }
        return subtags.dropFirst().allSatisfy { subtag in
            (1...8).contains(subtag.count) && subtag.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }

    /// `qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )`; nothing looser, so hex,
    /// exponents, `nan` or `inf` never become weights.
    private static func qValue(_ text: Substring) -> Double? {
        let digits = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = digits.first, whole == "0" || whole == "1" else { return nil }
        let fraction = digits.count == 2 ? digits[1] : ""
        guard fraction.count <= 3, fraction.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        guard let value = Double(text.hasSuffix(".") ? String(text.dropLast()) : String(text)), value <= 1 else {
            return nil
        }
        return value
    }
}
