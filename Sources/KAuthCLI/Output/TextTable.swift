import KAuthCore

/// Plain columns for people: a header row and left-aligned cells, two spaces apart, padded by
/// display width so that rows with Korean cells keep their columns.
enum TextTable {
    static func render(_ headers: [String], _ rows: [[String]]) -> String {
        var widths = headers.map(\.displayWidth)
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], cell.displayWidth)
            }
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                index == cells.count - 1 ? cell : cell.padding(widths[index] + 1)
            }.joined(separator: " ") + "\n"
        }
        return line(headers) + rows.map(line).joined()
    }

    /// The same with headers from the catalogue, in `language`.
    static func render(_ headers: [TableWords], _ rows: [[String]], in language: Language) -> String {
        render(headers.map { $0.text(language) }, rows)
    }
}

/// `KEY=VALUE` words (`kauth properties set`, `kauth signup`, `kauth api -f`).
enum KeyValueArguments {
    static func parse(_ words: [String], what: Localized) throws -> [(String, String)] {
        try words.map { word in
            guard let equals = word.firstIndex(of: "="), equals != word.startIndex else {
                throw CommandError.usage(UsageWords.needsKeyValue(what: what, given: word).localized)
            }
            return (String(word[..<equals]), String(word[word.index(after: equals)...]))
        }
    }
}
