extension StringProtocol {
    /// The text with every control character made visible (`\x1B`, `\n`), for printing anything
    /// that came from the network or a file: a provider's error description, a nickname, a scope
    /// name. Without this a provider could move the cursor, retitle the window, rewrite what was
    /// printed before, or write the clipboard (OSC 52) through kauth's output.
    ///
    /// Controls are C0, DEL, C1, and the bidirectional overrides and isolates, which can make text
    /// read differently from what it is.
    var visible: String {
        var out = ""
        for scalar in unicodeScalars {
            switch scalar.value {
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x00..<0x20, 0x7F...0x9F:
                out += "\\x" + hex(scalar.value, digits: 2)
            case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                out += "\\u{" + hex(scalar.value, digits: 4) + "}"
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

private func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
}

extension StringProtocol {
    /// Like `visible`, but line breaks and tabs stay: for bodies printed as they came (`--json`
    /// pass-through, `kauth api`), whose layout belongs to them.
    var visibleKeepingLayout: String {
        split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in
                line.split(separator: "\t", omittingEmptySubsequences: false).map(\.visible).joined(separator: "\t")
            }
            .joined(separator: "\n")
    }
}
