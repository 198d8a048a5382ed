/// Escaping for the few HTML pages kauth and its sandbox serve.
package enum HTML {
    /// Text safe to place in an element or a quoted attribute.
    package static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
