import Testing

@testable import KAuthCLI

/// Columns by display width: Korean and other East Asian wide characters take two, combining marks
/// none, so tables with Korean cells keep their columns.
@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("abc", 3), ("닉네임", 6), ("프로필 사진", 11), ("카카오계정(이메일)", 18), ("ｆｕｌｌ", 8), ("日本", 4),
        ("e\u{301}", 1), ("한\u{301}", 2), ("", 0), ("👍", 2), ("❤️", 2),
        // Conjoining jamo: one syllable drawn from three scalars takes two columns.
        ("\u{1100}\u{1161}\u{11A8}", 2)
    ])
    func widths(text: String, columns: Int) {
        #expect(text.displayWidth == columns)
    }

    @Test func paddingFillsColumnsNotCharacters() {
        #expect("닉네임".padding(8) == "닉네임  ")
        #expect("abc".padding(8) == "abc     ")
        #expect("닉네임".padding(6) == "닉네임 ")
    }

    @Test func aCutNeverSplitsACharacter() {
        #expect("카카오계정".truncated(toWidth: 6) == "카카…")
        #expect("카카오계정".truncated(toWidth: 5) == "카카…")
        #expect("abcdef".truncated(toWidth: 4) == "abc…")
        #expect("카카".truncated(toWidth: 4) == "카카")
        #expect("e\u{301}e\u{301}e\u{301}".truncated(toWidth: 2) == "e\u{301}…")
    }

    /// A table whose cells hold Korean: every column starts at the same terminal column on every
    /// row, which padding by `count` breaks (a Korean cell would end its column early).
    @Test func tablesWithKoreanCellsKeepTheirColumns() {
        let table = TextTable.render(
            ["ID", "NAME", "AGREED"],
            [["profile_nickname", "닉네임", "yes"], ["account_email", "카카오계정(이메일)", "no"], ["x", "plain", "yes"]])
        let lines = table.split(separator: "\n").map(String.init)
        let starts = lines.map { line -> Int in
            // The column of "yes"/"no"/"AGREED": the display width of what comes before it.
            let cut = line.range(of: " yes") ?? line.range(of: " no") ?? line.range(of: " AGREED")!
            return line[..<cut.upperBound].displayWidth - (line[cut].count - 1)
        }
        #expect(Set(starts).count == 1, "\(table)")
        #expect(lines[1].displayWidth != lines[1].count)
    }
}
