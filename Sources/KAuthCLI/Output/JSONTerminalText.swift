/// A provider's JSON as `kauth api` shows it on a terminal, as `gh api` does: indented two spaces,
/// in the order the provider sent it (nothing is decoded and re-encoded, so keys keep their order
/// and numbers their digits), and coloured unless colour is off. Piped, `kauth api` prints the
/// bytes as they came instead.
enum JSONTerminalText {
    /// SGR colours, as jq's: keys bold blue, strings green, numbers and `true`/`false` plain,
    /// `null` dim.
    private static let keyColour = "\u{1B}[1;34m"
    private static let stringColour = "\u{1B}[32m"
    private static let nullColour = "\u{1B}[90m"
    private static let reset = "\u{1B}[0m"

    /// `text` indented and coloured; it must be valid JSON (the caller has decoded it), since this
    /// reads tokens without checking their grammar. Characters that would move or hide text on a
    /// terminal (C1 controls, bidirectional overrides) are shown escaped, as `--json` shows them.
    static func render(_ text: String, colours: Bool) -> String {
        var output = ""
        var depth = 0
        // Whether the string that starts next is a key: after `{` or after `,` inside an object.
        var containers: [Character] = []
        var expectKey = false
        let scalars = Array(text.unicodeScalars)
        var index = 0
        func newline() {
            output += "\n" + String(repeating: "  ", count: depth)
        }
        func paint(_ token: String, _ colour: String) {
            output += colours ? colour + token + reset : token
        }
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case " ", "\t", "\n", "\r":
                index += 1
            case "{", "[":
                containers.append(Character(scalar))
                // An empty object or array stays on one line.
                var next = index + 1
                while next < scalars.count, [" ", "\t", "\n", "\r"].contains(scalars[next]) { next += 1 }
                if next < scalars.count, scalars[next] == (scalar == "{" ? "}" : "]") {
                    output += scalar == "{" ? "{}" : "[]"
                    containers.removeLast()
                    index = next + 1
                    continue
                }
                output.unicodeScalars.append(scalar)
                depth += 1
                newline()
                expectKey = scalar == "{"
                index += 1
            case "}", "]":
                containers.removeLast()
                depth -= 1
                newline()
                output.unicodeScalars.append(scalar)
                index += 1
            case ",":
                output += ","
                newline()
                expectKey = containers.last == "{"
                index += 1
            case ":":
                output += ": "
                expectKey = false
                index += 1
            case "\"":
                var end = index + 1
                while end < scalars.count, scalars[end] != "\"" {
                    end += scalars[end] == "\\" ? 2 : 1
                }
                var token = ""
                for inner in scalars[index...min(end, scalars.count - 1)] { token += escapedIfHidden(inner) }
                paint(token, expectKey ? keyColour : stringColour)
                index = end + 1
            default:
                var end = index
                while end < scalars.count, !",:]} \t\n\r".unicodeScalars.contains(scalars[end]) { end += 1 }
                let token = String(String.UnicodeScalarView(scalars[index..<end]))
                if token == "null" {
                    paint(token, nullColour)
                } else {
                    output += token
                }
                index = end
            }
        }
        return output + "\n"
    }

    /// A character of a JSON string that a terminal would act on rather than show, as `\uXXXX`.
    private static func escapedIfHidden(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
            let hex = String(scalar.value, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default:
            return String(scalar)
        }
    }
}
