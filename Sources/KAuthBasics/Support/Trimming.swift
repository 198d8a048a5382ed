extension StringProtocol {
    /// Without leading and trailing spaces and tabs (FoundationEssentials has no
    /// `trimmingCharacters(in:)`).
    package func trimmingWhitespace() -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isBlank($0) }) else { return "" }
        let last = lastIndex(where: { !isBlank($0) })!
        return String(self[first...last])
    }
}

extension String {
    /// Without white space or line breaks at either end (`Character.isWhitespace`): a secret
    /// pasted with its newline, a token read from a file, a server URL on a helper's stdin.
    ///
    /// ASCII text, the usual case, is trimmed by its bytes: the same result (an ASCII character
    /// is white space when its byte is tab, line feed, vertical tab, form feed, carriage return
    /// or space), without the grapheme breaking a first walk over characters sets up, which was
    /// 4% of a credential helper's start.
    package func trimmingSpacesAndLineBreaks() -> String {
        let utf8 = self.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else {
            return String(String(drop(while: \.isWhitespace).reversed()).drop(while: \.isWhitespace).reversed())
        }
        let isSpace = { (byte: UInt8) in byte == 0x20 || (0x09...0x0D).contains(byte) }
        let start = utf8.firstIndex { !isSpace($0) } ?? utf8.endIndex
        let end = utf8.lastIndex { !isSpace($0) }.map(utf8.index(after:)) ?? start
        return String(decoding: utf8[start..<Swift.max(start, end)], as: UTF8.self)
    }
}
