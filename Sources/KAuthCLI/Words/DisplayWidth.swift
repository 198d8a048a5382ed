/// How many terminal columns text takes, for tables and aligned blocks: East Asian wide and
/// fullwidth characters (Hangul, CJK ideographs, kana, fullwidth forms, most emoji) take two,
/// combining marks and other zero-width characters none, everything else one. Korean nicknames
/// and scope names from a provider are wide; padding by `count` put every row with one out of
/// its columns.
extension StringProtocol {
    var displayWidth: Int {
        var width = 0
        for character in self { width += character.displayWidth }
        return width
    }

    /// The text padded with spaces to `width` columns; one space after text that fills them or more.
    func padding(_ width: Int) -> String {
        let own = displayWidth
        return own >= width ? String(self) + " " : String(self) + String(repeating: " ", count: width - own)
    }

    /// The longest start of the text that fits in `width` columns, whole characters only; with
    /// `…` in the last column when something was cut.
    func truncated(toWidth width: Int) -> String {
        guard displayWidth > width else { return String(self) }
        guard width > 0 else { return "" }
        var result = ""
        var used = 0
        for character in self {
            let next = character.displayWidth
            if used + next > width - 1 { break }
            result.append(character)
            used += next
        }
        return result + "…"
    }
}

extension Character {
    /// Columns this character (a grapheme cluster) takes: its first scalar decides, except that an
    /// emoji presentation selector (U+FE0F) makes a cluster wide.
    var displayWidth: Int {
        guard let first = unicodeScalars.first else { return 0 }
        if unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        return first.displayWidth
    }
}

extension Unicode.Scalar {
    /// 0 for combining and zero-width scalars, 2 for East Asian Wide (W) and Fullwidth (F), 1 else.
    var displayWidth: Int {
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        switch value {
        case 0x1160...0x11FF, 0xD7B0...0xD7FF, 0x200B: return 0  // Hangul medial vowels and finals
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
            0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB,
            0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA,
            0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757,
            0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55,
            0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
            0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,
            0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251, 0x1F300...0x1F64F,
            0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB, 0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF,
            0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
